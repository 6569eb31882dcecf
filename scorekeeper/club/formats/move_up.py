"""Progressive euchre's "winners move up": after each round the winning partnership of
every table moves up one table and the losers stay; at the head table the winners stay
and the losers go to the foot table. At every table the two who stayed split up, each
partnering one of the two who arrived (avoiding an earlier partner when possible).

The register may change between rounds. Those who sit out (as many as leave the count
short of a multiple of 4) are the players with fewest byes so far; on a tie, the least
advanced place first: late arrivals, then seats from the foot table up, then those who
sat out last round. Empty seats (of players who left, from the head table down, then
of those who now sit out) are filled by the players who sat out last round, then by
late arrivals (partnered afresh at a table someone left); with nobody to fill them the
foot table closes and its players take them. Every four players still waiting open a
new table at the foot."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from scorekeeper.club.formats.schedule import PARTNERS, Round, Schedule, Table, partner_counts

Seats = list[int | None]  # a table's seats in order; None where a player left


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
    (``winners[table number]`` is 0 for seats 1 & 3, 1 for seats 2 & 4).

    ``played.players`` play now, numbered from 0; a number from ``played.players`` up in
    the earlier rounds is someone who no longer plays, and a player missing from the last
    round arrives now."""
    last = played.rounds[-1]
    count = played.players
    partnered = partner_counts(played)
    moved = _movement(played, winners, partnered)
    returning = [p for p in last.byes if p < count]
    booked = set(last.seated()) | set(last.byes)
    arrivals = [p for p in range(count) if p not in booked]
    out = _sitting_out(played, moved, returning, arrivals)
    kept, closing = moved[: count // 4], moved[count // 4 :]
    left = [(n, s) for n, seats in enumerate(kept) for s, p in enumerate(seats) if p is None]
    where = {p: (n, s) for n, seats in enumerate(kept) for s, p in enumerate(seats) if p in out}
    empty = left + [where[p] for p in out if p in where]  # sitting out: in their order
    waiting = [p for p in returning + arrivals if p not in out]
    waiting += [p for seats in closing for p in seats if p is not None and p not in out]
    for (n, s), player in zip(empty, waiting, strict=False):
        kept[n][s] = player
    for n in {n for n, _ in left}:  # a table someone left partners its newcomer afresh
        kept[n] = _split_up(kept[n], partnered)
    fresh = waiting[len(empty) :]
    tables = [Table(n, tuple(p for p in seats if p is not None)) for n, seats in enumerate(kept, 1)]
    tables += [
        Table(len(kept) + 1 + k, _new_table(fresh[4 * k : 4 * k + 4], partnered))
        for k in range(len(fresh) // 4)
    ]
    return Round(last.number + 1, tuple(tables), tuple(sorted(out)))


def _sitting_out(
    played: Schedule, moved: list[Seats], returning: list[int], arrivals: list[int]
) -> list[int]:
    """Who sits out, in the order they give up their seats: fewest byes first; on a tie
    late arrivals, then from the foot table up, then those who sat out last round."""
    byes = Counter(p for r in played.rounds for p in r.byes)
    place = {p: (0, 0, k) for k, p in enumerate(arrivals)}
    for number, seats in enumerate(moved, 1):
        place.update({p: (1, -number, s) for s, p in enumerate(seats) if p is not None})
    place.update({p: (2, 0, k) for k, p in enumerate(returning)})
    ranked = sorted(place, key=lambda p: (byes[p], place[p]))
    return ranked[: played.players % 4]


def _movement(
    played: Schedule, winners: dict[int, int], partnered: Counter[frozenset[int]]
) -> list[Seats]:
    """Every table of the last round moved as the movement says, at the same tables;
    the seat of a player who left stays empty."""
    last = played.rounds[-1]
    count = len(last.tables)
    missing = sorted({t.number for t in last.tables} - set(winners))
    if missing:
        raise ValueError(f"round {last.number}: no winner given for table {missing[0]}")
    won = {t.number: t.sides(PARTNERS)[winners[t.number]] for t in last.tables}
    lost = {t.number: t.sides(PARTNERS)[1 - winners[t.number]] for t in last.tables}
    tables: list[Seats] = []
    for number in range(1, count + 1):
        if count == 1:
            stay, arrive = won[1], lost[1]
        elif number == 1:
            stay, arrive = won[1], won[2]
        elif number == count:
            stay, arrive = lost[count], lost[1]
        else:
            stay, arrive = lost[number], won[number + 1]
        seats = [p if p < played.players else None for p in (*stay, *arrive)]
        tables.append(_split_up(seats, partnered))
    return tables


def _split_up(seats: Seats, partnered: Counter[frozenset[int]]) -> Seats:
    """A moved table's seats: the two who stayed (seats 1 and 2) each partner one of the
    two who arrived, crossing them when that repeats fewer earlier partnerships (an
    empty seat repeats none)."""

    def times(first: int | None, second: int | None) -> int:
        return (
            partnered[frozenset((first, second))] if first is not None and second is not None else 0
        )

    s1, s2, a1, a2 = seats
    if times(s1, a2) + times(s2, a1) < times(s1, a1) + times(s2, a2):
        return [s1, s2, a2, a1]
    return seats


def _new_table(four: Sequence[int], partnered: Counter[frozenset[int]]) -> tuple[int, ...]:
    """Four players at a new table, seated so that partners repeat least (the order
    they came in when no way is better)."""
    a, b, c, d = four
    ways = ((a, b, c, d), (a, c, b, d), (a, b, d, c))
    return min(ways, key=lambda w: partnered[frozenset(w[0::2])] + partnered[frozenset(w[1::2])])
