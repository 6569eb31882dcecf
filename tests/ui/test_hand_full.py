"""A whole hand of each game entered through the hand screen, by keyboard only and by
mouse only; the totals shown are the engine's for the same hand."""

from __future__ import annotations

import pytest

from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord
from tests.ui.hand_support import (
    GAMES,
    Reference,
    click_event,
    new_screen,
    new_session,
    play_hand,
    type_event,
)

DRIVERS = {"keyboard": type_event, "mouse": click_event}


@pytest.mark.parametrize("driver", list(DRIVERS))
@pytest.mark.parametrize("game_id", GAMES)
def test_full_hand_totals_match_the_engine(qtbot, tmp_path, game_id, driver):
    session = new_session(tmp_path, game_id)
    screen = new_screen(qtbot, session)
    reference = Reference(session, seed=7)
    play_hand(qtbot, screen, reference, DRIVERS[driver])

    assert session.ledger.hands[0].is_over
    engine = Ledger(session.ledger.info, [HandRecord(reference.log.dealer, reference.log.events)])
    assert session.ledger.totals == engine.totals
    assert session.ledger.scores[0].points == engine.scores[0].points
    for name, total in zip(session.ledger.side_names, engine.totals, strict=True):
        assert f"{name} {total}" in screen.totals.text()
    # what the screen showed as recorded is in the database
    stored = session.store.load(session.match_id)
    assert [r.events for r in stored.hands] == [
        log.events for log in session.ledger.hands if log.events
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_keyboard_entry_takes_at_most_three_keys_per_card(qtbot, tmp_path, game_id):
    session = new_session(tmp_path, game_id)
    screen = new_screen(qtbot, session)
    reference = Reference(session, seed=3)
    typed = []

    def record_keys(qtbot, screen, event):
        before = screen.field.text()
        type_event(qtbot, screen, event)
        if event.kind == "play":
            typed.append(len(event.card.code.replace("10", "t")))
        assert before == ""

    play_hand(qtbot, screen, reference, record_keys)
    assert typed and max(typed) <= 3
