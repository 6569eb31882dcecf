"""The table's page, offline first, in a real browser engine at a phone's size: an
entry made while the club's server cannot be reached stays on the phone, the page says
plainly what waits, it is sent once when the server answers again (by itself, or when
the page is opened again after being closed), and nothing is lost or doubled."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing

import pytest

from tests.club.browsing import finish, reached, start
from tests.club.drawn import drawn_night
from tests.club.phones import serving
from tests.club.test_web_browser import fill

OUTBOX = "(b => b.hidden ? '' : b.innerText)(document.getElementById('outbox'))"
WAITING = "(w => w ? w.innerText : '')(document.getElementById('waiting'))"
KEPT = "localStorage.length"


@pytest.fixture
def night(club_server, gateway, admin, tmp_path):
    return drawn_night(admin, club_server, gateway, tmp_path, "Offline night")


def entries(tmp_path) -> list[tuple[int, str, str]]:
    """The entries the server holds: hand, result, state."""
    with closing(sqlite3.connect(tmp_path / "phones.sqlite")) as store:
        return store.execute("SELECT hand, data, state FROM entries ORDER BY id").fetchall()


@pytest.mark.parametrize(
    "meanwhile",
    [
        pytest.param([], id="the page stays open"),
        pytest.param(
            [{"js": "location.href = 'about:blank'", "load": True}], id="the page is closed"
        ),
    ],
)
def test_an_entry_made_while_the_server_is_down_is_kept_and_sent_once_it_answers(
    night, club_server, tmp_path, meanwhile
):
    names = night.names[1]
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        url = pages.address(1)
        loaded, down, kept, up = (tmp_path / name for name in ("loaded", "down", "kept", "up"))
        browser = start(
            url,
            [
                {"touch": str(loaded)},
                {"await": str(down)},
                {"js": fill("form-played", {"makers": "0", "tricks": "4", "by": "0"})},
                {"until": f"{OUTBOX}.includes('cannot be reached') && {OUTBOX}", "seconds": 20},
                {"js": "Array.from(document.forms).filter(f => f.offsetParent).length"},
                {"shot": str(tmp_path / "offline-waiting.png")},
                *meanwhile,
                {"touch": str(kept)},
                {"await": str(up)},
                *([{"js": f"location.href = {url!r}", "load": True}] if meanwhile else []),
                {"until": f"{WAITING}", "seconds": 30},
                {"js": OUTBOX},
                {"js": KEPT},
                {"shot": str(tmp_path / "offline-sent.png")},
            ],
            tmp_path,
        )
        reached(loaded, browser)
        pages.cut()
        down.touch()
        reached(kept, browser)
        assert entries(tmp_path) == []  # nothing reached the server
        pages.restore()
        up.touch()
        seen = finish(browser)
    values = seen["values"]
    said, shown, waiting, outbox, left = values[3], values[4], values[-4], values[-3], values[-2]
    assert said.splitlines()[0] == "Waiting on this phone to be sent"
    assert f"Hand 1: Played · Makers: {names[0]} & {names[2]} · " in said
    assert f"Entered by: {names[0]}" in said
    assert "closing or reloading this page loses nothing" in said
    assert shown == 0  # nothing more is entered while it waits
    assert f"Entered by {names[0]}" in waiting and "Hand 1: to be confirmed" in waiting
    assert (outbox, left) == ("", 0)
    ((hand, data, state),) = entries(tmp_path)  # sent once
    assert (hand, json.loads(data)["tricks"], state) == (0, 4, "waiting")
