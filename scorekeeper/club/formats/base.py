"""What a tournament format declares about itself: its options, movements and the
order that breaks ties in its standings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
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
class Past:
    """What the draw of a round may follow from, with players numbered as the draw
    numbers them (someone no longer playing is numbered after those who play, so an
    earlier table keeps all its seats)."""

    sat_out: Counter[int] = field(default_factory=Counter)  # rounds each player sat out
    rounds: tuple[Round, ...] = ()  # the rounds drawn before, oldest first
    won: Mapping[tuple[int, int], int] = field(default_factory=dict)  # (round, table): side
    ranking: tuple[int, ...] = ()  # the standings so far, best first


def as_played(
    points: Sequence[int], outcome: Mapping[str, Any], settings: Mapping[str, Any]
) -> tuple[int, ...]:
    """The points the game gave each seat, unchanged."""
    return tuple(points)


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
    big_hand: Callable[[Mapping[str, Any], Sequence[str]], str | None] = lambda outcome, names: None
    # round ``n`` for ``players`` numbered from 0: (players, settings, seed, n, what went
    # before); None when the format's rounds are drawn by hand
    draw_round: Callable[[int, Mapping[str, Any], int, int, Past], Round] | None = None
    bye_option: str | None = None  # the option naming the bye policy (standings.AVERAGE, ...)
    # each seat's points for the standings from one hand: (the points the game gave each
    # seat, the hand's outcome details, settings); the tournament's own scoring options
    seat_points: Callable[
        [Sequence[int], Mapping[str, Any], Mapping[str, Any]], tuple[int, ...]
    ] = as_played
    # hands a table plays in a round (None: the round is a game, played to its end)
    round_hands: Callable[[Mapping[str, Any]], int | None] = lambda settings: settings.get("hands")
    # the minutes a round is expected to take (None: no limit); a table still playing
    # after that is overdue
    round_minutes: Callable[[Mapping[str, Any]], int | None] = lambda settings: (
        settings.get("minutes") or None
    )
    # the game's house options (by id) every table's match plays with, from the settings
    game_options: Callable[[Mapping[str, Any]], dict[str, Any]] = lambda settings: {}

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


def movement_option(title: str, explanation: str, movements: Sequence[Movement]) -> Option:
    """The ``movement`` option: one choice per movement of the format, the first by default."""
    choices = tuple((movement.id, movement.title) for movement in movements)
    return Option("movement", title, explanation, movements[0].id, choices)


def numbers(values: range | tuple[int, ...], unit: str = "") -> tuple[tuple[int, str], ...]:
    """Choices that are plain numbers, read with their unit."""
    return tuple((value, f"{value} {unit}".strip()) for value in values)
