"""A table's page, served for real to a phone's plain HTTP: hands entered by quick entry
from the game's declarations, checked by the engine, counted once a player of another
side confirms them (the referee accepting them as a laptop's); and each attack from the
page's own origin refused: another table's hand, a replayed request, a forged
confirmation, a forged or stale page address, an oversized body."""

from __future__ import annotations

import html
import re
import time
import urllib.parse
from collections.abc import Iterator

import psycopg
import pytest

from scorekeeper.club.admin import open_round, reissue_table, revoke_table
from scorekeeper.club.web.app import MOST_WRITES, REFRESH
from scorekeeper.club.web.tables import board_token
from tests.club.drawn import Night, drawn_night
from tests.club.phones import Answer, Pages, Phone, serving

MADE_4 = [("makers", "0"), ("tricks", "4")]  # the first side made trump and took 4: 1 point


@pytest.fixture
def night(club_server, gateway, admin, tmp_path) -> Night:
    return drawn_night(admin, club_server, gateway, tmp_path, "Phones night")


@pytest.fixture
def pages(night, club_server, tmp_path, referee) -> Iterator[Pages]:
    with serving(night, tmp_path, club_server.admin_url()) as served:
        yield served


def enter(phone: Phone, url: str, fields: list[tuple[str, str]], by: int = 0, **kw) -> Answer:
    page = phone.get(url)
    form = kw.get("form", "played")
    sent = [("csrf", page.value("csrf")), ("key", page.value("key")), ("form", form)]
    return phone.post(f"{url}/enter", [*sent, ("by", str(by)), *fields])


def answer(phone: Phone, url: str, by: int, action: str = "confirm") -> Answer:
    page = phone.get(url)
    sent = [("csrf", page.value("csrf")), ("entry", page.value("entry"))]
    return phone.post(f"{url}/{action}", [*sent, ("by", str(by))])


def counted(admin: psycopg.Connection, night: Night, table: int) -> list[list[int]]:
    """Each counted hand of ``table``: its points per seat."""
    rows = admin.execute(
        "SELECT record FROM club.counted_hands WHERE event_id = %s AND table_no = %s "
        "ORDER BY hand_no",
        (night.event.event, table),
    ).fetchall()
    return [
        [line["points"] for line in sorted(r["players"], key=lambda x: x["seat"])] for (r,) in rows
    ]


def revisions(admin: psycopg.Connection, night: Night) -> int:
    rows = admin.execute(
        "SELECT count(*) FROM club.hand_revisions JOIN club.matches USING (match_id) "
        "WHERE event_id = %s",
        (night.event.event,),
    ).fetchone()
    return rows[0]


def until_counted(admin, night, table: int, hands: int, timeout: float = 20) -> list[list[int]]:
    deadline = time.monotonic() + timeout
    while len(found := counted(admin, night, table)) < hands and time.monotonic() < deadline:
        time.sleep(0.05)
    return found


# -- the page and a hand's way to the standings ------------------------------------------


def test_the_page_shows_the_round_the_seats_as_drawn_and_the_games_own_form(pages, night):
    page = Phone().get(pages.address(1))
    names = night.names[1]
    assert page.status == 200
    assert "<h1>Table 1 <span>round 1</span></h1>" in page.body
    assert f"Seats, clockwise: {', '.join(names)}" in page.body
    assert f"{names[0]} &amp; {names[2]} against {names[1]} &amp; {names[3]}" in page.body
    # each field Euchre's quick entry declares, by its title, and its kinds of hand
    for title in ("Makers", "Tricks the makers took", "Maker went alone", "Renege let stand by"):
        assert f"<legend>{title}</legend>" in page.body
    assert "Hand 1: Played" in page.body and "Hand 1: Everyone passed" in page.body
    assert "No hands yet." in page.body


def test_a_hand_counts_once_a_player_of_the_other_side_confirms_it(pages, night, admin):
    url, names = pages.address(1), night.names[1]
    entered = enter(Phone(), url, MADE_4, by=0)
    assert entered.status == 200 and "Hand 1: to be confirmed" in entered.body
    assert f"Confirm as {names[1]}" in entered.body and f"Confirm as {names[3]}" in entered.body
    assert f"Confirm as {names[2]}" not in entered.body  # the enterer's partner cannot
    assert revisions(admin, night) == 0  # nothing sent before it is confirmed
    other = Phone()  # the other side's own phone on the table's page
    confirmed = answer(other, url, by=3)
    assert confirmed.status == 200 and "to be confirmed" not in confirmed.body
    assert until_counted(admin, night, 1, 1) == [[1, 0, 1, 0]]
    shown = other.get(url).body
    assert "Makers: " + f"{names[0]} &amp; {names[2]}" in shown and "counts" in shown
    assert '<tfoot><tr><th>Total</th><th class="n">1</th><th class="n">0</th>' in shown


