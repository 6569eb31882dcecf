"""A seeded monkey drives the real window of each game as hands and keyboards do: cards typed
(legal and not) into whatever has the focus, clicks on visible enabled buttons, rulings
decided or left waiting, undo and redo by shortcut, quick entry and claims (confirmed or
not), and the app closed and reopened on the same database. After every step the screen must equal the reopened record, and no error
may go unhandled. A short run is in the suite; the long one is marked slow."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from scorekeeper.choices import is_card_choice
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.sheepshead.deck import TOTAL_SCHWANZER_POINTS
from scorekeeper.match import MatchInfo
from scorekeeper.storage import Store
from tests.ui.invariant import assert_plain_words, assert_screen_is_the_record
from ui.main_window import MainWindow

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve")
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture
def unhandled(monkeypatch: pytest.MonkeyPatch) -> list[BaseException]:
    """Every exception that reaches ``sys.excepthook`` (an error no code handled)."""
    caught: list[BaseException] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, error, trace: caught.append(error))
    return caught


class Monkey:
    """One match of ``game_id`` in a window at 1366×768, driven by a seeded generator."""

    def __init__(self, qtbot, folder: Path, game_id: str, seed: int) -> None:
        self.qtbot = qtbot
        self.rng = random.Random(seed)
        self.game = get_game(game_id)
        self.path = folder / "monkey.sqlite3"
        self.settings = QSettings(str(folder / "monkey.ini"), QSettings.Format.IniFormat)
        with Store(self.path) as store:
            info = MatchInfo(
                f"Monkey {seed}", game_id, self.game.settings(None), NAMES[: self.game.seats]
            )
            self.match_id = store.create_match(info)
        self.log: list[str] = []
        self.window = self._open()

    def _open(self) -> MainWindow:
        window = MainWindow(Store(self.path), self.settings)
        self.qtbot.addWidget(window)
        window.resize(1366, 768)
        window.show()
        window.windowHandle().requestActivate()
        self.qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        window.start_page.table.setFocus()
        self.qtbot.keyClick(window.start_page.table, Qt.Key.Key_Return)  # the recent match
        assert window.session is not None and window.session.match_id == self.match_id
        return window

    @property
    def screen(self):
        return self.window.match_page.hand_screen

    def focus(self) -> QWidget:
        return QApplication.focusWidget() or self.window

    # -- steps -------------------------------------------------------------------------

    def type_text(self, text: str) -> None:
        field = self.focus()
        self.qtbot.keyClicks(field, text)
        self.qtbot.keyClick(field, Qt.Key.Key_Return)
        if self.screen.field.text():  # not recorded: clear the box as a scorer would
            self.qtbot.keyClick(self.screen.field, Qt.Key.Key_A, CTRL)
            self.qtbot.keyClick(self.screen.field, Qt.Key.Key_Backspace)

    def type_card(self) -> None:
        card = self.rng.choice(self.game.deck)
        self.log.append(f"type {card}")
        self.type_text(card.code.lower())

    def type_legal(self) -> None:
        log = self.window.session.current()
        events = log.state.legal_events() if log is not None else []
        choices = {c.event: c for c in self.screen._choices}
        keyed = [e for e in events if e in choices and choices[e].key]
        if keyed:
            event = self.rng.choice(keyed)
            self.log.append(f"type {choices[event].key}")
            self.type_text(choices[event].key)
        elif events and is_card_choice(log.game, event := self.rng.choice(events)) and event.card:
            self.log.append(f"type {event.card}")
            self.type_text(event.card.code.lower())
        else:
            self.type_card()

    def click(self, buttons: list[QWidget], what: str) -> None:
        usable = [b for b in buttons if b.isVisible() and b.isEnabled()]
        if usable:
            button = self.rng.choice(usable)
            self.log.append(f"click {what} {button.text()}")
            self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    def click_card(self) -> None:
        self.click(list(self.screen.grid.buttons.values()), "card")

    def click_choice(self) -> None:
        self.click(self.screen.choice_buttons(), "choice")

    def decide(self) -> None:
        banner = self.screen.banner
        if not banner.isVisible():
            return
        how = self.rng.randrange(4)
        self.log.append(f"decide {how}")
        if how == 0:
            self.qtbot.mouseClick(banner.take_back, Qt.MouseButton.LeftButton)
        elif how == 1:
            self.qtbot.mouseClick(banner.stand, Qt.MouseButton.LeftButton)
        else:
            key = Qt.Key.Key_B if how == 2 else Qt.Key.Key_S
            self.qtbot.keyClick(self.focus(), key, ALT)

    def quick_entry(self) -> None:
        """Open Quick entry by its button; submit its form as it stands, or cancel."""
        button = self.screen.quick_button
        if not (button.isVisible() and button.isEnabled()):
            return
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            return
        submit = self.rng.random() < 0.7
        self.log.append(f"quick entry {'submitted' if submit else 'cancelled'}")
        ok = next(b for b in dialog.findChildren(QPushButton) if b.text().lstrip("&") == "OK")
        if submit:
            self.qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
        if dialog.isVisible():  # refused, or cancelled: Escape closes it
            self.qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    def claim(self) -> None:
        """A player claims the rest from the Claim menu; the table confirms or cancels."""
        button = self.screen.claim_button
        if not (button.isVisible() and button.isEnabled()):
            return
        menu = button.menu()
        actions = menu.actions()
        chosen = self.rng.choice(actions)

        def choose() -> None:
            menu.setActiveAction(chosen)
            self.qtbot.keyClick(menu, Qt.Key.Key_Return)
            menu.hide()

        QTimer.singleShot(50, choose)
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        confirm = QApplication.activeModalWidget()
        if confirm is None:
            return
        agree = self.rng.random() < 0.6
        self.log.append(f"{chosen.text()} ({'confirmed' if agree else 'cancelled'})")
        if agree:
            claim = next(b for b in confirm.buttons() if "claims the rest" in b.text())
            self.qtbot.mouseClick(claim, Qt.MouseButton.LeftButton)
        else:
            self.qtbot.keyClick(confirm, Qt.Key.Key_Escape)
        if (told := QApplication.activeModalWidget()) is not None:  # a failure, shown
            self.qtbot.keyClick(told, Qt.Key.Key_Escape)

    def answer(self) -> None:
        """The hand asks what it needs to be scored: numbers typed field by field (fitting
        or not), a player's button clicked, or cards typed (sometimes one twice)."""
        panel = self.screen.question
        if not panel.isVisible():
            return
        if panel.fields:
            fitting = self.rng.random() < 0.7
            share = TOTAL_SCHWANZER_POINTS // len(panel.fields)
            points = [share if fitting else self.rng.randrange(10) for _ in panel.fields]
            points[0] += TOTAL_SCHWANZER_POINTS - sum(points) if fitting else 0
            self.log.append(f"answer {points}")
            self.qtbot.mouseClick(panel.fields[0], Qt.MouseButton.LeftButton)
            for number, value in enumerate(points):
                self.qtbot.keyClick(self.focus(), Qt.Key.Key_A, CTRL)
                self.qtbot.keyClicks(self.focus(), str(value))
                last = number == len(points) - 1
                self.qtbot.keyClick(self.focus(), Qt.Key.Key_Return if last else Qt.Key.Key_Tab)
        elif panel.buttons:
            self.click(panel.buttons, "answer")
        elif panel.wants_cards:
            cards = [self.rng.choice(self.game.deck) for _ in range(panel.wants_cards)]
            self.log.append(f"answer {cards}")
            self.type_text(" ".join(card.code.lower() for card in cards))

    def undo(self) -> None:
        self.log.append("undo")
        self.qtbot.keyClick(self.focus(), Qt.Key.Key_Z, CTRL)

    def redo(self) -> None:
        self.log.append("redo")
        if self.rng.random() < 0.5:
            self.qtbot.keyClick(self.focus(), Qt.Key.Key_Z, CTRL | SHIFT)
        else:
            self.qtbot.keyClick(self.focus(), Qt.Key.Key_Y, CTRL)

    def reopen(self) -> None:
        self.log.append("reopen")
        old = self.window
        old.close()
        old.store.close()
        old.deleteLater()
        self.window = self._open()

    def step(self) -> None:
        actions = (
            (self.type_legal, 5),
            (self.click_card, 4),
            (self.type_card, 2),
            (self.click_choice, 4),
            (self.decide, 2),
            (self.answer, 4),  # only while the hand asks a question
            (self.undo, 1.5),
            (self.redo, 1),
            (self.quick_entry, 1),  # only while a hand has nothing recorded
            (self.claim, 0.3),
            (self.reopen, 0.2),
        )
        action = self.rng.choices([a for a, _ in actions], [w for _, w in actions])[0]
        action()
        QApplication.processEvents()


def run_monkey(qtbot, tmp_path, unhandled, game_id: str, seed: int, steps: int) -> Monkey:
    monkey = Monkey(qtbot, tmp_path, game_id, seed)
    for _ in range(steps):
        monkey.step()
        assert not unhandled, f"{unhandled!r} after {monkey.log[-5:]}"
        assert_screen_is_the_record(monkey.window), monkey.log[-5:]
        assert_plain_words(monkey.window)
    return monkey


@pytest.mark.parametrize("game_id", tuple(GAME_MODULES))
def test_a_short_monkey_run_keeps_the_screen_equal_to_the_record(
    qtbot, tmp_path, unhandled, game_id
):
    monkey = run_monkey(qtbot, tmp_path, unhandled, game_id, seed=13, steps=70)
    assert any(line.startswith(("type", "click")) for line in monkey.log)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("game_id", tuple(GAME_MODULES))
def test_a_long_monkey_run_keeps_the_screen_equal_to_the_record(
    qtbot, tmp_path, unhandled, game_id, seed
):
    run_monkey(qtbot, tmp_path, unhandled, game_id, seed=seed, steps=600)
