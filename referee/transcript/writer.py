"""Canonical transcript text: the header order and the lines the referee writes.

A fixed tag order makes two transcripts of the same game byte-identical and
keeps diffs of a game file small when a forum thread is archived.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from referee.core.game import Outcome

HEADER_ORDER = ("Game", "Players", "Rules", "Components", "Referee", "Dealing", "Seed", "Commit",
                "Salts")
LAST = ("Result",)


def quote(value: str) -> str:
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_tag(name: str, value: str) -> str:
    return f"[{name} {quote(value)}]"


def order_tags(tags: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Game, Players, Rules, Components, Referee, Seed/Commit, the others as given, Result."""
    tags = list(tags)
    rank = {name.lower(): i for i, name in enumerate(HEADER_ORDER)}
    last = {name.lower() for name in LAST}

    def key(pair):
        i, (name, _) = pair
        low = name.lower()
        if low in rank:
            return (0, rank[low], i)
        if low in last:
            return (2, 0, i)
        return (1, 0, i)

    return [pair for _, pair in sorted(enumerate(tags), key=key)]


def render(tags: Iterable[tuple[str, str]], lines: Sequence[str]) -> str:
    header = [format_tag(n, v) for n, v in order_tags(tags)]
    body = list(lines)
    return "\n".join(header + ([""] if header and body else []) + body) + "\n"


def format_result(outcome: Outcome) -> str:
    """``RED 34, GREEN 30, BLUE 28; winner RED`` (``winners A B`` on a tie)."""
    scores = ", ".join(f"{seat} {score}" for seat, score in outcome.scores.items())
    winners = " ".join(outcome.winners)
    word = "winner" if len(outcome.winners) == 1 else "winners"
    return f"{scores}; {word} {winners}" if winners else scores


def with_comment(line: str, comment: str | None) -> str:
    return f"{line}  {comment}" if comment else line



def split_text(text: str) -> tuple[str, list[str]]:
    """(header text ending in a newline, body lines without blank lines): the two parts a
    store keeps apart, so that a move adds rows and never rewrites the header's."""
    lines = text.replace("\r\n", "\n").split("\n")
    if "" in lines:
        cut = lines.index("")
    else:
        cut = 0
        while cut < len(lines) and lines[cut].lstrip().startswith("["):
            cut += 1
    header = "".join(line + "\n" for line in lines[:cut] if line.strip())
    return header, [line for line in lines[cut:] if line.strip()]


def join_text(header: str, body: list[str]) -> str:
    """The transcript text of a header and body lines, as :func:`split_text` took it apart."""
    return header + ("\n" + "".join(line + "\n" for line in body) if body else "")
