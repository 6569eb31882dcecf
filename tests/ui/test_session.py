"""The recording session: undo and redo across hands through the QUndoStack, the database
kept in step, corrections re-scoring later hands, and resuming after a crash."""

from __future__ import annotations

import pytest

from scorekeeper.adjudicator import Refused
from scorekeeper.events import Event
from scorekeeper.storage import Store
from tests.ui.hand_support import GAMES, Reference, new_screen, new_session, play_hand, type_event
from ui.session import MatchSession


def _stored(session: MatchSession) -> list[list[Event]]:
    return [record.events for record in session.store.load(session.match_id).hands]


def _ledger_events(session: MatchSession) -> list[list[Event]]:
    return [log.events for log in session.ledger.hands if log.events]


def _snapshot(session: MatchSession):
    """Every hand's state and events, and the totals."""
    hands = [log for log in session.ledger.hands if log.events]
    states = [log.state.copy() for log in hands]
    return (states, [list(log.events) for log in hands], session.ledger.totals)


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_to_the_start_and_redo_to_the_end_across_hands(qtbot, tmp_path, game_id):
    session = new_session(tmp_path, game_id)
    screen = new_screen(qtbot, session)
    play_hand(qtbot, screen, Reference(session, seed=11), type_event)
    after_first = _snapshot(session)
    second = Reference(session, seed=12)
    play_hand(qtbot, screen, second, type_event, stop=lambda _e: len(second.log.events) > 12)
    at_end = _snapshot(session)
    heading = screen.heading.text()
    stack = session.undo_stack

    assert len(at_end[0]) == 2
    while stack.index() > len(after_first[1][0]):
        stack.undo()
    assert _snapshot(session) == after_first
    assert _stored(session) == after_first[1]

    while stack.canUndo():
        stack.undo()
    assert _ledger_events(session) == []
    assert _stored(session) == []
    assert session.ledger.totals == (0,) * len(session.ledger.sides)
    assert screen.heading.text().startswith("Hand 1 ")

    while stack.canRedo():
        stack.redo()
    assert _snapshot(session) == at_end
    assert _stored(session) == at_end[1]
    assert screen.heading.text() == heading


@pytest.mark.parametrize("game_id", GAMES)
def test_reopening_resumes_at_the_same_card(qtbot, tmp_path, game_id):
    session = new_session(tmp_path, game_id)
    screen = new_screen(qtbot, session)
    reference = Reference(session, seed=5)
    play_hand(qtbot, screen, reference, type_event, stop=lambda _e: len(reference.log.events) > 14)
    state, events, totals = (
        session.current().state.copy(),
        list(session.current().events),
        session.ledger.totals,
    )
    table = screen.table.describe()
    heading = screen.heading.text()

    # the process dies: nothing is closed; a new store opens the same file
    reopened = MatchSession(Store(session.store.path), session.match_id)
    again = new_screen(qtbot, reopened)
    assert reopened.current().state == state
    assert reopened.current().events == events
    assert reopened.ledger.totals == totals
    assert again.heading.text() == heading
    assert again.table.describe() == table
    # and recording goes on from there
    event = reference.choose()
    type_event(qtbot, again, event)
    assert reopened.current().events[-1] in (event, Event("draw", seat=event.seat))


