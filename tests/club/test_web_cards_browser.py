"""A hand played card by card in a real browser engine (QtWebEngine offscreen) at a
phone's size, served for real: the deck grid and the phase's buttons tapped as fingers
do, a ruling shown with the rule quoted and the evidence in the players' names, and the
finished hand waiting for the other side. Each step's screen is saved under
tests/screenshots to be looked at."""

from __future__ import annotations

import pytest

from scorekeeper.cards import Card
from tests.club.drawn import drawn_night
from tests.club.phones import serving
from tests.club.test_web_browser import FITS, browse, click
from tests.club.test_web_cards import (
    CONTRACTS,
    FIRST_TRICK,
    LAST_CARD,
    RENEGE,
    TRICKS,
    classic_night,
)
from tests.shots import SCREENSHOTS

SIZES = [pytest.param((360, 640), id="360×640"), pytest.param((390, 844), id="390×844")]


def card(code: str) -> dict:
    script = f"document.querySelector('button[name=card][value=\"{code}\"]').click();"
    return {"js": script, "load": True}


def tap(text: str) -> dict:
    return {"js": click(text), "load": True}


def text(element: str) -> dict:
    return {"js": f"document.getElementById({element!r}).innerText"}


OFFERED = "document.querySelectorAll('button[name=card]:not([disabled])').length"
AT_TOP = "Math.round(document.getElementById('cards').getBoundingClientRect().top)"
IN_VIEW = "(r => r.top >= 0 && r.bottom <= innerHeight)(document.getElementById('calls').getBoundingClientRect())"
BIDDING = [card("9D"), tap("Order up"), tap("Discard unseen")]


def shot(name: str, size: tuple[int, int]) -> dict:
    SCREENSHOTS.mkdir(exist_ok=True)
    return {"shot": str(SCREENSHOTS / f"web-cards-{name}-{size[0]}x{size[1]}.png")}


@pytest.fixture
def night(club_server, gateway, admin, tmp_path):
    return drawn_night(admin, club_server, gateway, tmp_path, "Cards in a browser")


@pytest.mark.parametrize("size", SIZES)
def test_a_hand_tapped_card_by_card_waits_for_the_other_side(
    night, club_server, referee, tmp_path, size
):
    names = night.names[1]
    plays = [card(code) for trick in TRICKS for code in trick]
    steps = [
        {"js": "document.querySelector('#cards summary').click();"},
        {"js": OFFERED},
        shot("upcard", size),
        card("9D"),
        text("choices"),
        shot("bidding", size),
        tap("Order up"),
        tap("Discard unseen"),
        *plays[:6],
        {"js": AT_TOP},
        text("now"),
        {"js": FITS},
        shot("play", size),
        *plays[6:],
        text("over"),
        shot("over", size),
        {
            "js": "var f = document.getElementById('form-played-cards');"
            " f.elements.by.value = '1'; f.requestSubmit();",
            "load": True,
        },
        text("waiting"),
        {"js": FITS + " && 'waiting'"},
        shot("waiting", size),
    ]
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        values = browse(pages.address(1), steps, tmp_path, size)["values"]

    def seen(step: dict) -> object:
        return values[steps.index(step)]

    assert values[1] == 24  # the upcard may be any card of the deck
    assert seen({"js": AT_TOP}) == 0  # each card tapped, the hand is still in view
    assert seen(text("choices")).split("\n") == ["Pass", "Order up", "Order up alone"]
    trick = seen(text("now"))
    assert "Trick 2" in trick and "A♣" in trick and "K♣" in trick and names[1] in trick
    assert seen({"js": FITS}) is True  # nothing wider than the phone while playing
    over = seen(text("over"))
    assert "Tricks: " in over and "Points: " in over
    waiting = seen(text("waiting"))
    assert f"Entered by {names[1]}: played card by card" in waiting
    assert f"Confirm as {names[0]}" in waiting and f"Confirm as {names[2]}" in waiting
    assert seen({"js": FITS + " && 'waiting'"}) == "waiting"


