"""A hand played card by card on a table's page, served for real to a phone's plain HTTP:
the page offers the steps the engine offers, every step posted is judged by the same
adjudicator, a ruling waits for the table's decision with the rule and the evidence in
players' names, and the finished hand waits for the other side as a quick entry does;
each attack from the page's own origin is refused (another table's hand, a replayed step,
a stale page, a card or choice the page does not offer, a forged confirmation)."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Iterator
from html import unescape

import pytest
from psycopg.types.json import Jsonb

from scorekeeper.cards import Card
from scorekeeper.club.record import hand_payload, match_payload
from scorekeeper.club.table import seating
from scorekeeper.club.web.tables import MATCHES
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.games.spades import club as spades_league
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from tests.club.drawn import Night, format_night
from tests.club.phones import Answer, Pages, Phone, serving
from tests.club.test_web_table import counted, night, pages, revisions, until_counted

# Trump is diamonds (the upcard ordered up); the leader wins every trick with the card led
# and everyone follows the suit led while they can: the makers, who lead, take all five.
TRICKS = [
    ["AS", "KS", "QS", "JS"],
    ["AC", "KC", "QC", "JC"],
    ["10S", "9S", "10C", "9C"],
    ["AH", "KH", "QH", "10H"],
    ["AD", "KD", "QD", "10D"],
]
MARCH = [0, 2, 0, 2]  # each seat's points: the makers (seats 1 and 3) took all five tricks
RENEGE = ["AS", "10H", "9S", "10S", "KS", "JS"]  # the second seat shows out, then plays J♠

__all__ = ["night", "pages"]  # the fixtures, as the quick entry's tests make them


def step(phone: Phone, url: str, *fields: tuple[str, str]) -> Answer:
    """One step of the hand, posted from the page as it is now."""
    page = phone.get(url)
    sent = [(name, page.value(name, "form-cards")) for name in ("csrf", "key", "at")]
    return phone.post(f"{url}/play", [*sent, *fields])


def choose(phone: Phone, url: str, label: str) -> Answer:
    """The phase's choice button ``label``, as offered on the page."""
    page = phone.get(url)
    found = dict(
        (unescape(text), value)
        for value, text in re.findall(r'name="choice" value="(\d+)">([^<]*)<', page.body)
    )
    assert label in found, f"{label} is not offered: {sorted(found)}"
    return step(phone, url, ("choice", found[label]))


def bid(phone: Phone, url: str) -> None:
    """The upcard 9♦, ordered up by the first bidder; the dealer's discard unseen."""
    assert step(phone, url, ("card", "9D")).status == 200
    assert choose(phone, url, "Order up").status == 200
    assert choose(phone, url, "Discard unseen").status == 200


def offered_cards(page: Answer) -> set[str]:
    return set(re.findall(r'name="card" value="([^"]+)">', page.body))


def finish(phone: Phone, url: str, by: int) -> Answer:
    page = phone.get(url)
    sent = [(name, page.value(name, "form-played-cards")) for name in ("csrf", "key")]
    return phone.post(f"{url}/played", [*sent, ("by", str(by))])


def confirm(phone: Phone, url: str, by: int, action: str = "confirm") -> Answer:
    page = phone.get(url)
    sent = [("csrf", page.value("csrf")), ("entry", page.value("entry"))]
    return phone.post(f"{url}/{action}", [*sent, ("by", str(by))])


def test_a_hand_played_card_by_card_waits_for_the_other_side_then_counts(pages, night, admin):
    url, names, phone = pages.address(1), night.names[1], Phone()
    first = phone.get(url)
    assert "Hand 1: card by card" in first.body
    assert f"Hand 1 · {names[0]} deals · " in first.body
    bid(phone, url)
    for trick in TRICKS:
        for card in trick:
            played = step(phone, url, ("card", card))
            assert played.status == 200, played.said
    over = phone.get(url)
    assert 'id="over"' in over.body and "Hand 1: card by card" in over.body
    assert "Points: " in over.body and not offered_cards(over)
    assert revisions(admin, night) == 0  # nothing counts before the other side confirms
    entered = finish(phone, url, by=1)
    assert "Hand 1: to be confirmed" in entered.body
    assert f"Entered by {names[1]}: played card by card" in entered.body
    assert f"Confirm as {names[0]}" in entered.body and f"Confirm as {names[3]}" not in entered.body
    assert confirm(Phone(), url, by=0).status == 200
    assert until_counted(admin, night, 1, 1) == [MARCH]
    shown = phone.get(url).body
    assert "played card by card" in shown and "Hand 2: card by card" in shown


