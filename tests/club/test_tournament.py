"""A tournament kept in the real club database: format, register, drawn seats, round
control, progress and standings from the stored hands through the format's functions."""

from __future__ import annotations

import random
import uuid
from collections import Counter

import psycopg
import pytest
from psycopg.types.json import Jsonb

from scorekeeper.club import tournament as t
from scorekeeper.club.formats.redraw import redraw
from scorekeeper.club.formats.schedule import INDIVIDUAL, Schedule, booking_errors
from scorekeeper.club.formats.standings import award, credit_byes, round_results, standings
from scorekeeper.club.record import hand_payload
from scorekeeper.club.server import DATABASE
from scorekeeper.games.euchre import club as progressive_euchre
from scorekeeper.games.sheepshead import club as sheepshead_tournament
from tests.club.fixtures import code_for, connect_as
from tests.club.played import judged, play, send_hand, send_match

NAMES = [f"Player {n:02}" for n in range(1, 11)]


def euchre_event(admin, event, names=NAMES[:8], **chosen):
    t.configure(admin, event.event, progressive_euchre.FORMAT, {"rounds": 3, **chosen}, seed=4)
    for name in names:
        t.register(admin, event.event, name)


def draw(admin, event, round_no: int) -> None:
    _, settings, seed = t.event_format(admin, event.event)
    playing = t.playing_in(admin, event.event, round_no)
    chart = progressive_euchre.opening_schedule(len(playing), settings, seed)
    t.store_round(admin, event, t.seat_players(chart.rounds[round_no - 1], playing))


def push_hand(conn, match: str, hand: int, lines: list[tuple[str, int]], details=None):
    """The director's (or administrator's) record of a hand giving each named player (in
    seat order) the points, sides as a table's worker would send them (the first of each
    pair leads), with the outcome's ``details`` when given; the server numbers its
    revision, and it counts at once."""
    players = [
        {
            "player": name,
            "seat": k,
            "side": f"side {k % 2}",
            "lead": k < 2,
            "points": points,
            "cents": 0,
            "won": 0,
        }
        for k, (name, points) in enumerate(lines)
    ]
    conn.execute(
        "INSERT INTO club.hand_revisions (match_id, hand_no, record) VALUES (%s, %s, %s)",
        (match, hand, Jsonb({"players": players, "outcome": {"details": details or {}}})),
    )


def new_match(conn, event: str, round_no: int, table: int) -> str:
    match = str(uuid.uuid4())
    conn.execute(
        "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
        "VALUES (%s, %s, %s, %s, %s)",
        (match, event, round_no, table, Jsonb({})),
    )
    return match


def test_the_event_keeps_its_format_options_and_register(admin, event):
    euchre_event(admin, event, loner_five_four=True)
    fmt, settings, seed = t.event_format(admin, event.event)
    assert fmt is progressive_euchre.FORMAT
    assert settings["rounds"] == 3 and settings["loner_five_four"] is True
    assert settings["hands"] == 8 and seed == 4
    assert [p.name for p in t.players(admin, event.event)] == NAMES[:8]


def test_a_bad_option_is_refused_naming_it_and_nothing_is_stored(admin, event):
    with pytest.raises(t.TournamentError, match="Hands per round"):
        t.configure(admin, event.event, progressive_euchre.FORMAT, {"hands": 99})
    with pytest.raises(t.TournamentError, match="no tournament format"):
        t.event_format(admin, event.event)


def test_a_name_registered_twice_or_blank_is_refused(admin, event):
    euchre_event(admin, event, names=["Ann"])
    with pytest.raises(t.TournamentError, match="Ann is already registered"):
        t.register(admin, event.event, "  Ann ")
    with pytest.raises(t.TournamentError, match="needs a name"):
        t.register(admin, event.event, "   ")
    assert [p.name for p in t.players(admin, event.event)] == ["Ann"]


