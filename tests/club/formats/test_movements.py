"""Movements checked as the rulebook asks: the circle method pairs everyone once, winners
move up, every player sits at one seat or has the bye each round, Berger tables meet every
pair of teams once."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.club.formats.berger import berger
from scorekeeper.club.formats.move_up import first_round, next_round
from scorekeeper.club.formats.redraw import TABLE, redraw
from scorekeeper.club.formats.round_robin import circle_pairs
from scorekeeper.club.formats.schedule import (
    PARTNERS,
    Schedule,
    booking_errors,
    opponent_counts,
    partner_counts,
    report,
)

COUNTS = st.integers(min_value=8, max_value=48)


@pytest.mark.parametrize("players", [9, 10, 11, 12])
def test_the_circle_method_pairs_every_two_players_exactly_once(players):
    rounds = players - 1 if players % 2 == 0 else players
    pairs = Counter(
        frozenset(pair) for index in range(rounds) for pair in circle_pairs(players, index)
    )
    real = [pair for pair in pairs if -1 not in pair]
    assert len(real) == players * (players - 1) // 2
    assert set(pairs.values()) == {1}


@given(players=COUNTS, seed=st.integers(0, 2**16), rounds=st.integers(2, 9))
@settings(max_examples=40, deadline=None)
def test_winners_move_up_keeps_everyone_booked_and_winners_climb(players, seed, rounds):
    rng = random.Random(seed)
    schedule = Schedule(players, (first_round(players, seed),), PARTNERS, "draw")
    for _ in range(rounds - 1):
        last = schedule.rounds[-1]
        winners = {table.number: rng.randrange(2) for table in last.tables}
        following = next_round(schedule, winners)
        for table in last.tables[1:]:
            for player in table.sides(PARTNERS)[winners[table.number]]:
                moved = following.table_of(player)
                assert moved is None or moved.number == table.number - 1
        schedule = Schedule(players, (*schedule.rounds, following), PARTNERS, "move-up")
    assert booking_errors(schedule) == []
    found = report(schedule)
    assert found.byes_max - found.byes_min <= 1


def test_winners_move_up_needs_every_table_s_winner():
    schedule = Schedule(12, (first_round(12),), PARTNERS, "draw")
    with pytest.raises(ValueError, match="no winner given for table 3"):
        next_round(schedule, {1: 0, 2: 1})


def test_head_table_losers_go_to_the_foot_and_the_head_table_winners_stay():
    schedule = Schedule(12, (first_round(12, seed=3),), PARTNERS, "draw")
    head = schedule.rounds[0].tables[0]
    following = next_round(schedule, {1: 0, 2: 0, 3: 0})
    winners, losers = head.sides(PARTNERS)
    assert {following.table_of(p).number for p in winners} == {1}
    assert {following.table_of(p).number for p in losers} == {3}
    for table in following.tables:
        first, second = table.sides(PARTNERS)
        assert partner_counts(schedule)[frozenset(first)] == 0
        assert partner_counts(schedule)[frozenset(second)] == 0


@given(teams=st.integers(2, 24))
def test_berger_tables_meet_every_team_once(teams):
    schedule = berger(teams)
    assert booking_errors(schedule) == []
    assert len(schedule.rounds) == (teams - 1 if teams % 2 == 0 else teams)
    met = opponent_counts(schedule)
    assert [met[frozenset(pair)] for pair in combinations(range(teams), 2)] == [1] * (
        teams * (teams - 1) // 2
    )
    assert all(len(r.byes) == teams % 2 for r in schedule.rounds)


@given(
    players=st.integers(5, 48),
    rounds=st.integers(1, 6),
    by_standings=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_sheepshead_redraws_seat_five_and_rotate_who_sits_out(players, rounds, by_standings, seed):
    rng = random.Random(seed)
    sat_out: Counter[int] = Counter()
    made = []
    for number in range(1, rounds + 1):
        order = rng.sample(range(players), players) if by_standings else None
        round_ = redraw(number, range(players), sat_out, rng, order)
        assert all(len(t.seats) == TABLE for t in round_.tables)
        assert len(round_.byes) == players % TABLE
        if order is not None:
            assert [p for t in round_.tables for p in t.seats] == [
                p for p in order if p not in round_.byes
            ]
        sat_out.update(round_.byes)
        made.append(round_)
    assert booking_errors(Schedule(players, tuple(made), "individual", "draw")) == []
    counts = [sat_out[p] for p in range(players)]
    assert max(counts) - min(counts) <= 1
