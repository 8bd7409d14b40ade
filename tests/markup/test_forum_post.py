"""A post in each forum's markup (docs/forum-markup.md), for both games, from the bundled
example games cut where a seat is to move and where a round has just ended: its
structure, the fixed-width block within the forum's column, the seat colours, the
picture, the last plies with what the web page says they did, whose turn, the witness."""
from __future__ import annotations

import re

import pytest

from referee.core import registry
from referee.core.paths import examples_dir
from referee.operations import check_text, forum_post
from referee.operations.forum_markup import MARKUPS
from referee.operations.forum_post import LAST
from referee.replay import PLY_KINDS
from referee.service.web.replays import carried
from referee.transcript import read_text

WIDTH = 78          # docs/forum-markup.md: the fixed-width block's column
URL = "https://referee.example.org/game/abc123/board.png?ply={ply}"


def cut(example: str, ply: int | None) -> str:
    """The example's text up to its ``ply``-th ply (all of it for None)."""
    text = (examples_dir() / example).read_text(encoding="utf-8")
    if ply is None:
        return text
    items = [it for it in read_text(text, example).items if it.kind in PLY_KINDS]
    kept = text.split("\n")[:items[ply - 1].line]
    return "\n".join(line for line in kept if not line.startswith("[Result ")) + "\n"


def round_end(example: str) -> int:
    """A ply a few plies after the first round end (so the last plies hold its scoring)."""
    text = cut(example, None)
    rp = check_text(text, chain=True)
    data = rp.module.state_to_json(rp.state)
    key = "history" if "history" in data else "scorings"
    for ply in range(2, rp.ply):
        part = check_text(cut(example, ply))
        if part.module.state_to_json(part.state).get(key):
            return ply + 2
    raise AssertionError(f"{example} has no scoring")


def block(post: str, name: str) -> list[str]:
    """The lines of the post's fixed-width blocks."""
    if name == "markdown":
        found, inside = [], False
        for line in post.split("\n"):
            if line.startswith("```"):
                inside = not inside
            elif inside:
                found.append(line)
        return found
    tag = "c" if name == "bgg" else "code"
    assert post.count(f"[{tag}]") == 1 and post.count(f"[/{tag}]") == 1
    return post.split(f"[{tag}]", 1)[1].split(f"[/{tag}]", 1)[0].split("\n")


CASES = [("hawaii-4p.txt", "mid"), ("hawaii-2p.txt", "end"),
         ("haleakala.txt", "mid"), ("haleakala.txt", "end")]


@pytest.mark.parametrize("name", list(MARKUPS))
@pytest.mark.parametrize("example,where", CASES)
def test_a_post_holds_the_state_picture_moves_turn_and_witness(example, where, name):
    text = cut(example, round_end(example) if where == "mid" else None)
    rp = check_text(text, "game.txt", chain=True)
    assert rp.ok
    post = forum_post(rp, name, image_url=URL.format(ply=rp.ply))
    assert post == forum_post(text, name, image_url=URL.format(ply=rp.ply))   # text or replay
    lines = post.rstrip("\n").split("\n")
    module = registry.get(rp.module.key)

    # the state: the narrow text in a fixed-width block, or the game's Markdown
    fixed = block(post, name)
    assert all(len(line) <= WIDTH for line in fixed), max(fixed, key=len)
    if name == "markdown":
        assert rp.module.render(rp.state, "markdown").split("\n")[0] in lines
    else:
        assert "\n".join(fixed) == rp.module.render(rp.state, "narrow").rstrip("\n")

    # the picture: embedded where the forum shows images by address, else a link
    url = URL.format(ply=rp.ply)
    expected = {"bgg": f"[url={url}]The board after ply {rp.ply}[/url]",
                "bbcode": f"[img]{url}[/img]",
                "markdown": f"![The board after ply {rp.ply}]({url})"}[name]
    assert expected in lines

    # the last plies, each with what the web page says it did
    recent = carried(f"post-{example}-{where}", text, lambda check, verify, r: r)[-LAST:]
    said = post.split("Last moves", 1)[1]
    for r in recent:
        assert f"ply {r.ply}: " in said
        for sentence in r.did:
            assert MARKUPS[name].inert(sentence, limit=400) in said
    assert any(r.did for r in recent)          # the cut holds a scoring

    # whose turn, with a #N guard, or the result; then the witness, last
    who = rp.to_move
    if where == "mid":
        assert who in rp.players
        assert f"#{rp.ply} " in post and f"after ply {rp.ply}." in post
        assert "First, choose " in post or "Its one legal move" in post
    else:
        assert who is None and "winner" in post.lower()
    assert lines[-1] == rp.witness and re.fullmatch(r"ply \d+ chain [0-9a-f]{12}", lines[-1])

    # seat colours where the markup has them: the game's own, as its picture draws them
    colours = module.seat_colours()
    for seat in rp.players:
        if name == "bgg":
            assert f"[COLOR={colours[seat]}]{seat}[/COLOR]" in post
        elif name == "bbcode":
            assert f"[color={colours[seat]}]{seat}[/color]" in post
    if name == "markdown":
        assert "[color" not in post.lower() and "<span" not in post


