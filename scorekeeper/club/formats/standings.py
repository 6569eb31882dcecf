"""Tournament standings from per-round results: totals, ties broken in the format's
order, byes credited by a named policy, and prizes shared by tied players.

Pure functions over plain data, so the club database's views can feed them. Which total
is best is the game's :class:`~scorekeeper.games.winning.Winning` (the highest unless the
format's game says the lowest wins).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from scorekeeper.games.winning import Winning

HIGHEST = Winning()

AVERAGE = "average"  # a bye scores the player's own average of the rounds played
FIXED = "fixed"  # a bye scores a fixed number of points
ZERO = "zero"  # a bye scores nothing


@dataclass(frozen=True)
class RoundResult:
    round: int
    player: int  # a player's (or team's) number
    points: int
    won: bool = False  # won at its table (or its match) this round
    opponents: tuple[int, ...] = ()  # whom it played, for head-to-head
    table: int | None = None
    bye: bool = False


@dataclass(frozen=True)
class Standing:
    place: int  # tied players share a place
    player: int
    points: int
    wins: int
    tied: bool  # level with another player on every key of the ranking
    history: tuple[RoundResult, ...] = field(default=())
    prize: int = 0  # in cents


def round_results(
    hands: Iterable[tuple[int, int, int, int]],
    tables: Mapping[tuple[int, int], Sequence[Sequence[int]]],
    winning: Winning = HIGHEST,
) -> list[RoundResult]:
    """Per-round results from per-hand points ``(round, table, player, points)``.

    ``tables[(round, table)]`` lists the table's sides (a partnership, or one player);
    a side won the round when its points together beat every other side's."""
    totals: dict[tuple[int, int, int], int] = defaultdict(int)
    for round_, table, player, points in hands:
        totals[round_, table, player] += points
    results = []
    for (round_, table), sides in tables.items():
        side_points = [sum(totals.get((round_, table, p), 0) for p in side) for side in sides]
        for index, side in enumerate(sides):
            others = side_points[:index] + side_points[index + 1 :]
            won = bool(others) and all(winning.better(side_points[index], o) for o in others)
            opponents = tuple(p for other in sides if other is not side for p in other)
            results += [
                RoundResult(round_, p, totals.get((round_, table, p), 0), won, opponents, table)
                for p in side
            ]
    return results


def credit_byes(
    results: Sequence[RoundResult],
    byes: Mapping[int, Iterable[int]],
    policy: str,
    fixed_points: int = 0,
) -> list[RoundResult]:
    """``results`` with a result for every bye (``byes[round]`` lists who sat out).

    ``average``: the player's own average over the rounds it played, rounded to the
    nearest point (halves up); ``fixed``: ``fixed_points``; ``zero``: nothing."""
    played: dict[int, list[int]] = defaultdict(list)
    for result in results:
        played[result.player].append(result.points)
    credited = list(results)
    for round_, players in byes.items():
        for player in players:
            scores = played.get(player, [])
            if policy == AVERAGE:
                points = (2 * sum(scores) + len(scores)) // (2 * len(scores)) if scores else 0
            elif policy == FIXED:
                points = fixed_points
            elif policy == ZERO:
                points = 0
            else:
                raise ValueError(f"{policy!r} is not a bye policy")
            credited.append(RoundResult(round_, player, points, bye=True))
    return credited


Criterion = Callable[[list[RoundResult], set[int], Winning], float]


def _best_round(rows: list[RoundResult], group: set[int], winning: Winning) -> float:
    played = [r.points for r in rows if not r.bye]
    return (min if winning.lowest else max)(played, default=0)


CRITERIA: dict[str, Criterion] = {
    "points": lambda rows, group, winning: sum(r.points for r in rows),
    "wins": lambda rows, group, winning: sum(r.won for r in rows),
    "best_round": _best_round,
    "played": lambda rows, group, winning: sum(not r.bye for r in rows),
    # wins against the other players still level with this one
    "head_to_head": lambda rows, group, winning: sum(
        r.won for r in rows if group.intersection(r.opponents)
    ),
}
"""Each criterion's figure for a player's rows; the more the better, but for the points
criteria (:data:`BY_POINTS`), which are best as the game's ``winning`` says."""
BY_POINTS = frozenset(("points", "best_round"))


def standings(
    results: Iterable[RoundResult],
    ranking: Sequence[str],
    players: Iterable[int] = (),
    winning: Winning = HIGHEST,
) -> list[Standing]:
    """Everyone ranked by ``ranking`` (criterion ids from CRITERIA, best first: points as
    ``winning`` says); a criterion after the first only orders players level on all
    before it."""
    by_player: dict[int, list[RoundResult]] = {player: [] for player in players}
    for result in results:
        by_player.setdefault(result.player, []).append(result)
    groups = _rank([sorted(by_player)], by_player, list(ranking), winning)
    table = []
    place = 1
    for group in groups:
        for player in sorted(group):
            rows = sorted(by_player[player], key=lambda r: r.round)
            table.append(
                Standing(
                    place,
                    player,
                    sum(r.points for r in rows),
                    sum(r.won for r in rows),
                    len(group) > 1,
                    tuple(rows),
                )
            )
        place += len(group)
    return table


def _rank(
    groups: list[list[int]],
    rows: Mapping[int, list[RoundResult]],
    ranking: list[str],
    winning: Winning,
) -> list[list[int]]:
    if not ranking:
        return groups
    criterion = CRITERIA[ranking[0]]
    lowest_first = winning.lowest and ranking[0] in BY_POINTS
    ranked: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            ranked.append(group)
            continue
        members = set(group)
        keyed: dict[float, list[int]] = defaultdict(list)
        for player in group:
            keyed[criterion(rows[player], members - {player}, winning)].append(player)
        split = [keyed[key] for key in sorted(keyed, reverse=not lowest_first)]
        ranked += _rank(split, rows, ranking[1:], winning)
    return ranked


def award(table: Sequence[Standing], prizes: Sequence[int]) -> list[Standing]:
    """``table`` with ``prizes`` (cents, first place first) paid out; players tied for a
    place share the prizes of the places they fill equally, odd cents going to the
    first of them in the table."""
    paid = []
    index = 0
    while index < len(table):
        group = [s for s in table if s.place == table[index].place]
        pot = sum(prizes[index : index + len(group)])
        share, odd = divmod(pot, len(group))
        paid += [
            Standing(**{**s.__dict__, "prize": share + (1 if k < odd else 0)})
            for k, s in enumerate(group)
        ]
        index += len(group)
    return paid


@dataclass(frozen=True)
class Payout:
    player: int
    points: int
    cents: int  # received when positive, paid when negative


def payout_sheet(points: Mapping[int, int], cents_per_point: int) -> list[Payout]:
    """What each player receives or pays for ``points`` won at the tables (rounds sat
    out are not paid), biggest winner first."""
    return [
        Payout(player, total, total * cents_per_point)
        for player, total in sorted(points.items(), key=lambda item: (-item[1], item[0]))
    ]
