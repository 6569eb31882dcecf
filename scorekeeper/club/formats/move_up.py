"""Progressive euchre's "winners move up": after each round the winning partnership of
every table moves up one table and the losers stay; at the head table the winners stay
and the losers go to the foot table. At every table the two who stayed split up, each
partnering one of the two who arrived.

Of the two ways to split up, a table takes the one that repeats fewer earlier
partnerships (the fewest the results so far allow); on a tie, the one whose new
partnerships leave the next round fewer repeats it could not avoid, whichever sides
win (see ``_crossings``); on a tie again, the two who arrived keep their seats.

The register may change between rounds. Those who sit out (as many as leave the count
short of a multiple of 4) are the players with fewest byes so far; on a tie, the least
advanced place first: late arrivals, then seats from the foot table up, then those who
sat out last round. Empty seats (of players who left, from the head table down, then
of those who now sit out) are filled by the players who sat out last round, then by
late arrivals (a table with a new face is split up afresh); with nobody to fill them the
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
    filled = list(zip(empty, waiting, strict=False))
    for (n, s), player in filled:
        kept[n][s] = player
    for n in {n for (n, _), _ in filled}:  # a table with a new face splits up afresh
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
        tables.append([p if p < played.players else None for p in (*stay, *arrive)])
    return _crossings(tables, partnered)


Cost = tuple[int, int, int, int]  # repeats now, their earlier times, next round's, crossed


def _plus(one: Cost, other: Cost) -> Cost:
    return (one[0] + other[0], one[1] + other[1], one[2] + other[2], one[3] + other[3])


def _ways(seats: Seats) -> tuple[Seats, Seats]:
    """A moved table's two ways to split up: the two who stayed (seats 1 and 2) each
    partner one of the two who arrived, straight or crossed."""
    s1, s2, a1, a2 = seats
    return [s1, s2, a1, a2], [s1, s2, a2, a1]


def _crossings(tables: list[Seats], partnered: Counter[frozenset[int]]) -> list[Seats]:
    """Every moved table split up (see the module's docstring). The next round seats a
    table's losers with the winners of the table below it, the head table's winners
    with those of table 2 and the foot table's losers with the head table's: so the
    tables' choices chain round the tables in a ring, and the best of them all is found
    along the ring, starting once from each way of splitting up the head table."""
    ways = [_ways(seats) for seats in tables]

    def node(t: int, way: int) -> Cost:
        return (*_repeated(ways[t][way], partnered), 0, way)

    def link(t: int, way: int, u: int, other: int) -> Cost:
        """The repeats the next round could not avoid where a partnership of table
        ``t`` meets one of table ``u``, summed over the four ways the results fall."""
        sides = [(ways[t][way][k], ways[t][way][k + 2]) for k in (0, 1)]
        others = [(ways[u][other][k], ways[u][other][k + 2]) for k in (0, 1)]
        forced = sum(_unavoidable(side, against, partnered) for side in sides for against in others)
        return (0, 0, forced, 0)

    count = len(tables)
    if count < 2:
        return [_split_up(seats, partnered) for seats in tables]
    best: tuple[Cost, list[int]] | None = None
    for head in (0, 1):
        paths = {head: (node(0, head), [head])}
        for t in range(1, count):
            paths = {
                way: min(
                    (_plus(_plus(cost, link(t - 1, path[-1], t, way)), node(t, way)), [*path, way])
                    for cost, path in paths.values()
                )
                for way in (0, 1)
            }
        for cost, path in paths.values():
            ring = (_plus(cost, link(count - 1, path[-1], 0, head)), path)
            best = ring if best is None else min(best, ring)
    assert best is not None
    return [ways[t][way] for t, way in enumerate(best[1])]


def _times(first: int | None, second: int | None, partnered: Counter[frozenset[int]]) -> int:
    """How often two players partnered before (an empty seat partnered nobody)."""
    if first is None or second is None:
        return 0
    return partnered[frozenset((first, second))]


def _repeated(seats: Sequence[int | None], partnered: Counter[frozenset[int]]) -> tuple[int, int]:
    """A table's partnerships that partnered before, and how often in all."""
    times = [_times(seats[k], seats[k + 2], partnered) for k in (0, 1)]
    return sum(1 for n in times if n), sum(times)


def _unavoidable(
    side: tuple[int | None, int | None],
    against: tuple[int | None, int | None],
    partnered: Counter[frozenset[int]],
) -> int:
    """The fewest earlier partnerships repeated when two partnerships meet and split up."""
    (a, b), (c, d) = side, against
    straight = bool(_times(a, c, partnered)) + bool(_times(b, d, partnered))
    crossed = bool(_times(a, d, partnered)) + bool(_times(b, c, partnered))
    return min(straight, crossed)


def _split_up(seats: Seats, partnered: Counter[frozenset[int]]) -> Seats:
    """A table's two ways to split up, the one repeating fewer earlier partnerships
    (straight on a tie)."""
    return min(_ways(seats), key=lambda way: _repeated(way, partnered))


def _new_table(four: Sequence[int], partnered: Counter[frozenset[int]]) -> tuple[int, ...]:
    """Four players at a new table, seated so that partners repeat least (the order
    they came in when no way is better)."""
    a, b, c, d = four
    ways = ((a, b, c, d), (a, c, b, d), (a, b, d, c))
    return min(ways, key=lambda way: _repeated(way, partnered))
