"""What the table reads and is told, each seen at a real table and reproduced by keys and
clicks: Take back says what returns even for one card; the ruling's "decide first" goes
when the ruling is decided; the first bury card and a known hand entered are acknowledged;
``p`` and ``pa`` mean pass where nothing else begins so; summaries name who made trump and
say the penalty once; California Jack's match ends as a match; Spades quick entry offers
no default bid, a blind nil only to a side 100 behind, and in ``modern`` no word of
``classic``."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox, QLabel

from scorekeeper.cards import format_cards
from scorekeeper.events import Event
from tests.shots import screenshot
from tests.ui.hand_support import Reference, new_screen, new_session, play_hand, type_event
from tests.ui.invariant import assert_screen_is_the_record
from tests.ui.test_correction import ALL_PASS, choose_line, double_click_row, sheepshead_window
from tests.ui.test_hand_question import claim_the_rest
from tests.ui.test_hand_rulings import reach_illegal_play
from tests.ui.test_spades_classic_quick_entry import click_ok, open_quick_entry
from tests.ui.test_table_trust import open_new_match
from ui.hand.screen import HandScreen

ALT = Qt.KeyboardModifier.AltModifier


def enter(qtbot, screen: HandScreen, text: str) -> None:
    qtbot.keyClicks(screen.field, text)
    qtbot.keyClick(screen.field, Qt.Key.Key_Return)


def activate(qtbot, screen: HandScreen) -> None:
    """The screen's window has the keyboard (its shortcuts work)."""
    screen.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is screen)


# -- rulings -----------------------------------------------------------------------------


def test_taking_back_one_card_says_that_one_card_returns(qtbot, tmp_path):
    screen, card = reach_illegal_play(qtbot, tmp_path, "euchre")
    enter(qtbot, screen, card.code.lower())
    assert screen.banner.isVisible()
    assert screen.banner.take_back.text() == "Take back: 1 card returns to its hand  [Alt+B]"


@pytest.mark.parametrize("decision", [Qt.Key.Key_S, Qt.Key.Key_B], ids=["let stand", "take back"])
def test_decide_the_ruling_first_goes_when_it_is_decided(qtbot, tmp_path, decision):
    screen, card = reach_illegal_play(qtbot, tmp_path, "spades")
    activate(qtbot, screen)
    enter(qtbot, screen, card.code.lower())
    enter(qtbot, screen, "2h")  # typed while the ruling waits: refused, kept
    assert screen.status.text().startswith("Not recorded: decide the ruling first")
    qtbot.keyClick(screen.field, decision, ALT)
    qtbot.waitUntil(lambda: not screen.banner.isVisible())
    assert screen.status.text() == ""
    assert screen.field.text() == "2h", "the typed card still waits"


# -- feedback ------------------------------------------------------------------------------


def test_a_known_hand_entered_is_said(qtbot, tmp_path):
    session = new_session(tmp_path, "euchre")
    screen = new_screen(qtbot, session)
    reference = Reference(session, seed=1)
    screen.hand_seat.setFocus()
    qtbot.keyClick(screen.hand_seat, Qt.Key.Key_Down)  # Bob's hand
    cards = reference.dealt(1)
    qtbot.keyClicks(screen.hand_field, " ".join(card.code.lower() for card in cards))
    qtbot.keyClick(screen.hand_field, Qt.Key.Key_Return)
    assert session.ledger.hands[0].events[-1].seat == 1
    assert screen.status.text() == f"Recorded Bob's hand: {format_cards(cards)}"


def test_the_first_bury_card_is_said_and_waits_for_the_second(qtbot, tmp_path):
    session = new_session(tmp_path, "sheepshead")
    screen = new_screen(qtbot, session)
    enter(qtbot, screen, "pi")  # Bob picks (the start of pick)
    assert session.ledger.hands[0].events[-1].kind == "pick"
    enter(qtbot, screen, "qc")
    assert screen.field.text() == ""
    assert screen.status.text() == "Bury: Q♣ (choose 1 more)"
    enter(qtbot, screen, "js")
    assert session.ledger.hands[0].events[-1].kind == "bury"


@pytest.mark.parametrize(
    ("game_id", "before", "typed"),
    [
        pytest.param("euchre", ["9h"], "p", id="euchre: p"),
        pytest.param("euchre", ["9h"], "pa", id="euchre: pa"),
        pytest.param("sheepshead", [], "pa", id="sheepshead: pa"),
    ],
)
def test_the_start_of_pass_is_pass(qtbot, tmp_path, game_id, before, typed):
    session = new_session(tmp_path, game_id)
    screen = new_screen(qtbot, session)
    for text in before:
        enter(qtbot, screen, text)
    enter(qtbot, screen, typed)
    assert session.ledger.hands[0].events[-1].kind == "pass", screen.status.text()
    assert screen.field.text() == ""


def test_a_start_that_could_be_two_choices_says_which(qtbot, tmp_path):
    session = new_session(tmp_path, "sheepshead")
    screen = new_screen(qtbot, session)
    enter(qtbot, screen, "p")
    assert session.ledger.hands[0].events == []
    assert screen.status.text() == "“p” could be pick or pass: type more"


# -- summaries ---------------------------------------------------------------------------


def test_a_euchre_summary_names_who_made_trump(qtbot, store, settings):
    window = open_new_match(qtbot, store, settings, "euchre")
    screen = window.match_page.hand_screen
    play_hand(qtbot, screen, Reference(window.session, seed=11), type_event)
    hand = window.session.ledger.hands[0].state
    assert hand.maker is not None, "someone made trump in this hand"
    first = screen.summary.text().splitlines()[0]
    assert first.startswith(f"Hand 1: {window.session.names[hand.maker]} made {hand.trump} trump")
    assert_screen_is_the_record(window)


