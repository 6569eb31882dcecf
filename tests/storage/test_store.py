"""The match store: matches, events one transaction each, undo and corrections, the roster."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cards import Card
from scorekeeper.events import Event, play
from scorekeeper.match import HandRecord
from scorekeeper.paths import DATA_DIR_VARIABLE, data_dir, database_path
from scorekeeper.storage import StorageError, Store
from tests.storage.samples import euchre_info, two_hands


def test_a_new_database_uses_wal_with_full_sync(store):
    db = sqlite3.connect(store.path)
    try:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        db.close()
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_create_then_load_gives_back_the_match(store):
    match_id = store.create_match(euchre_info(), two_hands())
    loaded = store.load(match_id)
    assert loaded.info == euchre_info()
    assert loaded.hands == two_hands()
    assert not loaded.archived


def test_the_list_shows_each_match_with_its_hand_count(store):
    first = store.create_match(euchre_info("One"), two_hands())
    second = store.create_match(euchre_info("Two"))
    listed = {summary.id: summary for summary in store.matches()}
    assert listed[first].hands == 2
    assert listed[second].hands == 0
    assert listed[first].players == ("Ann", "Ben", "Cy", "Di")


def test_rename_archive_and_delete(store):
    match_id = store.create_match(euchre_info(), two_hands())
    store.rename(match_id, "Saturday euchre")
    assert store.load(match_id).info.name == "Saturday euchre"
    store.archive(match_id)
    assert store.matches() == []
    assert [m.name for m in store.matches(archived=True)] == ["Saturday euchre"]
    store.archive(match_id, False)
    assert [m.id for m in store.matches()] == [match_id]
    store.delete(match_id)
    assert store.matches(archived=None) == []
    assert store._db.execute("SELECT count(*) FROM events").fetchone()[0] == 0
    with pytest.raises(StorageError, match="no match with id"):
        store.load(match_id)


def test_find_by_id_or_unique_name(store):
    first = store.create_match(euchre_info("Same"))
    store.create_match(euchre_info("Same"))
    other = store.create_match(euchre_info("Other"))
    assert store.find(str(first)) == first
    assert store.find("Other") == other
    with pytest.raises(StorageError, match='2 matches are named "Same"'):
        store.find("Same")
    with pytest.raises(StorageError, match='no match with id or name "Nope"'):
        store.find("Nope")


def test_events_append_undo_and_correct_one_row_each(store):
    match_id = store.create_match(euchre_info())
    store.append_event(match_id, 0, 1, Event("upcard", card=Card.parse("JH")))
    store.append_event(match_id, 0, 1, Event("pass", seat=2))
    store.append_event(match_id, 1, 2, play(3, "AS"))
    store.append_event(match_id, 0, 1, Event("correction", ref=1, data={"kind": "pass", "seat": 3}))
    assert store.remove_last_event(match_id, 0) == Event(
        "correction", ref=1, data={"kind": "pass", "seat": 3}
    )
    assert store.remove_last_event(match_id) == play(3, "AS")
    store.replace_event(match_id, 0, 1, Event("order_up", seat=2))
    assert store.load(match_id).hands == [
        HandRecord(1, [Event("upcard", card=Card.parse("JH")), Event("order_up", seat=2)])
    ]


def test_an_event_out_of_order_is_refused_and_nothing_changes(store):
    match_id = store.create_match(euchre_info(), two_hands())
    before = store.load(match_id)
    with pytest.raises(StorageError, match="hand 5 does not follow hand 1"):
        store.append_event(match_id, 5, 0, Event("pass", seat=1))
    with pytest.raises(StorageError, match="dealt by seat 2, not 3"):
        store.append_event(match_id, 1, 3, Event("pass", seat=1))
    with pytest.raises(StorageError, match=r"no hands\[0\]\.events\[9\]"):
        store.replace_event(match_id, 0, 9, Event("pass", seat=1))
    assert store.load(match_id) == before


def test_replace_hands_rewrites_from_a_hand_on(store):
    match_id = store.create_match(euchre_info(), two_hands())
    store.replace_hands(match_id, 1, [HandRecord(2, [Event("pass", seat=3)])])
    assert store.load(match_id).hands == [two_hands()[0], HandRecord(2, [Event("pass", seat=3)])]


def test_an_empty_hand_before_the_last_is_refused(store):
    with pytest.raises(StorageError, match="only the last hand"):
        store.create_match(euchre_info(), [HandRecord(0), *two_hands()])
    assert store.matches(archived=None) == []


def test_the_roster_keeps_players_across_matches(store):
    store.create_match(euchre_info(players=("Ann", "Ben", "Cy", "Di")))
    store.create_match(euchre_info(players=("Ann", "Eve", "Fay", "Gus")))
    store.add_player("Hal")
    assert sorted(store.roster()) == ["Ann", "Ben", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]
    store.remove_player("Ben")
    assert "Ben" not in store.roster()


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("<b>Bob</b>", id="markup"),
        pytest.param("Tom & Jerry", id="ampersand"),
        pytest.param("%s%n{0}", id="format codes"),
        pytest.param("Ana 🂡🃏", id="emoji"),
        pytest.param("שרה", id="right-to-left script"),
    ],
)
def test_unusual_names_are_kept_exactly(store, name):
    match_id = store.create_match(euchre_info(name=name, players=(name, "Ben", "Cy", "Di")))
    loaded = store.load(match_id).info
    assert (loaded.name, loaded.players[0]) == (name, name)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        pytest.param(
            "x" * 10_000, "at most 64 characters, this one has 10000", id="10,000 characters"
        ),
        pytest.param("Ann\u202eeve", "invisible character U\\+202E", id="direction override"),
        pytest.param("  ", "cannot be empty", id="blank"),
    ],
)
def test_unreadable_names_are_refused(store, name, message):
    with pytest.raises(ValueError, match=rf"players\[1\]: .*{message}"):
        store.create_match(euchre_info(players=("Ann", name, "Cy", "Di")))
    match_id = store.create_match(euchre_info())
    with pytest.raises(ValueError, match=message):
        store.rename(match_id, name)
    assert store.load(match_id).info == euchre_info()


def test_data_dir_option_then_environment_then_platform(monkeypatch, tmp_path):
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "env"))
    assert data_dir(tmp_path / "option") == tmp_path / "option"
    assert data_dir() == tmp_path / "env"
    assert database_path().parent == tmp_path / "env"
    monkeypatch.delenv(DATA_DIR_VARIABLE)
    assert "scorekeeper" in str(data_dir()).lower()


EVENTS = st.sampled_from(
    [play(seat, card) for seat in range(4) for card in ("9H", "10C", "AS", "JD")]
    + [Event("pass", seat=1), Event("result", data={"tricks": 3})]
)
OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("append"), st.integers(0, 50), EVENTS),
        st.tuples(st.just("undo"), st.integers(0, 50)),
        st.tuples(st.just("replace"), st.integers(0, 50), EVENTS),
    ),
    max_size=25,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(operations=OPERATIONS)
def test_stored_events_always_match_the_log_they_were_given(tmp_path_factory, operations):
    """Any mix of appends (to any hand or a new one), undos and corrections reads back as
    the same log; a change the store refuses leaves it as it was."""
    with Store(tmp_path_factory.mktemp("db") / "db.sqlite3") as store:
        match_id = store.create_match(euchre_info())
        model: list[HandRecord] = []
        for kind, position, *event in operations:
            hand = position % (len(model) + 1)
            if kind == "append":
                if hand == len(model):
                    model.append(HandRecord(hand % 4))
                store.append_event(match_id, hand, model[hand].dealer, event[0])
                model[hand].events.append(event[0])
            elif kind == "undo" and hand < len(model):
                if len(model[hand].events) == 1 and hand < len(model) - 1:
                    with pytest.raises(StorageError, match="cannot be emptied"):
                        store.remove_last_event(match_id, hand)
                    continue
                assert store.remove_last_event(match_id, hand) == model[hand].events.pop()
                if not model[hand].events:
                    model.pop()
            elif kind == "replace" and hand < len(model):
                index = position % len(model[hand].events)
                store.replace_event(match_id, hand, index, event[0])
                model[hand].events[index] = event[0]
        assert store.load(match_id).hands == model


def test_a_place_holding_half_a_character_is_refused_and_nothing_stored(store):
    from dataclasses import replace

    with pytest.raises(StorageError, match="place: it holds half of a character"):
        store.create_match(replace(euchre_info(), place="Kitchen \ud800"))
    assert store.matches() == []


def test_the_roster_keeps_one_spelling_of_look_alike_names(store):
    store.create_match(euchre_info(players=("Zo\u00eb", "Ann", "Cy", "Di")))
    store.create_match(euchre_info(players=("Zoe\u0308", "Ann\u200b", "\u200fCy", "Di")))
    store.add_player("ANN")
    assert sorted(store.roster()) == ["Ann", "Cy", "Di", "Zo\u00eb"]
