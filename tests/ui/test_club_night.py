"""Joining a club night from the app, by keyboard, against the real club database: the
table takes the seats the director drew, each new round's too, and the hands typed at
the table arrive on the server."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from scorekeeper.club import sync
from scorekeeper.club import tournament as t
from scorekeeper.club.admin import EventCredentials, create_event
from scorekeeper.club.outbox import Outbox
from scorekeeper.games.euchre import club as progressive_euchre
from scorekeeper.games.spades import club as spades_league
from scorekeeper.games.spades.rulebook import TARGET as SPADES_TARGET
from scorekeeper.storage import Store
from tests.club.fixtures import code_for
from tests.shots import screenshot
from tests.ui.hand_support import Reference, play_hand, type_event
from tests.ui.test_app_main_window import shortcut, window_for

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def open_join_dialog(qtbot, window):
    shortcut(qtbot, window, Qt.Key.Key_J, CTRL_SHIFT)
    dialog = window.club.dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.code)
    return dialog


def type_code(qtbot, text: str) -> None:
    qtbot.keyClicks(QApplication.focusWidget(), text)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def close_dialog(qtbot, window) -> None:
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not window.club.dialog.isVisible()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def new_euchre_match(qtbot, window) -> None:
    close_dialog(qtbot, window)
    shortcut(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    page = window.new_match_page
    while page.game.currentText() != "Euchre":
        qtbot.keyClick(page.game, Qt.Key.Key_Down)
    for seat, name in zip(page.seats, ["Ann", "<b>Bo</b>", "Cy", "Di"], strict=True):
        qtbot.keyClicks(seat.name, name)
    qtbot.keyClick(page.seats[-1].name, Qt.Key.Key_Return)


def type_a_hand(qtbot, window) -> None:
    """A whole hand entered with the keyboard on the hand screen (a seeded random deal)."""
    screen = window.match_page.hand_screen
    play_hand(qtbot, screen, Reference(window.session, seed=3), type_event)
    assert window.session.ledger.hands[0].is_over


def on_the_server(admin, remote: str) -> list:
    rows = admin.execute(
        "SELECT hand_no, record -> 'players' FROM club.hands WHERE match_id = %s", (remote,)
    )
    return [(hand, sorted(line["player"] for line in players)) for hand, players in rows]


def stored_hand(admin, remote: str) -> tuple[list, list]:
    """The first hand as the club database keeps it: its events and the match's totals."""
    events, totals = admin.execute(
        "SELECT record -> 'events', record -> 'score' -> 'totals' FROM club.hands "
        "WHERE match_id = %s AND hand_no = 0",
        (remote,),
    ).fetchone()
    return events, totals


def local_hand(session) -> tuple[list, list]:
    with Store(session.store.path) as reopened:
        hand = reopened.load(session.match_id).hands[0]
    return [event.to_json() for event in hand.events], list(session.ledger.totals)


def test_join_record_and_leave(qtbot, store, settings, club_server, admin, referee, scheme):
    event = create_event(admin, "Friday <b>euchre</b>", tables=2)
    window = window_for(qtbot, store, settings)
    assert window.club.label.text() == ""
    assert not window.club.leave_action.isEnabled()
    dialog = open_join_dialog(qtbot, window)
    type_code(qtbot, "not a code")
    assert dialog.said.text().startswith("Not joined: this is not a club night code")
    assert QApplication.focusWidget() is dialog.code
    type_code(qtbot, code_for(club_server, event, 2).code())
    assert dialog.said.text() == (
        "Joined “Friday <b>euchre</b>”: round 1, table 2. No players are drawn to this table "
        "for this round yet; they appear when drawn. "
        "New matches at this table now count for the club night."
    )
    screenshot(dialog, f"club_join_{scheme}")
    assert window.club.leave_action.isEnabled()

    new_euchre_match(qtbot, window)
    session = window.session
    outbox = Outbox(store.path)
    remote, event_id, round_no, table = outbox.tagged(session.match_id)
    assert (event_id, round_no, table) == (event.event, 1, 2)
    type_a_hand(qtbot, window)
    assert outbox.revision(session.match_id, 0) >= 1  # in the outbox (the worker may push at once)

    names = sorted(["Ann", "<b>Bo</b>", "Cy", "Di"])
    qtbot.waitUntil(lambda: on_the_server(admin, remote) == [(0, names)], timeout=15000)
    assert stored_hand(admin, remote) == local_hand(session)
    qtbot.waitUntil(lambda: outbox.waiting() == 0)
    qtbot.waitUntil(lambda: window.club.status is not None and window.club.status.waiting == 0)
    assert window.club.label.text().startswith("Club night, round 1 at table 2: synced")
    window.resize(1366, 768)
    screenshot(window, f"club_status_{scheme}")

    shortcut(qtbot, window, Qt.Key.Key_L, CTRL_SHIFT)
    assert window.club.label.text() == ""
    assert not window.club.leave_action.isEnabled()
    assert outbox.link() is None
    with Store(store.path) as reopened:  # nothing local was deleted
        assert len(reopened.load(session.match_id).hands) == 1


