"""Seats held by forum accounts (``--seat RED=@alice``).

A forum account is the seat's proof, as an address and its secret are by mail: the
forum authenticates who wrote a post, so a post counts for the seat whose account
wrote it. Names compare as the forums compare them, without case. An account holds
one seat of a game; a game that follows a thread is played by accounts (and bots)
only (its answers are in the thread, and a mail seat would never see them)."""
from __future__ import annotations

import re
from typing import Mapping

from referee.i18n import _
from referee.service.hosted.bot_seats import is_bot
from referee.transcript import UsageError

ACCOUNT = re.compile(r"@([^\s@\[\]<>\"'`&;/\\](?:[^@\[\]<>\"'`&;/\\\n]{0,58}[^\s@\[\]<>\"'`&;/\\])?)\Z")


def is_account(value: str) -> bool:
    return str(value).strip().startswith("@")


def account_name(value: str) -> str:
    """``@alice`` -> ``alice``; UsageError for a name no forum gives (quotes, brackets,
    slashes, an @ inside, more than 60 characters, spaces at either end)."""
    m = ACCOUNT.match(str(value).strip())
    if m is None:
        raise UsageError(_("'{value}' is not a forum account: write @NAME as the forum shows it "
                           "(letters, digits, . _ - and inner spaces, at most 60 "
                           "characters)").format(value=value))
    return m.group(1)


def same_account(a: str | None, b: str | None) -> bool:
    return bool(a and b) and a.casefold() == b.casefold()


def split_seats(seats: Mapping[str, str], thread: str | None) -> dict[str, str] | None:
    """The seats' accounts (seat -> name) of a forum game, None for a mail game; a
    game mixing the two, accounts without a thread, or one account on two seats is a
    UsageError."""
    accounts = {seat: value for seat, value in seats.items() if is_account(value)}
    bots = {seat: value for seat, value in seats.items() if is_bot(value)}
    if not accounts:
        if thread:
            raise UsageError(_("a game that follows a thread is played by forum accounts: "
                               "give each seat as SEAT=@NAME"))
        return None
    if not thread:
        raise UsageError(_("seats held by forum accounts need the thread they post in: "
                           "--thread URL"))
    if len(accounts) + len(bots) != len(seats):
        mail = ", ".join(s for s in seats if s not in accounts and s not in bots)
        raise UsageError(_("a forum game is played by accounts only ({seats} given an address): "
                           "its answers are in the thread, which a seat played by mail never "
                           "sees").format(seats=mail))
    names = {seat: account_name(value) for seat, value in accounts.items()}
    seen: dict[str, str] = {}
    for seat, name in names.items():
        if name.casefold() in seen:
            raise UsageError(_("@{account} holds {seat} already: an account holds one seat of a "
                               "game").format(account=name, seat=seen[name.casefold()]))
        seen[name.casefold()] = seat
    return {seat: names.get(seat, bots.get(seat)) for seat in seats}


def seat_of(seat_rows, author: str | None) -> str | None:
    """The seat whose account wrote a post (None: a kibitzer, welcome and ignored)."""
    for row in seat_rows:
        if same_account(row["account"], author):
            return row["seat"]
    return None
