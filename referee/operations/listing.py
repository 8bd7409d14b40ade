"""``referee moves``: what can be played now, in the words a player would post, as one
list or step by step (the move builder)."""
from __future__ import annotations

from operator import itemgetter

from referee.core.builder import Complete, Rows, build_rows, name_key
from referee.core.vocabulary import keys_of
from referee.i18n import _, languages, speaking
from referee.core.game import CHANCE
from referee.errors import BadChoiceError
from referee.replay.control import resigned, to_move
from referee.replay.lines import canonical_move
from referee.replay.seeded import canonical_chance, deal_run


def legal_lines(module, state, limit: int = 0) -> tuple[str | None, list[str], int]:
    """A heading, the canonical lines of the first ``limit`` legal moves (0: all), the total.

    Every line that is not a move (or a chance line) is a ``#`` comment, so that a
    script can pass any line of the listing straight to ``referee play``.

    Only the lines shown are formatted: a rich position has thousands of moves.
    """

    who = to_move(state)
    if who is None:
        return None, [], 0
    if who == CHANCE:
        return _chance_lines(module, state, limit)
    if who in resigned(state):      # T-5: the referee's move, not a choice
        line = canonical_move(module, module.least_disruptive_move(state), state, who)
        return f"{who} has resigned: the referee plays", [line], 1
    moves = state.legal_moves()
    total = len(moves)
    shown = moves if not limit else moves[:limit]
    lines = [canonical_move(module, m, state, who) for m in shown]
    return f"# {who} to move: {total} legal move{'s' if total != 1 else ''}", lines, total


def _chance_lines(module, state, limit: int) -> tuple[str, list[str], int]:
    """A random act of one draw: every possible line, with its odds. Several draws in one
    line (a layout, a deal): the lines are too many to list, so one example line (dealt
    on a copy from a fixed seed) and the odds of the line's first draw, as line items."""
    kind = state.chance_kind()
    outcomes = state.chance_outcomes()
    shown = outcomes if not limit else outcomes[:limit]
    run = deal_run(state.clone(), "example", 0)
    alone = [(canonical_chance(module, kind, [m], state), p) for m, p in shown]
    if len(run) == 1:
        return (f"# a chance line ({kind}) is due; {len(outcomes)} possible draws:",
                [f"{line}  # p={p}" for line, p in alone], len(outcomes))
    example = canonical_chance(module, kind, run, state)
    head = (f"# a chance line ({kind}) is due: {len(run)} draws in one line, for example\n"
            f"{example}\n# its first draw is one of {len(outcomes)}:")
    return head, [f"#   {line.split(None, 2)[2]}  p={p}" for line, p in alone], len(outcomes)


def move_rows(module, state) -> Rows:
    """Each legal move's path of builder choices, ``(path, index)`` with the move's
    index in the legal moves (:meth:`~referee.core.builder.Rows.move` makes it): what
    :func:`next_step` and :func:`example_lines` read, made once by a caller that asks
    both (a mail to the seat to move asks three times of one position). The rows
    remember the steps asked of them (:class:`~referee.core.builder.Rows`)."""
    # the game reads the paths from the lazy list's chunks without making the moves;
    # an answer makes only the moves it names, as a rich position has many purchases
    # no one asks about
    moves = state.legal_moves()
    return Rows(zip(map(tuple, module.move_paths(moves, state)), range(len(moves))), moves)


def next_step(module, state, chosen=(), rows=None) -> dict:
    """The move builder's answer after the choices ``chosen``: ``{"step", "choices",
    "made"}`` with each choice's count of legal moves, or ``{"move": LINE, "made"}`` once
    they leave one move. BadChoiceError when no seat chooses now (a draw is due, the
    game is over, the seat has resigned) or a choice is not offered. ``rows``: the
    position's :func:`move_rows`, if the caller has them."""
    who = to_move(state)
    if who is None or who == CHANCE:
        raise BadChoiceError(_("no seat chooses a move now: {why}").format(
            why=_("a chance line is due") if who == CHANCE else _("the game is over")))
    if who in resigned(state):
        raise BadChoiceError(_("{seat} has resigned: the referee plays its moves (T-5)").format(
            seat=who))
    rows = move_rows(module, state) if rows is None else rows
    done = build_rows(rows, chosen, _namer(module, state, rows))
    if isinstance(done, Complete):
        return {"move": canonical_move(module, done.move, state, who), "made": list(done.made),
                "rest": list(done.rest)}
    return {"step": done.name, "seat": who, "made": list(done.made),
            "title": _(" or ").join(module.step_title(s) for s in done.name.split(" or ")),
            "choices": [{"choice": c.label, "moves": c.moves,
                         "name": module.choice_name(done.name, c.label, state, _Under(rows, c.rows))}
                        for c in done.choices]}


