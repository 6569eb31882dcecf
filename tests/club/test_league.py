"""A Spades league in the real club database: fixed partnerships on the register, the
Berger tables drawn for the teams, and standings by matches won, then points, then
head-to-head, from the hands stored by the tables."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import create_event
from scorekeeper.club.formats.berger import berger
from scorekeeper.club.formats.schedule import TEAMS
from scorekeeper.club.formats.standings import ZERO, credit_byes, round_results, standings
from scorekeeper.games.spades import club as spades_league
from tests.club.test_tournament import new_match, push_hand

TEAM_NAMES = ["Aces", "Bowers", "Clubs", "Deuces", "Eights", "Faces"]


def league(admin, teams: int, **chosen):
    event = create_event(admin, "Spades league", tables=1)
    t.configure(admin, event.event, spades_league.FORMAT, {"match_end": "hands", **chosen})
    for name in TEAM_NAMES[:teams]:
        t.register_team(admin, event.event, name, [f"{name} north", f"{name} south"])
    return event


def play_match(admin, event, round_no: int, table, hands: list[tuple[int, int]]) -> None:
    """The hands of one match as a table records them: every player's line carries the
    points of their side; partners sit opposite."""
    seated = t.table_players(admin, event.event, table)
    match = new_match(admin, event.event, round_no, table.number)
    for number, (first, second) in enumerate(hands):
        push_hand(
            admin, match, number, [(name, (first, second)[s % 2]) for s, name in enumerate(seated)]
        )


def test_a_team_is_two_players_each_in_one_team(admin):
    event = league(admin, 2)
    assert t.partners(admin, event.event) == {
        0: ("Aces north", "Aces south"),
        1: ("Bowers north", "Bowers south"),
    }
    with pytest.raises(t.TournamentError, match="Aces north already plays for Aces"):
        t.register_team(admin, event.event, "Cards", ["aces north", "Cy"])
    with pytest.raises(t.TournamentError, match="Cards needs the names of its two players"):
        t.register_team(admin, event.event, "Cards", ["Cy"])
    with pytest.raises(t.TournamentError, match="Cy cannot partner themself"):
        t.register_team(admin, event.event, "Cards", ["Cy", "cy"])
    assert [p.name for p in t.players(admin, event.event)] == ["Aces", "Bowers"]


def test_the_league_draws_the_berger_tables_and_seats_partners_opposite(admin):
    event = league(admin, 5)
    chart = berger(5)
    for round_no in (1, 2):
        drawn = t.draw(admin, event, round_no)
        assert drawn == chart.rounds[round_no - 1]
    table = drawn.tables[0]
    home, away = (TEAM_NAMES[n] for n in table.seats)
    assert t.table_players(admin, event.event, table) == [
        f"{home} north", f"{away} north", f"{home} south", f"{away} south"
    ]  # fmt: skip
    with pytest.raises(t.TournamentError, match="5 teams has 5 rounds, not 6"):
        t.draw(admin, event, 6)


MATCH = st.lists(st.tuples(st.integers(-100, 200), st.integers(-100, 200)), min_size=1, max_size=3)


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(teams=st.integers(3, 6), matches=st.lists(MATCH, min_size=15, max_size=15))
def test_league_standings_follow_the_stored_matches(admin, teams, matches):
    """Every round of the Berger tables played with random hands: the standings equal
    the format's functions over the teams' match points (each team counted once, not
    once per player), ranked by wins, then points, then head-to-head."""
    event = league(admin, teams)
    hands, tables, byes = [], {}, {}
    games = iter(matches)
    for round_no in range(1, len(berger(teams).rounds) + 1):
        drawn = t.draw(admin, event, round_no)
        byes[round_no] = drawn.byes  # an odd count: one team sits out and scores nothing
        t.start_round(admin, event.event, round_no)
        for table in drawn.tables:
            played = next(games)
            play_match(admin, event, round_no, table, played)
            tables[round_no, table.number] = table.sides(TEAMS)
            for first, second in played:
                hands += [
                    (round_no, table.number, table.seats[0], first),
                    (round_no, table.number, table.seats[1], second),
                ]
        t.end_round(admin, event.event, round_no)
    results = credit_byes(round_results(hands, tables), byes, ZERO)
    expected = standings(results, ["wins", "points", "head_to_head"], range(teams))
    assert t.event_standings(admin, event.event) == expected


def test_head_to_head_breaks_a_tie_on_wins_and_points(admin):
    """Aces and Bowers both win two matches with 250 points, Aces beating Bowers;
    Clubs and Deuces both win one with 150, Deuces beating Clubs."""
    event = league(admin, 4)
    results = {
        frozenset({"Aces", "Bowers"}): {"Aces": 100, "Bowers": 50},
        frozenset({"Aces", "Clubs"}): {"Aces": 50, "Clubs": 150},
        frozenset({"Aces", "Deuces"}): {"Aces": 100, "Deuces": 0},
        frozenset({"Bowers", "Clubs"}): {"Bowers": 100, "Clubs": 0},
        frozenset({"Bowers", "Deuces"}): {"Bowers": 100, "Deuces": 50},
        frozenset({"Clubs", "Deuces"}): {"Clubs": 0, "Deuces": 100},
    }
    for round_no in (1, 2, 3):
        drawn = t.draw(admin, event, round_no)
        t.start_round(admin, event.event, round_no)
        for table in drawn.tables:
            home, away = (TEAM_NAMES[n] for n in table.seats)
            points = results[frozenset({home, away})]
            play_match(admin, event, round_no, table, [(points[home], points[away])])
    found = [
        (s.place, TEAM_NAMES[s.player], s.wins, s.points, s.tied)
        for s in t.event_standings(admin, event.event)
    ]
    assert found == [
        (1, "Aces", 2, 250, False),
        (2, "Bowers", 2, 250, False),
        (3, "Deuces", 1, 150, False),
        (4, "Clubs", 1, 150, False),
    ]


@pytest.mark.parametrize(
    ("chosen", "playing"),
    [
        pytest.param({"match_end": "points"}, True, id="a match to 500 plays on after 12 hands"),
        pytest.param({"match_end": "hands", "hands": 12}, False, id="a match of 12 hands ends"),
    ],
)
def test_a_match_is_over_by_the_leagues_own_rule(admin, chosen, playing):
    event = league(admin, 2, **chosen)
    drawn = t.draw(admin, event, 1)
    t.start_round(admin, event.event, 1)
    play_match(admin, event, 1, drawn.tables[0], [(20, 30)] * 12)
    (table,) = t.progress(admin, event.event, 1)
    assert (table.hands, table.playing) == (12, playing)
    home, away = (TEAM_NAMES[n] for n in drawn.tables[0].seats)
    assert table.names == (f"{home} north", f"{away} north", f"{home} south", f"{away} south")