def test_the_grid_offers_only_what_the_engine_offers_at_each_step(pages, night):
    url, phone = pages.address(1), Phone()
    upcard = offered_cards(phone.get(url))
    assert len(upcard) == 24  # any card of Euchre's deck may be turned up
    step(phone, url, ("card", "9D"))
    bidding = phone.get(url)
    assert not offered_cards(bidding)  # the bidding is by choices, not cards
    assert re.findall(r'name="choice" value="\d+">([^<]*)<', bidding.body) == [
        "Pass",
        "Order up",
        "Order up alone",
    ]
    choose(phone, url, "Order up")
    choose(phone, url, "Discard unseen")
    step(phone, url, ("card", "AS"))
    play = offered_cards(phone.get(url))
    assert "AS" not in play and "9D" not in play  # played, and turned up (the dealer's)
    assert len(play) == 22


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        pytest.param(
            [("card", "AS")],
            "Not recorded: Each card once: Every card is played once in a hand; a card "
            "already played or buried cannot appear again. (A♠ was played in trick 1)",
            id="a card already played: the engine's rule, quoted",
        ),
        pytest.param(
            [("card", "2S")],
            "Not recorded: that card is not one of this game's deck",
            id="a card Euchre's deck does not have",
        ),
        pytest.param(
            [("choice", "7")],
            "Not recorded: that is not one of the choices of this step",
            id="a choice the page does not offer",
        ),
        pytest.param(
            [("claim", "9")],
            "Not recorded: a claim is made in play, by one of this table's players",
            id="a claim by a seat the table does not have",
        ),
    ],
)
def test_a_step_the_engine_refuses_is_one_plain_line_and_changes_nothing(
    pages, night, fields, said
):
    url, phone = pages.address(1), Phone()
    bid(phone, url)
    step(phone, url, ("card", "AS"))
    before = phone.get(url).value("at", "form-cards")
    refused = step(phone, url, *fields)
    assert refused.status == 400 and refused.said.startswith(said), refused.said
    assert phone.get(url).value("at", "form-cards") == before


def test_a_renege_proved_by_a_later_play_is_ruled_with_the_rule_and_the_evidence(pages, night):
    url, names, phone = pages.address(1), night.names[1], Phone()
    bid(phone, url)
    for card in RENEGE:
        step(phone, url, ("card", card))
    page = phone.get(url)
    ruling = unescape(re.search(r'<section class="ruling".*?</section>', page.body, re.S)[0])
    assert f"Ruling: Follow suit: {names[2]} played 10♥ in trick 1." in ruling
    assert "<blockquote>A player who holds a card of the suit led must play one" in ruling
    assert f"{names[2]} played 10♥ in trick 1 (had to follow spades)." in ruling
    assert f"{names[2]} then played J♠ in trick 2, so J♠ was in hand in trick 1." in ruling
    assert "Proved by a later play." in ruling
    assert not offered_cards(page)  # nothing else is entered while the ruling waits
    held = step(phone, url, ("card", "QS"))
    assert held.status == 400 and "ruling" in held.said
    taken_back = step(phone, url, ("decide", "take_back"))
    assert taken_back.status == 200 and 'class="ruling"' not in taken_back.body
    assert f"{names[2]} to act" in taken_back.body  # 10♥ and what followed are taken back


def test_a_renege_let_stand_plays_on_and_the_hand_takes_the_penalty(pages, night, admin):
    url, names, phone = pages.address(1), night.names[1], Phone()
    bid(phone, url)
    for card in RENEGE:
        step(phone, url, ("card", card))
    stood = step(phone, url, ("decide", "stand"))
    assert stood.status == 200 and 'class="ruling"' not in stood.body
    page = stood
    while 'id="over"' not in page.body:  # each seat plays the first card the grid offers
        if 'class="ruling"' in page.body:
            page = step(phone, url, ("decide", "stand"))
        else:
            page = step(phone, url, ("card", sorted(offered_cards(page))[0]))
        assert page.status == 200, page.said
    over = page.body
    penalty = f"Penalty: renege (Follow suit, {names[2]}, trick 1): 2 to {names[1]} & {names[3]}"
    assert penalty in unescape(over)
    finish(phone, url, by=0)
    confirm(Phone(), url, by=1)
    assert until_counted(admin, night, 1, 1) == [[0, 2, 0, 2]]  # the penalty replaces all


