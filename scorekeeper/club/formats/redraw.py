"""Sheepshead tournament seating: five at a table, redrawn every round, either keeping
apart the players who have already shared a table or by the standings (the top five
together, then the next five); whoever is left over sits out, the players who have sat
out least first (ties by the draw)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from scorekeeper.club.formats.schedule import Round, Table

TABLE = 5
STARTS = 8  # seatings drawn for the search to start from; the best is kept


def redraw(
    number: int,
    players: Sequence[int],
    sat_out: Counter[int],
    rng: random.Random,
    order: Sequence[int] | None = None,
    met: Counter[frozenset[int]] | None = None,
) -> Round:
    """Round ``number`` for ``players``: by ``order`` (the standings, best first) when
    given, else keeping apart those who shared a table before (``met`` counts how often
    each two did, see ``apart``); ``sat_out`` counts each player's earlier rounds out."""
    drawn = list(players)
    rng.shuffle(drawn)
    leftover = len(drawn) % TABLE
    out = sorted(drawn, key=lambda p: (sat_out[p], drawn.index(p)))[:leftover]
    if order is not None and sorted(order) != sorted(players):
        raise ValueError("the standings must list every registered player once")
    if order is not None:
        seated = [p for p in order if p not in out]
    else:
        seated = apart([p for p in drawn if p not in out], met or Counter(), rng)
    tables = tuple(
        Table(t + 1, tuple(seated[TABLE * t : TABLE * t + TABLE]))
        for t in range(len(seated) // TABLE)
    )
    return Round(number, tables, tuple(sorted(out)))


def table_mates(rounds: Iterable[Round]) -> Counter[frozenset[int]]:
    """How often each two players have shared a table."""
    return Counter(
        frozenset(pair)
        for drawn in rounds
        for t in drawn.tables
        for pair in combinations(t.seats, 2)
    )


def apart(seated: Sequence[int], met: Counter[frozenset[int]], rng: random.Random) -> list[int]:
    """``seated`` in table order (five by five), seated so that as few as can be found sit
    together again: a pair meeting a third time weighs more than any number meeting a
    second time, and so on. From a few seatings drawn at random, two players of different
    tables change places while that helps; the best seating found is kept."""
    players = list(seated)
    index = {p: k for k, p in enumerate(players)}
    heavier = 2 * len(players) + 1  # more than all the pairs a round seats
    weight = [[0] * len(players) for _ in players]
    for pair, times in met.items():
        if times and pair <= index.keys():
            first, second = (index[p] for p in pair)
            weight[first][second] = weight[second][first] = heavier ** (times - 1)
    best: tuple[int, list[list[int]]] | None = None
    for _ in range(STARTS):
        rng.shuffle(players)
        tables = [
            [index[p] for p in players[TABLE * t : TABLE * t + TABLE]]
            for t in range(len(players) // TABLE)
        ]
        _improve(tables, weight)
        cost = sum(weight[a][b] for t in tables for a, b in combinations(t, 2))
        if best is None or cost < best[0]:
            best = (cost, tables)
        if cost == 0:
            break
    assert best is not None
    return [seated[k] for t in best[1] for k in t]


def _improve(tables: list[list[int]], weight: list[list[int]]) -> None:
    """Swap two players of different tables while that lowers the weight of the pairs
    seated together (``near[k][t]``: what player ``k`` weighs with table ``t``)."""
    near = [[sum(row[q] for q in t) for t in tables] for row in weight]
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(tables)), 2):
            for a, x in enumerate(tables[i]):
                for b, y in enumerate(tables[j]):
                    now = near[x][i] + near[y][j]
                    after = near[y][i] - weight[y][x] + near[x][j] - weight[x][y]
                    if after < now:
                        tables[i][a], tables[j][b] = y, x
                        for k, row in enumerate(weight):
                            near[k][i] += row[y] - row[x]
                            near[k][j] += row[x] - row[y]
                        x = y
                        improved = True
