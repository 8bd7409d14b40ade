"""The host's public addresses a game's texts give: the board at a ply.

A hosted game's log only grows, so ply N of game ID is one position for good and its
picture's address can be written into a forum post or a mail that outlives the page.
"""
from __future__ import annotations


def board_address(public_url: str, game_id: str, ply: int, fmt: str = "png") -> str:
    """Where the host serves the board of ``game_id`` after ``ply``: the picture a forum
    post shows or links (``public_url`` is the host's ``--url``)."""
    return f"{public_url.rstrip('/')}/game/{game_id}/board.{fmt}?ply={ply}"
