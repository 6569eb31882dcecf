"""What a match is on record: who sits where, what game and options, and each hand's events.

These plain records are what storage keeps and the match file carries; the
:mod:`scorekeeper.ledger` turns them into rulings and running totals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.games.base import Game, Settings


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
    def rules(self) -> Game:
        return get_game(self.game)

    def validate(self) -> None:
        """Raise ``ValueError`` naming what does not fit the game."""
        game = get_game(self.game)
        game.settings(self.settings.preset, **self.settings.options)
        if len(self.players) != game.seats:
            raise ValueError(f"{game.title} needs {game.seats} players, got {len(self.players)}")
        names = [name.strip() for name in self.players]
        if any(not name for name in names):
            raise ValueError("every seat needs a player's name")
        if len(set(names)) != len(names):
            duplicate = next(name for name in names if names.count(name) > 1)
            raise ValueError(f"{duplicate!r} sits at two seats")
        if not 0 <= self.first_dealer < game.seats:
            raise ValueError(f"first dealer {self.first_dealer} is not a seat")


@dataclass
class HandRecord:
    """One hand on record: its dealer and its events, in order."""

    dealer: int
    events: list[Event] = field(default_factory=list)
