"""The chain's encoding (notation.md section 11): what changes the head and what does not."""
from referee.replay import chain

TAGS = [("Game", "Hawaii"), ("Players", "RED GREEN"), ("Event", "Forum cup"), ("Seed", "x")]
ITEMS = ["* order GREEN RED", "GREEN takes order 1", "RED fishes 5 with fishing-boat"]


def test_spacing_and_players_own_tags_do_not_change_the_chain():
    ply, h = chain.head(TAGS, ITEMS)
    respaced = [("game", " Hawaii "), ("Players", "RED   GREEN"), ("Seed", "revealed later")]
    assert chain.head(respaced, ["*  order GREEN  RED", "GREEN takes order 1 ", ITEMS[2]]) == (ply, h)
    assert ply == 3 and len(chain.short(h)) == 12


def test_any_change_of_an_item_or_a_chained_tag_changes_the_chain():
    _, h = chain.head(TAGS, ITEMS)
    assert chain.head(TAGS, ITEMS[:2] + ["RED fishes 4 with fishing-boat"])[1] != h
    assert chain.head(TAGS, [ITEMS[1], ITEMS[0], ITEMS[2]])[1] != h
    assert chain.head(TAGS + [("Salt", "RED ab12")], ITEMS)[1] != h
    assert chain.head([("Game", "Hawaii"), ("Players", "GREEN RED")], ITEMS)[1] != h


def test_a_cut_game_replayed_differently_has_another_head_at_every_later_ply():
    _, h2 = chain.head(TAGS, ITEMS[:2])
    _, other = chain.head(TAGS, ITEMS[:1] + ["GREEN takes order 2"])
    assert h2 != other
    assert chain.witness(2, h2) == f"ply 2 chain {h2.hex()[:12]}"