def test_a_post_at_a_line_shows_that_line_and_the_plies_before_it():
    text = cut("hawaii-3p.txt", None)
    line = [it for it in read_text(text, "g").items if it.kind in PLY_KINDS][29].line
    rp = check_text(text, "game.txt", until=line, chain=True)
    post = forum_post(rp, "bbcode", until=line)
    assert rp.ply == 30 and post.rstrip().endswith(rp.witness)
    assert "ply 30: " in post and "ply 31: " not in post and "ply 25: " in post


def test_a_new_committed_game_has_no_moves_and_says_it_waits_for_salts():
    from referee.operations import new_committed_transcript
    text, _ = new_committed_transcript(registry.get("hawaii"), ["RED", "GREEN"], [],
                                       bytes(32))
    post = forum_post(text, "bgg")
    assert "[b]No moves yet.[/b]" in post
    assert "waiting for salts" in post.lower()
    assert post.rstrip().endswith("ply 0 chain " + check_text(text, chain=True).witness[-12:])


def test_a_transcript_that_does_not_replay_says_so_in_the_markup():
    post = forum_post('[Game "Nonesuch"]\n[Players "RED GREEN"]\n', "markdown")
    assert post.startswith("**The game cannot be shown:**")


def test_an_unknown_markup_is_refused():
    with pytest.raises(ValueError, match="bgg, bbcode, markdown"):
        forum_post(cut("hawaii-2p.txt", 3), "html")


def test_every_game_gives_every_seat_a_colour():
    for key in registry.keys():
        module = registry.get(key)
        if key == "toy":
            continue
        colours = module.seat_colours()
        assert set(module.seats) <= set(colours)
        assert all(re.fullmatch(r"#[0-9a-f]{6}", colours[s]) for s in module.seats)


@pytest.mark.parametrize("name", list(MARKUPS))
def test_show_prints_the_post_at_a_line(tmp_path, capsys, name):
    from referee.cli import run
    from referee.operations import check_path
    path = examples_dir() / "haleakala.txt"
    capsys.readouterr()
    assert run(["show", str(path), "--at", "300", "--format", name]) == 0
    out = capsys.readouterr().out
    assert out == forum_post(check_path(str(path), until=300, chain=True), name, until=300)
    assert run(["show", str(path), "--at", "300", "--format", name,
                "-o", str(tmp_path / "post.txt")]) == 0
    assert (tmp_path / "post.txt").read_text(encoding="utf-8") == out


def test_show_of_a_file_with_an_error_posts_where_it_stopped(tmp_path, capsys):
    from referee.cli import run
    text = cut("hawaii-2p.txt", 10) + "RED moves beach->C4 buys nothing\n"
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    capsys.readouterr()
    assert run(["show", str(path), "--format", "bgg"]) == 1
    out, err = capsys.readouterr()
    assert "bad.txt:" in err and "ply 10: " in out and " chain " not in out


def test_a_resigned_seat_to_move_is_said_to_be_played_by_the_referee():
    text = cut("hawaii-3p.txt", 12)
    rp = check_text(text)
    who = rp.to_move
    post = forum_post(text + f"{who} resigns\n", "bbcode")
    assert "ply 13: [color=" in post and "resigns" in post
    assert f"[b]Next: {who} (resigned: the referee plays its move).[/b]" in post
    assert "#13" not in post
