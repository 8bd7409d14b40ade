"""Choosing a move step by step, for players who do not speak the notation.

A position can have a thousand legal moves, most of them the same purchase paid in
other ways: no one reads such a list. Each game names the steps a move is chosen in
and the choice a move makes at each step (``GameModule.move_path``); this module is the
same for every game. Given the legal moves and the choices made so far, it answers the
next step's choices, each with how many legal moves lie under it, or the one move the
choices leave. A step with a single choice is taken for the player, so a choice printed
back in always works, with or without the ones that were taken for them.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from referee.errors import BadChoiceError
from referee.i18n import _, ngettext

Path = Sequence[tuple[str, str]]     # (step name, choice) for each step of one move


@dataclass(frozen=True)
class Choice:
    label: str
    moves: int
    rows: tuple = field(default=(), compare=False, repr=False)     # the rows under it


@dataclass(frozen=True)
class Step:
    """The next step: its name and its choices, in the order of the legal moves."""
    name: str
    choices: tuple[Choice, ...]
    made: tuple[str, ...]


@dataclass(frozen=True)
class Complete:
    """The choices made leave exactly one legal move; ``rest``: its choices after them,
    which a player may still type."""
    move: Any
    made: tuple[str, ...]
    rest: tuple[str, ...] = ()


def fold(text: str) -> str:
    """What two spellings of a choice share: case and spacing do not matter."""
    return " ".join(str(text).split()).casefold()


_FOLDED: dict[str, str] = {}


def _label_key(label: str) -> str:
    """``fold`` of a game's own label, remembered: a step of a rich position folds the
    same few labels thousands of times. Only labels, never what a player typed, so the
    memory holds the games' vocabulary and cannot be filled from outside."""
    out = _FOLDED.get(label)
    if out is None:
        out = _FOLDED[label] = fold(label)
    return out


class _Option:
    __slots__ = ("name", "label", "rows")

    def __init__(self, name: str, label: str):
        self.name, self.label, self.rows = name, label, []


def _options(rows: list, depth: int) -> dict[str, _Option]:
    """The choices at ``depth`` of ``rows``, keyed by their folded spelling, in the order
    of the rows. The rows are grouped by the game's own label first (a dictionary look-up
    of a string that knows its hash) and only the few distinct labels are folded: a first
    step groups every legal move."""
    by_label: dict[str, list] = {}
    for row in rows:
        path = row[0]
        if len(path) > depth:
            label = path[depth][1]
            same = by_label.get(label)
            if same is None:
                by_label[label] = [row]
            else:
                same.append(row)
    out: dict[str, _Option] = {}
    for label, same in by_label.items():
        key = _label_key(label)
        if key in out:          # two spellings of one choice: their rows interleave
            return _options_by_key(rows, depth)
        opt = out[key] = _Option(same[0][0][depth][0], label)
        opt.rows = same
    return out


def _options_by_key(rows: list, depth: int) -> dict[str, _Option]:
    out: dict[str, _Option] = {}
    for row in rows:
        path = row[0]
        if len(path) <= depth:
            continue
        name, label = path[depth]
        key = _label_key(label)
        opt = out.get(key)
        if opt is None:
            opt = out[key] = _Option(name, label)
        opt.rows.append(row)
    return out


def _same(want: str, key: str) -> bool:
    """``want`` is the folded label ``key``, its commas left out or not: words typed
    one by one lose the comma of "move 4 feet, tile 6 shells"."""
    return fold(want.replace(",", " ")) == fold(key.replace(",", " "))


def _quoted(text: str, width: int = 40) -> str:
    text = " ".join(str(text).split())
    return f"'{text[:width]}...'" if len(text) > width else f"'{text}'"


Names = Callable[[str, str, list], Iterable[str]]
"""What a game calls a choice in every language: (step, choice, the rows under it) ->
its names, each as :func:`name_key` writes it."""


def name_key(text: str) -> str:
    """What a typed name and a choice's name share: case, accents, hyphens and commas
    do not matter ("Fußhütte", "fusshutte", "hutte aux coquillages")."""
    return " ".join(fold(str(text).replace("-", " ").replace("_", " ").replace(",", " ")).split())


def _named(want: str, options: dict[str, _Option], step: str, names: Names | None) -> _Option | None:
    """The one choice that ``want`` names in some language; a name two choices share
    is refused with both, never guessed."""
    if names is None:
        return None
    key = name_key(want)
    found = [o for o in options.values() if key in names(step, o.label, o.rows)]
    if len(found) > 1:
        raise BadChoiceError(ngettext(
            "'{name}' names {n} choice of this step: {choices}; give the one meant by its code",
            "'{name}' names {n} choices of this step: {choices}; give the one meant by its code",
            len(found)).format(
            name=" ".join(want.split())[:40], n=len(found),
            choices=", ".join(f"'{o.label}'" for o in found[:12])))
    return found[0] if found else None


