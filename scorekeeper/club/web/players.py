"""A player's own page: the night of the player whose key its address holds (the key is
on the player's score card), read with the event's readers' login, which may read one
player's night given the key and nothing else. Nothing on it writes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

import psycopg

from scorekeeper.club.admin import EventCredentials
from scorekeeper.club.results import place_words, round_words
from scorekeeper.club.web.tables import NotFound, Served

KEY = re.compile(r"[0-9a-f]{32}")
UNKNOWN = "no player's results have this address: check it was scanned whole"


@dataclass(frozen=True)
class RoundView:
    """One round of the player's night, in words, with each hand's points and the
    running total after it."""

    said: str
    hands: tuple[tuple[int, int, int], ...]  # (hand from 1, points, running total)


def _events(served: Served) -> list[EventCredentials]:
    """The night served, then the nights served before it (newest first): a player's
    page stays the record of that player's night."""
    current = served.event_file
    before = sorted(
        (path for path in current.parent.glob("*.json") if path != current),
        key=lambda path: path.stat().st_mtime,
        reverse=True,
    )
    return [EventCredentials.load(path) for path in (current, *before)]


def player_night(served: Served, key: str) -> dict[str, Any]:
    """The night of the player whose key is ``key``; :class:`NotFound` for a key no
    player was given."""
    if not KEY.fullmatch(key):
        raise NotFound(UNKNOWN)
    for event in _events(served):
        if event.reader is None:
            continue
        try:
            with served.logins.connection(event.reader) as conn:
                row = conn.execute("SELECT club.player_night(%s)", (key,)).fetchone()
        except psycopg.OperationalError:  # a readers' login given a new password since
            continue
        if row is not None and row[0] is not None:
            return dict(row[0])
    raise NotFound(UNKNOWN)


def night_view(night: dict[str, Any]) -> dict[str, Any]:
    """The values of the player's page."""
    rounds = []
    for entry in night.get("rounds", []):
        hands = entry.get("hands", [])
        running = accumulate(hands)
        rows = tuple(
            (n, points, total)
            for n, (points, total) in enumerate(zip(hands, running, strict=True), 1)
        )
        rounds.append(RoundView(round_words(entry), rows))
    return {
        "player": night.get("player", ""),
        "event": night.get("event", ""),
        "place": place_words(night),
        "rounds": rounds,
    }
