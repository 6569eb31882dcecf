"""A table's page calls the director: a renege claimed (with the accused player's cards
and the adjudicator's rulings as evidence), the director called to the table, and a hand
whose two versions are each not agreed, sent with both. Each is written with the table's
own login, once, and only for its own table."""

from __future__ import annotations

import urllib.parse

import psycopg
import pytest

from scorekeeper.club.calls import DIRECTOR, DISAGREEMENT, RENEGE, make_call
from scorekeeper.club.schema import MAX_CALL_BYTES, MAX_CALL_LINES, MAX_TABLE_CALLS
from scorekeeper.club.web.app import MOST_STEPS
from tests.club.phones import Answer, Phone
from tests.club.test_web_cards import RENEGE as RENEGE_CARDS
from tests.club.test_web_cards import bid, confirm, step
from tests.club.test_web_table import MADE_4, enter, night, pages

__all__ = ["night", "pages"]  # the fixtures, as the quick entry's tests make them


def calls(admin: psycopg.Connection, night) -> list[tuple[int, str, list[str]]]:
    rows = admin.execute(
        "SELECT table_no, kind, lines FROM club.calls WHERE event_id = %s ORDER BY call_id",
        (night.event.event,),
    ).fetchall()
    return [(table, kind, lines) for table, kind, lines in rows]


def post(phone: Phone, url: str, action: str, *fields: tuple[str, str]) -> Answer:
    page = phone.get(url)
    sent = [("csrf", page.value("csrf")), ("key", page.value("key", f"form-{action}"))]
    return phone.post(f"{url}/{action}", [*sent, *fields])


def test_a_renege_claimed_goes_to_the_director_with_the_cards_and_the_ruling(pages, night, admin):
    url, names, phone = pages.address(1), night.names[1], Phone()
    bid(phone, url)
    for card in RENEGE_CARDS:
        step(phone, url, ("card", card))
    claimed = post(phone, url, "renege", ("by", "1"), ("accused", "2"))
    assert claimed.status == 200 and "A renege is claimed (" in claimed.body
    assert calls(admin, night) == [
        (
            1,
            RENEGE,
            [
                f"{names[1]} claims that {names[2]} reneged in hand 1.",
                f"Trick 1: {names[1]} led A♠; {names[2]} played 10♥.",
                f"Trick 2: {names[1]} led K♠; {names[2]} played J♠.",
                f"Ruled: Follow suit: {names[2]} played 10♥ in trick 1.",
                f"{names[2]} played 10♥ in trick 1 (had to follow spades).",
                f"{names[2]} then played J♠ in trick 2, so J♠ was in hand in trick 1.",
            ],
        )
    ]


def test_the_director_called_to_the_table_hears_where_the_hand_stands(pages, night, admin):
    url, names, phone = pages.address(2), night.names[2], Phone()
    bid(phone, url)
    called = post(phone, url, "call", ("by", "3"))
    assert called.status == 200 and "The director is called (" in called.body
    (call,) = calls(admin, night)
    assert call[:2] == (2, DIRECTOR)
    assert call[2][0] == f"{names[3]} calls the director to table 2."
    assert call[2][1].startswith(f"Hand 1 · {names[0]} deals · Play · {names[1]} to act")


@pytest.mark.parametrize(
    ("action", "fields", "said"),
    [
        pytest.param(
            "renege",
            [("by", "0"), ("accused", "2")],
            "claims a renege against the other side",
            id="a renege claimed against a partner",
        ),
        pytest.param(
            "renege",
            [("by", "0"), ("accused", "8")],
            "choose who you are from this table's players",
            id="a seat the table does not have",
        ),
        pytest.param("call", [("by", "")], "choose who you are", id="a call by nobody"),
    ],
)
def test_a_call_the_page_does_not_offer_is_refused_and_sends_nothing(
    pages, night, admin, action, fields, said
):
    refused = post(Phone(), pages.address(1), action, *fields)
    assert refused.status == 400 and said in refused.said
    assert calls(admin, night) == []


def test_a_call_sent_again_is_one_call_and_no_table_calls_for_another(pages, night, admin):
    table_1, table_2, phone = pages.address(1), pages.address(2), Phone()
    page = phone.get(table_1)
    sent = [("csrf", page.value("csrf")), ("key", page.value("key", "form-call")), ("by", "0")]
    for _ in range(3):  # a reload, a lost answer
        assert phone.post(f"{table_1}/call", sent).status == 200
    assert [call[:2] for call in calls(admin, night)] == [(1, DIRECTOR)]
    assert phone.post(f"{table_2}/call", sent).status == 403  # table 1's page values
    with night.login(2) as table_2_login, pytest.raises(psycopg.errors.InsufficientPrivilege):
        make_call(table_2_login, night.event.event, 1, 1, RENEGE, ["forged"], "forged")
    assert [call[:2] for call in calls(admin, night)] == [(1, DIRECTOR)]


