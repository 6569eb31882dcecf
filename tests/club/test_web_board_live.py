"""The standings board's page on a TV (1920×1080, a real browser engine) reads the board
again in place: a hand that counts shows without the page being reloaded; when the
server cannot be reached it keeps the last board with a plain note, and recovers by
itself once the server answers. Without script, the page reloads itself instead."""

from __future__ import annotations

import time

import pytest

from scorekeeper.club.web import app
from scorekeeper.club.web.tables import board_token
from tests.club.browsing import browse, finish, reached, start
from tests.club.drawn import drawn_night
from tests.club.phones import serving
from tests.club.test_web_browser import _counted

TV = (1920, 1080)
STANDINGS = "document.getElementById('standings').innerText"
NOTE = "(n => n.hidden ? '' : n.innerText)(document.getElementById('live'))"


@pytest.fixture
def night(club_server, gateway, admin, tmp_path):
    return drawn_night(admin, club_server, gateway, tmp_path, "Board night")


@pytest.fixture
def quick(monkeypatch):
    """The board read again every second, not every ten, to keep the test short."""
    monkeypatch.setattr(app, "BOARD_REFRESH", 1)


def count_a_hand(pages, admin, night) -> None:
    """Table 1's first side makes trump and takes all five tricks, confirmed."""
    with pages.served.table(pages.address(1).rsplit("/", 1)[1]) as table:
        entry = table.enter("k0", "played", {"makers": ["0"], "tricks": ["5"]}, 0)
        table.answer(entry.id, 1, True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not _counted(admin, night):
        time.sleep(0.05)
    assert _counted(admin, night), "the referee did not count the hand in time"


def test_the_board_reads_itself_in_place_and_keeps_the_last_board_while_offline(
    night, club_server, admin, referee, tmp_path, quick
):
    marks = {n: tmp_path / n for n in ("loaded", "counted", "shown", "down", "kept", "up")}
    shot_down, shot_up = tmp_path / "board-offline-1920.png", tmp_path / "board-back-1920.png"
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        browser = start(
            pages.web.address(f"/b/{board_token(pages.served)}"),
            [
                {"js": "window.same = 'this page, never reloaded'"},
                {"js": f"window.first = {STANDINGS}"},
                {"touch": str(marks["loaded"])},
                {"await": str(marks["counted"])},
                {"until": f"{STANDINGS} !== window.first && {STANDINGS}", "seconds": 20},
                {"touch": str(marks["shown"])},
                {"await": str(marks["down"])},
                {"until": NOTE, "seconds": 20},
                {"js": STANDINGS},
                {"shot": str(shot_down)},
                {"touch": str(marks["kept"])},
                {"await": str(marks["up"])},
                {"until": f"!{NOTE}", "seconds": 20},
                {"js": "window.same"},
                {"shot": str(shot_up)},
            ],
            tmp_path,
            TV,
        )
        reached(marks["loaded"], browser)
        count_a_hand(pages, admin, night)
        marks["counted"].touch()
        reached(marks["shown"], browser)
        pages.cut()
        marks["down"].touch()
        reached(marks["kept"], browser)
        pages.restore()
        marks["up"].touch()
        values = finish(browser)["values"]
    first, counted, note, kept, recovered, same = (values[i] for i in (1, 4, 7, 8, 12, 13))
    names = night.names[1]
    assert all(line.endswith("\t0") for line in first.splitlines()[1:])
    rows = [line.split("\t") for line in counted.splitlines()[1:]]
    assert {name for _, name, points in rows if points != "0"} == {names[0], names[2]}
    assert {points for _, name, points in rows if name in (names[0], names[2])} == {"2"}
    assert note.startswith("Not connected to the club's server: this is the board as it was at ")
    assert note.endswith(", and it catches up by itself.")
    assert kept == counted  # the last board, still shown
    assert recovered is True and same == "this page, never reloaded"
    assert shot_down.stat().st_size > 0 and shot_up.stat().st_size > 0


def test_without_script_the_board_reloads_itself(night, club_server, tmp_path, quick):
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        url = pages.web.address(f"/b/{board_token(pages.served)}")
        asked = browse(url, [{"wait": 3.5}], tmp_path, TV, scripts=False)["asked"]
    assert asked.count(url) >= 3  # loaded, then read again each second
    assert not any(address.endswith("/board.js") for address in asked)  # no script ran