PLAYERS = ["Ann Ødegård", "<b>Bo</b>", "Cy O'Neil", "Di", "Eve", "Fay", "Gus", "Hal"]


def progressive_night(admin, name: str, seed: int) -> EventCredentials:
    """An event of Progressive Euchre with eight players, round 1 drawn and started."""
    event = create_event(admin, name, tables=2)
    t.configure(admin, event.event, progressive_euchre.FORMAT, {"rounds": 3}, seed=seed)
    for player in PLAYERS:
        t.register(admin, event.event, player)
    t.draw(admin, event, 1)
    t.start_round(admin, event.event, 1)
    return event


def drawn_names(admin, event: str, round_no: int, table: int) -> list[str]:
    names = {p.number: p.name for p in t.players(admin, event)}
    drawn = t.seating(admin, event, round_no)
    return [names[seat] for seat in next(x for x in drawn.tables if x.number == table).seats]


def test_joining_seats_the_drawn_players_and_so_does_each_new_round(
    qtbot, store, settings, club_server, admin, referee, monkeypatch
):
    monkeypatch.setattr(sync, "FOLLOW_EVERY", 0.3)  # a new round is noticed sooner
    event = progressive_night(admin, "Progressive night", seed=5)
    first = drawn_names(admin, event.event, 1, 2)

    window = window_for(qtbot, store, settings)
    dialog = open_join_dialog(qtbot, window)
    type_code(qtbot, code_for(club_server, event, 2).code())
    assert dialog.said.text() == (
        f"Joined “Progressive night”: round 1, table 2. Seated: {', '.join(first)}. "
        "New matches at this table now count for the club night."
    )
    close_dialog(qtbot, window)
    page = window.new_match_page
    assert window.pages.currentWidget() is page  # the form is ready with the drawn seats
    assert page.current_game.title == "Euchre"
    assert list(page.players()) == first
    assert page.name.text() == "Progressive night, round 1, table 2"
    window.resize(1366, 768)
    screenshot(window, "club_seated_1366x768")
    qtbot.mouseClick(page.seats[0].name, Qt.MouseButton.LeftButton)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    session = window.session
    assert session is not None and list(session.ledger.info.players) == first
    outbox = Outbox(store.path)
    remote, event_id, round_no, table = outbox.tagged(session.match_id)
    assert (event_id, round_no, table) == (event.event, 1, 2)
    type_a_hand(qtbot, window)
    qtbot.waitUntil(lambda: on_the_server(admin, remote) == [(0, sorted(first))], timeout=15000)
    assert stored_hand(admin, remote) == local_hand(session)
    assert admin.execute(
        "SELECT event_id, round_no, table_no FROM club.matches WHERE match_id = %s", (remote,)
    ).fetchone() == (event.event, 1, 2)

    # the director moves everyone on: the table learns its new seats by itself
    t.end_round(admin, event.event, 1)
    t.draw(admin, event, 2)
    t.start_round(admin, event.event, 2)
    second = drawn_names(admin, event.event, 2, 2)
    qtbot.waitUntil(lambda: "round 2 at table 2" in window.club.label.text(), timeout=15000)
    assert window.session is session  # the match on screen is left alone
    shortcut(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert list(page.players()) == second
    assert page.name.text() == "Progressive night, round 2, table 2"
    qtbot.mouseClick(page.seats[-1].name, Qt.MouseButton.LeftButton)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert outbox.tagged(window.session.match_id)[1:] == (event.event, 2, 2)
    with Store(store.path) as reopened:  # the screen and the database agree
        assert list(reopened.load(window.session.match_id).info.players) == second
    outbox.close()


def test_a_table_joining_a_spades_league_to_300_plays_to_300(
    qtbot, store, settings, club_server, admin
):
    event = create_event(admin, "Spades league", tables=1)
    t.configure(admin, event.event, spades_league.FORMAT, {"target": 300})
    for team in ("Aces", "Bowers"):
        t.register_team(admin, event.event, team, [f"{team} north", f"{team} south"])
    t.draw(admin, event, 1)
    t.start_round(admin, event.event, 1)
    drawn = t.seating(admin, event.event, 1)
    assert drawn is not None
    seated = t.table_players(admin, event.event, drawn.tables[0])  # partners opposite
    assert seated[0].endswith("north") and seated[2].endswith("south")

    window = window_for(qtbot, store, settings)
    open_join_dialog(qtbot, window)
    type_code(qtbot, code_for(club_server, event, 1).code())
    close_dialog(qtbot, window)
    page = window.new_match_page
    assert window.pages.currentWidget() is page
    assert page.current_game.title == "Spades"
    target = next(field for field in page.option_fields if field.option.id == "target")
    assert target.isVisible() and target.editor.currentText() == "300 points"
    assert list(page.players()) == seated
    qtbot.mouseClick(page.seats[0].name, Qt.MouseButton.LeftButton)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    session = window.session
    assert session is not None and session.ledger.info.settings.get(SPADES_TARGET) == 300
    with Store(store.path) as reopened:  # the screen and the database agree
        info = reopened.load(session.match_id).info
    assert info.settings.get(SPADES_TARGET) == 300 and list(info.players) == seated
    assert session.ledger.game.new_tally(info.settings).scoring.target == 300
