"""Progressive euchre's round-robin movement: partners change every round, no two players
partner twice, and opponents meet as evenly as counting allows.

Most counts from 4 to 64 players have stored charts (``charts.py``): over the whole chart
no two players partner twice and no two meet as opponents more than twice; from 15
players a night of up to 8 rounds mostly has a chart of its own in which no two players
meet twice at all (the whole chart's first rounds cannot do that). A night longer than
the whole chart starts it again from its first round. Every round's byes go to players
who have sat out least. The seed draws which player takes which place in the chart.

Other counts: the partnerships come from the circle method (a round-robin of pairs, so
partners never repeat) and a search pairs them into tables to keep opponents apart; the
pairs with fewest byes between them sit out when one must.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from scorekeeper.club.formats.charts import BICYCLIC, LISTED, NIGHT, night_chart, whole_chart
from scorekeeper.club.formats.schedule import PARTNERS, Round, Schedule, Table

NIGHT_CHART = "night chart"  # how a night's own chart is named (the others: the whole's)
GHOST = -1  # the circle method's extra seat for an odd count; its partner sits out
SEARCH_PASSES = 6  # improvement passes over each round's tables

Pair = tuple[int, ...]


def most_rounds(players: int) -> int:
    """The rounds of the whole chart: after them a partnership would repeat."""
    chart = whole_chart(players)
    if chart is not None:
        return len(chart)
    return players - 1 if players % 2 == 0 else players


def round_robin(players: int, rounds: int | None = None, seed: int = 0) -> Schedule:
    """The round-robin for ``players`` (at least 4): ``rounds`` of them (the whole chart by
    default), the same for the same seed."""
    if players < 4:
        raise ValueError(f"a round-robin needs at least 4 players, not {players}")
    length = most_rounds(players)
    rounds = length if rounds is None else rounds
    if rounds < 1:
        raise ValueError(f"a round-robin has at least 1 round, not {rounds}")
    night = night_chart(players) if rounds <= NIGHT else None
    chart = night if night is not None else whole_chart(players)
    if chart is None:
        chart = _searched(players, min(rounds, length))
    order = list(range(players))
    random.Random(seed).shuffle(order)  # which player takes which place
    made = tuple(
        Round(
            number,
            tuple(Table(t.number, tuple(order[p] for p in t.seats)) for t in drawn.tables),
            tuple(sorted(order[p] for p in drawn.byes)),
        )
        for number, drawn in ((k + 1, chart[k % len(chart)]) for k in range(rounds))
    )
    return Schedule(players, made, PARTNERS, _method(players, night is not None))


def _method(players: int, night: bool) -> str:
    if night:
        return NIGHT_CHART
    if players in LISTED:
        return "listed"
    if players in BICYCLIC:
        return "two circles"
    return "cyclic" if whole_chart(players) is not None else "searched"


def fewest_meetings(players: int, rounds: int) -> int:
    """The fewest times that some two players must meet as opponents in ``rounds`` rounds
    at tables of four: the player who sits out least plays at least the rounds less the
    average byes, and meets two opponents a round among the others; and all the tables
    together make four meetings each among all the pairs of players."""
    byes = rounds * (players % 4)
    most_played = rounds - byes // players
    pairs = players * (players - 1) // 2
    return max(-(-2 * most_played // (players - 1)), -(-4 * (players // 4) * rounds // pairs))


def fewest_partner_repeats(players: int, rounds: int) -> int:
    """The fewest partnerships that must repeat in ``rounds`` rounds: every table makes two,
    and there are only so many pairs of players."""
    pairs = players * (players - 1) // 2
    return max(0, 2 * (players // 4) * rounds - pairs)


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


def _searched(players: int, rounds: int) -> tuple[Round, ...]:
    """``rounds`` rounds of the searched chart (the same every time: the seed says only
    who takes which place in it)."""
    rng = random.Random(0)
    opponents: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    made: list[Round] = []
    for index in range(rounds):
        pairs = circle_pairs(players, index)
        sitting = [p for pair in pairs if GHOST in pair for p in pair if p != GHOST]
        playing: list[Pair] = [pair for pair in pairs if GHOST not in pair]
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
    return tuple(made)


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
