"""A lazy, indexable list of legal moves.

A position can have hundreds of legal moves that differ only in one choice
(payment mix, village, token). Building every move object is most of the
cost of a random playout, yet a player or a random agent needs only one.
Like python-chess's ``LegalMoveGenerator``, ``MoveList`` knows how many moves
there are and builds a move only when it is indexed or iterated; it is a
full ``Sequence``, so ``len``, ``in``, iteration and ``list()`` all work.
Its chunks are any sized, indexable, iterable collections of moves (a game
builds its own lazy chunks).
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence


class MoveList(Sequence):
    def __init__(self, chunks: list[Sequence] | None = None):
        self._chunks = [c for c in (chunks or []) if len(c)]
        self._starts: list[int] = []
        total = 0
        for c in self._chunks:
            self._starts.append(total)
            total += len(c)
        self._n = total

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._n))]
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("move index out of range")
        k = bisect_right(self._starts, i) - 1
        return self._chunks[k][i - self._starts[k]]

    def __iter__(self):
        for c in self._chunks:
            yield from c

    @property
    def chunks(self) -> list[Sequence]:
        """The chunks, in order: a reader that knows a game's chunks (the move builder's
        paths) reads what a chunk's moves share once, without making the moves."""
        return self._chunks

    def __repr__(self) -> str:
        return f"MoveList({self._n} moves)"