def test_a_hand_not_agreed_is_set_aside_and_entered_again(pages, night, admin):
    url, names = pages.address(1), night.names[1]
    enter(Phone(), url, MADE_4, by=0)
    declined = answer(Phone(), url, by=1, action="decline")
    assert "to be confirmed" not in declined.body and "Hand 1: Played" in declined.body
    said = re.search(r'<p class="said" id="set-aside">(.*?)</p>', declined.body)
    assert said is not None, "the page says the version was set aside"
    assert html.unescape(said.group(1)).startswith(f"Hand 1 as {names[0]} entered it (Makers: ")
    assert html.unescape(said.group(1)).endswith(
        f") was not agreed by {names[1]}: it was set aside. Enter the hand again."
    )
    again = enter(Phone(), url, [("makers", "1"), ("tricks", "5")], by=1)
    assert 'id="set-aside"' not in again.body  # the new version waits instead
    answer(Phone(), url, by=0)
    assert until_counted(admin, night, 1, 1) == [[0, 2, 0, 2]]
    assert 'id="set-aside"' not in Phone().get(url).body  # hand 2 is a new hand


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        pytest.param(
            [("makers", "0")],
            "Not recorded: how many tricks did the makers take (0 to 5)?",
            id="the engine's own refusal: the makers' tricks left out",
        ),
        pytest.param(
            [("makers", "0"), ("tricks", "6")],
            "Not recorded: Tricks the makers took: enter a whole number from 0 to 5",
            id="a number past the field's declared range",
        ),
        pytest.param(
            [("makers", "7"), ("tricks", "3")],
            "Not recorded: Makers: that is not one of the choices",
            id="a side the form does not offer",
        ),
    ],
)
def test_an_impossible_hand_is_refused_in_one_plain_line(pages, night, admin, fields, said):
    refused = enter(Phone(), pages.address(1), fields)
    assert refused.status == 400
    assert refused.said == said
    assert "Hand 1: to be confirmed" not in refused.body and revisions(admin, night) == 0


@pytest.mark.parametrize(
    ("action", "fields"),
    [
        pytest.param("enter", [("form", "played"), ("by", "0"), *MADE_4], id="a quick entry"),
        pytest.param("play", [("at", "0"), ("card", "9D")], id="a card, the next hand begun"),
    ],
)
def test_once_the_rounds_hands_are_all_entered_the_page_takes_no_more(
    club_server, gateway, admin, referee, tmp_path, action, fields
):
    night = drawn_night(admin, club_server, gateway, tmp_path, "Four hands a round", hands=4)
    with serving(night, tmp_path, club_server.admin_url()) as served:
        url = served.address(1)
        for _ in range(4):
            enter(Phone(), url, MADE_4, by=0)
            answer(Phone(), url, by=1)
        phone = Phone()
        page = phone.get(url)
        assert "All 4 hands of round 1 are entered: the director starts the next round." in (
            page.body
        )
        assert (
            "Hand 5" not in page.body
            and 'action="/t/' + url.rsplit("/", 1)[1] + '/enter"' not in page.body
        )
        assert 'id="form-cards"' not in page.body
        sent = [("csrf", page.value("csrf")), ("key", "past the round")]
        refused = phone.post(f"{url}/{action}", [*sent, *fields])
        assert refused.status == 400
        assert refused.said == "Not recorded: all 4 hands of round 1 are entered"
        assert until_counted(admin, night, 1, 4) == [[1, 0, 1, 0]] * 4
        assert revisions(admin, night) == 4


# -- attacks from the page's own origin --------------------------------------------------


def test_one_table_cannot_answer_for_another_tables_hand(pages, night, admin):
    enter(Phone(), pages.address(2), MADE_4, by=0)  # table 2's hand, waiting
    waiting = Phone().get(pages.address(2)).value("entry")
    table_1, phone = pages.address(1), Phone()
    page = phone.get(table_1)
    forged = phone.post(
        f"{table_1}/confirm", [("csrf", page.value("csrf")), ("entry", waiting), ("by", "1")]
    )
    assert forged.said == "Not recorded: there is no such hand at this table"
    assert "Hand 1: to be confirmed" in Phone().get(pages.address(2)).body
    assert revisions(admin, night) == 0


