"""Sheepshead tournament seating: five at a table, redrawn every round at random or by
the standings (the top five together, then the next five); whoever is left over sits out,
the players who have sat out least first (ties by the draw)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from scorekeeper.club.formats.schedule import Round, Table

TABLE = 5


def redraw(
    number: int,
    players: Sequence[int],
    sat_out: Counter[int],
    rng: random.Random,
    order: Sequence[int] | None = None,
) -> Round:
    """Round ``number`` for ``players``: at random, or by ``order`` (the standings, best
    first) when given; ``sat_out`` counts each player's earlier rounds out."""
    drawn = list(players)
    rng.shuffle(drawn)
    leftover = len(drawn) % TABLE
    out = sorted(drawn, key=lambda p: (sat_out[p], drawn.index(p)))[:leftover]
    seated = [p for p in (order if order is not None else drawn) if p not in out]
    if order is not None and sorted(order) != sorted(players):
        raise ValueError("the standings must list every registered player once")
    tables = tuple(
        Table(t + 1, tuple(seated[TABLE * t : TABLE * t + TABLE]))
        for t in range(len(seated) // TABLE)
    )
    return Round(number, tables, tuple(sorted(out)))
