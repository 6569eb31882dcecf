"""Shared by the hand screen and session tests: a match in a fresh database, a reference
hand the engine plays with every card known, and drivers that enter its events through
the screen by keyboard or by mouse only."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from scorekeeper.adjudicator import HandLog
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.match import MatchInfo
from scorekeeper.storage import Store
from ui.hand.choices import SEVERAL_CARD_KINDS, is_card_choice
from ui.hand.screen import HandScreen
from ui.session import MatchSession

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve")
GAMES = ("sheepshead", "euchre", "spades", "california_jack")
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"


def new_session(tmp_path: Path, game_id: str, preset: str | None = None, **options) -> MatchSession:
    game = get_game(game_id)
    info = MatchInfo("Test match", game_id, game.settings(preset, **options), NAMES[: game.seats])
    store = Store(tmp_path / "matches.sqlite3")
    return MatchSession(store, store.create_match(info))


def new_screen(qtbot, session: MatchSession) -> HandScreen:
    screen = HandScreen(session)
    qtbot.addWidget(screen)
    screen.resize(960, 720)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


class Reference:
    """The same hand played by the engine alone with every card known: it picks each
    event at random among the legal ones, and scores the hand."""

    def __init__(self, session: MatchSession, seed: int) -> None:
        ledger = session.ledger
        self.game = ledger.game
        self.rng = random.Random(seed)
        dealer = ledger.next_dealer
        self.log = HandLog(self.game, ledger.settings, dealer, ledger.totals, session.names)
        self.deal = self.game.deal(self.rng, ledger.settings, dealer)
        for event in self.deal:
            self.log.record(event)

    def choose(self) -> Event | None:
        events = self.log.state.legal_events()
        return self.rng.choice(events) if events else None

    def dealt(self, seat: int) -> tuple:
        return next(e.cards for e in self.deal if e.kind == "deal" and e.seat == seat)

    def table_cards(self) -> list[Event]:
        """What the table turns up before play (upcard, trump card)."""
        return [e for e in self.deal if e.kind in ("upcard", "trump_card")]


def _choice_button(screen: HandScreen, event: Event):
    for choice, button in zip(screen._choices, screen.choice_buttons(), strict=False):
        if choice.event == event:
            return choice, button
    if event.kind == "draw":  # the table does not see the drawn card: an unseen draw
        for choice, button in zip(screen._choices, screen.choice_buttons(), strict=False):
            if choice.event.kind == "draw" and choice.event.seat == event.seat:
                return choice, button
    raise AssertionError(f"{event} is not offered: {[c.label for c in screen._choices]}")


def _cards_of(event: Event) -> tuple:
    return event.cards if event.kind in SEVERAL_CARD_KINDS else (event.card,)


def type_event(qtbot, screen: HandScreen, event: Event) -> None:
    """Enter ``event`` with the keyboard only: a card's notation or a choice's key, then Enter."""
    if is_card_choice(event) and not (event.kind == "draw" and _is_unseen_draw(screen)):
        text = " ".join(card.code.lower() for card in _cards_of(event))
    else:
        text = _choice_button(screen, event)[0].key
    assert text, f"no key for {event}"
    screen.field.setFocus()
    qtbot.keyClicks(screen.field, text)
    qtbot.keyClick(screen.field, Qt.Key.Key_Return)


def click_event(qtbot, screen: HandScreen, event: Event) -> None:
    """Enter ``event`` with the mouse only: card buttons, or the phase's choice button."""
    if is_card_choice(event) and not (event.kind == "draw" and _is_unseen_draw(screen)):
        for card in _cards_of(event):
            qtbot.mouseClick(screen.grid.buttons[card], Qt.MouseButton.LeftButton)
    else:
        qtbot.mouseClick(_choice_button(screen, event)[1], Qt.MouseButton.LeftButton)


def _is_unseen_draw(screen: HandScreen) -> bool:
    return any(c.event.kind == "draw" and c.event.card is None for c in screen._choices)


def play_hand(qtbot, screen: HandScreen, reference: Reference, enter, stop=None) -> None:
    """Enter the reference hand's events one by one until it is over (or ``stop(event)``).
    After each, the screen's hand has the same phase and tricks as the reference."""
    number = len(screen.session.ledger.hands) - 1
    for event in reference.table_cards():
        enter(qtbot, screen, event)
    while (event := reference.choose()) is not None:
        if stop is not None and stop(event):
            return
        log = screen.session.ledger.hands[number]
        before = len(log.events)
        enter(qtbot, screen, event)
        reference.log.record(event)
        assert len(log.events) == before + 1, screen.status.text()
        assert log.state.phase == reference.log.state.phase
        assert log.state.taken == reference.log.state.taken


def set_palette(dark: bool) -> None:
    app = QApplication.instance()
    if not dark:
        app.setPalette(app.style().standardPalette())
        return
    palette = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"),
        (QPalette.ColorRole.WindowText, "#eeeeee"),
        (QPalette.ColorRole.Base, "#1e1e1e"),
        (QPalette.ColorRole.Text, "#eeeeee"),
        (QPalette.ColorRole.Button, "#3a3a3a"),
        (QPalette.ColorRole.ButtonText, "#eeeeee"),
        (QPalette.ColorRole.Highlight, "#2f65ca"),
    ):
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)


def screenshot(widget: QWidget, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    assert widget.grab().save(str(path))
    return path