def test_a_page_address_the_server_did_not_sign_opens_nothing(pages, night):
    table_1 = pages.address(1)
    token = table_1.rsplit("/", 1)[1]
    signature = token.split("-", 2)[2]
    forged = table_1.replace(f"/t/{token}", f"/t/2-1-{signature}")  # table 1's signature
    assert Phone().get(forged).status == 404
    assert Phone().post(f"{forged}/enter", [("form", "played")]).status == 403


def test_a_replayed_request_records_once(pages, night, admin):
    url, phone = pages.address(1), Phone()
    page = phone.get(url)
    sent = [("csrf", page.value("csrf")), ("key", page.value("key")), ("form", "played")]
    sent += [("by", "0"), *MADE_4]
    for _ in range(3):  # the same entry sent again (a reload, a lost answer)
        assert phone.post(f"{url}/enter", sent).status == 200
    confirm = phone.get(url)
    again = [("csrf", confirm.value("csrf")), ("entry", confirm.value("entry")), ("by", "1")]
    for _ in range(3):
        assert phone.post(f"{url}/confirm", again).status == 200
    assert until_counted(admin, night, 1, 1) == [[1, 0, 1, 0]]
    time.sleep(0.3)
    assert revisions(admin, night) == 1
    assert "Hand 2: Played" in phone.get(url).body


@pytest.mark.parametrize(
    ("forge", "status", "said"),
    [
        pytest.param("partner", 400, "a player of another side", id="the enterer's partner"),
        pytest.param("enterer", 400, "a player of another side", id="the enterer themself"),
        pytest.param("no cookie", 403, "out of date", id="a form without the browser's cookie"),
        pytest.param("other origin", 403, "out of date", id="a form posted from another site"),
        pytest.param("seat 9", 400, "choose who you are", id="a seat the table does not have"),
    ],
)
def test_a_forged_confirmation_is_refused(pages, night, admin, forge, status, said):
    url, phone = pages.address(1), Phone()
    enter(phone, url, MADE_4, by=0)
    page = phone.get(url)
    by = {"partner": "2", "enterer": "0", "seat 9": "9"}.get(forge, "1")
    fields = [("csrf", page.value("csrf")), ("entry", page.value("entry")), ("by", by)]
    if forge == "no cookie":
        phone.cookies.clear()
    origin = "http://evil.example" if forge == "other origin" else None
    forged = phone.post(f"{url}/confirm", fields, origin=origin)
    assert forged.status == status and said in forged.body
    assert revisions(admin, night) == 0
    assert "Hand 1: to be confirmed" in Phone().get(url).body


def test_a_confirmed_hand_is_not_changed_from_the_page(pages, night, admin):
    url, phone = pages.address(1), Phone()
    enter(phone, url, MADE_4, by=0)
    page = phone.get(url)
    entry = page.value("entry")
    answer(phone, url, by=1)
    declined = phone.post(
        f"{url}/decline", [("csrf", page.value("csrf")), ("entry", entry), ("by", "3")]
    )
    assert declined.said == "Not recorded: hand 1 is already confirmed"
    assert until_counted(admin, night, 1, 1) == [[1, 0, 1, 0]]


@pytest.mark.parametrize(
    "body",
    [
        pytest.param(b"a" * 9000, id="a body declared over 8 KB"),
        pytest.param(
            urllib.parse.urlencode([("tricks", "4")] * 2000).encode(), id="a form of 2,000 fields"
        ),
    ],
)
def test_an_oversized_body_is_refused_before_it_is_read(pages, night, admin, body):
    url, phone = pages.address(1), Phone()
    phone.get(url)
    refused = phone.post(f"{url}/enter", body)
    assert refused.status == 413 and refused.body == "That request is too large."
    assert revisions(admin, night) == 0


def test_a_withdrawn_pass_or_a_closed_round_closes_the_page(pages, night, admin):
    table_1, table_2 = pages.address(1), pages.address(2)
    assert Phone().get(table_2).status == 200  # its login's connection kept open meanwhile
    revoke_table(admin, night.event.event, 2)
    gone = Phone().get(table_2)
    assert gone.status == 404 and "pass was withdrawn" in gone.body
    night.event.tables[2] = reissue_table(admin, night.event, 2)
    night.event.save(pages.served.event_file.parent)  # as the desk saves a new pass
    assert Phone().get(table_2).status == 404  # the page of the withdrawn pass stays closed
    assert Phone().get(pages.address(2)).status == 200  # the new pass's page opens
    open_round(admin, night.event.event)
    closed = Phone().get(table_1)
    assert closed.status == 404 and "Round 1 is over" in closed.body


