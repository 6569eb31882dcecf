"""Each table's entrance, printed as a QR code on the table's card and on the director's
sheet: a phone that scans it reaches the table's page of the round open at the time, in
every round; it stops working when the table's pass is withdrawn or a new one issued."""

from __future__ import annotations

import pytest

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import reissue_table, revoke_table
from scorekeeper.club.director import Place, join_codes
from scorekeeper.club.joincode import parse
from scorekeeper.club.results import WEB_ADDRESS
from scorekeeper.club.web.entrance import entrances
from scorekeeper.club.web.tokens import SECRET_FILE
from tests.club.browsing import FITS, browse
from tests.club.drawn import drawn_night
from tests.club.phones import Phone, serving
from tests.club.printed import qr_codes


@pytest.fixture
def night(club_server, gateway, admin, tmp_path):
    return drawn_night(admin, club_server, gateway, tmp_path, "Entrance night")


@pytest.fixture
def pages(night, club_server, tmp_path):
    """The pages served as ``club serve`` serves them from the data folder ``tmp_path``
    (where it notes its address and keeps its secret)."""
    with serving(night, tmp_path, club_server.admin_url()) as served:
        (tmp_path / SECRET_FILE).write_bytes(served.served.secret)
        (tmp_path / WEB_ADDRESS).write_text(served.web.address())
        yield served


def test_the_printed_code_opens_the_tables_page_of_each_round(pages, night, admin, tmp_path):
    doors = entrances(tmp_path, night.event, withdrawn=())
    assert sorted(doors) == [1, 2]
    first = browse(
        doors[1], [{"js": "document.title"}, {"js": FITS}, {"js": "location.pathname"}], tmp_path
    )["values"]
    assert first[:2] == ["Table 1, round 1", True]
    assert first[2] == pages.address(1).split(pages.web.address(), 1)[1]
    for table in (1, 2):  # round 1 played on paper; round 2 drawn and started
        t.enter_card(admin, night.event.event, 1, table, [[1, 0, 1, 0]])
    t.end_round(admin, night.event.event, 1)
    t.draw(admin, night.event, 2)
    t.start_round(admin, night.event.event, 2)
    second = Phone().get(doors[1])
    assert second.status == 200 and "<title>Table 1, round 2</title>" in second.body
    assert second.url == pages.address(1)  # this round's own page


def test_the_table_cards_and_the_directors_sheet_carry_each_tables_page(
    pages, night, admin, tmp_path
):
    doors = entrances(tmp_path, night.event, withdrawn=())
    with night.director() as director:
        movement = t.movement_pdf(director, night.event.event, doors)
        where = Place("", "127.0.0.1", night.gateway.port, "scorekeeper_club", night.pin)
        sheet = t.join_codes_pdf(
            director, night.event.event, join_codes(night.event, where, ()), doors
        )
    cards = qr_codes(movement)[:2]  # the table cards come first
    assert cards == [[doors[1]], [doors[2]]]
    for number, held in enumerate(qr_codes(sheet), 1):
        join, page = sorted(held, key=lambda text: text.startswith("http"))
        assert parse(join).table == number and page == doors[number]
        assert Phone().get(page).status == 200


def test_a_withdrawn_or_replaced_pass_closes_its_entrance(pages, night, admin, tmp_path):
    doors = entrances(tmp_path, night.event, withdrawn=())
    revoke_table(admin, night.event.event, 1)
    closed = Phone().get(doors[1])
    assert (closed.status, closed.said) == (
        404,
        "This table's pass was withdrawn: ask the director.",
    )
    assert Phone().get(doors[2]).status == 200  # the other table plays on
    assert sorted(entrances(tmp_path, night.event, withdrawn=(1,))) == [2]
    night.event.tables[1] = reissue_table(admin, night.event, 1)
    pages.served.event_file = night.event.save(tmp_path / "events")
    old = Phone().get(doors[1])
    assert (old.status, old.said) == (404, "This page's address is not one the club server gave.")
    new = entrances(tmp_path, night.event, withdrawn=())[1]
    assert new != doors[1] and Phone().get(new).status == 200


@pytest.mark.parametrize(
    "forged",
    [
        pytest.param(lambda door: door[:-1] + ("A" if door[-1] != "A" else "B"), id="signature"),
        pytest.param(lambda door: door.replace("/s/1-", "/s/2-"), id="another table"),
        pytest.param(lambda door: door.rsplit("/", 1)[0] + "/1-x", id="not an entrance"),
    ],
)
def test_a_forged_entrance_opens_nothing(pages, night, tmp_path, forged):
    door = forged(entrances(tmp_path, night.event, withdrawn=())[1])
    opened = Phone().get(door)
    assert (opened.status, opened.said) == (
        404,
        "This page's address is not one the club server gave.",
    )
