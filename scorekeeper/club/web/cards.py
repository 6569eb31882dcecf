"""Card-by-card entry on a table's page: the hand being played, kept in the server's store
one step at a time and replayed by the engine at every request.

What the page offers is what the desktop's hand screen offers (:mod:`scorekeeper.choices`
asks the engine): each card of the deck that can mean an event now, the phase's choices,
a claim in play. Every step posted is judged by the same adjudicator; a ruling waits for
the table's decision (take back, or let it stand with the penalty), in players' words.
Once the hand is over, it is entered as a quick entry is: it waits for the other side.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.adjudicator import HandLog
from scorekeeper.cards import Card, CardError, Suit, parse_cards
from scorekeeper.choices import (
    Choice,
    card_event,
    choices,
    multi_card_kind,
    offered_events,
    several_card_event,
)
from scorekeeper.club.web.tables import PLAYED, Entry, Refusal, Table
from scorekeeper.events import Event
from scorekeeper.games.base import HandState, Violation
from scorekeeper.games.quick import CARD_LIST, SEAT, QuickField
from scorekeeper.hand_summary import hand_summary
from scorekeeper.ledger import Ledger
from scorekeeper.words import (
    evidence_text,
    hand_heading,
    not_to_play_words,
    question_words,
    take_back_words,
    violation_heading,
)

SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)  # the desktop grid's rows
STALE = "another phone entered a card first: here is the hand as it is now"


@dataclass(frozen=True)
class CardButton:
    label: str  # 10♥
    code: str  # as posted: 10H
    red: bool
    offered: bool


@dataclass(frozen=True)
class RulingView:
    """A ruling waiting for the table: the rule broken, quoted, and its evidence."""

    event: int
    heading: str
    rule: str
    evidence: tuple[str, ...]
    proved_later: bool
    more: int
    take_back: str


@dataclass(frozen=True)
class QuestionView:
    """What a hand that ended needs to be scored, asked as the hand screen asks it: a
    number for each player, which player held a card, or cards (ticked on the grid)."""

    words: str
    kind: str  # the declared answer field's kind
    seats: tuple[tuple[int, str], ...]  # each number's player, or each one who may have held it
    low: int
    high: int
    count: int  # the cards asked for


@dataclass(frozen=True)
class SeatRow:
    name: str
    card: str
    tricks: int
    notes: str  # deals, to act, roles


@dataclass(frozen=True)
class Playing:
    """The card-by-card section of a table's page."""

    number: int  # the hand, from 1
    step: int  # steps taken so far: a form of an older page is refused
    started: bool  # a step of this hand is recorded
    heading: str
    note: str
    seats: tuple[SeatRow, ...]
    trick: str  # which trick the cards shown are
    choices: tuple[tuple[int, str], ...]
    several: str  # a several-card event asked for, in words (bury), or ""
    needed: int
    grid: tuple[tuple[CardButton, ...], ...]
    whose: tuple[tuple[int, str], ...]  # on a trick in any seat order: who may play, to act first
    claims: tuple[tuple[int, str], ...]
    ruling: RulingView | None
    question: QuestionView | None  # what the finished hand needs before it is scored
    over: tuple[str, ...]  # how the finished hand ended, in the desktop's words

    @property
    def any_card(self) -> bool:
        """Whether a card of the grid is offered now (in the bidding, none is)."""
        return any(card.offered for row in self.grid for card in row)


def _stored(table: Table, hand: int) -> tuple[int, list[Event]]:
    """The latest step of hand ``hand`` and its events."""
    row = table.entries.execute(
        "SELECT step, events FROM plays WHERE event = ? AND round = ? AND tbl = ? AND hand = ? "
        "ORDER BY step DESC LIMIT 1",
        (*table.scope, hand),
    ).fetchone()
    if row is None:
        return 0, []
    return row[0], [Event.from_json(raw) for raw in json.loads(row[1])]


