"""Berger tables: a round-robin of teams in which every team meets every other exactly
once; with an odd count, the team drawn against the missing one has a bye."""

from __future__ import annotations

from scorekeeper.club.formats.schedule import TEAMS, Round, Schedule, Table

NOBODY = -1


def berger(teams: int) -> Schedule:
    """Rounds of matches ``(home, away)`` for ``teams`` numbered from 0."""
    if teams < 2:
        raise ValueError(f"a league needs at least 2 teams, not {teams}")
    seats = list(range(teams)) + ([NOBODY] if teams % 2 else [])
    size = len(seats)
    fixed, ring = seats[-1], seats[:-1]
    rounds = []
    for index in range(size - 1):
        # the classic tables: the ring turns by half its length each round
        turned = (
            ring[(index * (size // 2)) % (size - 1) :] + ring[: (index * (size // 2)) % (size - 1)]
        )
        first = (turned[0], fixed) if index % 2 else (fixed, turned[0])
        matches = [first] + [(turned[k], turned[size - 1 - k]) for k in range(1, size // 2)]
        played = [m for m in matches if NOBODY not in m]
        byes = tuple(t for m in matches if NOBODY in m for t in m if t != NOBODY)
        tables = tuple(Table(n, m) for n, m in enumerate(played, start=1))
        rounds.append(Round(index + 1, tables, byes))
    return Schedule(teams, tuple(rounds), TEAMS, "berger")
