"""``scorekeeper --self-test``: the real app, offscreen, records a hand of each game.

The app starts with its settings and database in a temporary folder; a hand of each
game is entered through the hand screen's widgets (keys for some games, clicks for the
others), its score is checked against the engine's for the same hand and against the
database, and a score sheet of each match is exported; last, the embedded PostgreSQL is
started and the window joins a club night on it. One line is printed per step;
the exit status is 0 only when every step worked. Installed builds (the bundle, a wheel)
run it to show that everything they need is inside them.

The hand drivers here are the ones the app's tests use: ``bot`` is pytest-qt's
``qtbot`` there and :class:`QTestBot` here.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from PySide6.QtCore import (
    QMessageLogContext,
    QPoint,
    QSettings,
    Qt,
    QtMsgType,
    qInstallMessageHandler,
    qVersion,
)
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

from scorekeeper.adjudicator import HandLog
from scorekeeper.choices import Choice, is_card_choice, play_seat
from scorekeeper.events import Event
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.actions import CARDS, DEALT_SHOWN, Action
from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord, MatchInfo

from .hand.screen import HandScreen
from .session import MatchSession

if TYPE_CHECKING:
    from .main_window import MainWindow

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve")
SEED = 7


class SelfTestFailure(AssertionError):
    """A step did not do what it should; the message says what was seen."""


T = TypeVar("T")


def check(condition: object, message: str) -> None:
    if not condition:
        raise SelfTestFailure(message)


def present(value: T | None, message: str) -> T:
    """``value``, which must be there."""
    if value is None:
        raise SelfTestFailure(message)
    return value


class Bot(Protocol):
    """What the drivers need to press keys and click: pytest-qt's ``qtbot`` has it."""

    def keyClicks(self, widget: QWidget, text: str) -> None: ...
    def keyClick(self, widget: QWidget, key: Qt.Key) -> None: ...
    def mouseClick(
        self, widget: QWidget, button: Qt.MouseButton, pos: QPoint | None = None
    ) -> None: ...


class QTestBot:
    """Real key presses and mouse clicks sent to widgets by ``QTest``."""

    def keyClicks(self, widget: QWidget, text: str) -> None:
        QTest.keyClicks(widget, text)

    def keyClick(self, widget: QWidget, key: Qt.Key) -> None:
        QTest.keyClick(widget, key)

    def mouseClick(
        self, widget: QWidget, button: Qt.MouseButton, pos: QPoint | None = None
    ) -> None:
        if pos is None:
            QTest.mouseClick(widget, button)
        else:
            QTest.mouseClick(widget, button, Qt.KeyboardModifier.NoModifier, pos)


Driver = Callable[[Bot, HandScreen, Event], None]


# -- a reference hand and the drivers that enter it ------------------------------------------


class Reference:
    """The same hand played by the engine alone with every card known: it picks each
    event at random among the legal ones, and scores the hand."""

    def __init__(self, session: MatchSession, seed: int) -> None:
        ledger = session.ledger
        self.game = ledger.game
        self.rng = random.Random(seed)
        dealer = ledger.next_dealer
        self.log = HandLog(
            self.game, ledger.settings, dealer, ledger.totals, session.names, ledger.next_number
        )
        self.deal = self.game.deal(self.rng, ledger.settings, dealer)
        for event in self.deal:
            self.log.record(event)

    def choose(self) -> Event | None:
        events = self.log.state.legal_events()
        return self.rng.choice(events) if events else None

    def dealt(self, seat: int) -> tuple[Any, ...]:
        return next(e.cards for e in self.deal if e.kind == "deal" and e.seat == seat)

    def table_cards(self) -> list[Event]:
        """What the table turns up before play (upcard, trump card)."""
        return [e for e in self.deal if self.game.action(e.kind).dealt == DEALT_SHOWN]


def _action(screen: HandScreen, event: Event) -> Action:
    return screen.session.ledger.game.action(event.kind)


def _choice_button(screen: HandScreen, event: Event) -> tuple[Choice, QPushButton]:
    offered = list(zip(screen._choices, screen.choice_buttons(), strict=False))
    for choice, button in offered:
        if choice.event == event:
            return choice, button
    if _action(screen, event).hidden:  # the table does not see the card: an unseen draw
        for choice, button in offered:
            if choice.event.kind == event.kind and choice.event.seat == event.seat:
                return choice, button
    raise SelfTestFailure(f"{event} is not offered: {[c.label for c in screen._choices]}")


def _cards_of(screen: HandScreen, event: Event) -> tuple[Any, ...]:
    return event.cards if _action(screen, event).takes == CARDS else (event.card,)


def _by_card(screen: HandScreen, event: Event) -> bool:
    """Whether ``event`` is entered by its cards: a card choice, unless its card is face
    down and the screen offers it unseen (a draw)."""
    game = screen.session.ledger.game
    unseen = _action(screen, event).hidden and any(
        c.event.kind == event.kind and c.event.card is None for c in screen._choices
    )
    return is_card_choice(game, event) and not unseen


