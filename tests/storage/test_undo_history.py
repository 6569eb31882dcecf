"""Each match's undo history, kept in the database with the record: every step is written
in the transaction of the change it records, reads back the same after reopening, and
moves with the record in step; the history is bounded, and past it undo takes back the
last stored event."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import storage
from scorekeeper.events import Event
from scorekeeper.match import HandRecord
from scorekeeper.storage import StorageError, Store, UndoStep
from tests.storage.samples import euchre_info, two_hands

BOUND = 5


def passes(store: Store, match_id: int, *hands: int) -> list[UndoStep]:
    """A pass recorded as a step into each of ``hands`` in turn (dealer: the hand's number)."""
    return [
        store.record_step(match_id, hand, hand % 4, Event("pass", seat=(hand + seq) % 4))
        for seq, hand in enumerate(hands)
    ]


def shape(store: Store, match_id: int) -> list[tuple[int, int, bool]]:
    """Each step's hand, seq and whether it is done, oldest first."""
    return [(step.hand, step.seq, step.done) for step in store.undo_steps(match_id)]


def test_steps_are_undone_and_redone_in_order_and_read_back_after_reopening(tmp_path):
    path = tmp_path / "scorekeeper.sqlite3"
    with Store(path) as store:
        match_id = store.create_match(euchre_info())
        first, second, third = passes(store, match_id, 0, 0, 1)
        assert store.undo_step(match_id, third.number) == UndoStep(
            third.number, 1, 0, 1, third.event, False
        )
        assert store.undo_step(match_id) is not None
    with Store(path) as store:
        assert store.undo_steps(match_id) == [
            first,
            UndoStep(second.number, 0, 1, 0, second.event, False),
            UndoStep(third.number, 1, 0, 1, third.event, False),
        ]
        assert [len(hand.events) for hand in store.load(match_id).hands] == [1]
        assert store.redo_step(match_id) == second
        assert store.redo_step(match_id) == third
        assert store.redo_step(match_id) is None
        assert store.load(match_id).hands == [
            HandRecord(0, [first.event, second.event]),
            HandRecord(1, [third.event]),
        ]


def test_a_new_step_ends_what_could_be_redone(store):
    match_id = store.create_match(euchre_info())
    passes(store, match_id, 0, 0)
    store.undo_step(match_id)
    passes(store, match_id, 1)
    assert shape(store, match_id) == [(0, 0, True), (1, 0, True)]
    assert store.redo_step(match_id) is None


def test_past_the_kept_history_undo_takes_back_the_last_stored_event_and_redo_puts_it_back(
    store,
):
    """An imported match has no history: undo takes back its last event, kept as the
    oldest step (undone), and redo puts it back."""
    match_id = store.create_match(euchre_info(), two_hands())
    taken = store.undo_step(match_id)
    assert taken == UndoStep(-1, 1, 0, 2, two_hands()[1].events[0], False)
    assert store.load(match_id).hands == two_hands()[:1]
    store.undo_step(match_id)
    assert shape(store, match_id) == [(0, 1, False), (1, 0, False)]
    store.redo_step(match_id)
    store.redo_step(match_id)
    assert store.load(match_id).hands == two_hands()
    assert store.undo_step(store.create_match(euchre_info())) is None


def test_a_step_that_no_longer_fits_the_record_is_refused_and_nothing_changes(store):
    match_id = store.create_match(euchre_info())
    first, second = passes(store, match_id, 0, 0)
    with pytest.raises(StorageError, match="undo history does not fit its record"):
        store.undo_step(match_id, first.number)
    store.undo_step(match_id, second.number)
    with pytest.raises(StorageError, match="undo history does not fit its record"):
        store.redo_step(match_id, second.number + 1)
    assert shape(store, match_id) == [(0, 0, True), (0, 1, False)]
    assert store.load(match_id).hands == [HandRecord(0, [first.event])]


@pytest.mark.parametrize(
    "write",
    [
        pytest.param(lambda s, m: s.append_event(m, 0, 0, Event("pass", seat=3)), id="append"),
        pytest.param(lambda s, m: s.remove_last_event(m), id="remove the last event"),
        pytest.param(lambda s, m: s.replace_event(m, 0, 0, Event("pass", seat=2)), id="replace"),
        pytest.param(lambda s, m: s.replace_hands(m, 0, []), id="rewrite the hands"),
    ],
)
def test_a_change_made_outside_the_history_ends_it(store, write):
    match_id = store.create_match(euchre_info())
    passes(store, match_id, 0, 0)
    write(store, match_id)
    assert store.undo_steps(match_id) == []


def test_a_step_is_written_in_the_transaction_of_its_event(store):
    """When the step cannot be kept, the event is not recorded either (and the other way
    round): the history and the record never disagree."""
    match_id = store.create_match(euchre_info())
    passes(store, match_id, 0)
    for table in ("undo_steps", "events"):
        store._db.execute(
            f"CREATE TEMP TRIGGER refuse BEFORE INSERT ON {table} "
            "BEGIN SELECT RAISE(ABORT, 'disk full'); END"
        )
        with pytest.raises(StorageError):
            passes(store, match_id, 0)
        store._db.execute("DROP TRIGGER refuse")
        assert shape(store, match_id) == [(0, 0, True)]
        assert len(store.load(match_id).hands[0].events) == 1
    store._db.execute(
        "CREATE TEMP TRIGGER refuse BEFORE UPDATE ON undo_steps "
        "BEGIN SELECT RAISE(ABORT, 'disk full'); END"
    )
    with pytest.raises(StorageError):
        store.undo_step(match_id)
    assert shape(store, match_id) == [(0, 0, True)]
    assert len(store.load(match_id).hands[0].events) == 1


@dataclass
class Model:
    """What the record and the history should be: each hand's events, and the steps
    oldest first as (hand, event, done)."""

    hands: list[list[Event]] = field(default_factory=list)
    steps: list[tuple[int, Event, bool]] = field(default_factory=list)

    def record(self, hand: int, event: Event) -> None:
        if hand == len(self.hands):
            self.hands.append([])
        self.hands[hand].append(event)
        self.steps = [step for step in self.steps if step[2]] + [(hand, event, True)]
        self.steps = self.steps[-BOUND:]

    def undo(self) -> None:
        done = [index for index, step in enumerate(self.steps) if step[2]]
        if done:
            hand, event, _ = self.steps[done[-1]]
            self.steps[done[-1]] = (hand, event, False)
        elif self.hands:
            hand, event = len(self.hands) - 1, self.hands[-1][-1]
            self.steps = [(hand, event, False), *self.steps][:BOUND]
        else:
            return
        assert self.hands[hand].pop() == event
        if not self.hands[hand]:
            self.hands.pop()

    def redo(self) -> None:
        undone = [index for index, step in enumerate(self.steps) if not step[2]]
        if undone:
            hand, event, _ = self.steps[undone[0]]
            self.steps[undone[0]] = (hand, event, True)
            if hand == len(self.hands):
                self.hands.append([])
            self.hands[hand].append(event)


ACTIONS = st.sampled_from(["record", "record in a new hand", "undo", "redo"])


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(runs=st.lists(st.tuples(ACTIONS, st.integers(1, BOUND + 2)), max_size=8))
def test_the_history_and_the_record_move_in_step(store, monkeypatch, runs):
    """Runs of actions, undos and redos, the history bounded to a few steps (so that undo
    goes past it, and a full history gives way): the stored hands and steps are what
    they should be after each."""
    monkeypatch.setattr(storage, "UNDO_STEPS", BOUND)
    match_id = store.create_match(euchre_info())
    model = Model()
    actions = [action for action, times in runs for _ in range(times)]
    for number, action in enumerate(actions):
        if action == "undo":
            store.undo_step(match_id)
            model.undo()
        elif action == "redo":
            store.redo_step(match_id)
            model.redo()
        else:
            hand = max(len(model.hands) - (action == "record"), 0)
            event = Event("pass", seat=number % 4)
            store.record_step(match_id, hand, hand % 4, event)
            model.record(hand, event)
        assert [hand.events for hand in store.load(match_id).hands] == model.hands
        steps = store.undo_steps(match_id)
        assert [(step.hand, step.event, step.done) for step in steps] == model.steps
        numbers = [step.number for step in steps]  # in a row, so the bound counts steps
        assert not numbers or numbers[-1] - numbers[0] == len(numbers) - 1
