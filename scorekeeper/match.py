"""What a match is on record: who sits where, what game and options, and each hand's events.

These plain records are what storage keeps and the match file carries; the
:mod:`scorekeeper.ledger` turns them into rulings and running totals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.games.base import Game, Settings
from scorekeeper.names import name_key


@dataclass(frozen=True)
class MatchInfo:
    """The settings of a match, fixed when it starts (the name may change later)."""

    name: str
    game: str
    settings: Settings
    players: tuple[str, ...]  # by seat, clockwise
    first_dealer: int = 0
    played_on: str = field(default_factory=lambda: date.today().isoformat())
    place: str = ""

    @property
    def rules(self) -> Game[Any]:
        return get_game(self.game)

    def validate(self) -> None:
        """Raise ``ValueError`` naming what does not fit the game."""
        game = get_game(self.game)
        game.settings(self.settings.preset, **self.settings.options)
        if len(self.players) != game.seats:
            raise ValueError(f"{game.title} needs {game.seats} players, got {len(self.players)}")
        keys = [name_key(name) for name in self.players]
        if any(not key for key in keys):
            raise ValueError("every seat needs a player's name")
        if len(set(keys)) != len(keys):
            duplicate = next(
                name for name, key in zip(self.players, keys, strict=True) if keys.count(key) > 1
            )
            raise ValueError(f"{duplicate} sits at two seats")
        try:
            date.fromisoformat(self.played_on)
        except ValueError:
            raise ValueError(f"{self.played_on} is not a day on the calendar") from None
        if not 0 <= self.first_dealer < game.seats:
            raise ValueError(f"first dealer {self.first_dealer} is not a seat")


@dataclass
class HandRecord:
    """One hand on record: its dealer and its events, in order."""

    dealer: int
    events: list[Event] = field(default_factory=list)
