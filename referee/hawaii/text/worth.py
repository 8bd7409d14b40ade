"""What a purchase costs and what its side scores, in the reader's language: the side
step of the move builder, and an answer that asks which of a tile's sides was meant,
whether the notation or the free reader read the line, say it for each candidate."""
from __future__ import annotations

from referee.core.words import plural
from referee.hawaii.rules.moves import Buy
from referee.hawaii.text import names
from referee.i18n import N_, _

LISTED = 4      # candidates an answer prices; more are too many to read


_EFFECTS = {"income_shells": N_("{shells} of income"), "income_feet": N_("{feet} of income"),
            "income_fruits": N_("{fruits} of income"),
            "income_choice": N_("{n} of income, any kind"),
            "spear_points": N_("{points} per spear"), "exchange": N_("exchanges {n}"),
            "final_points": N_("{points} at the end"), "per_tile_points": N_("{points} per tile"),
            "fruits_shown": N_("{fruits} shown"), "per_fruit_points": N_("{points} per fruit"),
            "per_boat_points": N_("{points} per boat"), "threshold_reduction": N_("threshold -{n}"),
            "threshold_bonus": N_("threshold bonus {n}"), "move_cap": N_("moves up to {n}"),
            "capacity": N_("holds {feet} paid"), "printed_feet": N_("{feet} printed")}


def _effect(text: str, n: int) -> str:
    return _(text).format(n=n, **{w: plural(n, w) for w in ("shells", "feet", "fruits", "points")})


def side_name(tile: str, side: int) -> str:
    """"side II", or for the tiles bought by count "2 kahunas", in the reader's language."""
    if tile in names.MULTI:
        return plural(side, tile + "s")
    return _("side {side}").format(side=names.side_word(tile, side))


def worth(tile: str, side: int, paid: str, comps) -> str:
    """A side, its price as ``paid`` says it and what it scores: "side II: pays 10 shells
    and 2 feet; 2 points per spear"."""
    spec = comps.tiles[tile]
    gives = [_effect(text, pair[side - 1]) for field, text in _EFFECTS.items()
             if (pair := getattr(spec, field)) is not None and pair[side - 1]]
    out = _("{side}: pays {paid}").format(side=side_name(tile, side), paid=paid)
    return out + (_("; {gives}").format(gives=", ".join(gives)) if gives else "")


def describe(move, state) -> str | None:
    """What a purchase costs and what its side gives ("side II: pays 10 shells and 2
    feet; 2 points per spear"), so that an answer asking for the side says what each
    side is worth; None for other moves."""
    if not isinstance(move, Buy):
        return None
    paid = [names.payment_words(p) for p in (move.tile_payment, move.move_payment) if p.total]
    return worth(move.tile, move.side, _(" and ").join(paid) or _("nothing"), state.d.comps)


def candidates_worth(moves, state) -> str:
    """" (side I: pays ...; side II: pays ...)" for a few candidates that are all
    purchases, to follow an answer listing them; "" otherwise."""
    said = [describe(m, state) for m in moves] if len(moves) <= LISTED else []
    if not said or not all(said):
        return ""
    return " (" + "; ".join(dict.fromkeys(said)) + ")"
