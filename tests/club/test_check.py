"""`scorekeeper club check`: every hand that counts is judged by what it carries, against
the real club database. A table's record of play is replayed, its points included; a
paper score card typed at the desk or a director's correction has its points, its seats,
its players and the round's hands checked; a take-back is a hand like any other; and a
row stored before the server was the referee is judged too."""

from __future__ import annotations

import copy
import subprocess
import sys
import uuid
from collections.abc import Callable

import psycopg
import pytest
from psycopg.types.json import Jsonb

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import create_event
from scorekeeper.club.record import hand_payload, match_payload
from scorekeeper.club.referee import DIFFERS, NOT_DRAWN, judge_pending
from scorekeeper.club.replay import MISSHAPEN, check_event
from scorekeeper.club.schema import migrate
from scorekeeper.games.euchre import club as progressive_euchre
from scorekeeper.games.sheepshead import club as sheepshead_tournament
from scorekeeper.ledger import Ledger
from tests.club.drawn import NAMES, Night, drawn_night
from tests.club.played import play, send, send_hand, send_match
from tests.club.test_schema import fresh  # noqa: F401  (a fixture)


@pytest.fixture
def night(club_server, gateway, admin, tmp_path) -> Night:
    return drawn_night(admin, club_server, gateway, tmp_path, "Checked night")


def flagged(admin: psycopg.Connection, night: Night) -> list[tuple[int, int, str]]:
    """What the check flags: (table, hand from 1, why)."""
    judge_pending(admin)  # as `club check` does first
    return [(f.table, f.hand + 1, f.why) for f in check_event(admin, night.event.event)]


def taken_back(ledger: Ledger) -> Ledger:
    """``ledger`` with its last hand taken back, event by event, until it is gone."""
    hands = len(ledger.hands)
    while len(ledger.hands) == hands:
        ledger.undo()
    return ledger


# -- what is right is not flagged -------------------------------------------------------


def test_a_night_of_laptops_take_backs_and_paper_score_cards_checks_clean(night, admin):
    """The pre-referee check crashed on a paper score card (no dealer) and flagged a
    hand taken back (no dealer either)."""
    played = play(night.names[1], hands=3)
    with night.login(1) as table:
        match = send(table, night.event.event, 1, 1, played)
        send_hand(table, match, 2, hand_payload(taken_back(played), 2), table_revision=2)
        unfinished = play(night.names[1], hands=3, seed=5)
        unfinished.undo()  # a card taken back: the hand is under way again
        again = send_match(table, night.event.event, 1, 1, unfinished)
        for hand in range(3):
            send_hand(table, again, hand, hand_payload(unfinished, hand))
    t.enter_card(admin, night.event.event, 1, 2, [[1, 0, 1, 0], [0, 2, 0, 2], [4, 0, 4, 0]])
    assert flagged(admin, night) == []
    assert t.progress(admin, night.event.event, 1)[0].hands == 4  # 2 + 2 finished hands


@pytest.mark.parametrize(
    ("chosen", "card"),
    [
        pytest.param({}, [[0, 0, 0, 0]], id="everyone passed"),
        pytest.param({}, [[0, 4, 0, 4]], id="a loner's march"),
        pytest.param({"loner_five_four": True}, [[5, 0, 4, 0]], id="a loner's 5 and 4"),
        pytest.param({"euchred_loner_three": True}, [[0, 3, 0, 3]], id="a euchred loner's 3"),
    ],
)
def test_a_score_card_of_points_a_hand_can_give_is_not_flagged(
    club_server, gateway, admin, tmp_path, chosen, card
):
    night = drawn_night(admin, club_server, gateway, tmp_path, "Checked night", **chosen)
    t.enter_card(admin, night.event.event, 1, 2, card)
    assert flagged(admin, night) == []


# -- a score card, or a correction, whose points cannot be right ------------------------


def director_hand(conn: psycopg.Connection, match: str, hand: int, names, points) -> None:
    """A hand given as points, as the desk stores a score card or a correction."""
    lines = [
        {"player": n, "seat": k, "side": n, "lead": True, "points": p, "cents": 0, "won": 0}
        for k, (n, p) in enumerate(zip(names, points, strict=True))
    ]
    conn.execute(
        "INSERT INTO club.hand_revisions (match_id, hand_no, record) VALUES (%s, %s, %s)",
        (match, hand, Jsonb({"players": lines, "outcome": {"details": {}}})),
    )


def card_of_forty(night: Night, admin) -> tuple[int, str]:
    t.enter_card(admin, night.event.event, 1, 2, [[1, 0, 1, 0], [40, 0, 40, 0]])
    names = ", ".join(f"{n} {p}" for n, p in zip(night.names[2], [40, 0, 40, 0], strict=True))
    return 2, f"no hand of Euchre gives these points ({names})"


