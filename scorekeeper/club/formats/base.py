"""What a tournament format declares about itself: its options, movements and the
order that breaks ties in its standings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.club.formats.schedule import Round


@dataclass(frozen=True)
class Option:
    id: str
    title: str
    explanation: str  # one line a director reads beside the control
    default: Any
    choices: tuple[tuple[Any, str], ...]  # (value, what the director reads)

    def label(self, value: Any) -> str:
        return dict(self.choices)[value]


@dataclass(frozen=True)
class Movement:
    id: str
    title: str
    explanation: str


@dataclass(frozen=True)
class TieBreak:
    id: str  # one of standings.CRITERIA
    title: str


@dataclass(frozen=True)
class Format:
    id: str
    title: str
    description: str
    game: str  # the id of the game played at every table
    seating: str  # schedule.PARTNERS, INDIVIDUAL or TEAMS
    table_size: int  # seats (or teams) at one table
    movements: tuple[Movement, ...]
    options: tuple[Option, ...]
    ranking: tuple[TieBreak, ...]  # standings order: first key, then each tie-break
    # the words for a hand worth showing on the board, from the game's outcome details
    # and the names of the players in seat order; None for an ordinary hand
    # round ``n`` for ``players`` numbered from 0: (players, settings, seed, n, rounds each
    # player sat out so far); None when the format's rounds are drawn by hand
    draw_round: Callable[[int, Mapping[str, Any], int, int, Counter[int]], Round] | None = None
    bye_option: str | None = None  # the option naming the bye policy (standings.AVERAGE, ...)
    big_hand: Callable[[Mapping[str, Any], Sequence[str]], str | None] = lambda outcome, names: None

    def option(self, option_id: str) -> Option:
        return next(option for option in self.options if option.id == option_id)

    def settings(self, chosen: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every option's value: the defaults, with ``chosen`` checked and laid over them."""
        values = {option.id: option.default for option in self.options}
        for key, value in (chosen or {}).items():
            if key not in values:
                raise ValueError(f"{self.title} has no option {key!r}")
            allowed = [choice for choice, _ in self.option(key).choices]
            if value not in allowed:
                raise ValueError(
                    f"{self.option(key).title}: {value!r} is not one of "
                    + ", ".join(self.option(key).label(v) for v in allowed)
                )
            values[key] = value
        return values


def numbers(values: range | tuple[int, ...], unit: str = "") -> tuple[tuple[int, str], ...]:
    """Choices that are plain numbers, read with their unit."""
    return tuple((value, f"{value} {unit}".strip()) for value in values)