def _named_player(screen: HandScreen, event: Event) -> str:
    """The player typed before a card that the card alone would give another seat: on a
    trick the rules let be played in any seat order, whose hands the screen does not know."""
    state = screen.state()
    if event.kind != "play" or event.card is None or event.seat is None or state is None:
        return ""
    if play_seat(state, event.card) == event.seat:
        return ""
    return screen.session.names[event.seat].split()[0].lower() + " "


def type_event(bot: Bot, screen: HandScreen, event: Event) -> None:
    """Enter ``event`` with the keyboard only: a card's notation or a choice's key, then
    Enter; the player's name first where the card alone would give another seat."""
    if _by_card(screen, event):
        cards = " ".join(card.code.lower() for card in _cards_of(screen, event))
        text = _named_player(screen, event) + cards
    else:
        text = _choice_button(screen, event)[0].key
    check(text, f"no key for {event}")
    screen.field.setFocus()
    bot.keyClicks(screen.field, text)
    bot.keyClick(screen.field, Qt.Key.Key_Return)


def click_event(bot: Bot, screen: HandScreen, event: Event) -> None:
    """Enter ``event`` with the mouse only: card buttons (the player's seat first where the
    card alone would give another seat), or the phase's choice button."""
    if _by_card(screen, event):
        if _named_player(screen, event) and event.seat is not None:
            box = screen.table.seat_boxes()[event.seat]
            bot.mouseClick(screen.table, Qt.MouseButton.LeftButton, pos=box.center().toPoint())
        for card in _cards_of(screen, event):
            bot.mouseClick(screen.grid.buttons[card], Qt.MouseButton.LeftButton)
    else:
        bot.mouseClick(_choice_button(screen, event)[1], Qt.MouseButton.LeftButton)


DRIVERS: dict[str, Driver] = {"keyboard": type_event, "mouse": click_event}


def play_hand(
    bot: Bot,
    screen: HandScreen,
    reference: Reference,
    enter: Driver,
    stop: Callable[[Event], bool] | None = None,
) -> None:
    """Enter the reference hand's events one by one until it is over (or ``stop(event)``).
    After each, the screen's hand has the same phase and tricks as the reference."""
    number = len(screen.session.ledger.hands) - 1
    for dealt in reference.table_cards():
        enter(bot, screen, dealt)
    while (event := reference.choose()) is not None:
        if stop is not None and stop(event):
            return
        enter_in_step(bot, screen, reference, event, enter, number)


def enter_in_step(
    bot: Bot, screen: HandScreen, reference: Reference, event: Event, enter: Driver, number: int
) -> None:
    """Enter the reference's ``event`` into hand ``number``; the reference follows each
    event it recorded (one choice may record several: both players' draws), and the
    screen's hand has the same phase and tricks as the reference."""
    log = screen.session.ledger.hands[number]
    before = len(log.events)
    enter(bot, screen, event)
    reference.log.record(event)
    check(len(log.events) > before, f"{event} was not recorded: {screen.status.text()}")
    for _ in log.events[before + 1 :]:
        reference.log.record(present(reference.choose(), f"{event} was entered twice"))
    check(log.state.phase == reference.log.state.phase, f"wrong phase after {event}")
    check(log.state.taken == reference.log.state.taken, f"wrong tricks after {event}")


def check_hand_recorded(session: MatchSession, screen: HandScreen, reference: Reference) -> None:
    """The match's first hand is over, scored as the engine scores it alone, shown, and in the database."""
    check(session.ledger.hands[0].is_over, "the hand is not over")
    engine = Ledger(session.ledger.info, [HandRecord(reference.log.dealer, reference.log.events)])
    check(
        session.ledger.totals == engine.totals, f"totals {session.ledger.totals} != {engine.totals}"
    )
    for name, total in zip(session.ledger.side_names, engine.totals, strict=True):
        check(f"{name} {total}" in screen.totals.text(), f"{name} {total} is not shown")
    stored = session.store.load(session.match_id)
    recorded = [log.events for log in session.ledger.hands if log.events]
    check([r.events for r in stored.hands] == recorded, "the database differs from the screen")


# -- the self-test ----------------------------------------------------------------------------


def import_modules(packages: Sequence[str]) -> list[str]:
    """Import every module of ``packages`` (a build missing a library they need fails here)."""
    names = []
    for package in packages:
        module = importlib.import_module(package)
        for found in pkgutil.walk_packages(module.__path__, f"{package}."):
            importlib.import_module(found.name)
            names.append(found.name)
    return names


def export_score_sheet(window: QWidget, path: Path) -> None:
    """File → Export score sheet…, then Save in its preview, as a person would."""
    from .report_preview import ReportPreview

    offered = "File → Export score sheet is not offered"
    action = present(window.findChild(QAction, "exportScoreSheet"), offered)
    check(action.isEnabled(), offered)
    action.trigger()
    shown = [dialog for dialog in window.findChildren(ReportPreview) if dialog.isVisible()]
    if not shown:
        errors = [box for box in window.findChildren(QMessageBox, "errorBox") if box.isVisible()]
        said = "; ".join(f"{box.text()}: {box.informativeText()}" for box in errors)
        raise SelfTestFailure(f"the score sheet preview did not open ({said or 'no message'})")
    preview = shown[0]
    try:
        check(preview.save(path), f"the score sheet could not be saved to {path}")
    finally:
        preview.close()
        preview.setParent(None)