def both_sides_scoring(night: Night, admin) -> tuple[int, str]:
    t.enter_card(admin, night.event.event, 1, 2, [[1, 0, 1, 0], [1, 1, 1, 1]])
    return 2, "no hand of Euchre gives these points"


def partners_apart(night: Night, admin) -> tuple[int, str]:
    t.enter_card(admin, night.event.event, 1, 2, [[1, 0, 1, 0], [2, 0, 1, 0]])
    return 2, "no hand of Euchre gives these points"


def correction_of_forty(night: Night, admin) -> tuple[int, str]:
    """The director corrects a table's hand to 40 points for one side."""
    played = play(night.names[2], hands=2)
    with night.login(2) as table:
        match = send(table, night.event.event, 1, 2, played)
    judge_pending(admin)
    t.correct(admin, match, 2, [40, 0, 40, 0])
    return 2, "no hand of Euchre gives these points"


def players_of_another_table(night: Night, admin) -> tuple[int, str]:
    """A card at table 2 naming table 1's players."""
    match = str(uuid.uuid4())
    info = {"name": "score card", "players": night.names[1]}
    admin.execute(
        "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
        "VALUES (%s, %s, 1, 2, %s)",
        (match, night.event.event, Jsonb(info)),
    )
    director_hand(admin, match, 0, night.names[2], [1, 0, 1, 0])
    director_hand(admin, match, 1, night.names[1], [1, 0, 1, 0])
    return 2, NOT_DRAWN


def a_ninth_hand(night: Night, admin) -> tuple[int, str]:
    """Past the desk's own refusal: a ninth hand stored straight into the database."""
    match = t.enter_card(admin, night.event.event, 1, 2, [[1, 0, 1, 0]] * 8)
    director_hand(admin, match, 0, night.names[2], [1, 0, 1, 0])  # a correction: not a hand more
    for hand in (7, 1):  # hands 8 and 2 again: the card has 8 hands
        director_hand(admin, match, hand, night.names[2], [0, 1, 0, 1])
    director_hand(admin, match, 8, night.names[2], [0, 2, 0, 2])
    return 9, "the round is 8 hands at each table"


DIRECTORS_RECORDS: dict[str, Callable[[Night, psycopg.Connection], tuple[int, str]]] = {
    "a score card giving one side 40 points": card_of_forty,
    "a score card where both sides score": both_sides_scoring,
    "a score card parting partners' points": partners_apart,
    "a correction giving one side 40 points": correction_of_forty,
    "a score card naming another table's players": players_of_another_table,
    "a ninth hand in a round of 8": a_ninth_hand,
}


@pytest.mark.parametrize("enter", DIRECTORS_RECORDS.values(), ids=DIRECTORS_RECORDS.keys())
def test_the_directors_own_record_that_cannot_be_right_is_flagged(night, admin, enter):
    """The check left every record the director stored unchecked."""
    hand, why = enter(night, admin)
    ((table, flagged_hand, said),) = flagged(admin, night)
    assert (table, flagged_hand) == (2, hand)
    assert why in said


def test_a_sheepshead_score_card_must_add_up_to_nothing(club_server, admin):
    event = create_event(admin, "Checked sheepshead", tables=1)
    t.configure(admin, event.event, sheepshead_tournament.FORMAT, {}, seed=1)
    for name in NAMES[:5]:
        t.register(admin, event.event, name)
    t.draw(admin, event, 1)
    t.start_round(admin, event.event, 1)
    t.enter_card(admin, event.event, 1, 1, [[2, 1, -1, -1, -1], [8, 1, -1, -1, -1]])
    judge_pending(admin)
    (flag,) = check_event(admin, event.event)
    assert (flag.table, flag.hand) == (1, 1)
    assert flag.why.startswith("the points of a hand of Sheepshead add up to 0, and these to 6")


# -- a table's record of play: replayed, its points included ------------------------------


def test_a_tables_points_that_differ_from_its_events_are_named(night, admin):
    played = play(night.names[1], hands=2)
    with night.login(1) as table:
        match = send(table, night.event.event, 1, 1, played)
    judge_pending(admin)
    record = copy.deepcopy(hand_payload(played, 1))
    for line in record["players"]:
        line["points"] += 40 if line["seat"] % 2 == 0 else 0
    record["score"]["points"][0] += 40
    admin.execute(  # as it could be stored before the referee, or damaged since
        "UPDATE club.hands SET record = %s WHERE match_id = %s AND hand_no = 1",
        (Jsonb(record), match),
    )
    ((table_no, hand, why),) = flagged(admin, night)
    assert (table_no, hand) == (1, 2)
    first = next(line for line in record["players"] if line["seat"] == 0)
    makes = first["points"] - 40
    assert why.startswith(DIFFERS) and f"{first['player']} {makes + 40} points" in why
    assert f"where the rules make {makes}" in why


