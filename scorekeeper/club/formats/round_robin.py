"""Progressive euchre's round-robin movement: partners change every round, no two
players partner twice, and opponents are spread as evenly as can be found.

A stored whist design is used where one exists for the player count; otherwise the
partnerships come from the circle method (a round-robin of pairs, so partners never
repeat) and the partnerships are paired into tables by a seeded search that keeps
opponents apart; byes go to the players who have sat out least.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from scorekeeper.club.formats.schedule import PARTNERS, Round, Schedule, Table
from scorekeeper.club.formats.whist import whist_design

GHOST = -1  # the circle method's extra seat for an odd count; its partner sits out
SEARCH_PASSES = 6  # improvement passes over each round's tables


def most_rounds(players: int) -> int:
    """How many rounds the round-robin has before a partnership would repeat."""
    design = whist_design(players)
    if design is not None:
        return len(design.rounds)
    return players - 1 if players % 2 == 0 else players


def round_robin(players: int, rounds: int | None = None, seed: int = 0) -> Schedule:
    """The round-robin for ``players`` (at least 4): ``rounds`` of them (all by default)."""
    if players < 4:
        raise ValueError(f"a round-robin needs at least 4 players, not {players}")
    limit = most_rounds(players)
    rounds = limit if rounds is None else rounds
    if not 1 <= rounds <= limit:
        raise ValueError(
            f"a round-robin of {players} players has from 1 to {limit} rounds, not {rounds}"
        )
    design = whist_design(players)
    if design is not None:
        return Schedule(players, design.rounds[:rounds], PARTNERS, design.method)
    return _searched(players, rounds, random.Random(seed))


def circle_pairs(players: int, index: int) -> list[tuple[int, int]]:
    """Round ``index`` of the circle method: every player paired once (with GHOST
    for an odd count); over all rounds every two players are paired exactly once."""
    seats = list(range(players)) + ([GHOST] if players % 2 else [])
    size = len(seats)
    fixed, turning = seats[-1], seats[:-1]
    turned = turning[index:] + turning[:index]
    pairs = [(fixed, turned[0])]
    pairs += [(turned[k], turned[size - 1 - k]) for k in range(1, size // 2)]
    return pairs


def _searched(players: int, rounds: int, rng: random.Random) -> Schedule:
    opponents: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    order = list(range(players))
    rng.shuffle(order)  # which player takes which place in the circle
    made = []
    for index in range(rounds):
        pairs = [
            tuple(order[p] if p != GHOST else GHOST for p in pair)
            for pair in circle_pairs(players, index)
        ]
        sitting = [p for pair in pairs if GHOST in pair for p in pair if p != GHOST]
        playing = [pair for pair in pairs if GHOST not in pair]
        if len(playing) % 2:
            out = min(playing, key=lambda pair: (byes[pair[0]] + byes[pair[1]], rng.random()))
            playing.remove(out)
            sitting += list(out)
        byes.update(sitting)
        tables = _pair_up(playing, opponents, rng)
        for first, second in tables:
            opponents.update(frozenset((a, b)) for a in first for b in second)
        made.append(
            Round(
                index + 1,
                tuple(
                    Table(number, (first[0], second[0], first[1], second[1]))
                    for number, (first, second) in enumerate(tables, start=1)
                ),
                tuple(sorted(sitting)),
            )
        )
    return Schedule(players, tuple(made), PARTNERS, "searched")


Pair = tuple[int, ...]


def _pair_up(
    pairs: list[Pair], met: Counter[frozenset[int]], rng: random.Random
) -> list[tuple[Pair, Pair]]:
    """Partnerships paired into tables so that players who have met least meet now."""

    def cost(first: Pair, second: Pair) -> int:
        return sum((met[frozenset((a, b))] + 1) ** 2 for a in first for b in second)

    rng.shuffle(pairs)
    tables = [(pairs[k], pairs[k + 1]) for k in range(0, len(pairs), 2)]
    for _ in range(SEARCH_PASSES):
        improved = False
        for i, j in combinations(range(len(tables)), 2):
            (a, b), (c, d) = tables[i], tables[j]
            now = cost(a, b) + cost(c, d)
            best = min(((a, c), (b, d)), ((a, d), (b, c)), key=lambda t: cost(*t[0]) + cost(*t[1]))
            if cost(*best[0]) + cost(*best[1]) < now:
                tables[i], tables[j] = best
                improved = True
        if not improved:
            break
    return tables
