"""Standings from per-round results: totals, the format's tie-breaks, bye policies,
prizes shared by tied players, the Sheepshead payout sheet."""

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.club.formats.standings import (
    AVERAGE,
    FIXED,
    ZERO,
    RoundResult,
    award,
    credit_byes,
    payout_sheet,
    round_results,
    standings,
)


def test_round_results_add_up_hands_and_mark_the_side_that_won():
    hands = [(1, 1, 0, 2), (1, 1, 2, 2), (1, 1, 1, 1), (1, 1, 3, 1), (1, 1, 1, 4), (1, 1, 3, 5)]
    results = round_results(hands, {(1, 1): ((0, 2), (1, 3))})
    by_player = {r.player: r for r in results}
    assert [by_player[p].points for p in range(4)] == [2, 5, 2, 6]
    assert [by_player[p].won for p in range(4)] == [False, True, False, True]
    assert by_player[0].opponents == (1, 3)


def test_a_level_table_has_no_winner():
    results = round_results([(2, 3, 7, 4), (2, 3, 8, 4)], {(2, 3): ((7,), (8,))})
    assert [r.won for r in results] == [False, False]


def test_bye_policies_credit_the_named_score():
    played = [RoundResult(1, 5, 7), RoundResult(2, 5, 8)]
    byes = {3: [5]}
    assert credit_byes(played, byes, AVERAGE)[-1] == RoundResult(3, 5, 8, bye=True)  # 7.5 up
    assert credit_byes(played, byes, FIXED, 4)[-1].points == 4
    assert credit_byes(played, byes, ZERO)[-1].points == 0


def test_spades_ties_go_to_matches_won_then_points_then_head_to_head():
    # teams 0, 1, 2 each won one match; 0 and 1 level on points; 1 beat 0
    results = [
        RoundResult(1, 1, 500, True, (0,)),
        RoundResult(1, 0, 400, False, (1,)),
        RoundResult(2, 0, 500, True, (2,)),
        RoundResult(2, 2, 300, False, (0,)),
        RoundResult(3, 2, 520, True, (1,)),
        RoundResult(3, 1, 400, False, (2,)),
    ]
    table = standings(results, ("wins", "points", "head_to_head"))
    assert [(s.place, s.player, s.points, s.tied) for s in table] == [
        (1, 1, 900, False),
        (2, 0, 900, False),
        (3, 2, 820, False),
    ]


def test_players_level_on_every_key_share_a_place_and_its_prizes():
    results = [RoundResult(1, p, points) for p, points in enumerate([10, 8, 8, 3])]
    table = award(standings(results, ("points",)), [5000, 3000, 1001])
    assert [(s.place, s.player, s.tied, s.prize) for s in table] == [
        (1, 0, False, 5000),
        (2, 1, True, 2001),
        (2, 2, True, 2000),
        (4, 3, False, 0),
    ]


def test_the_payout_sheet_pays_points_at_the_rate_chosen():
    sheet = payout_sheet({3: -6, 1: 10, 2: -4}, 25)
    assert [(p.player, p.points, p.cents) for p in sheet] == [
        (1, 10, 250),
        (2, -4, -100),
        (3, -6, -150),
    ]


RESULTS = st.lists(
    st.builds(
        RoundResult,
        round=st.integers(1, 6),
        player=st.integers(0, 11),
        points=st.integers(-20, 30),
        won=st.booleans(),
        opponents=st.tuples(st.integers(0, 11)),
    ),
    max_size=60,
)


@given(RESULTS, st.lists(st.integers(0, 10_000), max_size=5))
def test_standings_keep_every_point_and_order_and_prizes_add_up(results, prizes):
    ranking = ("points", "wins", "head_to_head", "best_round")
    table = award(standings(results, ranking, range(12)), prizes)
    assert sorted(s.player for s in table) == list(range(12))
    assert sum(s.points for s in table) == sum(r.points for r in results)
    assert [s.place for s in table] == sorted(s.place for s in table)
    assert all(a.points >= b.points for a, b in pairwise(table))
    for standing in table:
        level = [s for s in table if s.place == standing.place]
        assert standing.tied == (len(level) > 1)
    assert sum(s.prize for s in table) == sum(prizes[: len(table)])