def test_rows_stored_before_the_referee_are_judged_by_what_they_carry(fresh):  # noqa: F811
    """Schema 6 let a table write its own points, and name itself the director: a table's
    40 points, a row of play stored under the director's name, and a score card of three
    players at a four-seat night. Each is flagged once the database is brought up to
    date; the check replayed only what the tables sent under their own names."""
    migrate(fresh, target=6)
    event, director = "eold", "sk_eold_director"
    fresh.execute(
        "INSERT INTO club.events (event_id, name, director_role, board_role) "
        "VALUES (%s, 'Old night', %s, 'sk_eold_board')",
        (event, director),
    )
    fresh.execute("INSERT INTO club.rounds (event_id, round_no) VALUES (%s, 1)", (event,))
    for table in (1, 2, 3):
        fresh.execute(
            "INSERT INTO club.tables (event_id, table_no, role_name) VALUES (%s, %s, %s)",
            (event, table, f"sk_eold_t{table}"),
        )
    names = {1: NAMES[:4], 2: NAMES[4:], 3: ["Ann", "Ben", "Cy", "Di"]}
    forged = {}
    for table, pusher in ((1, "sk_eold_t1"), (2, director)):
        played = play(names[table], hands=2, seed=table)
        match = str(uuid.uuid4())
        fresh.execute(
            "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
            "VALUES (%s, %s, 1, %s, %s)",
            (match, event, table, Jsonb(match_payload(played))),
        )
        for hand in range(2):
            record = copy.deepcopy(hand_payload(played, hand))
            if hand == 1:
                for line in record["players"]:
                    line["points"] += 40 if line["seat"] % 2 == 0 else 0
            fresh.execute(
                "INSERT INTO club.hand_revisions (match_id, hand_no, revision, record, "
                "pushed_by) VALUES (%s, %s, 1, %s, %s)",
                (match, hand, Jsonb(record), pusher),
            )
        forged[table] = match
    card = str(uuid.uuid4())
    fresh.execute(
        "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
        "VALUES (%s, %s, 1, 3, %s)",
        (card, event, Jsonb({"name": "score card", "players": names[3][:3]})),
    )
    line = {"side": "", "lead": True, "cents": 0, "won": 0}
    lines = [{**line, "player": n, "seat": k, "points": 1} for k, n in enumerate(names[3][:3])]
    fresh.execute(
        "INSERT INTO club.hand_revisions (match_id, hand_no, revision, record, pushed_by) "
        "VALUES (%s, 0, 1, %s, %s)",
        (card, Jsonb({"players": lines, "outcome": {"details": {}}}), director),
    )
    migrate(fresh)
    t.configure(fresh, event, progressive_euchre.FORMAT, {}, seed=1)
    found = [(f.table, f.hand + 1, f.why) for f in check_event(fresh, event)]
    assert [(table, hand) for table, hand, _ in found] == [(1, 2), (2, 2), (3, 1)]
    assert found[0][2].startswith(DIFFERS) and found[1][2].startswith(DIFFERS)
    assert found[2][2] == MISSHAPEN
    assert fresh.execute("SELECT count(*) FROM club.flags").fetchone() == (3,)


# -- the command ------------------------------------------------------------------------


def test_club_check_names_each_flagged_hand_and_exits_1(night, admin, club_server, tmp_path):
    card_of_forty(night, admin)
    night.event.save(tmp_path / "club" / "events")
    command = [sys.executable, "-m", "scorekeeper.cli", "club", "check"]
    command += ["--data-dir", str(tmp_path), "--db", club_server.admin_url()]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    shown = ", ".join(f"{n} {p}" for n, p in zip(night.names[2], [40, 0, 40, 0], strict=True))
    assert result.stdout.splitlines() == [
        f"Round 1, table 2, hand 2: no hand of Euchre gives these points ({shown})",
        "1 flagged.",
    ]
    assert result.stderr == ""


def test_club_check_of_a_clean_night_says_so_and_exits_0(night, admin, club_server, tmp_path):
    t.enter_card(admin, night.event.event, 1, 2, [[1, 0, 1, 0]])
    night.event.save(tmp_path / "club" / "events")
    command = [sys.executable, "-m", "scorekeeper.cli", "club", "check"]
    command += ["--data-dir", str(tmp_path), "--db", club_server.admin_url()]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout) == (
        0,
        "Every hand that counts agrees with the rules.\n",
    ), result.stderr
