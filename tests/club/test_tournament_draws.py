"""Draws that follow from the stored results (winners move up, Sheepshead by the
standings), the tournament's scoring options in the stored standings, and the printed
movement of a night with no-shows, against the real club database."""

from __future__ import annotations

import io
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import create_event
from scorekeeper.club.formats.move_up import next_round
from scorekeeper.club.formats.schedule import PARTNERS, Schedule, booking_errors
from scorekeeper.games.euchre import club as progressive_euchre
from scorekeeper.games.euchre.club import hand_points
from scorekeeper.games.sheepshead import club as sheepshead_tournament
from tests.club.test_tournament import NAMES, new_match, push_hand

DB = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
OUTCOMES = [
    ((2, 0), {"maker": 0, "alone": False, "result": "march"}),
    ((1, 0), {"maker": 2, "alone": False, "result": "made"}),
    ((0, 2), {"maker": 0, "alone": False, "result": "euchred"}),
    ((4, 0), {"maker": 0, "alone": True, "result": "alone march"}),
    ((0, 4), {"maker": 3, "alone": True, "result": "alone march"}),
    ((1, 0), {"maker": 2, "alone": True, "result": "alone made"}),
    ((0, 2), {"maker": 2, "alone": True, "result": "euchred"}),
    ((2, 0), {"maker": 1, "alone": True, "result": "euchred"}),
]


def play_round(admin, event, round_no: int, tables_points) -> None:
    """Store one hand per table of ``round_no``, giving each seat its points."""
    drawn = t.seating(admin, event.event, round_no)
    t.start_round(admin, event.event, round_no)
    names = [p.name for p in t.players(admin, event.event)]
    for table, points in zip(drawn.tables, tables_points, strict=False):
        match = new_match(admin, event.event, round_no, table.number)
        push_hand(
            admin, match, 0, [(names[p], n) for p, n in zip(table.seats, points, strict=True)]
        )
    t.end_round(admin, event.event, round_no)


@DB
@given(scores=st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=9, max_size=9))
def test_winners_move_up_follows_the_stored_results(admin, scores):
    """Twelve players, three rounds: each later round is the movement's next round
    from the sides that scored more at each table (a tie: the last hand decides)."""
    event = create_event(admin, "Move up", tables=3)
    t.configure(admin, event.event, progressive_euchre.FORMAT, {"movement": "move-up"}, seed=5)
    for name in [*NAMES[:10], "Kay", "Lee"]:
        t.register(admin, event.event, name)
    t.draw(admin, event, 1)
    played = []
    for round_no in (1, 2, 3):
        drawn = t.seating(admin, event.event, round_no)
        played.append(drawn)
        tables = scores[3 * (round_no - 1) : 3 * round_no]
        play_round(admin, event, round_no, [(a, b, a, b) for a, b in tables])
        if round_no == 3:
            break
        winners = {
            table.number: int(b > a) for table, (a, b) in zip(drawn.tables, tables, strict=True)
        }  # a tie: the only hand is the last, level too, so seats 1 & 3 go up
        expected = next_round(Schedule(12, tuple(played), PARTNERS, "draw"), winners)
        assert t.draw(admin, event, round_no + 1) == expected
        assert booking_errors(Schedule(12, (expected,), PARTNERS, "draw")) == []


def test_a_tied_table_is_decided_by_the_last_hand_that_set_the_sides_apart(admin, event):
    t.configure(admin, event.event, progressive_euchre.FORMAT, {"movement": "move-up"})
    for name in NAMES[:4]:
        t.register(admin, event.event, name)
    first = t.draw(admin, event, 1).tables[0]
    t.start_round(admin, event.event, 1)
    match = new_match(admin, event.event, 1, 1)
    for hand, (a, b) in enumerate([(0, 2), (2, 1), (1, 0), (0, 0)]):  # 3 all: the 3rd decides
        lines = [(NAMES[p], (a, b)[s % 2]) for s, p in enumerate(first.seats)]
        push_hand(admin, match, hand, lines)
    before = Schedule(4, (t.seating(admin, event.event, 1),), PARTNERS, "draw")
    assert t.draw(admin, event, 2) == next_round(before, {1: 0})
    assert t.draw(admin, event, 2) != next_round(before, {1: 1})


@DB
@given(seed=st.integers(0, 1000), players=st.integers(10, 17))
def test_sheepshead_by_standings_seats_the_top_five_together(admin, seed, players):
    """After round 1, the players seated (those sitting out aside) sit in standings
    order: the best five at table 1, the next five at table 2."""
    rng = random.Random(seed)
    event = create_event(admin, "By standings", tables=3)
    fmt = sheepshead_tournament.FORMAT
    t.configure(admin, event.event, fmt, {"movement": "standings", "rounds": 3}, seed=seed)
    for name in (NAMES + [f"Extra {n}" for n in range(10)])[:players]:
        t.register(admin, event.event, name)
    for round_no in (1, 2):
        drawn = t.draw(admin, event, round_no)
        if round_no > 1:
            ranking = [s.player for s in t.event_standings(admin, event.event)]
            seated = [p for p in ranking if p not in drawn.byes]
            assert drawn.seated() == seated[: len(drawn.seated())]
            assert len(drawn.byes) == players % 5
        play_round(admin, event, round_no, [[rng.randrange(-6, 7) for _ in range(5)]] * 3)


@DB
@given(hands=st.lists(st.sampled_from(range(len(OUTCOMES))), min_size=1, max_size=12),
       five_four=st.booleans(), three=st.booleans())  # fmt: skip
def test_stored_standings_apply_the_loner_options(admin, hands, five_four, three):
    """Hands recorded as the game scores them (each seat its side's points, the outcome's
    details): the stored standings give each seat what the format's options say."""
    event = create_event(admin, "Loners", tables=1)
    chosen = {"loner_five_four": five_four, "euchred_loner_three": three, "rounds": 1}
    options = t.configure(admin, event.event, progressive_euchre.FORMAT, chosen)
    for name in NAMES[:4]:
        t.register(admin, event.event, name)
    table = t.draw(admin, event, 1).tables[0]
    t.start_round(admin, event.event, 1)
    match = new_match(admin, event.event, 1, 1)
    expected = dict.fromkeys(table.seats, 0)
    for number, which in enumerate(hands):
        sides, details = OUTCOMES[which]
        lines = [(NAMES[p], sides[s % 2]) for s, p in enumerate(table.seats)]
        push_hand(admin, match, number, lines, details=details)
        for p, n in zip(table.seats, hand_points(sides, details, options), strict=True):
            expected[p] += n
    found = {s.player: s.points for s in t.event_standings(admin, event.event)}
    assert found == expected


def test_the_movement_prints_no_card_for_a_no_show(admin, event):
    t.configure(admin, event.event, progressive_euchre.FORMAT, {"rounds": 2})
    for name in NAMES[:9]:
        t.register(admin, event.event, name)
    t.set_status(admin, event.event, NAMES[8], t.NO_SHOW)
    t.draw(admin, event, 1)
    t.draw(admin, event, 2)
    reader = PdfReader(io.BytesIO(t.movement_pdf(admin, event.event)))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert NAMES[8] not in text
    assert all(f"{name}: where you sit" in text for name in NAMES[:8])