def _pick(want: str, options: dict[str, _Option], step: str, made: list[str],
          names: Names | None = None) -> _Option:
    key = fold(want)
    if key in options:
        return options[key]
    named = _named(want, options, step, names)
    if named is not None:
        return named
    # leniently: the one choice that starts so ("bread" for "breadfruit"), or the one
    # that has it as a word ("2" for "village 2", "2s" for "token 2s")
    for near in ((o for k, o in options.items() if k.startswith(key)),
                 (o for k, o in options.items() if key in k.replace(",", " ").split())):
        found = list(near) if key else []
        if len(found) == 1:
            return found[0]
    labels = [o.label for o in options.values()]
    near = difflib.get_close_matches(want[:100], labels, n=1, cutoff=0.6)
    listed = ", ".join(f"'{label}'" for label in labels[:12]) + (" ..." if len(labels) > 12 else "")
    after = _(" (after {choices})").format(choices=" / ".join(made)) if made else ""
    raise BadChoiceError(_("{want} is not a choice of the {step} step{after}: it offers "
                           "{listed}").format(want=_quoted(want), step=step, after=after,
                                              listed=listed),
                         hint=_("did you mean '{word}'?").format(word=near[0]) if near else None)


def build(moves: Iterable[Any], path_of: Callable[[Any], Path],
          chosen: Sequence[str] = (), names: Names | None = None) -> Step | Complete:
    """The next step after ``chosen``, or the move they leave; BadChoiceError for a
    choice the step does not offer (naming the choices it does). ``names``: what the
    game calls each choice, so that a choice may be given by its name."""
    return build_rows([(tuple(path_of(m)), m) for m in moves], chosen, names)


class Rows(list):
    """``(path, key)`` rows that remember the steps asked of them. A caller asks one
    position's rows several times, each time from the start: a mail to the seat to move
    asks the first step and the step after its first choice, and reading ``moves A1
    hula`` asks each choice's step and checks the choice. Each remembered step is keyed
    by the game's labels of the choices above it, never by what a player typed, and
    lives as long as the rows.

    With ``moves``, a row's key is its move's index there and the move is made only
    when an answer names it (:meth:`move`): a lazy list of a rich position's moves
    makes each purchase as it is read, and the builder reads the paths of all of them
    but returns one move. Without, the key is the move itself."""
    __slots__ = ("steps", "moves")

    def __init__(self, rows: Iterable = (), moves: Sequence | None = None):
        super().__init__(rows)
        self.steps: dict[tuple[str, ...], tuple[dict[str, _Option], str]] = {}
        self.moves = moves

    def move(self, key):
        """The move of a row's ``key``."""
        return key if self.moves is None else self.moves[key]


def _step(rows: list, depth: int) -> tuple[dict[str, _Option], str]:
    options = _options(rows, depth)
    return options, " or ".join(dict.fromkeys(o.name for o in options.values()))


def build_rows(rows: list, chosen: Sequence[str] = (), names: Names | None = None) -> Step | Complete:
    """:func:`build` from each move's path made already (``(path, move)`` rows, or
    :class:`Rows`): a caller asking several steps of one position makes the paths once
    (and, with :class:`Rows`, groups them once and makes only the move it returns)."""
    if not rows:
        raise BadChoiceError(_("there is no legal move to choose"))
    whole = rows if isinstance(rows, Rows) else None
    steps = None if whole is None else whole.steps
    queue, made, depth = list(chosen), [], 0
    while True:
        if len(rows) == 1 and not queue:
            return Complete(rows[0][1] if whole is None else whole.move(rows[0][1]),
                            tuple(made), tuple(label for _, label in rows[0][0][depth:]))
        if steps is None:
            options, name = _step(rows, depth)
        else:
            above = tuple(made)
            known = steps.get(above)
            if known is None:
                known = steps[above] = _step(rows, depth)
            options, name = known
        if not options:
            if queue:
                raise BadChoiceError(_("nothing is left to choose after {choices}: {want} is "
                                       "one choice too many").format(
                    choices=" / ".join(made) or _("the start"), want=_quoted(queue[0])))
            raise BadChoiceError(_("two legal moves make the same choices at every step: "
                                   "the game's steps cannot tell them apart"))
        if len(options) == 1:
            (key, only), = options.items()
            if queue and (_same(queue[0], key) or _named(queue[0], options, name, names)):
                queue.pop(0)
            made.append(only.label)
            rows, depth = only.rows, depth + 1
            continue
        if not queue:
            return Step(name, tuple(Choice(o.label, len(o.rows), o.rows) for o in options.values()),
                        tuple(made))
        picked = _pick(queue.pop(0), options, name, made, names)
        made.append(picked.label)
        rows, depth = picked.rows, depth + 1
