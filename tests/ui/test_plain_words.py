"""What the open match shows is made of players' names and plain words: a rule by its title,
never its id; one trick, not "1 tricks"; no seat numbers or Python values. The engine's
outcomes are already worded so (the words come from ``scorekeeper.words``); nothing on
screen rewrites them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord
from tests.ui.app_matches import euchre_info, euchre_renege_let_stand
from tests.ui.invariant import assert_plain_words, plain_words_problems, screen_texts
from tests.ui.test_app_main_window import window_for
from tests.ui.test_hand_quick import _choose, _set
from tests.ui.test_table_trust import open_new_match
from ui.hand.quick import QuickEntryDialog


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("♦ euchred, 1 tricks", False),
        ("♦ euchred, 1 trick", True),
        ("took 11 tricks, 21 points", True),
        ("Bob wins 1 points", False),
        ("penalty: euchre.play.follow-suit, Bob", False),
        ("penalty: Follow suit, Bob", True),
        ("seat 2 wins game 1", False),
        ("makers: None", False),
        ("{1} reneged", False),
    ],
    ids=[
        "one trick in the plural",
        "one trick",
        "many stay plural",
        "one point in the plural",
        "a rule id",
        "a rule title",
        "a seat number",
        "a Python value",
        "a seat not told",
    ],
)
def test_the_check_finds_internal_words(text, plain):
    assert (plain_words_problems([text]) == []) is plain


def test_a_hand_euchred_with_one_trick_reads_one_trick(qtbot, store, settings):
    window = open_new_match(qtbot, store, settings, "euchre")
    screen = window.match_page.hand_screen
    qtbot.mouseClick(screen.quick_button, Qt.MouseButton.LeftButton)
    dialog = screen.findChild(QuickEntryDialog)
    assert dialog is not None and dialog.isVisible()
    _choose(dialog, "Played")
    _set(dialog, "makers", "Ann & Cy")
    _set(dialog, "tricks", 1)
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert window.session.ledger.scores, "the hand was recorded"
    assert "Hand 1: Ann & Cy made trump: euchred (1 trick)\n" in screen.summary.text()
    assert_plain_words(window)


def test_a_penalty_let_stand_shows_its_rule_by_title(qtbot, store, settings):
    ledger = Ledger(euchre_info())
    number = euchre_renege_let_stand(ledger)
    title = ledger.hands[number].state.penalties[0].rule.title
    hands = [HandRecord(log.dealer, list(log.events)) for log in ledger.hands if log.events]
    store.create_match(ledger.info, hands)
    window = window_for(qtbot, store, settings)
    window.resize(1366, 768)
    qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)
    texts = screen_texts(window.match_page)
    assert any(title in text for text in texts), texts
    assert_plain_words(window)
