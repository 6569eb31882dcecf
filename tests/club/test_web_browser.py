"""The table pages in a real browser engine (QtWebEngine, offscreen, a process of its
own) at a phone's size, served for real against the embedded PostgreSQL: a hand entered
on one phone and confirmed on another counts; the page fits 360 px; it asks nothing of
any other server. Each step's screen is saved as PNG (at 390×844) to be looked at."""

from __future__ import annotations

import json
import time
import urllib.parse

import pytest

from scorekeeper.club import tournament as t
from scorekeeper.club.web.tables import board_token
from scorekeeper.games import get_game
from scorekeeper.games.euchre import club as progressive_euchre
from scorekeeper.games.sheepshead import club as sheepshead_tournament
from scorekeeper.games.spades import club as spades_league
from tests.club.browsing import FITS, browse
from tests.club.drawn import drawn_night, format_night
from tests.club.phones import serving


def fill(form: str, values: dict[str, str]) -> str:
    """A script that fills the form as fingers do, then submits it."""
    sets = "".join(f"f.elements[{name!r}].value = {value!r};" for name, value in values.items())
    return f"var f = document.getElementById({form!r}); {sets} f.requestSubmit();"


def click(text: str) -> str:
    return (
        "Array.from(document.querySelectorAll('button'))"
        f".find(b => b.textContent.trim() === {text!r}).click();"
    )


@pytest.fixture
def night(club_server, gateway, admin, tmp_path):
    return drawn_night(admin, club_server, gateway, tmp_path, "Browser night")


def test_a_hand_entered_on_one_phone_and_confirmed_on_another_counts(
    night, club_server, admin, referee, tmp_path
):
    names = night.names[1]
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        url = pages.address(1)
        first = browse(
            url,
            [
                {"js": FITS},
                {"shot": str(tmp_path / "1-table-page.png")},
                {
                    "js": fill("form-played", {"makers": "0", "tricks": "3", "by": "0"}),
                    "load": True,
                },
                {"js": "document.getElementById('waiting').innerText"},
                {"shot": str(tmp_path / "2-waiting.png")},
            ],
            tmp_path,
        )
        assert first["values"][0] is True  # nothing wider than the phone
        assert f"Entered by {names[0]}" in first["values"][3]
        assert f"Confirm as {names[1]}" in first["values"][3]
        second = browse(
            url,
            [
                {"js": click(f"Confirm as {names[1]}"), "load": True},
                {"js": "document.getElementById('hands').innerText"},
                {"shot": str(tmp_path / "3-confirmed.png")},
            ],
            tmp_path,
        )
        hands = second["values"][1]
        assert "Makers: " in hands and "Total\t1\t0" in hands
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not _counted(admin, night):
            time.sleep(0.05)
        assert _counted(admin, night) == [[1, 0, 1, 0]]
        third = browse(url, [{"js": "document.getElementById('hands').innerText"}], tmp_path)
        assert "counts" in third["values"][0]
        origin = urllib.parse.urlsplit(url).netloc
        for visit in (first, second, third):
            assert {urllib.parse.urlsplit(asked).netloc for asked in visit["asked"]} == {origin}


@pytest.mark.parametrize(
    "size", [pytest.param((360, 640), id="360×640"), pytest.param((390, 844), id="390×844")]
)
def test_a_refusal_is_one_plain_line_and_the_page_fits_the_phone(
    night, club_server, tmp_path, size
):
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        seen = browse(
            pages.address(1),
            [
                {"js": fill("form-played", {"makers": "0", "by": "2"})},  # answered in place
                {"until": "(s => s ? s.innerText : '')(document.getElementById('said'))"},
                {"js": FITS},
                {"shot": str(tmp_path / f"refused-{size[0]}.png")},
            ],
            tmp_path,
            size,
        )
    assert seen["values"][1] == "Not recorded: how many tricks did the makers take (0 to 5)?"
    assert seen["values"][2] is True


def _counted(admin, night) -> list[list[int]]:
    rows = admin.execute(
        "SELECT record FROM club.counted_hands WHERE event_id = %s AND table_no = 1",
        (night.event.event,),
    ).fetchall()
    return [
        [line["points"] for line in sorted(r["players"], key=lambda x: x["seat"])] for (r,) in rows
    ]


FORMATS = [
    pytest.param(
        progressive_euchre.FORMAT,
        {"rounds": 3},
        [f"Euchre player {n}" for n in range(1, 9)],
        (),
        id="Progressive Euchre",
    ),
    pytest.param(
        sheepshead_tournament.FORMAT,
        {"rounds": 2, "hands": 5},
        [f"Sheepshead player {n}" for n in range(1, 11)],
        (),
        id="Sheepshead tournament",
    ),
    pytest.param(
        spades_league.FORMAT,
        {"match_end": "hands", "hands": 4},
        ["Aces", "Bowers"],
        (("Ann North", "Sue South"), ("Bob North", "Cy South")),
        id="Spades league",
    ),
]


@pytest.mark.parametrize(("fmt", "chosen", "names", "teams"), FORMATS)
def test_each_formats_table_page_offers_its_games_fields_and_fits_the_phone(
    club_server, gateway, admin, tmp_path, fmt, chosen, names, teams
):
    night = format_night(admin, club_server, gateway, tmp_path, fmt, chosen, names, teams)
    event = night.event
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        shot = tmp_path / f"{fmt.id}-390.png"
        seen = browse(
            pages.address(1),
            [
                {"js": FITS},
                {
                    "js": "JSON.stringify(Array.from(document.querySelectorAll('legend'), l => l.textContent))"
                },
                {"shot": str(shot)},
            ],
            tmp_path,
        )
        narrow = browse(pages.address(1), [{"js": FITS}], tmp_path, (360, 640))
    game = get_game(fmt.game)
    settings = game.settings(**fmt.game_options(t.event_format(admin, event.event)[1]))
    declared = {
        f.title
        for form in game.quick_forms
        if form.applies(settings) and form.offered(settings)
        for f in form.fields
        if f.in_form and f.applies(settings)
    }
    assert seen["values"][0] is True and narrow["values"][0] is True
    assert set(json.loads(seen["values"][1])) == declared
    assert shot.stat().st_size > 0


def test_the_standings_board_page_on_a_tv(night, club_server, admin, referee, tmp_path):
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        token = pages.address(1).rsplit("/", 1)[1]
        for hand, makers in enumerate(("0", "1", "0")):
            with pages.served.table(token) as table:
                entry = table.enter(f"k{hand}", "played", {"makers": [makers], "tricks": ["5"]}, 0)
                table.answer(entry.id, 1, True)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and len(_counted(admin, night)) < 3:
            time.sleep(0.05)
        shot = tmp_path / "board-1920.png"
        seen = browse(
            pages.web.address(f"/b/{board_token(pages.served)}"),
            [
                {"js": "document.getElementById('standings').innerText"},
                {"js": "document.documentElement.scrollWidth <= window.innerWidth"},
                {"shot": str(shot)},
            ],
            tmp_path,
            (1920, 1080),
        )
    names = night.names[1]
    standings = seen["values"][0]
    assert f"1\t{names[0]}\t4" in standings or f"1=\t{names[0]}\t4" in standings
    assert seen["values"][1] is True and shot.stat().st_size > 0