def test_correcting_a_past_hand_rescores_later_totals(qtbot, tmp_path):
    session = new_session(tmp_path, "spades")
    screen = new_screen(qtbot, session)
    play_hand(qtbot, screen, Reference(session, seed=2), type_event)
    session.quick({"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    before = session.ledger.totals
    first_bid = next(i for i, e in enumerate(session.ledger.hands[0].events) if e.kind == "bid")
    old = session.ledger.hands[0].events[first_bid]
    new_bid = Event("bid", seat=old.seat, value=old.value % 13 + 1)

    correction = session.correct(0, first_bid, new_bid)

    assert correction.changes
    assert session.ledger.totals != before
    assert f"{session.ledger.side_names[0]} {session.ledger.totals[0]}" in screen.totals.text()
    assert _stored(session) == _ledger_events(session)
    session.undo_stack.undo()
    assert session.ledger.totals == before
    assert _stored(session) == _ledger_events(session)
    session.undo_stack.redo()
    assert session.ledger.totals != before
    assert _stored(session) == _ledger_events(session)


def test_a_refused_action_pushes_nothing(tmp_path):
    session = new_session(tmp_path, "euchre")
    with pytest.raises(Refused):
        session.record(Event("play", seat=1, card=None))
    with pytest.raises(Refused):
        session.quick({"makers": 0, "tricks": 9})
    assert session.undo_stack.count() == 0
    assert _stored(session) == []


def test_undo_stack_names_each_action(tmp_path):
    session = new_session(tmp_path, "spades")
    session.record(Event("bid", seat=1, value=0))
    session.record(Event("bid", seat=2, value=4))
    assert session.undo_stack.undoText() == "Cy bid 4"
    session.undo_stack.undo()
    assert session.undo_stack.undoText() == "Bob bid nil"
    assert session.undo_stack.redoText() == "Cy bid 4"


def test_a_database_that_refuses_a_write_leaves_ledger_and_record_as_they_were(qtbot, tmp_path):
    """The write fails after the ledger accepted the event: both are as before, the
    failure is announced with its details, and later actions work once the fault is gone."""
    from ui.session import ActionFailed

    session = new_session(tmp_path, "spades")
    session.record(Event("bid", seat=1, value=3))
    before = _stored(session)
    session.store._db.execute(
        "CREATE TEMP TRIGGER refuse BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'disk full'); END"
    )
    with qtbot.waitSignal(session.failed) as told, pytest.raises(ActionFailed) as failure:
        session.record(Event("bid", seat=2, value=4))
    assert "disk full" in failure.value.details and "disk full" in told.args[1]
    assert _ledger_events(session) == before == _stored(session)
    assert session.current().state.to_act == 2
    session.store._db.execute("DROP TRIGGER refuse")
    session.record(Event("bid", seat=2, value=4))
    assert _ledger_events(session) == _stored(session)
    assert len(_stored(session)[0]) == 2


def test_an_undo_the_database_refuses_changes_nothing_and_is_told(qtbot, tmp_path):
    from ui.session import ActionFailed

    session = new_session(tmp_path, "spades")
    for seat, bid in ((1, 3), (2, 4)):
        session.record(Event("bid", seat=seat, value=bid))
    before = _stored(session)
    session.store._db.execute(
        "CREATE TEMP TRIGGER refuse BEFORE DELETE ON events BEGIN SELECT RAISE(ABORT, 'locked'); END"
    )
    with qtbot.waitSignal(session.failed), pytest.raises(ActionFailed):
        session.undo()
    assert _ledger_events(session) == before == _stored(session)
    session.store._db.execute("DROP TRIGGER refuse")
    session.undo()  # the history is read back from the database: the same undo, done now
    assert _ledger_events(session) == _stored(session) == [before[0][:1]]


def _history(session: MatchSession) -> tuple[list[str], int]:
    """The stack's step names, oldest first, and how many of them are done."""
    stack = session.undo_stack
    return [stack.text(index) for index in range(stack.count())], stack.index()


def test_the_kept_history_is_bounded_alike_in_the_window_and_on_disk(tmp_path, monkeypatch):
    """With room for three steps, the four bids leave the last three on the stack and on
    disk; past them undo takes back the first bid all the same; reopened, the stack is the
    one the session had."""
    from scorekeeper import storage
    from ui import session as session_module

    monkeypatch.setattr(storage, "UNDO_STEPS", 3)
    monkeypatch.setattr(session_module, "UNDO_STEPS", 3)
    session = new_session(tmp_path, "spades")
    for seat, bid in ((1, 3), (2, 4), (3, 0), (0, 2)):
        session.record(Event("bid", seat=seat, value=bid))
    assert _history(session) == (["Cy bid 4", "Di bid nil", "Ann bid 2"], 3)
    for _ in range(4):
        session.undo()
    assert _stored(session) == []
    assert _history(session) == (["Bob bid 3", "Cy bid 4", "Di bid nil"], 0)
    reopened = MatchSession(Store(session.store.path), session.match_id)
    assert _history(reopened) == _history(session)
    assert [step.done for step in session.store.undo_steps(session.match_id)] == [False] * 3


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hand_keeps_its_outcome_when_it_ends_so_reopening_replays_nothing(
    qtbot, tmp_path, game_id
):
    session = new_session(tmp_path, game_id)
    screen = new_screen(qtbot, session)
    play_hand(qtbot, screen, Reference(session, seed=11), type_event)
    kept = session.store._db.execute(
        "SELECT hand FROM hand_outcomes WHERE match_id = ?", (session.match_id,)
    ).fetchall()
    assert kept == [(0,)]
    reopened = session.store.open_ledger(session.match_id)
    assert not reopened.hands[0].folded  # its kept outcome: its events not replayed
    assert reopened.totals == session.ledger.totals