class _Under:
    """The legal moves under one choice, each made when read: a step of payments names
    each choice from one of its moves, not from the thousands below the first step."""
    __slots__ = ("rows", "keys")

    def __init__(self, rows, under):
        self.rows, self.keys = rows, [key for _, key in under]

    def __len__(self) -> int:
        return len(self.keys)

    def __getitem__(self, i):
        key = self.keys[i]
        return self.rows.move(key) if isinstance(self.rows, Rows) else key


def _namer(module, state, rows):
    """Every name of a choice a player may type, in each language the referee speaks and
    in the word files' components, as :func:`~referee.core.builder.name_key` writes
    them; worked out for a step's choices only when a typed choice is not a code."""
    known: dict = {}
    spoken = languages()

    def names(step: str, choice: str, under) -> set[str]:
        out = known.get((step, choice))
        if out is None:
            moves = _Under(rows, under)
            said = {choice, *module.choice_terms(step, choice, state)}
            for lang in spoken:
                with speaking(lang):
                    said.add(module.choice_name(step, choice, state, moves))
            out = known[(step, choice)] = {name_key(k) for term in said
                                           for k in keys_of(term, "de")}
        return out
    return names


MAX_WORDS = 24           # words of a 'moves ...' line looked at
MAX_RUN = 8              # words of one choice ("tiki paying 1 shell 1 foot")
_TRIM = " ,;/"


def read_choices(module, state, words: list[str]) -> tuple[dict | None, int, str]:
    """(the builder's answer after the choices ``words`` name, how many choices were
    read, ""), or (None, the choices read before the word that is not one, why not).
    A run of words that is a choice of the step as written is taken, the longest
    first; else one word, read leniently by the builder (``3s`` for ``token 3s``)."""
    chosen: list[str] = []
    words = [w.strip(_TRIM) for w in words[:MAX_WORDS] if w.strip(_TRIM)]
    i, rows = 0, None
    if words and to_move(state) not in (None, CHANCE):
        rows = move_rows(module, state)     # the legal moves and their paths, made once
    while i < len(words):
        try:
            step = next_step(module, state, chosen, rows)
        except BadChoiceError as err:
            return None, len(chosen), _why(err)
        # a choice taken for the player (the only one of its step) may be typed too
        labels = {_fold(c["choice"]) for c in step.get("choices", ())} \
            | {_fold(m) for m in (*step["made"], *step.get("rest", ()))} \
            | _names_typed(module, state, step, rows)
        run = next((j for j in range(min(len(words), i + MAX_RUN), i + 1, -1)
                    if _fold(" ".join(words[i:j])) in labels), i + 1)
        choice = " ".join(words[i:run])
        try:
            next_step(module, state, [*chosen, choice], rows)
        except BadChoiceError as err:
            return None, len(chosen), _why(err)
        chosen.append(choice)
        i = run
    return next_step(module, state, chosen, rows), len(chosen), ""


def _names_typed(module, state, step: dict, rows) -> set[str]:
    """The names of several words a player may type for a choice of ``step`` ("order
    track", "grande pirogue"), so that a run of words is read as one choice. The names
    a choice's moves give (a payment's words) are left out: no one types them."""
    if "choices" not in step or rows is None:
        return set()
    names = _namer(module, state, rows)
    return {n for c in step["choices"] for n in names(step["step"], c["choice"], ()) if " " in n}


def _fold(text: str) -> str:
    return " ".join(text.replace(",", " ").split()).casefold()


def _why(err: BadChoiceError) -> str:
    return err.reason + (f"; {err.hint}" if err.hint else "")


_label = itemgetter(1)      # of a path's (step, choice): example_lines sums them a move at a time


def example_lines(module, state, n: int = 3, rows=None) -> list[str]:
    """Up to ``n`` canonical lines legal now that differ where the legal moves first
    differ (another place, another purchase), not twenty payments of one purchase:
    what a notification shows a player as lines to copy. Under each first choice the
    move of fewest words in its steps (the plainest payment) stands for the rest.
    ``rows``: the position's :func:`move_rows`, if the caller has them."""
    who = to_move(state)
    if who is None or who == CHANCE or who in resigned(state) or n < 1:
        return []
    rows = move_rows(module, state) if rows is None else rows
    move_of = rows.move if isinstance(rows, Rows) else None
    paths = [path for path, _ in rows]
    keys = [key for _, key in rows]             # the moves, or their indices (Rows)
    depth = 0
    while len({p[depth][1] if len(p) > depth else None for p in paths}) == 1 \
            and any(len(p) > depth for p in paths):
        depth += 1
    first: dict = {}            # first choice -> (the words of its plainest move, its key)
    for key, path in zip(keys, paths):
        choice = path[depth][1] if len(path) > depth else None
        size = sum(map(len, map(_label, path)))
        if choice not in first or size < first[choice][0]:
            first[choice] = (size, key)
    groups = [key for _, key in first.values()]
    if len(groups) > n:
        groups = [groups[i * (len(groups) - 1) // (n - 1)] for i in range(n)] if n > 1 \
            else groups[:1]
    return [canonical_move(module, move_of(k) if move_of else k, state, who)
            for k in groups]