@pytest.mark.parametrize("size", SIZES)
def test_a_renege_proved_by_a_later_card_is_ruled_on_the_phone(night, club_server, tmp_path, size):
    names = night.names[1]
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        seen = browse(
            pages.address(1),
            [
                *BIDDING,
                *(card(code) for code in RENEGE),
                text("ruling"),
                {"js": OFFERED},
                {"js": FITS},
                shot("ruling", size),
                tap("Take back: 5 cards return to hands"),
                text("phase"),
                shot("taken-back", size),
            ],
            tmp_path,
            size,
        )
    values = seen["values"]
    ruling = values[3 + len(RENEGE)]
    assert f"Ruling: Follow suit: {names[2]} played 10♥ in trick 1." in ruling
    assert "A player who holds a card of the suit led must play one" in ruling
    assert f"{names[2]} then played J♠ in trick 2, so J♠ was in hand in trick 1." in ruling
    assert values[4 + len(RENEGE)] == 0  # no card is offered while the ruling waits
    assert values[5 + len(RENEGE)] is True
    assert f"{names[2]} to act" in values[-2]


@pytest.mark.parametrize("size", SIZES)
def test_a_renege_claimed_and_the_director_called_from_the_phone(
    night, club_server, admin, tmp_path, size
):
    claim = (
        "document.getElementById('call').open = true;"
        "var f = document.getElementById('form-renege');"
        " f.elements.by.value = '1'; f.elements.accused.value = '2'; f.requestSubmit();"
    )
    call = (
        "var f = document.getElementById('form-call');"
        " f.elements.by.value = '3'; f.requestSubmit();"
    )
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        seen = browse(
            pages.address(1),
            [
                *BIDDING,
                *(card(code) for code in RENEGE),
                {"js": claim, "load": True},
                {"js": call, "load": True},
                {"js": IN_VIEW},
                text("calls"),
                {"js": FITS},
                shot("calls", size),
            ],
            tmp_path,
            size,
        )
    assert seen["values"][-4] is True  # the page opens at the answer: the calls sent
    said = seen["values"][-3].split("\n")
    assert [line.split(" (")[0] for line in said] == [
        "A renege is claimed",
        "The director is called",
    ]
    assert seen["values"][-2] is True
    kinds = admin.execute(
        "SELECT kind FROM club.calls WHERE event_id = %s ORDER BY call_id", (night.event.event,)
    ).fetchall()
    assert kinds == [("renege",), ("director",)]


def whose_card(name: str) -> dict:
    """The player's name tapped among those the page asks between."""
    script = (
        "Array.from(document.querySelectorAll('#whose label'))"
        f".find(l => l.textContent.trim() === {name!r}).click();"
        "document.querySelector('#whose input:checked').parentElement.textContent.trim()"
    )
    return {"js": script}


def test_a_classic_spades_first_trick_tapped_out_of_seat_order(
    admin, club_server, gateway, referee, tmp_path
):
    size = (390, 844)
    night, _ = classic_night(admin, club_server, gateway, tmp_path)
    names = night.names[1]
    (first, _), (second, _), _ = FIRST_TRICK
    chosen = {
        "js": "document.querySelector('#whose input:checked').parentElement.textContent.trim()"
    }
    asked = {"js": "document.getElementById('whose') !== null"}
    trick = [step for seat, code in FIRST_TRICK for step in (whose_card(names[seat]), card(code))]
    opened = [
        *(tap(label) for label in CONTRACTS),
        text("phase"),
        text("whose"),
        chosen,
        {"js": FITS},
        shot("any-order", size),
        *trick[:2],
        whose_card(names[second]),
        shot("any-order-picked", size),
        *trick[3:],
        text("now"),
        asked,
    ]
    taken = [card(LAST_CARD), text("phase"), text("now"), asked, shot("any-order-taken", size)]
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        values = browse(pages.address(1), [*opened, *taken], tmp_path, size)["values"]
    before, after = values[: len(opened)], values[len(opened) :]

    def seen(step: dict) -> object:
        return before[opened.index(step)]

    assert seen(text("phase")).endswith(f"{names[1]} to act · this trick in any order")
    legend, *players = [line.strip() for line in seen(text("whose")).split("\n") if line.strip()]
    assert legend == "Whose card is it?"
    assert players == [names[1], names[2], names[3], names[0]]  # round from the seat to act
    assert seen(chosen) == names[1]  # the seat to act, chosen until another is tapped
    assert seen({"js": FITS}) is True  # nothing wider than the phone
    assert before[opened.index(shot("any-order-picked", size)) - 1] == names[second]
    for seat, code in FIRST_TRICK:  # each card is its player's, out of seat order
        row = next(line for line in seen(text("now")).split("\n") if line.startswith(names[seat]))
        assert str(Card.parse(code)) in row, row
    assert seen(asked) is False  # one player left to play to trick 1: nobody to ask about
    phase, now, still_asked = after[1:4]
    assert phase.endswith(f"{names[first]} to act")  # K♣ took trick 1; trick 2 is in turn
    assert "Trick 1 (taken)" in now and still_asked is False
