"""Progressive euchre's "winners move up": after each round the winning partnership of
every table moves up one table and the losers stay; at the head table the winners stay
and the losers go to the foot table. At every table the two who stayed split up, each
partnering one of the two who arrived (avoiding an earlier partner when possible).
When the count is not a multiple of 4, the players who sat out come back in the seats
of those who sit out next: the players with fewest byes so far, from the foot table up."""

from __future__ import annotations

import random
from collections import Counter

from scorekeeper.club.formats.schedule import PARTNERS, Round, Schedule, Table, partner_counts


def first_round(players: int, seed: int = 0) -> Round:
    """Round 1: seats drawn at random (seeded), byes to the last drawn."""
    order = list(range(players))
    random.Random(seed).shuffle(order)
    tables = players // 4
    return Round(
        1,
        tuple(Table(t + 1, tuple(order[4 * t : 4 * t + 4])) for t in range(tables)),
        tuple(sorted(order[4 * tables :])),
    )


def next_round(played: Schedule, winners: dict[int, int]) -> Round:
    """The round after ``played``'s last, given each table's winning side
    (``winners[table number]`` is 0 for seats 1 & 3, 1 for seats 2 & 4)."""
    last = played.rounds[-1]
    count = len(last.tables)
    missing = sorted({t.number for t in last.tables} - set(winners))
    if missing:
        raise ValueError(f"round {last.number}: no winner given for table {missing[0]}")
    won = {t.number: t.sides(PARTNERS)[winners[t.number]] for t in last.tables}
    lost = {t.number: t.sides(PARTNERS)[1 - winners[t.number]] for t in last.tables}
    partnered = partner_counts(played)
    tables = []
    for number in range(1, count + 1):
        if count == 1:
            stay, arrive = won[1], lost[1]
        elif number == 1:
            stay, arrive = won[1], won[2]
        elif number == count:
            stay, arrive = lost[count], lost[1]
        else:
            stay, arrive = lost[number], won[number + 1]
        (s1, s2), (a1, a2) = stay, arrive
        straight = partnered[frozenset((s1, a1))] + partnered[frozenset((s2, a2))]
        crossed = partnered[frozenset((s1, a2))] + partnered[frozenset((s2, a1))]
        if crossed < straight:
            a1, a2 = a2, a1
        tables.append(Table(number, (s1, s2, a1, a2)))
    return _swap_byes(played, last, tables)


def _swap_byes(played: Schedule, last: Round, tables: list[Table]) -> Round:
    returning = list(last.byes)
    if not returning:
        return Round(last.number + 1, tuple(tables))
    byes = Counter(p for r in played.rounds for p in r.byes)
    seats = [(t.number, s, p) for t in tables for s, p in enumerate(t.seats)]
    leaving = sorted(seats, key=lambda seat: (byes[seat[2]], -seat[0], seat[1]))[: len(returning)]
    placed = {
        (number, seat): player for (number, seat, _), player in zip(leaving, returning, strict=True)
    }
    moved = tuple(
        Table(t.number, tuple(placed.get((t.number, s), p) for s, p in enumerate(t.seats)))
        for t in tables
    )
    return Round(last.number + 1, moved, tuple(sorted(p for _, _, p in leaving)))
