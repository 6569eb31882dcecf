"""The outbox and its worker against the real club database."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from scorekeeper.club.admin import close_round, create_event
from scorekeeper.club.outbox import Outbox
from scorekeeper.club.server import free_port
from scorekeeper.club.simulate import Table
from scorekeeper.club.sync import Pusher, SyncStatus, SyncWorker, status_text
from scorekeeper.club.table import JoinError, join, leave
from scorekeeper.games import get_game
from scorekeeper.match import MatchInfo
from scorekeeper.storage import Store
from tests.club.converge import assert_table_matches_server, drain
from tests.club.fixtures import code_for


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (SyncStatus(True, 0, 1000.0), "synced 2 s ago"),
        (SyncStatus(True, 0, 1002.0 - 150), "synced 2 min ago"),
        (SyncStatus(False, 12, 990.0), "offline: 12 hands waiting"),
        (SyncStatus(False, 1), "offline: 1 hand waiting"),
        (SyncStatus(True, 3, 990.0), "sending: 3 hands waiting"),
        (
            SyncStatus(True, 0, 1000.0, refused=2),
            "synced 2 s ago; 2 hands refused by the club database",
        ),
    ],
    ids=[
        "synced seconds ago",
        "synced minutes ago",
        "offline with hands waiting",
        "offline with one hand",
        "sending",
        "refused hands are named",
    ],
)
def test_status_bar_words(status, words):
    assert status_text(status, now=1002.0) == words


def euchre_table(database) -> Table:
    game = get_game("euchre")
    info = MatchInfo("Club match", game.id, game.settings(), ("Ann", "Bob", "Cy", "Di"))
    return Table(Store(database), info)


def joined_table(club_server, event, tmp_path, number=1) -> tuple[Table, Outbox]:
    database = tmp_path / f"table{number}.sqlite3"
    join(database, code_for(club_server, event, number).url(), tmp_path)
    table = euchre_table(database)
    outbox = Outbox(database)
    outbox.tag(table.match_id)
    return table, outbox


def test_hands_push_and_a_repeated_push_stores_nothing_twice(club_server, event, tmp_path, admin):
    table, outbox = joined_table(club_server, event, tmp_path)
    rng = random.Random(3)
    for _ in range(2):
        table.play_hand(rng, take_back_rate=0.2, correct_rate=0.1)
    pusher = Pusher(table.store.path, tmp_path)
    assert pusher.push_batch() == 2
    # the table died after the server committed and before it marked the hands pushed
    outbox._db.execute("UPDATE club_outbox SET pushed = 0")
    outbox._db.execute("UPDATE club_matches SET pushed = 0")
    assert pusher.push_batch() == 2
    assert admin.execute(
        "SELECT count(*) FROM club.hand_revisions WHERE match_id = %s",
        (outbox.tagged(table.match_id)[0],),
    ).fetchone() == (2,)
    assert assert_table_matches_server(admin, table.store.path) == 2
    pusher.close()


def test_take_back_correction_and_rewrite_raise_revisions_and_the_server_keeps_history(
    club_server, event, tmp_path, admin
):
    table, outbox = joined_table(club_server, event, tmp_path)
    rng = random.Random(5)
    table.play_hand(rng, 0, 0)
    for event_ in table.ledger.game.deal(rng, table.ledger.settings, table.ledger.next_dealer):
        table.record(event_)
    options = table.ledger.hands[-1].state.legal_events()
    table.record(options[0])
    drain(table.store.path)
    pushed = [outbox.revision(table.match_id, hand) for hand in (0, 1)]
    assert any(table.correct_last(rng, options) for _ in range(5))  # a mis-keyed bid or card
    table.take_back()
    assert outbox.revision(table.match_id, 1) == pushed[1] + 2
    assert outbox.revision(table.match_id, 0) == pushed[0]
    # a late decision in hand 1 rewrites the hands from there; one in hand 0, all of them
    table.store.replace_hands(table.match_id, 0, table.ledger.records())
    assert outbox.revision(table.match_id, 0) > pushed[0]
    drain(table.store.path)
    assert assert_table_matches_server(admin, table.store.path) == 2
    history = admin.execute(
        "SELECT hand_no, count(*) FROM club.hand_revisions WHERE match_id = %s GROUP BY 1",
        (outbox.tagged(table.match_id)[0],),
    ).fetchall()
    assert dict(history) == {0: 2, 1: 2}  # before and after the changes, each once


def test_offline_recording_goes_on_and_converges_when_the_server_is_back(
    club_server, event, tmp_path, admin
):
    table, outbox = joined_table(club_server, event, tmp_path)
    link = outbox.link()
    outbox.join(replace(link.code, port=free_port()), link.round)  # the network is gone
    statuses: list[SyncStatus] = []
    worker = SyncWorker(table.store.path, tmp_path, statuses.append, poll=0.05, max_pause=0.2)
    worker.start()
    rng = random.Random(8)
    for _ in range(3):
        started = time.perf_counter()
        table.play_hand(rng, 0.1, 0.1)
        worker.nudge()
    assert outbox.waiting() == 3
    deadline = time.monotonic() + 10
    while not (statuses and statuses[-1].waiting == 3) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert status_text(statuses[-1]) == "offline: 3 hands waiting"
    assert time.perf_counter() - started < 5  # recording did not wait for the network
    outbox.join(link.code, link.round)  # back
    deadline = time.monotonic() + 20
    while outbox.waiting() and time.monotonic() < deadline:
        time.sleep(0.05)
    worker.stop()
    assert worker.status.online and worker.status.waiting == 0
    assert status_text(worker.status).startswith("synced ")
    assert assert_table_matches_server(admin, table.store.path) == 3


def test_a_closed_round_leaves_the_hands_here_and_says_so(club_server, event, tmp_path, admin):
    table, outbox = joined_table(club_server, event, tmp_path)
    close_round(admin, event.event, 1)
    table.play_hand(random.Random(1), 0, 0)
    pusher = Pusher(table.store.path, tmp_path)
    assert pusher.push_batch() == 0
    assert outbox.refusals(event.event) and outbox.waiting() == 0
    assert table.store.load(table.match_id).hands  # nothing local lost
    pusher.close()


def test_leave_stops_syncing_and_keeps_everything(club_server, event, tmp_path):
    table, outbox = joined_table(club_server, event, tmp_path)
    table.play_hand(random.Random(2), 0, 0)
    leave(table.store.path)
    assert outbox.link() is None
    assert outbox.waiting() == 1 and len(table.store.load(table.match_id).hands) == 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("hello", "not a club night code"),
        ("SKC1-@@@", "damaged"),
        ("scorekeeper-club://u:p@127.0.0.1:1/db", "does not name the event"),
    ],
    ids=["not a code", "a damaged code", "a URL without the event"],
)
def test_a_bad_code_is_refused_in_plain_words(tmp_path, text, words):
    with pytest.raises(JoinError, match=words):
        join(tmp_path / "t.sqlite3", text, tmp_path)


def test_a_wrong_password_is_refused_before_joining(club_server, event, tmp_path):
    code = replace(code_for(club_server, event, 1), password="wrong")
    with pytest.raises(JoinError, match="table 1's pass was refused") as refused:
        join(tmp_path / "t.sqlite3", code.code(), tmp_path)
    assert code.user not in str(refused.value)  # the login's internal name
    assert Outbox(tmp_path / "t.sqlite3").link() is None


def test_a_hand_the_server_no_longer_has_is_sent_again(club_server, event, tmp_path, admin):
    table, outbox = joined_table(club_server, event, tmp_path)
    table.play_hand(random.Random(6), 0, 0)
    pusher = Pusher(table.store.path, tmp_path)
    try:
        assert pusher.push_batch() == 1
        remote = outbox.tagged(table.match_id)[0]
        # the server lost it (restored from an older copy): the table learns it and resends
        admin.execute("DELETE FROM club.hand_revisions WHERE match_id = %s", (remote,))
        pusher.read_verdicts(now=True)
        assert outbox.waiting() == 1
        assert pusher.push_batch() == 1
    finally:
        pusher.close()
    assert assert_table_matches_server(admin, table.store.path) == 1


def test_a_night_before_is_neither_sent_again_nor_counted_in_the_next(
    club_server, event, tmp_path, admin
):
    table, outbox = joined_table(club_server, event, tmp_path)
    close_round(admin, event.event, 1)
    table.play_hand(random.Random(3), 0, 0)  # refused: its round is closed
    pusher = Pusher(table.store.path, tmp_path)
    try:
        pusher.push_batch()
        assert len(outbox.refusals(event.event)) == 1
        other = create_event(admin, "Next night", tables=1)
        join(table.store.path, code_for(club_server, other, 1).url(), tmp_path)
        pusher.disconnect()  # the worker starts again with the new code
        pusher.push_batch()
        pusher.read_verdicts(now=True)
        status = SyncWorker._status(pusher, True, outbox.waiting(), 1.0, None, None)
    finally:
        pusher.close()
    assert (status.refused, status.waiting, status.notes) == (0, 0, ())
