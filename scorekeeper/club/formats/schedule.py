"""A movement's schedule as plain data: rounds, each with tables of seated players and
the players on a bye; and the counts that judge it (partners, opponents, byes)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

PARTNERS = "partners"  # four seats, seats 1 & 3 against seats 2 & 4
INDIVIDUAL = "individual"  # every seat plays for itself
TEAMS = "teams"  # every seat is a team (a league match)


@dataclass(frozen=True)
class Table:
    number: int  # 1 is the head table
    seats: tuple[int, ...]  # player (or team) numbers in seat order

    def sides(self, seating: str) -> tuple[tuple[int, ...], ...]:
        """The sides at this table: two partnerships, or every seat alone."""
        if seating == PARTNERS:
            return (self.seats[0::2], self.seats[1::2])
        return tuple((seat,) for seat in self.seats)


@dataclass(frozen=True)
class Round:
    number: int  # from 1
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()

    def seated(self) -> list[int]:
        return [player for table in self.tables for player in table.seats]

    def table_of(self, player: int) -> Table | None:
        return next((table for table in self.tables if player in table.seats), None)


@dataclass(frozen=True)
class Schedule:
    players: int  # players (or teams) are numbered 0 .. players - 1
    rounds: tuple[Round, ...]
    seating: str
    method: str  # how it was made: "cyclic", "listed", "night chart", "searched", "berger", ...


@dataclass(frozen=True)
class Report:
    """How evenly a schedule mixes its players."""

    players: int
    rounds: int
    partner_repeats: int  # pairs partnered more than once, counted once per extra time
    opponents_min: int  # fewest times any two players meet as opponents
    opponents_max: int
    byes_min: int
    byes_max: int


def booking_errors(schedule: Schedule) -> list[str]:
    """Every player seated twice or left out of a round (empty when all is well)."""
    errors = []
    everyone = set(range(schedule.players))
    for round_ in schedule.rounds:
        counts = Counter(round_.seated() + list(round_.byes))
        errors += [f"round {round_.number}: {p} booked twice" for p, n in counts.items() if n > 1]
        errors += [f"round {round_.number}: {p} missing" for p in sorted(everyone - set(counts))]
        errors += [f"round {round_.number}: {p} unknown" for p in sorted(set(counts) - everyone)]
    return errors


def partner_counts(schedule: Schedule) -> Counter[frozenset[int]]:
    return Counter(
        frozenset(pair)
        for round_ in schedule.rounds
        for table in round_.tables
        for side in table.sides(schedule.seating)
        for pair in combinations(side, 2)
    )


def opponent_counts(schedule: Schedule) -> Counter[frozenset[int]]:
    counts: Counter[frozenset[int]] = Counter()
    for round_ in schedule.rounds:
        for table in round_.tables:
            for one, other in combinations(table.sides(schedule.seating), 2):
                counts.update(frozenset((a, b)) for a in one for b in other)
    return counts


def bye_counts(schedule: Schedule) -> Counter[int]:
    counts = Counter(dict.fromkeys(range(schedule.players), 0))
    counts.update(player for round_ in schedule.rounds for player in round_.byes)
    return counts


def report(schedule: Schedule) -> Report:
    opponents = opponent_counts(schedule)
    pairs = [frozenset(pair) for pair in combinations(range(schedule.players), 2)]
    meetings = [opponents[pair] for pair in pairs] or [0]
    byes = bye_counts(schedule).values()
    return Report(
        players=schedule.players,
        rounds=len(schedule.rounds),
        partner_repeats=sum(n - 1 for n in partner_counts(schedule).values() if n > 1),
        opponents_min=min(meetings),
        opponents_max=max(meetings),
        byes_min=min(byes),
        byes_max=max(byes),
    )
