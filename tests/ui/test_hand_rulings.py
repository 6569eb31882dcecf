"""Rulings on the hand screen: an illegal play in each game shows its rule, Take back
leaves the hand as it was, Let it stand applies the game's penalty; a renege proved by a
later play shows the same way."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from scorekeeper.cards import Card, cards_in
from scorekeeper.events import Event
from scorekeeper.evidence import HeldBy, PlayedInTrick, ThenPlayed, Turn
from scorekeeper.games.base import Violation
from scorekeeper.games.tricks import SAY as TRICKS
from tests.ui.hand_support import GAMES, Reference, new_screen, new_session, play_hand, type_event
from ui.hand.ruling import RulingBanner


def _illegal_now(reference: Reference) -> int:
    """Cards the seat to act holds but may not play now (0 outside play)."""
    state = reference.log.state
    if state.phase != state.PLAY:
        return 0
    hand = state.hands[state.to_act]
    if hand is None or (len(state.tricks) > 0 and state.game.id == "california_jack"):
        return 0  # after a draw the table no longer knows the seat's whole hand
    return hand & ~state.legal_plays(state.to_act, hand)


def reach_illegal_play(qtbot, tmp_path, game_id):
    """A screen one card before a seat can break a rule; that seat's hand entered by keyboard."""
    for seed in range(60):
        session = new_session(tmp_path / f"{seed}", game_id)
        screen = new_screen(qtbot, session)
        reference = Reference(session, seed)
        play_hand(
            qtbot, screen, reference, type_event, stop=lambda _e, r=reference: _illegal_now(r)
        )
        if _illegal_now(reference):
            seat = reference.log.state.to_act
            screen.hand_seat.setCurrentIndex(seat)
            qtbot.keyClicks(
                screen.hand_field, " ".join(c.code.lower() for c in reference.dealt(seat))
            )
            qtbot.keyClick(screen.hand_field, Qt.Key.Key_Return)
            assert screen.session.ledger.hands[-1].state.hands[seat] is not None, (
                screen.status.text()
            )
            card = next(cards_in(_illegal_now(reference)))
            return screen, card
        screen.close()
    raise AssertionError(f"no seed gave an illegal play in {game_id}")


def _type(qtbot, screen, text):
    qtbot.keyClicks(screen.field, text)
    qtbot.keyClick(screen.field, Qt.Key.Key_Return)


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_play_shows_its_ruling_and_take_back_restores(qtbot, tmp_path, game_id):
    screen, card = reach_illegal_play(qtbot, tmp_path, game_id)
    log = screen.session.ledger.hands[-1]
    before = log.state.copy()
    stored_before = screen.session.store.load(screen.session.match_id).hands

    _type(qtbot, screen, card.code.lower())

    assert screen.banner.isVisible()
    violation = log.pending[0]
    assert violation.card == card
    assert violation.rule.title in screen.banner.heading.text()
    assert screen.banner.text.text() == violation.rule.text
    assert f">About this rule: {violation.rule.title}<" in screen.banner.help_link.text()
    assert not screen.banner.take_back.isDefault()
    assert screen.banner.take_back.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert screen.choice_buttons() == []  # nothing else until the table decides

    qtbot.mouseClick(screen.banner.take_back, Qt.MouseButton.LeftButton)

    assert not screen.banner.isVisible()
    assert log.state == before
    assert not log.pending
    # the play and the decision stay on record; the database holds what the ledger holds
    stored = screen.session.store.load(screen.session.match_id).hands
    assert stored[-1].events[: len(stored_before[-1].events)] == stored_before[-1].events
    assert stored[-1].events == log.events
    assert [e.kind for e in log.events[-2:]] == ["play", "decision"]


@pytest.mark.parametrize("game_id", GAMES)
def test_let_it_stand_applies_the_penalty(qtbot, tmp_path, game_id):
    screen, card = reach_illegal_play(qtbot, tmp_path, game_id)
    session = screen.session
    log = session.ledger.hands[-1]
    _type(qtbot, screen, card.code.lower())
    violation = log.pending[0]

    qtbot.mouseClick(screen.banner.stand, Qt.MouseButton.LeftButton)

    assert not screen.banner.isVisible()
    assert violation.rule in [v.rule for v in log.state.penalties]
    session.record(Event("claim", seat=log.state.to_act))
    assert log.is_over
    outcome = log.outcome()
    assert outcome.penalty
    unpenalised = log.state.copy()
    unpenalised.penalties.clear()
    assert session.ledger.game.score_hand(unpenalised).penalty is None


