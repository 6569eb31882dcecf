"""Sample matches for the storage tests."""

from __future__ import annotations

from scorekeeper.cards import Card
from scorekeeper.events import Event
from scorekeeper.games.base import Settings
from scorekeeper.match import HandRecord, MatchInfo


def euchre_info(name: str = "Friday euchre", players=("Ann", "Ben", "Cy", "Di")) -> MatchInfo:
    return MatchInfo(
        name=name,
        game="euchre",
        settings=Settings("standard", {"stick_the_dealer": True}),
        players=tuple(players),
        first_dealer=1,
        played_on="2024-05-04",
        place="Kitchen table",
    )


def two_hands() -> list[HandRecord]:
    return [
        HandRecord(1, [Event("upcard", card=Card.parse("JH")), Event("pass", seat=2)]),
        HandRecord(2, [Event("result", data={"makers": 1, "tricks": 5})]),
    ]
