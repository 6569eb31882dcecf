"""A database whose outcomes an older engine kept as English opens and shows the same words.

``english_outcomes.json`` was recorded with that engine: for each match (every game, with
reneges let stand, quick entries, all-pass hands, doublers, ties) its file, the outcome
of each hand as it was kept in the database (``summary`` and ``penalty`` as English with
``{seat}`` fields) and the words ``check``, the hand summary and the score sheet showed.
A ruling is never kept: it is made again from the events, so one word of the recording
follows the engine's corrected grammar ("had to keep the last club", once "the last clubs").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper import __version__
from scorekeeper.games import get_game
from scorekeeper.games.outcome import HandOutcome
from scorekeeper.games.report import Column
from scorekeeper.hand_summary import hand_summary
from scorekeeper.ledger import Ledger
from scorekeeper.matchfile import parse_match
from scorekeeper.phrases import LEGACY
from scorekeeper.record import check_lines, match_record, report_hands
from scorekeeper.reports.games import _text
from scorekeeper.reports.sheet import hand_words, penalty_words
from scorekeeper.storage import Store
from scorekeeper.words import told

RECORDED = json.loads((Path(__file__).parent / "english_outcomes.json").read_text("utf-8"))
OLD_ENGINE = f"{__version__}+outcome5"
"""The key the older engine kept its outcomes under."""


def _ids() -> list[str]:
    """The recorded matches by their game's title: games the older engine had, so a game
    added since has no such case and none is missed for it."""
    seen: dict[str, int] = {}
    ids = []
    for entry in RECORDED:
        title = get_game(entry["match"]["game"]).title
        seen[title] = seen.get(title, 0) + 1
        ids.append(f"{title} {seen[title]}")
    return ids


def shown(ledger: Ledger) -> dict[str, list]:
    """Every word the recorded engine was asked for, as this one shows them."""
    names = ledger.info.players
    cells = []
    for section in ledger.report.sections:
        for hand in report_hands(ledger):
            row = section.row(hand)
            cells.append(None if row is None else [_text(Column("x"), v, names) for v in row])
    return {
        "check": check_lines(match_record(ledger)),
        "summaries": [hand_summary(ledger, n) for n in range(len(ledger.hands))],
        "sheet": [
            [
                hand_words(ledger, hand, names),
                penalty_words(ledger, hand.outcome.penalty, names)
                if hand.outcome.penalty
                else None,
            ]
            for hand in report_hands(ledger)
        ],
        "cells": cells,
    }


def old_database(path: Path, entry: dict) -> tuple[Store, int]:
    """A database as the older engine left it: the match, and its English outcomes kept."""
    store = Store(path)
    match_id = store.create_match(*parse_match(entry["match"]), ended=True)
    store._db.executemany(
        "INSERT INTO hand_outcomes (match_id, hand, engine, outcome) VALUES (?, ?, ?, ?)",
        [
            (match_id, hand, OLD_ENGINE, json.dumps(outcome, ensure_ascii=False))
            for hand, outcome in enumerate(entry["outcomes"])
            if outcome is not None
        ],
    )
    return store, match_id


def kept(store: Store, match_id: int) -> list[tuple[int, str, str]]:
    return store._db.execute(
        "SELECT hand, engine, outcome FROM hand_outcomes WHERE match_id = ? ORDER BY hand",
        (match_id,),
    ).fetchall()


def test_the_recording_covers_every_kind_of_hand():
    outcomes = [outcome for entry in RECORDED for outcome in entry["outcomes"] if outcome]
    assert {entry["match"]["game"] for entry in RECORDED} == {
        "sheepshead",
        "euchre",
        "spades",
        "california_jack",
    }
    assert all(isinstance(outcome["summary"], str) for outcome in outcomes)
    assert len({outcome["summary"] for outcome in outcomes}) > 30
    assert len({outcome["penalty"] for outcome in outcomes if outcome["penalty"]}) >= 8
    notes = {line for entry in RECORDED for line in entry["check"] if line.startswith("  ")}
    assert len(notes) > 5


@pytest.mark.parametrize("entry", RECORDED, ids=_ids())
def test_an_old_database_shows_the_words_the_old_engine_showed(tmp_path, entry):
    store, match_id = old_database(tmp_path / "old.sqlite3", entry)
    with store:
        ledger = store.open_ledger(match_id)
        said = shown(ledger)
        assert said == {key: entry[key] for key in said}
        # the outcomes were kept again once, as phrases under this engine's key
        rows = kept(store, match_id)
        finished = [n for n, outcome in enumerate(entry["outcomes"]) if outcome is not None]
        assert [hand for hand, _, _ in rows] == finished
        assert all(engine != OLD_ENGINE for _, engine, _ in rows)
        assert all(isinstance(json.loads(text)["summary"], dict) for _, _, text in rows)
        again = store.open_ledger(match_id)
        assert kept(store, match_id) == rows
        assert shown(again) == said


@pytest.mark.parametrize("entry", RECORDED, ids=_ids())
def test_an_outcome_kept_as_english_reads_as_the_words_it_was(entry):
    """Where an old outcome is read as it was kept (a club's row pushed by an older table),
    it tells the same words as the outcome this engine makes of the hand."""
    ledger = Ledger(*parse_match(entry["match"]))
    names = ledger.info.players
    for hand, raw in enumerate(entry["outcomes"]):
        if raw is None:
            continue
        old, new = HandOutcome.from_json(raw), ledger.outcome(hand)
        assert old.summary.id == LEGACY and new is not None
        assert told(old.summary, names) == told(new.summary, names)
        assert (old.penalty is None) == (new.penalty is None)
        if old.penalty is not None and new.penalty is not None:
            assert told(old.penalty, names) == told(new.penalty, names)
