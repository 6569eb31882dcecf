"""The movements the issue counted, counted again here straight from the seats (seats 1 & 3
partner against seats 2 & 4)."""

from collections import Counter
from itertools import combinations

from scorekeeper.club.formats.base import Past
from scorekeeper.club.formats.round_robin import round_robin
from scorekeeper.club.formats.schedule import Round
from scorekeeper.games.euchre import club as progressive_euchre


def met(rounds: tuple[Round, ...]) -> tuple[Counter[frozenset[int]], Counter[frozenset[int]]]:
    """How often each two players partnered, and how often they met as opponents."""
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    for drawn in rounds:
        for table in drawn.tables:
            a, b, c, d = table.seats
            partners.update([frozenset((a, c)), frozenset((b, d))])
            opponents.update(frozenset((x, y)) for x in (a, c) for y in (b, d))
    return partners, opponents


def test_12_players_over_the_whole_chart_meet_every_opponent_exactly_twice():
    """The chart the issue counted had 17 pairs meeting more than twice."""
    partners, opponents = met(round_robin(12).rounds)
    pairs = [frozenset(pair) for pair in combinations(range(12), 2)]
    assert [partners[pair] for pair in pairs] == [1] * 66
    assert [opponents[pair] for pair in pairs] == [2] * 66


def test_48_players_over_an_8_round_night_meet_nobody_twice():
    """The chart the issue counted had 24 pairs meeting more than once."""
    partners, opponents = met(round_robin(48, 8).rounds)
    assert max(partners.values()) == max(opponents.values()) == 1


def test_8_players_for_the_default_8_rounds_are_drawn_with_the_fewest_repeats():
    """8 rounds of 2 tables make 32 partnerships among 28 pairs (4 must repeat) and give
    each player 16 opponents among 7 others (some pair meets 3 times): the 8th round
    repeats the first, and every other pair meets twice. The issue's 8 players could not
    be drawn at all ("from 1 to 7 rounds")."""
    settings = progressive_euchre.FORMAT.settings()
    assert settings["rounds"] == 8
    night = tuple(
        progressive_euchre.draw_round(8, settings, 3, number, Past()) for number in range(1, 9)
    )
    assert [sorted(p for t in r.tables for p in t.seats) for r in night] == [list(range(8))] * 8
    partners, opponents = met(night)
    assert sum(n - 1 for n in partners.values()) == 4
    assert max(opponents.values()) == 3
    assert sorted(opponents.values()) == [2] * 20 + [3] * 8
