"""A player's own page, opened from the QR code on the player's score card: the night's
rounds, partners, opponents, hands and place, following each result as it counts (in a
real browser engine, at a phone's size), never writing; after the night, still there."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import create_event
from scorekeeper.club.results import (
    night_lines,
    parse_results,
    player_keys,
    publish,
    read_night,
    results_codes,
)
from scorekeeper.club.server import DATABASE
from tests.club.browsing import FITS, browse, finish, reached, start
from tests.club.drawn import drawn_night
from tests.club.phones import Phone, serving
from tests.club.printed import qr_codes

NIGHT = "document.getElementById('night').innerText"


@pytest.fixture
def night(club_server, gateway, admin, tmp_path):
    return drawn_night(admin, club_server, gateway, tmp_path, "Players' night")


@pytest.fixture
def pages(night, club_server, tmp_path):
    with serving(night, tmp_path, club_server.admin_url()) as served:
        yield served


def keys_by_name(night, admin) -> dict[str, str]:
    """Each player's key, by name, the nights written as ``club serve`` writes them."""
    with night.director() as director:
        publish(director, night.event.event)
        keys = player_keys(director, night.event.event)
    return {p.name: keys[p.number] for p in t.players(admin, night.event.event)}


def play_a_hand(pages, admin, night) -> None:
    """Table 1 enters a march for its first side and the other side confirms it; it
    counts, and the players' nights are written again."""
    token = pages.address(1).rsplit("/", 1)[1]
    with pages.served.table(token) as table:
        entry = table.enter("march", "played", {"makers": ["0"], "tricks": ["5"]}, 0)
        table.answer(entry.id, 1, True)
    deadline = time.monotonic() + 20
    while (
        time.monotonic() < deadline
        and not admin.execute(
            "SELECT 1 FROM club.counted_hands WHERE event_id = %s", (night.event.event,)
        ).fetchone()
    ):
        time.sleep(0.05)
    with night.director() as director:
        publish(director, night.event.event)


def test_the_players_page_shows_the_night_and_follows_each_result_as_it_counts(
    pages, night, admin, referee, tmp_path
):
    names = night.names[1]  # seats 0 and 2 against 1 and 3
    url = pages.web.address(f"/p/{keys_by_name(night, admin)[names[0]]}")
    ready = tmp_path / "shown"
    browser = start(
        url,
        [
            {"js": FITS},
            {"js": NIGHT},
            {"shot": str(tmp_path / "player-1-before.png")},
            {"touch": str(ready)},
            {"until": f"{NIGHT}.includes('So far') && {NIGHT}", "seconds": 60},
            {"js": "document.getElementById('live').innerText"},
            {"shot": str(tmp_path / "player-2-counted.png")},
        ],
        tmp_path,
    )
    reached(ready, browser)
    play_a_hand(pages, admin, night)
    seen = finish(browser)
    fits, before, _, _, after, live, _ = seen["values"]
    assert fits is True
    assert f"Round 1, table 1, with {names[2]}, against {names[1]} & {names[3]}" in before
    assert "no hands yet" in before and "Place" in before
    assert after, "the page did not show the hand that counted"
    assert f"against {names[1]} & {names[3]}: 2 points, won" in after
    assert "Hand\tPoints\tSo far\n1\t2\t2" in after
    assert live == "This page shows each result as it counts."
    origin = urllib.parse.urlsplit(url).netloc
    assert {urllib.parse.urlsplit(asked).netloc for asked in seen["asked"]} == {origin}


def test_the_score_cards_qr_code_opens_the_players_page_and_club_results_reads_it(
    pages, night, admin, referee
):
    play_a_hand(pages, admin, night)
    where = ("127.0.0.1", night.gateway.port, DATABASE, night.pin)
    with night.director() as director:
        keys = player_keys(director, night.event.event)
        codes = results_codes(night.event, where, keys, web=pages.web.address())
        pdf = t.score_cards_pdf(director, night.event.event, codes)
    held = [text for (text,) in qr_codes(pdf)]
    assert sorted(held) == sorted(codes.values())
    for text in held:
        page = Phone().get(text)
        night_read = read_night(parse_results(text), night.folder)
        assert page.status == 200 and f"<h1>{night_read['player']}</h1>" in page.body
    command = [sys.executable, "-m", "scorekeeper.cli", "club", "results", held[0]]
    done = subprocess.run(
        [*command, "--data-dir", str(night.folder)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == night_lines(read_night(parse_results(held[0]), night.folder))


@pytest.mark.parametrize(
    "method", [pytest.param(m, id=m) for m in ("POST", "PUT", "DELETE", "PATCH")]
)
def test_the_players_page_writes_nothing(pages, night, admin, method):
    url = pages.web.address(f"/p/{next(iter(keys_by_name(night, admin).values()))}")
    before = admin.execute("SELECT night FROM club.player_nights ORDER BY player_no").fetchall()
    request = urllib.request.Request(url, data=b"night=changed", method=method)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 405
    after = admin.execute("SELECT night FROM club.player_nights ORDER BY player_no").fetchall()
    assert after == before


@pytest.mark.parametrize(
    "key",
    [
        pytest.param("0" * 32, id="a key nobody was given"),
        pytest.param("ABC", id="not a key's shape"),
        pytest.param("%27%3B--" + "0" * 26, id="quoted"),
    ],
)
def test_an_address_no_player_was_given_opens_nothing_in_one_line(pages, key):
    page = Phone().get(pages.web.address(f"/p/{key}"))
    assert page.status == 404
    assert page.said == "No player's results have this address: check it was scanned whole."


def test_after_the_night_the_players_page_is_still_their_record(
    pages, night, admin, referee, tmp_path
):
    play_a_hand(pages, admin, night)
    name = night.names[1][0]
    url = pages.web.address(f"/p/{keys_by_name(night, admin)[name]}")
    t.end_round(admin, night.event.event, 1)
    later = create_event(admin, "Next week", tables=2)
    time.sleep(0.01)  # the next night's file is the newer
    pages.served.event_file = later.save(tmp_path / "events")  # `club serve --new-event`
    seen = browse(url, [{"js": NIGHT}], tmp_path)
    assert f"Round 1, table 1, with {night.names[1][2]}" in seen["values"][0]
    assert "Hand\tPoints\tSo far\n1\t2\t2" in seen["values"][0]