def join_club_night(bot: Bot, window: MainWindow) -> str:
    """Start the embedded PostgreSQL, create an event, and join it from the window's Club
    night menu by typing the table's code: psycopg and the server's binaries are inside."""
    import shutil

    import psycopg

    from scorekeeper.club.admin import create_event
    from scorekeeper.club.schema import migrate
    from scorekeeper.club.server import DATABASE, EmbeddedServer, free_port

    # the system's temporary folder: under root the server runs as a user of its own
    server_folder = Path(tempfile.mkdtemp(prefix="scorekeeper-self-test-club-"))
    server = EmbeddedServer(server_folder, host="127.0.0.1", port=free_port())
    try:
        server.start()
        with psycopg.connect(server.admin_url(), autocommit=True) as admin:
            migrate(admin)
            version = admin.execute("SHOW server_version").fetchone()
            event = create_event(admin, "Self-test night", tables=1)
        code = event.join_code("127.0.0.1", server.port, DATABASE, 1, None).code()
        dialog = window.club.ask_join()
        bot.keyClicks(dialog.code, code)
        bot.keyClick(dialog.code, Qt.Key.Key_Return)
        said = dialog.said.text()
        check(said.startswith("Joined"), f"the table did not join: {said}")
        dialog.close()
        window.club.leave()
    finally:
        server.stop()
        shutil.rmtree(server_folder, ignore_errors=True)
    shown = version[0] if version else "of no version"
    return f"club night: PostgreSQL {shown} started ({psycopg.pq.__impl__} psycopg), table joined"


def steps(folder: Path, bot: Bot | None = None) -> Iterator[str]:
    """Do the self-test in ``folder`` (settings, database, score sheets), one line per step."""
    from scorekeeper.resources import resources_root

    from .app import start

    bot = bot or QTestBot()
    yield f"resources in {resources_root()}"
    app_package = __name__.rpartition(".")[0]  # ui in the source tree, else its installed name
    yield f"{len(import_modules(['scorekeeper', app_package]))} modules of the app loaded"
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    (folder / "data").mkdir(exist_ok=True)
    app, opened = start(["--data-dir", str(folder / "data"), "--scheme", "light"])
    window = present(opened, "the match database could not be opened")
    try:
        check(QTest.qWaitForWindowExposed(window), "the main window was not shown")
        sizes = len(app.windowIcon().availableSizes())
        check(sizes, "the app icon is missing")
        yield f"app started: Qt {qVersion()} on the {app.platformName()} platform, icon in {sizes} sizes"
        for number, game_id in enumerate(GAME_MODULES):
            game = get_game(game_id)
            info = MatchInfo(
                f"Self-test {game.title}", game_id, game.settings(None), NAMES[: game.seats]
            )
            window.create_match(info)
            session = present(window.session, f"the {game.title} match did not open")
            page = present(window.match_page, f"the {game.title} match did not open")
            driver = ("keyboard", "mouse")[number % 2]
            reference = Reference(session, SEED)
            play_hand(bot, page.hand_screen, reference, DRIVERS[driver])
            check_hand_recorded(session, page.hand_screen, reference)
            events = len(session.ledger.hands[0].events)
            yield (
                f"{game.title}: a hand of {events} events entered by {driver}; "
                f"totals {page.hand_screen.totals.text()}"
            )
            sheet = folder / f"{game_id}-score-sheet.pdf"
            export_score_sheet(window, sheet)
            check(sheet.read_bytes().startswith(b"%PDF"), f"{sheet.name} is not a PDF")
            yield f"{game.title}: score sheet exported ({sheet.stat().st_size:,} bytes)"
        rules = window.show_rules()
        check(rules.isVisible(), "the rules help did not open")
        yield "rules help opened"
        yield join_club_night(bot, window)
    finally:
        window.close()
        window.store.close()
    yield "app closed"


def _quiet_offscreen(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """Qt's messages, less the offscreen platform's notes on what a real screen would do."""
    if not message.startswith("This plugin does not support"):
        print(message, file=sys.stderr)


def main(argv: Sequence[str] = ()) -> int:
    """Run the self-test in a temporary folder; 0 when every step worked, else 1."""
    if argv:
        print(f"scorekeeper --self-test takes no arguments (got {' '.join(argv)})", file=sys.stderr)
        return 2
    os.environ["QT_QPA_PLATFORM"] = "offscreen"  # read when the application object is made
    qInstallMessageHandler(_quiet_offscreen)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="scorekeeper-self-test-") as folder:
        try:
            for line in steps(Path(folder)):
                print(f"self-test: {line}", flush=True)
        except Exception as error:  # every failure is reported, whatever its kind
            traceback.print_exc()
            print(f"self-test FAILED: {type(error).__name__}: {error}", flush=True)
            return 1
    print(f"self-test passed in {time.perf_counter() - started:.1f} s", flush=True)
    return 0
