"""The Sheepshead mixing redraw keeps apart players who already shared a table: no two
players of different tables could change places and seat fewer pairs together again, and
over a night nobody shares a table much more often than counting forces."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.club.formats.base import Past
from scorekeeper.club.formats.redraw import TABLE, redraw
from scorekeeper.club.formats.schedule import INDIVIDUAL, Round, Schedule, booking_errors
from scorekeeper.games.sheepshead import club as sheepshead_tournament

MIXING = sheepshead_tournament.FORMAT.settings({"movement": "random"})


def night(players: int, rounds: int, seed: int = 1) -> tuple[Round, ...]:
    """A night drawn through the format, each round following from the rounds before."""
    made: list[Round] = []
    for number in range(1, rounds + 1):
        sat_out = Counter(p for r in made for p in r.byes)
        made.append(
            sheepshead_tournament.draw_round(
                players, MIXING, seed, number, Past(sat_out, tuple(made))
            )
        )
    return tuple(made)


def table_mates(rounds: tuple[Round, ...]) -> Counter[frozenset[int]]:
    """How often each two players shared a table, counted here from the seats."""
    return Counter(
        frozenset(pair) for r in rounds for t in r.tables for pair in combinations(t.seats, 2)
    )


def weight(tables: list[list[int]], met: Counter[frozenset[int]]) -> list[int]:
    """How many pairs a seating seats together again, by how often they met before (most
    first): a pair meeting a third time weighs more than any number meeting a second."""
    times = Counter(met[frozenset(pair)] for t in tables for pair in combinations(t, 2))
    return [times[k] for k in range(len(tables) * 12, 0, -1)]


@given(
    players=st.integers(10, 40),
    earlier=st.integers(1, 6),
    seed=st.integers(0, 2**16),
)
@settings(max_examples=40, deadline=None)
def test_no_two_players_could_change_places_and_seat_fewer_pairs_together_again(
    players, earlier, seed
):
    made = night(players, earlier + 1, seed)
    met = table_mates(made[:-1])
    tables = [list(t.seats) for t in made[-1].tables]
    drawn = weight(tables, met)
    for i, j in combinations(range(len(tables)), 2):
        for a in range(TABLE):
            for b in range(TABLE):
                swapped = [list(t) for t in tables]
                swapped[i][a], swapped[j][b] = tables[j][b], tables[i][a]
                assert weight(swapped, met) >= drawn


@pytest.mark.parametrize("rounds", [4, 12], ids=lambda r: f"{r} rounds")
@pytest.mark.parametrize("players", range(10, 61, 5), ids=lambda n: f"{n} players")
def test_over_a_night_nobody_shares_a_table_much_more_often_than_counting_forces(players, rounds):
    """A player who plays ``k`` rounds sits with 4k others among all the others, so some
    pair shares a table at least 4k / (players - 1) times, rounded up: the redraw keeps
    every pair within one of that."""
    made = night(players, rounds)
    assert booking_errors(Schedule(players, made, INDIVIDUAL, "draw")) == []
    sat_out = Counter(p for r in made for p in r.byes)
    played = max(rounds - sat_out[p] for p in range(players))
    fewest = -(-(TABLE - 1) * played // (players - 1))
    assert max(table_mates(made).values()) <= fewest + 1
    assert max(sat_out[p] for p in range(players)) - min(sat_out[p] for p in range(players)) <= 1


def test_a_default_night_of_4_rounds_from_35_players_seats_no_pair_together_twice():
    """A redraw at random put pairs together 3 to 5 times in such a night."""
    rounds = sheepshead_tournament.FORMAT.settings()["rounds"]
    for players in range(35, 101):
        assert max(table_mates(night(players, rounds)).values()) == 1, players


def test_the_same_seed_draws_the_same_seats():
    assert night(23, 4, seed=7) == night(23, 4, seed=7)


def test_a_redraw_by_the_standings_still_seats_the_top_five_together():
    met = Counter({frozenset((0, 1)): 3})
    drawn = redraw(2, range(10), Counter(), random.Random(1), list(range(10)), met)
    assert [t.seats for t in drawn.tables] == [(0, 1, 2, 3, 4), (5, 6, 7, 8, 9)]
