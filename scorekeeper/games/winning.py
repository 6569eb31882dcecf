"""How a game is won, as the game declares it: which total is best, the total that ends
the game, and what winning one hand means. Every ranking (the match's winners, the score
sheet's standings, statistics, club standings and boards) reads it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from scorekeeper.games.settings import HouseOption, Settings

HandWon = Literal["scored", "best"]
"""What winning a hand means: ``scored``, a side's points for it are better than nothing
(above nothing where the highest total wins); ``best``, no side did better in it."""


@dataclass(frozen=True, slots=True)
class Winning:
    """Which total wins (the highest, or the lowest), the target that ends the game, and
    what a won hand is. Sides level on the best total share the win."""

    lowest: bool = False
    """The lowest total wins (else the highest)."""
    target: int | HouseOption | None = None
    """The total that ends the game: a number, the house option that sets it (0 there: no
    target), or None where something else ends it (a number of hands)."""
    hand_won: HandWon = "scored"

    def target_for(self, settings: Settings) -> int | None:
        """The target of a match with ``settings`` (None: none)."""
        target = self.target
        if isinstance(target, HouseOption):
            return settings.get(target) or None
        return target

    def better(self, first: int, second: int) -> bool:
        """Whether total (or points) ``first`` beats ``second``."""
        return first < second if self.lowest else first > second

    def order(self, totals: Sequence[int]) -> list[int]:
        """The sides, best total first (level sides in their own order)."""
        sign = 1 if self.lowest else -1
        return sorted(range(len(totals)), key=lambda side: sign * totals[side])

    def places(self, totals: Sequence[int]) -> list[tuple[int, int]]:
        """``(place, side)`` best first; sides level on a total share its place."""
        placed: list[tuple[int, int]] = []
        for index, side in enumerate(self.order(totals)):
            level = placed and totals[placed[-1][1]] == totals[side]
            placed.append((placed[-1][0] if level else index + 1, side))
        return placed

    def best(self, totals: Sequence[int]) -> tuple[int, ...]:
        """The sides with the best total (several when level)."""
        if not totals:
            return ()
        top = min(totals) if self.lowest else max(totals)
        return tuple(side for side, total in enumerate(totals) if total == top)

    def won_hand(self, points: Sequence[int]) -> tuple[bool, ...]:
        """For each side, whether it won a hand in which the sides scored ``points``."""
        if self.hand_won == "best":
            best = self.best(points)
            return tuple(side in best for side in range(len(points)))
        return tuple(self.better(value, 0) for value in points)

    def reached(self, totals: Sequence[int], target: int | None) -> bool:
        """Whether a side's total has reached ``target``, which ends the game."""
        return target is not None and bool(totals) and max(totals) >= target