def test_a_flood_of_forms_to_one_page_is_refused_and_the_other_tables_go_on(pages, night, admin):
    table_1, phone = pages.address(1), Phone()
    page = phone.get(table_1)
    forged = [("csrf", page.value("csrf")), ("entry", "1"), ("by", "1")]
    answers = [phone.post(f"{table_1}/confirm", forged).status for _ in range(MOST_WRITES + 5)]
    assert answers[:MOST_WRITES] == [400] * MOST_WRITES  # each refused by the page itself
    assert answers[MOST_WRITES:] == [429] * 5  # then not even read
    assert phone.get(table_1).status == 200  # the page still shows
    entered = enter(Phone(), pages.address(2), MADE_4, by=0)  # another table enters
    assert entered.status == 200 and "Hand 1: to be confirmed" in entered.body


def test_a_hand_sent_before_its_confirmation_was_noted_counts_once(pages, night, admin):
    """The server stopped between sending a confirmed hand and noting it confirmed: the
    page notes it when next read, and the table goes on; nothing is doubled."""
    url = pages.address(1)
    enter(Phone(), url, MADE_4, by=0)
    with pages.served.table(url.rsplit("/", 1)[1]) as table:
        ledger = table.ledger()
        ledger.quick(table.waiting(ledger).data)
        table._send(ledger, 0)  # sent; its confirmation not noted
    shown = Phone().get(url)
    assert "to be confirmed" not in shown.body and "Hand 2: Played" in shown.body
    enter(Phone(), url, [("makers", "1"), ("tricks", "5")], by=1)
    assert answer(Phone(), url, by=0).status == 200
    assert until_counted(admin, night, 1, 2) == [[1, 0, 1, 0], [0, 2, 0, 2]]
    assert revisions(admin, night) == 2


def test_the_page_is_read_again_only_while_a_hand_waits(pages, night, admin):
    """A phone sees the other side's confirmation come; the page is never read again
    under a form being filled."""
    url, refresh = pages.address(1), f'<meta http-equiv="refresh" content="{REFRESH}">'
    assert refresh not in Phone().get(url).body  # the form: left alone
    waiting = enter(Phone(), url, MADE_4, by=0)
    assert refresh in waiting.body and "<form" in waiting.body  # only the answers' buttons
    assert 'id="form-played"' not in waiting.body
    confirmed = answer(Phone(), url, by=1)
    assert refresh not in confirmed.body  # the next hand's form, left alone


def test_a_refused_form_comes_back_as_it_was_filled(pages, night):
    names = night.names[1]
    refused = enter(Phone(), pages.address(1), [("makers", "1"), ("tricks", "6")], by=2)
    form = refused.body[refused.body.index('id="form-played"') :]
    form = form[: form.index("</form>")]
    makers = form[form.index('name="makers"') : form.index("</select>")]
    assert f'<option value="1" selected>{names[1]} &amp; {names[3]}</option>' in makers
    assert makers.count(" selected") == 1
    assert 'name="tricks" value="6"' in form
    assert f'<option value="2" selected>{names[2]}</option>' in form  # who entered it
    assert refused.said == "Not recorded: Tricks the makers took: enter a whole number from 0 to 5"


def test_the_standings_board_page_shows_what_counts_and_nothing_else(pages, night, admin):
    url = pages.address(1)
    board = pages.web.address(f"/b/{board_token(pages.served)}")
    names = night.names[1]
    first = f'<td>{names[0]}</td><td class="n">1</td>'
    enter(Phone(), url, MADE_4, by=0)
    before = Phone().get(board).body
    assert f'<td>{names[0]}</td><td class="n">0</td>' in before  # not confirmed: not counted
    assert first not in before
    answer(Phone(), url, by=1)
    until_counted(admin, night, 1, 1)
    shown = Phone().get(board)
    assert shown.status == 200 and "Progressive Euchre, round 1 of 3" in shown.body
    for name in (names[0], names[2]):
        assert f'<td>{name}</td><td class="n">1</td>' in shown.body
    assert "<form" not in shown.body  # read-only
    assert Phone().get(pages.web.address("/b/board-" + "A" * 22)).status == 404
    assert Phone().get(pages.web.address(f"/b/{url.rsplit('/', 1)[1]}")).status == 404