def in_play(table: Table, ledger: Ledger) -> tuple[int, HandLog | None]:
    """The hand being played card by card, recorded into ``ledger`` as it stands (its
    step, and its log; None when no card was entered)."""
    step, events = _stored(table, len(ledger.hands))
    for event in events:
        ledger.record(event)
    return step, ledger.hands[-1] if events else None


def playing(table: Table, ledger: Ledger) -> Playing | None:
    """What the card-by-card section shows (``ledger``: the match with its hands confirmed,
    into which the hand being played is recorded, so read it for nothing else after);
    None once the match is over, or the round's hands are all entered."""
    if table.round_played(ledger):
        return None
    number = len(ledger.hands) + 1
    step, log = in_play(table, ledger)
    if log is None:
        if ledger.game_over:
            return None
        log = ledger.current
    names = ledger.info.players
    state = log.state
    pending = log.pending
    ruling = _ruling(log, pending, names) if pending else None
    over = log.is_over
    asked = log.needs_answer()
    kind, needed = multi_card_kind(state)
    several = state.game.action(kind).said.noun if kind else ""
    offered = not (ruling or over or asked)
    question = None if asked is None else _question(ledger, asked.question)
    cards_asked = question is not None and question.kind == CARD_LIST
    return Playing(
        number,
        step,
        bool(log.events),
        hand_heading(number, state, names),
        state.table_note(),
        _seats(state, names),
        _trick_words(state),
        tuple(enumerate(c.label for c in choices(state))) if offered else (),
        several if offered else "",
        needed,
        _grid(state, offered or cards_asked, "answer" if cards_asked else several),
        _whose(state, names) if offered else (),
        tuple((s, f"{n} claims the rest") for s, n in enumerate(names))
        if offered and state.phase == state.PLAY
        else (),
        ruling,
        question,
        tuple(hand_summary(ledger, number - 1)) if over and asked is None else (),
    )


def _question(ledger: Ledger, question: dict[str, Any]) -> QuestionView:
    names = ledger.info.players
    field = _answer_field(ledger, question)
    seats: Sequence[int] = question.get("seats", ())
    if field.kind == SEAT:
        held = Card.parse(question["card"])
        shown = tuple((seat, f"{names[seat]} held {held}") for seat in seats)
    else:
        shown = tuple(enumerate(names))
    count = int(question.get("count", field.high or 0)) if field.kind == CARD_LIST else 0
    high = 99 if field.high is None else field.high
    return QuestionView(
        question_words(ledger.game, question), field.kind, shown, field.low or 0, high, count
    )


def _answer_field(ledger: Ledger, question: dict[str, Any]) -> QuickField:
    """The field the game declares for the question's answer."""
    return next(f for f in ledger.game.answers if f.id == question["answer"])


def _shown_trick(state: HandState) -> Any:
    """The trick on the table, or the one just taken until the next card."""
    trick = state.current
    if (trick is None or not trick.cards) and state.tricks:
        return state.tricks[-1]
    return trick


def _trick_words(state: HandState) -> str:
    trick = _shown_trick(state)
    if trick is None or not trick.cards:
        return ""
    taken = trick.winner is not None
    return f"Trick {len(state.tricks) if taken else state.trick_number}" + (
        " (taken)" if taken else ""
    )


def _seats(state: HandState, names: Sequence[str]) -> tuple[SeatRow, ...]:
    trick = _shown_trick(state)
    rows = []
    for seat, name in enumerate(names):
        card = trick.card_of(seat) if trick is not None else None
        notes = [
            *(["deals"] if seat == state.dealer else []),
            *(["to act"] if seat == state.to_act else []),
            *(["sits out"] if not state.active[seat] else []),
            *state.seat_roles(seat),
        ]
        if trick is not None and trick.winner == seat:
            notes.append("won the trick")
        rows.append(
            SeatRow(name, "" if card is None else str(card), state.taken[seat], ", ".join(notes))
        )
    return tuple(rows)


def _whose(state: HandState, names: Sequence[str]) -> tuple[tuple[int, str], ...]:
    """The players who may play the next card, the seat to act first, when the rules let
    this trick be played in any seat order (else none: the card is the seat to act's)."""
    seats = state.seats_to_play()
    return tuple((seat, names[seat]) for seat in seats) if len(seats) > 1 else ()


