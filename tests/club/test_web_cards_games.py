"""Every format's game played card by card on a table's page, served for real: a hand
the engine plays to its end by the rules (its hands dealt and known, here only) is entered
on the page as a table would enter it, its cards unseen until played, a step at a time by
the page's own grid and buttons; it waits for the other side, then counts with the points
the engine gives the same hand. Nothing here knows a game: the same steps serve each."""

from __future__ import annotations

import copy
import random
import re

import pytest

from scorekeeper.choices import choices, multi_card_kind
from scorekeeper.events import Event
from scorekeeper.ledger import Ledger
from tests.club.drawn import format_night
from tests.club.phones import Phone, serving
from tests.club.test_web_browser import FITS, FORMATS, browse
from tests.club.test_web_cards import confirm, finish, step
from tests.club.test_web_cards_browser import SCREENSHOTS
from tests.club.test_web_table import until_counted

HIDDEN = ("deal", "blind")  # what a table does not see: the hands, the cards left undealt


def dealt_hand(ledger: Ledger, seed: int) -> tuple[list[Event], list[int]]:
    """A hand played by the rules with every hand known: its events but the deal (the
    hands, and the cards left undealt), and the points it brings each seat."""
    known = copy.deepcopy(ledger)
    rng = random.Random(seed)
    dealt = known.game.deal(rng, known.settings, known.next_dealer)
    for event in dealt:
        known.record(event)
    while not known.hands[-1].is_over:
        options = known.hands[-1].state.legal_events()
        known.record(options[rng.randrange(len(options))])
    sides = known.sides
    points = known.scores[-1].points
    seats = [
        next(points[s] for s, seated in enumerate(sides) if seat in seated)
        for seat in range(len(known.info.players))
    ]
    events = known.hands[-1].events
    hidden = [e for e in events[: len(dealt)] if e.kind not in HIDDEN]  # the upcard stays
    return [*hidden, *events[len(dealt) :]], seats


def posted(replica: Ledger, event: Event) -> list[tuple[str, str]]:
    """What the page posts for ``event``, found as a player finds it on the page: a
    choice's button, the cards ticked for a several-card event, or a card of the grid."""
    state = replica.current.state
    offered = choices(state)
    index = next((i for i, c in enumerate(offered) if c.event == event), None)
    if index is not None:
        return [("choice", str(index))]
    kind, _ = multi_card_kind(state)
    if kind is not None and event.kind == kind:
        return [("several", "yes"), *(("cards", card.code) for card in event.cards)]
    assert event.card is not None, f"{event} is not on the page"
    return [("card", event.card.code)]


@pytest.mark.parametrize(("fmt", "chosen", "names", "teams"), FORMATS)
def test_each_formats_hand_played_card_by_card_counts_as_the_engine_scores_it(
    club_server, gateway, admin, referee, tmp_path, fmt, chosen, names, teams
):
    night = format_night(admin, club_server, gateway, tmp_path, fmt, chosen, names, teams)
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        url, phone = pages.address(1), Phone()
        with pages.served.table(url.rsplit("/", 1)[1]) as table:
            ledger = table.ledger()
        events, points = dealt_hand(ledger, seed=3)
        replica = copy.deepcopy(ledger)  # the hand as the page sees it: no card known
        for played in events:
            if multi_card_kind(replica.current.state)[0] is not None:  # cards ticked, seen
                shot = SCREENSHOTS / f"web-cards-{fmt.id}-several-390x844.png"
                seen = browse(f"{url}#grid", [{"js": FITS}, {"shot": str(shot)}], tmp_path)
                assert seen["values"][0] is True
            answer = step(phone, url, *posted(replica, played))
            assert answer.status == 200, f"{played}: {answer.said}"
            replica.record(played)
        over = phone.get(url)
        assert 'id="over"' in over.body, re.sub(r"\s+", " ", over.body)[-1500:]
        finish(phone, url, by=0)
        other = next(
            seat
            for seat in range(len(points))
            if not any(0 in s and seat in s for s in replica.sides)
        )
        assert confirm(Phone(), url, by=other).status == 200
        assert until_counted(admin, night, 1, 1) == [points]


def test_a_hand_that_asks_for_an_answer_is_answered_on_the_page(
    club_server, gateway, admin, referee, tmp_path
):
    """Sheepshead: all five pass, so the hand is a Schwanzer, scored from each player's
    points, which the page asks for as the hand screen does."""
    fmt, chosen, names, teams = FORMATS[1].values
    night = format_night(admin, club_server, gateway, tmp_path, fmt, chosen, names, teams)
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        url, phone = pages.address(1), Phone()
        for _ in range(5):
            page = phone.get(url)
            index = re.search(r'name="choice" value="(\d+)">Pass<', page.body)[1]
            step(phone, url, ("choice", index))
        shot = SCREENSHOTS / "web-cards-question-390x844.png"
        seen = browse(f"{url}#question", [{"js": FITS}, {"shot": str(shot)}], tmp_path, (390, 844))
        assert seen["values"][0] is True
        asked = phone.get(url)
        assert "All passed: enter each player&#39;s Schwanzer points" in asked.body
        assert len(re.findall(r'name="number\.\d"', asked.body)) == 5
        refused = step(phone, url, ("answer", "yes"), ("number.0", "500"))
        assert refused.status == 400 and "whole number from" in refused.said
        too_few = step(phone, url, ("answer", "yes"), ("number.0", "3"), ("number.1", "5"))
        assert "the five hands hold 20 to 26 Schwanzer points" in too_few.said  # the engine's
        points = [(f"number.{seat}", str(n)) for seat, n in enumerate((6, 5, 4, 4, 3))]
        answered = step(phone, url, ("answer", "yes"), *points)
        assert answered.status == 200, answered.said
        assert 'id="over"' in answered.body and "Schwanzer" in answered.body
        finish(phone, url, by=0)
        assert confirm(Phone(), url, by=1).status == 200
        assert len(until_counted(admin, night, 1, 1)) == 1