def test_a_spades_summary_says_the_renege_penalty_that_moved_tricks(qtbot, tmp_path):
    screen, card = reach_illegal_play(qtbot, tmp_path, "spades")
    session = screen.session
    activate(qtbot, screen)
    enter(qtbot, screen, card.code.lower())
    offender = session.ledger.hands[0].pending[0].seat
    qtbot.keyClick(screen.field, Qt.Key.Key_S, ALT)  # let it stand
    qtbot.waitUntil(lambda: not screen.banner.isVisible())
    claim_the_rest(qtbot, screen, (offender + 1) % 4)
    lines = screen.summary.text().splitlines()
    penalties = [line for line in lines if line.startswith("Penalty: ")]
    assert len(penalties) == 1, lines
    assert penalties[0].startswith(f"Penalty: {session.names[offender]} reneged")
    assert "tricks to" in penalties[0] or "trick to" in penalties[0]
    assert not any("Renege penalty" in line for line in lines)


def test_california_jack_ends_the_match_not_the_game(qtbot, tmp_path):
    session = new_session(tmp_path, "california_jack", None, match_games=1)
    screen = new_screen(qtbot, session)
    play_hand(qtbot, screen, Reference(session, seed=11), type_event)
    assert session.ledger.game_over
    winner = session.ledger.side_names[session.ledger.winners[0]]
    assert screen.heading.text() == f"Match over: {winner} won"
    assert screen.summary.text().splitlines()[-1] == f"Match over: {winner} won"
    assert "Game over" not in screen.summary.text()
    assert screen.status.text().startswith("The match is over")
    assert screen.new_game_button.text() == "&New match with the same players"


# -- Spades quick entry ----------------------------------------------------------------------


def bid_lists(dialog) -> list[QComboBox]:
    page = dialog.pages.currentWidget()
    return [page.findChild(QComboBox, f"bids.{seat}") for seat in range(4)]


def test_spades_bids_start_unchosen_and_ok_says_which(qtbot, tmp_path):
    session = new_session(tmp_path, "spades", "modern")
    screen = new_screen(qtbot, session)
    dialog = open_quick_entry(qtbot, screen)
    assert [combo.currentText() for combo in bid_lists(dialog)] == ["—"] * 4
    click_ok(qtbot, dialog)
    assert dialog.message.text() == "Not recorded: Bid: choose one for Ann, Bob, Cy and Di"
    assert session.ledger.hands[0].events == []
    dialog.reject()


def test_spades_offers_blind_nil_only_to_a_side_100_behind(qtbot, tmp_path):
    session = new_session(tmp_path, "spades", "modern")
    session.quick({"bids": [4, 4, 4, 4], "tricks": [1, 5, 1, 6]})  # Ann & Cy set: −80 to +80
    screen = new_screen(qtbot, session)
    assert session.ledger.totals == (-80, 83)
    dialog = open_quick_entry(qtbot, screen)
    offered = [[c.itemText(i) for i in range(c.count())] for c in bid_lists(dialog)]
    assert "blind nil" in offered[0] and "blind nil" in offered[2]  # 163 behind
    assert "blind nil" not in offered[1] and "blind nil" not in offered[3]
    assert all("nil" in shown for shown in offered)
    dialog.reject()


def test_spades_modern_quick_entry_speaks_only_of_modern(qtbot, tmp_path):
    session = new_session(tmp_path, "spades", "modern")
    screen = new_screen(qtbot, session)
    dialog = open_quick_entry(qtbot, screen)
    texts = [label.text() for label in dialog.findChildren(QLabel) if label.isVisible()]
    texts += [widget.toolTip() for widget in dialog.findChildren(QComboBox)]
    assert texts and not [text for text in texts if "classic" in text.lower()]
    ok = dialog.findChild(QDialogButtonBox)
    assert ok is not None
    dialog.reject()


# -- screenshots -------------------------------------------------------------------------------


def test_screenshots_of_a_new_hand_a_draw_and_a_schwanzer_correction(
    qtbot, store, settings, scheme
):
    """At 1366×768: the next hand on a clean table under the summary, California Jack's
    one draw button, and the Schwanzer answer in the correction list with its hint."""
    window = open_new_match(qtbot, store, settings, "euchre")
    play_hand(qtbot, window.match_page.hand_screen, Reference(window.session, seed=11), type_event)
    screenshot(window, f"new-hand-clean-{scheme}")
    cj = open_new_match(qtbot, store, settings, "california_jack")
    reference = Reference(cj.session, seed=3)
    screen = cj.match_page.hand_screen
    play_hand(qtbot, screen, reference, type_event, stop=lambda event: event.kind == "draw")
    assert [button.text() for button in screen.choice_buttons()] == ["Both draw  [d]"]
    screenshot(cj, f"california-jack-both-draw-{scheme}")
    answer = Event("answer", data={"schwanzer": [4, 8, 3, 3, 2]})
    sheepshead = sheepshead_window(qtbot, store, settings, [*ALL_PASS, answer])
    dialog = double_click_row(qtbot, sheepshead, 0)
    choose_line(qtbot, dialog, "Schwanzer points: Ann 4, Bo 8, Cy 3, Di 3, Eve 2")
    screenshot(dialog, f"correction-schwanzer-{scheme}")