def test_rule_help_link_asks_for_that_rule(qtbot, tmp_path):
    screen, card = reach_illegal_play(qtbot, tmp_path, "euchre")
    _type(qtbot, screen, card.code.lower())
    rule_id = screen.session.ledger.hands[-1].pending[0].rule.id
    with qtbot.waitSignal(screen.rule_help_requested) as blocker:
        screen.banner.help_link.linkActivated.emit(rule_id)
    assert blocker.args == [rule_id]


def test_renege_proved_later_shows_as_a_ruling(qtbot, tmp_path):
    """Bob does not follow spades in trick 1, then plays a spade in trick 2."""
    session = new_session(tmp_path, "euchre")
    screen = new_screen(qtbot, session)
    for text in ("9h", "up", "unseen", "as", "kc", "9s", "ts", "qd", "ks"):
        _type(qtbot, screen, text)
        assert screen.field.text() == "", screen.status.text()
    log = session.ledger.hands[-1]
    assert screen.banner.isVisible()
    violation = log.pending[0]
    assert violation.rule.id == "euchre.play.follow-suit"
    assert violation.card.code == "KC" and violation.trick == 1
    assert "proved by a later play" in screen.banner.heading.text()
    assert "K♠" in screen.banner.evidence.text()
    # taking back the renege takes back every card played since: the button says how many
    later = len(log.events) - violation.event_index
    assert screen.banner.take_back.text() == f"Take back: {later} cards return to hands  [Alt+B]"


def test_refused_entry_changes_nothing_and_says_why(qtbot, tmp_path):
    session = new_session(tmp_path, "spades")
    screen = new_screen(qtbot, session)
    _type(qtbot, screen, "2c")  # a card during the bidding
    assert screen.field.text() == "2c"
    assert "no place in this phase" in screen.status.text()
    screen.field.clear()
    for text in ("3", "3", "3", "3", "2c"):
        _type(qtbot, screen, text)
    recorded = session.undo_stack.count()
    _type(qtbot, screen, "2c")  # the same card again
    assert screen.field.text() == "2c"
    assert "Not recorded: Each card once" in screen.status.text()
    assert session.undo_stack.count() == recorded
    assert session.store.load(session.match_id).hands[0].events == session.ledger.hands[0].events
    screen.field.clear()
    _type(qtbot, screen, "zz")
    assert "not a card" in screen.status.text()


def test_keyboard_alone_takes_a_ruled_play_back(qtbot, tmp_path):
    screen, card = reach_illegal_play(qtbot, tmp_path, "spades")
    log = screen.session.ledger.hands[-1]
    before = log.state.copy()
    _type(qtbot, screen, card.code.lower())
    assert screen.banner.isVisible()
    screen.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is screen)
    assert QApplication.focusWidget() is screen.field  # the banner never takes the keyboard
    recorded = list(log.events)
    qtbot.keyClicks(QApplication.focusWidget(), "2h")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # Enter does not decide
    assert screen.banner.isVisible() and log.events == recorded
    assert screen.field.text() == "2h"  # the typed card is kept, and refused
    assert "decide the ruling first" in screen.status.text()
    assert "[Alt+B]" in screen.banner.take_back.text()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: not screen.banner.isVisible())
    assert log.state == before


def test_banner_evidence_names_the_players_not_seat_numbers(qtbot, tmp_path):
    session = new_session(tmp_path, "spades")
    rule = session.ledger.game.rules["table.out-of-turn"]
    evidence = (Turn(1), HeldBy(3, (Card.parse("KS"),)))
    banner = RulingBanner()
    qtbot.addWidget(banner)
    banner.show_violations([Violation(rule, 0, None, 1, evidence, 3)], session.names)
    assert session.names[1] == "Bob"
    assert banner.evidence.text() == (
        f"Evidence: it is Bob's turn; K♠ is in {session.names[3]}'s hand."
    )


def test_evidence_lines_ending_in_a_stop_read_as_one_sentence(qtbot, tmp_path):
    session = new_session(tmp_path, "spades")
    rule = session.ledger.game.rules["table.out-of-turn"]
    banner = RulingBanner()
    qtbot.addWidget(banner)
    follow = TRICKS("follow", suit="clubs")
    evidence = (
        PlayedInTrick(0, Card.parse("7H"), 1, follow),
        ThenPlayed(0, Card.parse("2C"), 3, 1),
    )
    banner.show_violations([Violation(rule, 0, None, 1, evidence, 3)], session.names)
    ann = session.names[0]
    assert banner.evidence.text() == (
        f"Evidence: {ann} played 7♥ in trick 1 (had to follow clubs); "
        f"{ann} then played 2♣ in trick 3, so 2♣ was in hand in trick 1."
    )
    assert ".;" not in banner.evidence.text()