def test_no_shows_and_late_arrivals_are_seated_only_when_they_play(admin, event):
    euchre_event(admin, event, names=NAMES[:9])
    t.set_status(admin, event.event, NAMES[8], t.NO_SHOW)
    late = t.register(admin, event.event, "Late Larry", first_round=2)
    assert [p.name for p in t.playing_in(admin, event.event, 1)] == NAMES[:8]
    assert late.name in [p.name for p in t.playing_in(admin, event.event, 2)]
    draw(admin, event, 1)
    drawn = t.seating(admin, event.event, 1)
    assert sorted(drawn.seated()) == [p.number for p in t.playing_in(admin, event.event, 1)]
    with pytest.raises(t.TournamentError, match="is not registered"):
        t.set_status(admin, event.event, "Nobody", t.LEFT)


def test_a_sheepshead_draw_seats_those_who_sat_out_least_first(admin, event):
    t.configure(admin, event.event, sheepshead_tournament.FORMAT, {"rounds": 3})
    for name in NAMES[:7]:
        t.register(admin, event.event, name)
    out = [t.draw(admin, event, n).byes for n in (1, 2, 3)]
    assert all(len(byes) == 2 for byes in out)
    assert len(set(out[0] + out[1] + out[2])) == 6  # nobody sits out twice while others wait


def test_winners_move_up_draws_a_later_round_only_from_results(admin, event):
    euchre_event(admin, event, movement="move-up")
    with pytest.raises(t.TournamentError, match="round 2 follows from round 1"):
        t.draw(admin, event, 2)
    assert len(t.draw(admin, event, 1).tables) == 2
    with pytest.raises(t.TournamentError, match="table 1 of round 1 has no result yet"):
        t.draw(admin, event, 2)


def test_the_drawn_seats_read_back_as_the_movement_made_them(admin, event):
    euchre_event(admin, event, names=NAMES[:10])  # ten players: two sit out each round
    _, settings, seed = t.event_format(admin, event.event)
    chart = progressive_euchre.opening_schedule(10, settings, seed)
    for round_no in (1, 2, 3):
        draw(admin, event, round_no)
        assert t.seating(admin, event.event, round_no) == chart.rounds[round_no - 1]
    assert len(chart.rounds[0].byes) == 2
    assert len(event.tables) == 3  # the event had three tables; two are needed


def test_round_control_opens_only_the_started_round_to_its_tables(club_server, admin, event):
    euchre_event(admin, event)
    assert t.progress(admin, event.event, 1) == []
    with pytest.raises(t.TournamentError, match="round 1 has no seats"):
        t.start_round(admin, event.event, 1)
    draw(admin, event, 1)
    with connect_as(code_for(club_server, event, 1)) as table:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            new_match(table, event.event, 1, 1)  # not started yet
        t.start_round(admin, event.event, 1)
        seated = t.seating(admin, event.event, 1).tables[0].seats
        names = [NAMES[p] for p in seated]
        ledger = play(names, hands=2)
        match = send_match(table, event.event, 1, 1, ledger)
        send_hand(table, match, 0, hand_payload(ledger, 0))
        judged(club_server)
        (first, second) = t.progress(admin, event.event, 1)
        assert (first.names, first.hands, first.playing) == (tuple(names), 1, True)
        assert (second.hands, second.playing) == (0, True)
        t.end_round(admin, event.event, 1)
        assert not any(p.playing for p in t.progress(admin, event.event, 1))
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            send_hand(table, match, 1, hand_payload(ledger, 1))
    with pytest.raises(t.TournamentError, match="round 1 has started"):
        draw(admin, event, 1)


def test_the_director_steers_the_register_and_a_table_cannot(club_server, admin, event):
    euchre_event(admin, event, names=[])
    with connect_as(event.director_code("127.0.0.1", club_server.port, DATABASE, None)) as director:
        t.register(director, event.event, "Ann")
    with connect_as(code_for(club_server, event, 1)) as table:
        assert [p.name for p in t.players(table, event.event)] == ["Ann"]
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            t.register(table, event.event, "Bob")


