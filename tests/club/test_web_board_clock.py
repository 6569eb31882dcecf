"""The standings board's page on a TV (1920×1080, a real browser engine) counts the
round's time down each second, and shows the cue to change tables when the time is up
(without waiting for the page to be read again) or when the director ends the round."""

from __future__ import annotations

import pytest

from scorekeeper.club import tournament as t
from scorekeeper.club.web.clock import time_left_words
from scorekeeper.club.web.tables import board_token
from tests.club.browsing import FITS, browse
from tests.club.drawn import drawn_night
from tests.club.phones import serving

TV = (1920, 1080)
CLOCK = "document.getElementById('clock').innerText"
CUE = "(c => c.hidden ? '' : c.innerText)(document.getElementById('cue'))"


@pytest.fixture
def night(club_server, gateway, admin, tmp_path):
    return drawn_night(admin, club_server, gateway, tmp_path, "Clock night", minutes=15)


def started_ago(admin, night, seconds: float) -> None:
    admin.execute(
        "UPDATE club.rounds SET started = now() - make_interval(secs => %s) "
        "WHERE event_id = %s AND round_no = 1",
        (seconds, night.event.event),
    )


def board(pages, steps, tmp_path):
    url = pages.web.address(f"/b/{board_token(pages.served)}")
    return browse(url, [{"js": FITS}, *steps], tmp_path, TV)["values"]


def test_the_board_counts_the_rounds_time_down_each_second(night, club_server, admin, tmp_path):
    started_ago(admin, night, 5 * 60)
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        fits, first, _, later, cue = board(
            pages,
            [
                {"js": f"window.first = {CLOCK}"},
                {"shot": str(tmp_path / "board-clock-1920.png")},
                {"until": f"{CLOCK} !== window.first && {CLOCK}", "seconds": 5},
                {"js": CUE},
            ],
            tmp_path,
        )
    shown = [f"Round 1: {time_left_words(600 - s)}" for s in range(20)]  # loaded machine
    assert fits is True and first in shown and later in shown
    assert shown.index(later) > shown.index(first)  # counted down, between reads
    assert cue == ""


def test_the_cue_to_change_tables_shows_when_the_time_runs_out_on_the_page(
    night, club_server, admin, tmp_path
):
    started_ago(admin, night, 15 * 60 - 3)  # three seconds left
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        fits, before, clock, after = board(
            pages,
            [
                {"js": CUE},
                {"until": CUE, "seconds": 8},
                {"js": CLOCK},
            ],
            tmp_path,
        )[:4]
        shot = board(pages, [{"shot": str(tmp_path / "board-time-up-1920.png")}], tmp_path)
    up = "Round 1's time is up: finish the hand being played, then change tables"
    assert fits is True and before == "" and clock == up
    assert after == "Round 1: 0:00 left" and shot[0] is True


def test_the_cue_to_change_tables_shows_when_the_director_ends_the_round(
    night, club_server, admin, tmp_path
):
    for table in (1, 2):  # played on paper, entered at the desk
        t.enter_card(admin, night.event.event, 1, table, [[1, 0, 1, 0], [2, 0, 2, 0]])
    t.end_round(admin, night.event.event, 1)
    t.draw(admin, night.event, 2)
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        fits, clock, cue, moves, _ = board(
            pages,
            [
                {"js": CLOCK},
                {"js": CUE},
                {"js": "document.getElementById('next-round').innerText"},
                {"shot": str(tmp_path / "board-change-tables-1920.png")},
            ],
            tmp_path,
        )
    assert fits is True
    assert (clock, cue) == ("Round 1 is over", "Round 1 is over: change tables")
    assert moves.splitlines()[0].startswith("Table 1: ")


ON_THE_SCREEN = (
    "Array.from(document.querySelectorAll('#standings tbody tr, #next-round li'))"
    ".filter(r => (b => b.bottom <= innerHeight && b.right <= innerWidth)"
    "(r.getBoundingClientRect())).length"
)


def test_a_twelve_table_nights_board_shows_every_player_and_the_next_round_on_the_tv(
    club_server, gateway, admin, tmp_path
):
    players = [f"Player {number}" for number in range(1, 49)]
    night = drawn_night(admin, club_server, gateway, tmp_path, "Twelve tables", players)
    for table in range(1, 13):  # played on paper, entered at the desk
        t.enter_card(admin, night.event.event, 1, table, [[table % 5, 1, table % 5, 1]] * 2)
    t.end_round(admin, night.event.event, 1)
    t.draw(admin, night.event, 2)
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        fits, shown, _ = board(
            pages, [{"js": ON_THE_SCREEN}, {"shot": str(tmp_path / "board-48-1920.png")}], tmp_path
        )
    assert fits is True
    assert shown == 48 + 12  # every player's place, every table of the next round