def test_a_step_taken_back_or_the_hand_started_again_loses_nothing_on_record(pages, night):
    url, phone = pages.address(1), Phone()
    bid(phone, url)
    step(phone, url, ("card", "AS"))
    undone = step(phone, url, ("undo", "yes"))
    assert "AS" in offered_cards(undone)
    again = step(phone, url, ("restart", "yes"))
    assert len(offered_cards(again)) == 24 and "Start this hand again" not in again.body
    assert 'id="form-played"' in again.body  # quick entry is offered again


def test_a_replayed_step_counts_once_and_a_stale_page_is_refused(pages, night):
    url, phone, other = pages.address(1), Phone(), Phone()
    bid(phone, url)
    page = phone.get(url)
    sent = [(name, page.value(name, "form-cards")) for name in ("csrf", "key", "at")]
    for _ in range(3):  # the same card sent again (a reload, a lost answer)
        assert phone.post(f"{url}/play", [*sent, ("card", "AS")]).status == 200
    shown = phone.get(url)
    assert shown.value("at", "form-cards") == str(int(page.value("at", "form-cards")) + 1)
    stale_page = other.get(url)
    step(phone, url, ("card", "KS"))  # another phone plays first
    fields = [(name, stale_page.value(name, "form-cards")) for name in ("csrf", "key", "at")]
    stale = other.post(f"{url}/play", [*fields, ("card", "QS")])
    assert stale.status == 400 and "another phone entered a card first" in stale.said
    assert "QS" in offered_cards(other.get(url))


def test_one_table_cannot_play_or_send_another_tables_hand(pages, night, admin):
    table_1, table_2, phone = pages.address(1), pages.address(2), Phone()
    bid(phone, table_1)
    page = phone.get(table_1)
    fields = [(name, page.value(name, "form-cards")) for name in ("csrf", "key", "at")]
    # table 1's page values sent to table 2's address: the CSRF value is the page's own
    forged = phone.post(f"{table_2}/play", [*fields, ("card", "AS")])
    assert forged.status == 403
    assert "AS" in offered_cards(phone.get(table_1))
    assert len(offered_cards(Phone().get(table_2))) == 24  # table 2's hand is untouched
    assert revisions(admin, night) == 0


def test_a_hand_not_over_cannot_be_sent_and_a_forged_confirmation_is_refused(pages, night, admin):
    url, phone = pages.address(1), Phone()
    bid(phone, url)
    page = phone.get(url)
    sent = [("csrf", page.value("csrf")), ("key", page.value("key")), ("by", "1")]
    early = phone.post(f"{url}/played", sent)
    assert early.status == 400 and "this hand is not over yet" in early.said
    for trick in TRICKS:
        for card in trick:
            step(phone, url, ("card", card))
    finish(phone, url, by=1)
    partner = confirm(phone, url, by=3)  # the enterer's partner
    assert partner.status == 400 and "a player of another side" in partner.said
    time.sleep(0.3)
    assert revisions(admin, night) == 0 and counted(admin, night, 1) == []


# -- Spades ``classic``: trick 1 in any seat order ---------------------------------------

LEAGUE = (["Aces", "Bowers"], (("Ann North", "Sue South"), ("Bob North", "Cy South")))
CONTRACTS = ["Bid 4", "Bid 6"]  # the non-dealing side's contract, then the dealer's side's
FIRST_TRICK = [(3, "KC"), (2, "2C"), (1, "3C")]  # whose card each was, out of seat order
LAST_CARD = "9C"  # nobody named: the one seat still to play to trick 1