def _grid(state: HandState, offered: bool, several: str) -> tuple[tuple[CardButton, ...], ...]:
    """The deck, a row per suit, high cards first: each card offered that means an event
    now (for a several-card event, each card not yet out of play)."""
    legal = offered_events(state) if offered else []
    rows = []
    for suit in SUITS:
        cards = sorted((c for c in state.game.deck if c.suit == suit), key=lambda c: -c.rank)
        if cards:
            rows.append(
                tuple(
                    CardButton(
                        str(card),
                        card.code,
                        suit.is_red,
                        offered and _means(state, card, several, legal),
                    )
                    for card in cards
                )
            )
    return tuple(rows)


def _means(state: HandState, card: Card, several: str, legal: Sequence[Event]) -> bool:
    """Whether the card is offered: the engine offers the event it means (``legal``; an
    unseen one, as a discard, made seen), or, in a step whose events the engine does not
    list (the upcard), the event breaks no rule the record alone proves."""
    if several:
        return not state.seen >> card & 1
    event = card_event(state, card)
    if event is None:
        return False
    if event in legal:
        return True
    if any(other.kind == event.kind for other in legal):
        return replace(event, card=None) in legal and not state.check(event)
    return not state.check(event)


def _ruling(log: HandLog, pending: Sequence[Violation], names: Sequence[str]) -> RulingView:
    first = pending[0]
    index = first.event_index
    assert index is not None  # a ruling that waits is on a recorded event
    evidence = tuple(
        evidence_text(item, names)
        for violation in pending
        if violation.event_index == index
        for item in violation.evidence
    )
    return RulingView(
        index,
        violation_heading(first, names),
        first.rule.text,
        evidence,
        first.proved_by is not None,
        len(pending) - 1,
        take_back_words(log.game, log.events[index:]),
    )


# -- a step posted --------------------------------------------------------------------------


def step(table: Table, key: str, posted: Mapping[str, Sequence[str]]) -> None:
    """One step of the hand being played, posted from a page at step ``at``: a card (or
    the cards of a bury), a choice, a claim, the table's decision on a ruling, the last
    step taken back, or the hand started again. A request sent again with the same
    ``key`` changes nothing; one from a page older than the hand is refused."""

    def one(name: str) -> str:
        return (posted.get(name) or [""])[-1]

    with table.lock:
        if _done_already(table, key):
            return
        ledger = table.ledger()
        table.ready_for_a_hand(ledger)
        hand = len(ledger.hands)
        at, log = in_play(table, ledger)
        if one("at") != str(at):
            raise Refusal(STALE)
        if one("restart"):
            events: list[Event] = []
        elif one("undo"):
            if log is None or not log.events:
                raise Refusal("no card of this hand was entered yet")
            events = log.events[:-1]
        else:
            if log is not None and log.is_over:
                raise Refusal(f"hand {hand + 1} is over: send it to be confirmed")
            if ledger.game_over and log is None:
                raise Refusal("the match is over: no hand is played now")
            log = _take(ledger, one, posted.get("cards") or ())
            events = log.events
        table.entries.execute(
            "INSERT INTO plays (event, round, tbl, key, hand, step, events) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (*table.scope, key, hand, at + 1, json.dumps([e.to_json() for e in events])),
        )


def _done_already(table: Table, key: str) -> bool:
    row = table.entries.execute(
        "SELECT 1 FROM plays WHERE event = ? AND round = ? AND tbl = ? AND key = ?",
        (*table.scope, key),
    ).fetchone()
    return row is not None