def test_standings_from_stored_hands_equal_the_pure_functions(admin, event):
    """Random points at every table of three rounds with two players sitting out: the
    standings read from the database equal the format's functions over the same hands."""
    euchre_event(admin, event, names=NAMES[:10])
    rng = random.Random(7)
    hands, tables, byes = [], {}, {}
    for round_no in (1, 2, 3):
        draw(admin, event, round_no)
        t.start_round(admin, event.event, round_no)
        drawn = t.seating(admin, event.event, round_no)
        byes[round_no] = drawn.byes
        for table in drawn.tables:
            tables[round_no, table.number] = table.sides(progressive_euchre.FORMAT.seating)
            match = new_match(admin, event.event, round_no, table.number)
            for hand in range(4):
                won = rng.randrange(2)
                points = [rng.choice((1, 2, 4)) if seat % 2 == won else 0 for seat in range(4)]
                for factor in (1, 2):  # a correction: only the latest counts
                    push_hand(
                        admin,
                        match,
                        hand,
                        [(NAMES[p], points[s] * factor) for s, p in enumerate(table.seats)],
                    )
                hands += [
                    (round_no, table.number, p, 2 * points[s]) for s, p in enumerate(table.seats)
                ]
    prizes = [3000, 2000, 1000]
    expected = award(
        standings(
            credit_byes(round_results(hands, tables), byes, "average"),
            ["points", "wins"],
            range(10),
        ),
        prizes,
    )
    assert t.event_standings(admin, event.event, prizes) == expected
    assert sum(s.prize for s in expected) == sum(prizes)


def test_a_sheepshead_sit_out_scores_by_its_own_option(admin, event):
    fmt = sheepshead_tournament.FORMAT
    t.configure(admin, event.event, fmt, {"sit_out": "zero"})
    for name in NAMES[:6]:
        t.register(admin, event.event, name)
    drawn = redraw(1, range(6), Counter(), random.Random(1))
    t.store_round(admin, event, drawn)
    assert booking_errors(Schedule(6, (drawn,), INDIVIDUAL, "draw")) == []
    t.start_round(admin, event.event, 1)
    match = new_match(admin, event.event, 1, 1)
    push_hand(admin, match, 0, [(NAMES[p], 3) for p in drawn.tables[0].seats])
    rows = {s.player: s for s in t.event_standings(admin, event.event)}
    assert rows[drawn.byes[0]].points == 0
    assert [rows[p].points for p in drawn.tables[0].seats] == [3] * 5


def test_a_paper_card_entered_and_corrected_by_the_director_is_logged(club_server, admin, event):
    euchre_event(admin, event)
    draw(admin, event, 1)
    t.start_round(admin, event.event, 1)
    t.end_round(admin, event.event, 1)  # the card comes in after the round
    seated = t.seating(admin, event.event, 1).tables[1].seats
    code = event.director_code("127.0.0.1", club_server.port, DATABASE, None)
    with connect_as(code) as director:
        with pytest.raises(t.TournamentError, match="hand 2 needs a score for each of the 4"):
            t.enter_card(director, event.event, 1, 2, [[1, 0, 1, 0], [2, 0, 2]])
        assert t.changes(director, event.event) == []
        match = t.enter_card(director, event.event, 1, 2, [[1, 0, 1, 0], [0, 2, 0, 2]])
        assert t.correct(director, match, 2, [0, 4, 0, 4]) == 2
        with pytest.raises(t.TournamentError, match="no hand 3"):
            t.correct(director, match, 3, [0, 4, 0, 4])
        log = t.changes(director, event.event)
    assert [(c.table, c.hand, c.revision, c.by) for c in log] == [
        (2, 1, 1, event.director.role),
        (2, 2, 1, event.director.role),
        (2, 2, 2, event.director.role),
    ]
    points = {s.player: s.points for s in t.event_standings(admin, event.event)}
    assert [points[p] for p in seated] == [1, 4, 1, 4]
    lines = t.hands_csv(admin, event.event).splitlines()
    assert lines[0] == "round,table,hand,revision,recorded by,player,seat,points"
    assert lines[-1] == f"1,2,2,2,{event.director.role},{NAMES[seated[3]]},3,4"
