"""A long match opens from its hands' recorded outcomes; any change to a hand drops its own."""

from __future__ import annotations

from scorekeeper.adjudicator import HandLog
from scorekeeper.events import Event
from tests.storage.samples import clean_match


def cached_hands(store, match_id):
    rows = store._db.execute("SELECT hand FROM hand_outcomes WHERE match_id = ?", (match_id,))
    return sorted(hand for (hand,) in rows)


def folded(log: HandLog) -> bool:
    return log.folded


def test_opening_records_outcomes_and_the_next_open_replays_nothing(store):
    played = clean_match("spades")
    match_id = store.create_match(played.info, played.records())
    assert cached_hands(store, match_id) == []
    first = store.open_ledger(match_id)
    finished = [n for n in range(len(first.hands)) if first.outcome(n) is not None]
    assert cached_hands(store, match_id) == finished
    second = store.open_ledger(match_id)
    assert [s.totals for s in second.scores] == [s.totals for s in played.scores]
    assert not any(folded(second.hands[n]) for n in finished)
    # a hand's events and rulings are still there when asked for
    assert second.hands[0].events == played.hands[0].events
    assert second.hands[0].state == played.hands[0].state
    assert folded(second.hands[0])


def test_a_change_to_a_hand_drops_its_recorded_outcome(store):
    played = clean_match("euchre")
    match_id = store.create_match(played.info, played.records())
    store.open_ledger(match_id)
    before = cached_hands(store, match_id)
    first_event = played.hands[0].events[0]
    store.replace_event(match_id, 0, 0, first_event)
    assert cached_hands(store, match_id) == before[1:]
    last = len(played.hands) - 1
    store.append_event(match_id, last, played.hands[last].dealer, Event("pass", seat=0))
    assert last not in cached_hands(store, match_id)


def test_outcomes_of_another_version_are_not_trusted(store):
    played = clean_match("sheepshead")
    match_id = store.create_match(played.info, played.records())
    store.open_ledger(match_id)
    store._db.execute("UPDATE hand_outcomes SET engine = 'older', outcome = '{}'")
    reopened = store.open_ledger(match_id)
    assert [s.totals for s in reopened.scores] == [s.totals for s in played.scores]
