"""The steps a Haleakala move is chosen in, for the move builder (referee/core/builder.py):
the action, then the disc, the beach, where the shaman goes and the invocation disc (or
the card, or the lava route). Each choice is written as the notation writes it; beside
it the builder shows its name in the reader's language (:func:`choice_name`), and a
player may type that name in any language (:func:`choice_terms`)."""
from __future__ import annotations

from referee.core.vocabulary import vocabulary
from referee.haleakala.rules import board
from referee.i18n import N_, _, language
from referee.haleakala.rules.moves import (Buy, BuyNothing, PickCard, PlaceDisc, PriestessMove,
                                           Sail, TakeBack)


def move_path(move, state) -> tuple[tuple[str, str], ...]:
    if isinstance(move, (PlaceDisc, TakeBack)):
        stays = move.shaman is None or move.shaman == state.shaman.get(move.seat)
        shaman = "shaman stays" if stays else f"shaman to {move.shaman}"
        path = (("action", "places" if isinstance(move, PlaceDisc) else "takes back"),
                ("disc", f"disc {move.value}"), ("beach", f"beach{move.section}"), ("shaman", shaman))
        if isinstance(move, PlaceDisc):
            path += (("invocation", "with invocation" if move.invocation else "no invocation"),)
        return path
    if isinstance(move, Sail):
        return (("action", "sails"),)
    if isinstance(move, PickCard):
        return (("action", "picks"), ("card", move.card))
    if isinstance(move, PriestessMove):
        route = "none" if move.is_none else f"crater{move.src}->crater{move.dst}"
        return (("action", "priestess"), ("lava", route))
    if isinstance(move, (Buy, BuyNothing)):
        return (("action", "buys"), ("card", "nothing" if isinstance(move, BuyNothing) else move.card))
    raise TypeError(f"{move!r} is not a Haleakala move")


# --- the steps and choices in words ------------------------------------------------------

TITLES = {"action": N_("choose what to do"), "disc": N_("choose the disc"),
          "beach": N_("choose the beach"), "shaman": N_("choose where the shaman goes"),
          "invocation": N_("choose whether to invoke"), "card": N_("choose the card"),
          "lava": N_("choose the lava's way")}

ACTIONS = {"places": ("place", N_("place a disc")), "takes back": ("takeback", N_("take a disc back")),
           "sails": ("sail", N_("sail")), "picks": ("pick", N_("pick a card")),
           "priestess": ("priestess", N_("move the lava with the priestess")),
           "buys": ("buy", N_("buy a score card"))}


def title(step: str) -> str:
    return _(TITLES[step]) if step in TITLES else step


def named(category: str, code: str) -> str:
    words = vocabulary("haleakala")
    return words.name(language(), category, code) or words.name("en", category, code) or code


def space_words(state, text: str) -> str:
    parsed = board.parse_space(state.comp, text)
    if parsed is None:
        return text
    return _("{ring} {section}").format(ring=named("rings", parsed[0]), section=parsed[1])


def choice_name(step: str, code: str, state, moves) -> str:
    """The choice ``code`` of ``step`` in the reader's language."""
    if step == "action":
        return _(ACTIONS[code][1]) if code in ACTIONS else code
    if step == "disc":
        return _("disc {n}").format(n=code[5:])
    if step == "beach":
        return space_words(state, code)
    if step == "shaman":
        return _("the shaman stays") if code == "shaman stays" else \
            _("the shaman goes to {space}").format(space=space_words(state, code[10:]))
    if step == "invocation":
        return _("with an invocation") if code == "with invocation" else _("no invocation")
    if step == "card":
        return _("nothing") if code == "nothing" else named("cards", code)
    if step == "lava":
        if code == "none":
            return _("the lava stays")
        src, _arrow, dst = code.partition("->")
        return _("from {src} to {dst}").format(src=space_words(state, src), dst=space_words(state, dst))
    return code


def choice_terms(step: str, code: str, state) -> set[str]:
    """The words for ``code`` besides its name in each language: an action's verbs and a
    card's words in every language's word file."""
    words = vocabulary("haleakala")
    if step == "action" and code in ACTIONS:
        return {w for w, a in words.terms.get("actions", {}).items() if a == ACTIONS[code][0]}
    if step == "card":
        return words.names_of("cards", code) | {
            w for w, c in words.terms.get("cards", {}).items() if c == code}
    return set()