def classic_night(admin, club_server, gateway, folder) -> tuple[Night, Ledger]:
    """A Spades league night whose table 1 plays the ``classic`` preset (its match sent
    so by the table's login: a match's info is kept once on record); with the match's
    empty ledger, to replay with the engine."""
    night = format_night(
        admin, club_server, gateway, folder, spades_league.FORMAT, {"match_end": "hands"}, *LEAGUE
    )
    with night.login(1) as login:
        seats = seating(login, night.event.event, 1, 1)
        settings = get_game("spades").settings("classic")
        ledger = Ledger(MatchInfo("Classic table", "spades", settings, seats.players))
        login.execute(
            "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
            "VALUES (%s, %s, 1, 1, %s)",
            (
                str(uuid.uuid5(MATCHES, f"{night.event.event}/1/1")),
                night.event.event,
                Jsonb(match_payload(ledger)),
            ),
        )
    night.names[1] = list(seats.players)
    return night, ledger


@pytest.fixture
def classic(
    admin, club_server, gateway, tmp_path, referee
) -> Iterator[tuple[Pages, Night, Ledger]]:
    night, ledger = classic_night(admin, club_server, gateway, tmp_path)
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        yield pages, night, ledger


def counted_events(admin, night: Night) -> list[dict]:
    """The events of table 1's counted hands, as the club database holds them."""
    rows = admin.execute(
        "SELECT record FROM club.counted_hands WHERE event_id = %s AND table_no = 1 "
        "ORDER BY hand_no",
        (night.event.event,),
    ).fetchall()
    return [event for (record,) in rows for event in record["events"]]


def whose(page: Answer) -> list[tuple[str, str, bool]]:
    """The players the page asks between for the next card: seat, name, chosen."""
    return [
        (seat, unescape(name).strip(), bool(checked))
        for seat, checked, name in re.findall(
            r'name="seat" value="(\d+)"( checked)?>([^<]*)<', page.body
        )
    ]


def test_a_classic_spades_first_trick_entered_out_of_seat_order_counts_as_the_engine_scores_it(
    classic, admin
):
    pages, night, ledger = classic
    url, names, phone = pages.address(1), night.names[1], Phone()
    for label in CONTRACTS:
        assert choose(phone, url, label).status == 200
    page = phone.get(url)
    assert f"· {names[1]} to act · this trick in any order" in page.body
    assert whose(page) == [  # round the table from the seat to act, who is chosen
        ("1", names[1], True),
        ("2", names[2], False),
        ("3", names[3], False),
        ("0", names[0], False),
    ]
    for seat, card in FIRST_TRICK:
        played = step(phone, url, ("seat", str(seat)), ("card", card))
        assert played.status == 200, played.said
        if seat == FIRST_TRICK[0][0]:
            again = step(phone, url, ("seat", str(seat)), ("card", "4C"))
            assert again.status == 400
            assert (
                again.said
                == f"Not recorded: {names[0]}, {names[1]} or {names[2]} to play, not {names[3]}"
            )
            wrong = step(phone, url, ("seat", "9"), ("card", "4C"))
            assert wrong.said == "Not recorded: choose whose card it is from this table's players"
    page = phone.get(url)
    assert whose(page) == [] and "this trick in any order" not in page.body  # one seat left
    assert step(phone, url, ("card", LAST_CARD)).status == 200
    assert 'name="seat"' not in step(phone, url, ("claim", "3")).body  # trick 2 is in turn
    finish(phone, url, by=3)
    confirm(Phone(), url, by=0)

    events = [
        Event("contract", seat=1, value=4),
        Event("contract", seat=2, value=6),
        *(Event("play", seat=seat, card=Card.parse(card)) for seat, card in FIRST_TRICK),
        Event("play", seat=0, card=Card.parse(LAST_CARD)),
        Event("claim", seat=3),
    ]
    for event in events:
        ledger.record(event)
    assert ledger.hands[0].state.tricks[0].winner == 3  # K♣, the highest club, Di's
    lines = sorted(hand_payload(ledger, 0)["players"], key=lambda line: line["seat"])
    engine = [line["points"] for line in lines]
    assert engine[3] > 0 > engine[0]  # Di's side made its 4; Ann's side took none of its 6
    assert until_counted(admin, night, 1, 1) == [engine]
    assert counted_events(admin, night) == [event.to_json() for event in events]