def _take(ledger: Ledger, one: Any, cards: Sequence[str]) -> HandLog:
    """Record what was posted into the hand being played (the engine refuses what cannot
    be recorded, in one line); the hand's log after it."""
    log = ledger.current
    state = log.state
    names = ledger.info.players
    if decided := one("decide"):
        if decided not in ("take_back", "stand") or not log.pending:
            raise Refusal("no ruling waits for the table's decision")
        index = log.pending[0].event_index
        assert index is not None
        ledger.decide(len(ledger.hands) - 1, index, decided)
    elif one("card"):
        card = _card(ledger, one("card"))
        event = card_event(state, card, _seat(state, names, one("seat")))
        if event is None:
            raise Refusal(f"{card} has no place in this phase ({state.phase_title()})")
        ledger.record(event)
    elif one("several"):
        kind, needed = multi_card_kind(state)
        chosen = tuple(_card(ledger, code) for code in cards)
        if kind is None or len(set(chosen)) != needed:
            raise Refusal(
                f"choose {needed} different cards" if kind else "no cards are asked for now"
            )
        ledger.record(several_card_event(state, kind, chosen))
    elif one("answer"):
        asked = log.needs_answer()
        if asked is None:
            raise Refusal("the hand asks for no answer now")
        ledger.answer({asked.question["answer"]: _answer(ledger, asked.question, one, cards)})
    elif one("claim"):
        seat = one("claim")
        if not seat.isdigit() or int(seat) >= len(names) or state.phase != state.PLAY:
            raise Refusal("a claim is made in play, by one of this table's players")
        ledger.record(Event("claim", seat=int(seat)))
    else:
        _choose(ledger, choices(state), one("choice"))
    return ledger.hands[-1]


def _seat(state: HandState, names: Sequence[str], posted: str) -> int | None:
    """The player whose card it is, as posted with it (a trick played in any seat
    order); None when none is named. The engine says who may play now."""
    if not posted:
        return None
    if not posted.isdigit() or int(posted) >= len(names):
        raise Refusal("choose whose card it is from this table's players")
    seat = int(posted)
    if seat not in state.seats_to_play():
        raise Refusal(not_to_play_words(state, seat, names).removeprefix("Not recorded: "))
    return seat


def _answer(ledger: Ledger, question: dict[str, Any], one: Any, cards: Sequence[str]) -> Any:
    """The answer posted, as the data the engine reads (it judges whether it can be)."""
    shown = _question(ledger, question)
    if shown.kind == CARD_LIST:
        chosen = {_card(ledger, code).code for code in cards}
        if len(chosen) != shown.count:
            raise Refusal(f"tick {shown.count} different cards")
        return sorted(chosen)
    if shown.kind == SEAT:
        held = one("held")
        if held not in {str(seat) for seat, _ in shown.seats}:
            raise Refusal("choose one of the players who may have held it")
        return int(held)
    numbers = [one(f"number.{seat}").strip() or "0" for seat, _ in shown.seats]
    if not all(n.isdigit() and shown.low <= int(n) <= shown.high for n in numbers):
        raise Refusal(f"enter each player's whole number from {shown.low} to {shown.high}")
    return [int(n) for n in numbers]


def _choose(ledger: Ledger, offered: Sequence[Choice], chosen: str) -> None:
    """A choice's events in order, stopping at a ruling that waits for the table."""
    if not chosen.isdigit() or int(chosen) >= len(offered):
        raise Refusal("that is not one of the choices of this step")
    for event in offered[int(chosen)].events:
        ledger.record(event)
        if ledger.hands[-1].pending:
            break


def _card(ledger: Ledger, code: str) -> Card:
    try:
        cards = parse_cards(code[:8])
    except CardError:
        cards = ()
    if len(cards) != 1 or cards[0] not in ledger.game.deck:
        raise Refusal("that card is not one of this game's deck")
    return cards[0]


def played(table: Table, key: str, by: int) -> Entry:
    """The hand played card by card, once over, entered by ``by``: it waits for a player
    of another side, as a quick entry does."""

    def read(ledger: Ledger) -> dict[str, Any]:
        _, log = in_play(table, ledger)
        if log is None or not log.is_over or log.needs_answer() is not None:
            raise Refusal("this hand is not over yet: enter its cards to the end")
        return {PLAYED: [event.to_json() for event in log.events]}

    return table.new_hand(key, by, read)