def test_a_hand_whose_two_versions_are_not_agreed_goes_to_the_director_with_both(
    pages, night, admin
):
    url, names = pages.address(1), night.names[1]
    enter(Phone(), url, MADE_4, by=0)
    confirm(Phone(), url, by=1, action="decline")
    assert calls(admin, night) == []  # the first version not agreed: entered again
    enter(Phone(), url, [("makers", "1"), ("tricks", "3")], by=1)
    declined = confirm(Phone(), url, by=2, action="decline")
    assert declined.status == 200
    sides = [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
    assert calls(admin, night) == [
        (
            1,
            DISAGREEMENT,
            [
                "Hand 1 is not agreed: two versions, neither confirmed.",
                f"Version 1, entered by {names[0]}, not agreed by {names[1]}: "
                f"Makers: {sides[0]}; Tricks the makers took: 4; "
                f"points: {sides[0]} +1, {sides[1]} +0.",
                f"Version 2, entered by {names[1]}, not agreed by {names[2]}: "
                f"Makers: {sides[1]}; Tricks the makers took: 3; "
                f"points: {sides[0]} +0, {sides[1]} +1.",
            ],
        )
    ]
    enter(Phone(), url, MADE_4, by=0)  # the table goes on; the director settles it
    assert confirm(Phone(), url, by=1).status == 200


def test_a_table_reads_only_its_own_calls_and_cannot_answer_them(pages, night, admin):
    post(Phone(), pages.address(1), "call", ("by", "0"))
    post(Phone(), pages.address(2), "call", ("by", "1"))
    with night.login(2) as table_2_login:
        seen = table_2_login.execute("SELECT table_no FROM club.calls").fetchall()
        assert seen == [(2,)]
        with pytest.raises(psycopg.errors.InsufficientPrivilege):  # the director's alone
            table_2_login.execute("UPDATE club.calls SET answered = now()")
    assert [call[0] for call in calls(admin, night)] == [1, 2]


def test_a_table_login_cannot_flood_the_desk_with_calls(pages, night, admin):
    """A laptop's own login writing calls straight to the club database: at most
    ``MAX_TABLE_CALLS`` a round, each no longer than the limit."""
    event = night.event.event
    with night.login(1) as login:
        for number in range(MAX_TABLE_CALLS):
            make_call(login, event, 1, 1, DIRECTOR, [f"call {number}"], f"k{number}")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            make_call(login, event, 1, 1, DIRECTOR, ["one too many"], "more")
    with night.login(2) as login, pytest.raises(psycopg.errors.CheckViolation):
        make_call(login, event, 1, 2, DIRECTOR, ["x" * MAX_CALL_BYTES], "long")
    assert len(calls(admin, night)) == MAX_TABLE_CALLS


def test_evidence_past_the_lines_a_call_holds_is_counted_in_its_last_line(pages, night, admin):
    lines = [f"Trick {number}: a line of evidence." for number in range(1, MAX_CALL_LINES + 6)]
    with night.login(1) as login:
        make_call(login, night.event.event, 1, 1, RENEGE, lines, "long")
    ((_, _, held),) = calls(admin, night)
    assert held == [*lines[: MAX_CALL_LINES - 1], "… and 6 more lines"]


def test_a_renege_claimed_in_a_hand_entered_by_its_result_says_it_has_no_cards(pages, night, admin):
    url, names = pages.address(1), night.names[1]
    enter(Phone(), url, MADE_4, by=0)
    confirm(Phone(), url, by=1)
    claimed = post(Phone(), url, "renege", ("by", "1"), ("accused", "0"), ("hand", "1"))
    assert claimed.status == 200
    assert calls(admin, night)[0][2] == [
        f"{names[1]} claims that {names[0]} reneged in hand 1.",
        f"Hand 1 was entered by its result, without cards: Makers: {names[0]} & {names[2]}; "
        "Tricks the makers took: 4.",
    ]
    past = post(Phone(), url, "renege", ("by", "1"), ("accused", "0"), ("hand", "3"))
    assert past.status == 400 and "choose one of this table's hands" in past.said


@pytest.mark.parametrize("action", ["play", "played", "renege", "call"])
def test_an_oversized_body_to_a_new_form_is_refused_before_it_is_read(pages, night, admin, action):
    url, phone = pages.address(1), Phone()
    phone.get(url)
    refused = phone.post(
        f"{url}/{action}", urllib.parse.urlencode([("cards", "AS")] * 2000).encode()
    )
    assert refused.status == 413 and refused.body == "That request is too large."
    assert calls(admin, night) == [] and "Start this hand again" not in phone.get(url).body


def test_a_flood_of_steps_is_refused_and_the_quick_forms_keep_their_own_count(pages, night):
    url, phone = pages.address(1), Phone()
    page = phone.get(url)
    stale = [("csrf", page.value("csrf")), ("key", "k"), ("at", "99"), ("card", "AS")]
    answers = [phone.post(f"{url}/play", stale).status for _ in range(MOST_STEPS + 3)]
    assert answers[:MOST_STEPS] == [400] * MOST_STEPS  # each refused by the page itself
    assert answers[MOST_STEPS:] == [429] * 3  # then not even read
    assert phone.post(f"{url}/call", [("csrf", page.value("csrf"))]).status == 400  # read
