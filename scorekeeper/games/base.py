"""What every game shares: tricks, trick tables, play requirements and the hand protocol.

A game module holds only what differs: its deck and card tables, its bidding or
picking phase, the requirements a play must meet, and its scoring. The
trick-taking mechanics (turn order, following, winning, captured points) are here.

Speed comes from small integers: a card is an int, a set of cards is a bit mask,
and each trump context has a :class:`TrickTable` of per-card lists.
"""

from __future__ import annotations

import copy as _copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from scorekeeper.cards import Card, cards_in, format_cards, mask_of
from scorekeeper.events import Event
from scorekeeper.evidence import (
    AlreadyRecorded,
    Evidence,
    InTrickAlready,
    NoSeat,
    Note,
    NotHeld,
    SitsOut,
    Turn,
)
from scorekeeper.games.actions import TABLE, Action
from scorekeeper.games.outcome import HandOutcome as HandOutcome
from scorekeeper.games.outcome import HandScore as HandScore
from scorekeeper.games.quick import QuickEntry as QuickEntry
from scorekeeper.games.quick import QuickField, choose_form, read_result
from scorekeeper.games.quick import QuickForm as QuickForm
from scorekeeper.games.quick import ResultError as ResultError
from scorekeeper.games.report import GameReport, Rate
from scorekeeper.games.samples import Samples
from scorekeeper.games.settings import HouseOption as HouseOption
from scorekeeper.games.settings import Preset as Preset
from scorekeeper.games.settings import Settings as Settings
from scorekeeper.games.winning import Winning
from scorekeeper.phrases import Phrase, Phrases
from scorekeeper.rules import Rule as Rule
from scorekeeper.rules import RuleBook
from scorekeeper.trick_won import TrickWon

if TYPE_CHECKING:
    from scorekeeper.club.formats.base import Format

TRUMP = 4
"""Effective-suit index of trump; 0–3 are the plain suits (``Suit`` values)."""

SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades", "trump")

# ---------------------------------------------------------------------------
# Rules every game shares (the table's own rules)
# ---------------------------------------------------------------------------

WRONG_PHASE = "table.wrong-phase"
TABLE_RULES = (
    Rule(
        "table.out-of-turn",
        "Play in turn",
        "Each player plays in turn: the leader first, then clockwise.",
        refuses=True,
    ),
    Rule(
        "table.not-in-deck",
        "Cards of this game",
        "Only cards of this game's deck can be played.",
        refuses=True,
    ),
    Rule(
        "table.already-played",
        "Each card once",
        "Every card is played once in a hand; a card already played or buried cannot appear again.",
        refuses=True,
    ),
    Rule(
        "table.not-held",
        "Play from your hand",
        "A player can only play a card from their own hand.",
        refuses=True,
    ),
    Rule(
        WRONG_PHASE,
        "One thing at a time",
        "The hand goes in its order: the deal, then the bidding and what follows it, then "
        "play; nothing is played before the bidding is complete.",
        refuses=True,
    ),
    Rule(
        "table.hand-over",
        "The hand is over",
        "Once the last trick is taken or the game is decided, no more cards are played.",
        refuses=True,
    ),
    Rule(
        "table.too-many-cards",
        "One card a trick",
        "Each player plays one card to each trick and holds only the cards dealt to them.",
        refuses=True,
    ),
)
TABLE_SAY = Phrases(
    "table",
    {
        "no_card": "the play names no card",
        "over": "the hand is already over",
        "still_in": "play has not begun ({phase})",
        "not_in_deck": "{card:card} is not in the {game:game} deck",
        "seen": "{card:card} was {where}",
        "in_trick": "played in trick {trick}",
        "out_of_play": "already out of play",
        "unrecorded": "{game:game} has no {kind:event}",
        "claim_in_play": "a claim is made during play; play has not begun ({phase})",
        "undealt_on_record": "the {what} is already on record",
        "undealt_recorded_as": "the {what} is already recorded as {cards:cards}",
        "cards_not_in_deck": "{cards:cards} not in the {game:game} deck",
        "wrong_size": "a {game:game} {what} is {size} different cards, got {got}",
        "cards": "{cards:cards}",
        "none": "none",
    },
)
"""What the table's rules say of a hand (:mod:`scorekeeper.phrases`)."""
HAND_OVER = Note(TABLE_SAY("over"))
"""The evidence of a ruling on an event after the hand is over."""


def cards_or_none(cards: Sequence[Card]) -> Phrase:
    """The cards an event names, or ``none``."""
    return TABLE_SAY("cards", cards=cards) if cards else TABLE_SAY("none")


def game_rules(
    game: str, title: str, *rules: tuple[str, str, str] | Rule, order: str = ""
) -> RuleBook:
    """A game's book: its own rules then the table's rules. A ``(suffix, title, text)``
    triple gets the game's prefix; pass a ``Rule`` for one that refuses. ``order`` is
    the order of the game's hand in its own words (the text of ``table.wrong-phase``)."""
    own = [
        rule if isinstance(rule, Rule) else Rule(f"{game}.{rule[0]}", rule[1], rule[2])
        for rule in rules
    ]
    table = [
        replace(rule, text=order) if order and rule.id == WRONG_PHASE else rule
        for rule in TABLE_RULES
    ]
    return RuleBook(game, title, own + table)


# ---------------------------------------------------------------------------
# Trick tables
# ---------------------------------------------------------------------------


class TrickTable:
    """Per-card lists for one trump context: effective suit, strength, card points.

    ``strength`` puts every trump above every plain card, so the winner of a trick is
    simply the strongest card among those of the led suit and trump.
    """

    __slots__ = (
        "led_strength",
        "points",
        "scores_points",
        "strength",
        "suit_mask",
        "suit_of",
        "trump_mask",
    )

    def __init__(
        self,
        deck: Iterable[Card],
        effective_suit: Callable[[Card], int],
        order: Callable[[Card], int],
        points: Callable[[Card], int],
    ) -> None:
        self.suit_of = [-1] * 52
        self.strength = [-1] * 52
        self.points = [0] * 52
        self.suit_mask = [0] * 5
        for card in deck:
            suit = effective_suit(card)
            self.suit_of[card] = suit
            self.strength[card] = order(card) + (1000 if suit == TRUMP else 0)
            self.points[card] = points(card)
            self.suit_mask[suit] |= 1 << card
        self.trump_mask = self.suit_mask[TRUMP]
        self.scores_points = any(self.points)
        self.led_strength = tuple(
            [
                self.strength[card] if self.suit_of[card] in (led, TRUMP) else -1
                for card in range(52)
            ]
            for led in range(5)
        )
        """``led_strength[led][card]``: the card's strength in a trick led with ``led``, -1
        for a card that cannot win it (another plain suit, or not in the deck)."""

    def __deepcopy__(self, memo: dict[str, Any]) -> TrickTable:
        return self  # built once per trump context and never changed

    def winner(self, cards: Sequence[int], ineligible: int = 0) -> int:
        """Index (in ``cards``) of the card that wins; cards in ``ineligible`` never win."""
        strength = self.led_strength[self.suit_of[cards[0]]]
        if ineligible:
            strength = [-1 if ineligible >> card & 1 else strength[card] for card in range(52)]
        best = max(cards, key=strength.__getitem__)
        return cards.index(best) if strength[best] >= 0 else -1

    def count_points(self, mask: int) -> int:
        points = self.points
        return sum(points[card] for card in cards_in(mask))

    def higher(self, card: int) -> int:
        """Cards of the same effective suit that beat ``card``."""
        strength = self.strength[card]
        return mask_of(
            c for c in cards_in(self.suit_mask[self.suit_of[card]]) if self.strength[c] > strength
        )

    def suit_word(self, card: int) -> str:
        return SUIT_WORDS[self.suit_of[card]]


# ---------------------------------------------------------------------------
# Tricks, requirements, violations
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class Trick:
    leader: int
    seats: list[int] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    winner: int | None = None
    points: int = 0
    mask: int = 0  # the cards of the trick as a mask

    def card_of(self, seat: int) -> Card | None:
        for played_seat, card in zip(self.seats, self.cards, strict=True):
            if played_seat == seat:
                return card
        return None

    def __str__(self) -> str:
        return format_cards(self.cards)


@dataclass(frozen=True, slots=True)
class Requirement:
    """What a play demands of the hand it was played from.

    Either ``forbidden``: the play breaks ``rule`` if the hand held any of these cards
    (more cards can only make it worse, so the cards a seat plays later can prove it);
    or ``broken_by``: a test on the whole hand, judged once the hand is known exactly.
    ``reason`` says in a few words what the rule wanted (``had to follow hearts``), as a
    phrase of the game that owns the rule.
    """

    rule: Rule
    forbidden: int = 0
    broken_by: Callable[[int], bool] | None = None
    reason: Phrase = field(kw_only=True)


@dataclass(frozen=True, slots=True)
class Violation:
    """A ruling against one recorded event."""

    rule: Rule
    seat: int | None
    card: Card | None
    trick: int | None  # 1-based trick number, None outside play
    evidence: tuple[Evidence, ...] = ()
    event_index: int | None = None  # the offending event in the hand's log
    proved_by: int | None = None  # the later event that proved it, when hands were hidden

    @property
    def rule_id(self) -> str:
        return self.rule.id


@dataclass(frozen=True, slots=True)
class Advice:
    """One legal event for the seat to act, and the one line a player reads about it
    (what :meth:`Game.advise` gives; see :mod:`scorekeeper.advice`)."""

    event: Event
    reason: str


# ---------------------------------------------------------------------------
# The hand protocol
# ---------------------------------------------------------------------------


class HandState(ABC):
    """One hand of a game, advanced event by event; the phase machine and the rules.

    Subclasses implement the game's phases before play (picking, bidding, ordering
    up), the requirements a play must meet, and what happens when a trick ends.
    Hands are known per seat (``hands[seat]`` a mask) or unknown (``None``).
    """

    game: Game[Any]
    PLAY: ClassVar[str] = "play"
    OVER: ClassVar[str] = "over"
    PHASE_TITLES: ClassVar[dict[str, str]] = {}
    """The game's own phases in a few words (``"Bidding"``); play and the end are shared."""

    def __init__(self, game: Game[Any], settings: Settings, dealer: int) -> None:
        self.game = game
        self.settings = settings
        self.seats = game.seats
        self.dealer = dealer
        self.phase = ""
        self.to_act: int | None = None
        self.table: TrickTable | None = None
        self.hands: list[int | None] = [None] * self.seats
        self.active = [True] * self.seats  # False for a loner's partner
        self.tricks: list[Trick] = []  # completed tricks
        self.current = Trick(dealer, [], [])  # the trick on the table, empty before play
        self.seen = 0  # mask of every card played, buried, discarded or turned up
        self.taken = [0] * self.seats  # tricks won per seat
        self.captured = [0] * self.seats  # mask of the cards each seat won in tricks
        self.counts = [0] * self.seats  # how many cards each seat holds now
        self.penalties: list[Violation] = []  # violations the table let stand
        self.answer: dict[str, Any] | None = None  # the table's answer to ``NeedsAnswer``
        self.dealt: list[int | None] = [None] * self.seats  # each seat's dealt cards, once recorded
        self.claimed_by: int | None = None  # the seat that claimed the rest of the hand

    # -- what a game implements -------------------------------------------

    @abstractmethod
    def check(self, event: Event) -> list[Violation]:
        """Violations certain from the event and the record alone (turn, phase, seen cards,
        and, with known hands, every non-play rule). Plays' hand rules come from
        :meth:`requirements`."""

    @abstractmethod
    def apply(self, event: Event) -> None:
        """Advance the state by one event (already checked)."""

    @abstractmethod
    def requirements(self, seat: int, card: Card) -> tuple[Requirement, ...]:
        """What playing ``card`` now demands of ``seat``'s hand."""

    @abstractmethod
    def legal_plays(self, seat: int, hand: int) -> int:
        """The cards of ``hand`` that ``seat`` may play now (a mask)."""

    @abstractmethod
    def legal_events(self) -> list[Event]:
        """Every event the seat to act may record now, from its known hand: the choices a
        simulated player or a hint picks from. Empty once the hand is over."""

    DEAL_RULE: ClassVar[str] = ""
    """The game's rule a recorded deal must fit (see :meth:`_check_deal`)."""
    SITS_OUT_RULE: ClassVar[str] = "table.out-of-turn"
    """The rule a play breaks from a seat that sits the hand out (``active``: a lone
    maker's partner), in a game where one may."""
    HAND_SIZE: ClassVar[int] = 0
    """How many cards each seat is dealt."""
    DEAL_ONCE: ClassVar[bool] = False
    """Whether a seat's deal may be recorded only once, even with the same cards."""
    RULING_PER_PROBLEM: ClassVar[bool] = False
    """Whether a refused deal gets one ruling per problem rather than one naming all."""
    UNDEALT: ClassVar[str] = ""
    """What the cards left after dealing are called ("blind", "draw pile"), when the game
    records them."""
    UNDEALT_SIZE: ClassVar[int] = 0
    """How many cards are left after dealing."""
    UNDEALT_BY_DEAL: ClassVar[bool] = False
    """Whether the cards left undealt are recorded as a deal with no seat (rather than by
    an event of their own, checked by :meth:`_check_undealt`)."""

    CLAIM_PHASES: ClassVar[tuple[str, ...]] = ("play",)
    """The phases in which a player may claim the rest of the hand."""

    def violation(
        self, rule_id: str, seat: int | None, card: Card | None, *evidence: Evidence
    ) -> Violation:
        """A ruling of the game's rule ``rule_id`` against ``seat`` (and ``card``), now."""
        trick = self.trick_number if self.phase == self.PLAY else None
        return Violation(self.game.rules[rule_id], seat, card, trick, evidence)

    def _ruling(self, rule_id: str, event: Event, *evidence: Evidence) -> Violation:
        return self.violation(rule_id, event.seat, event.card, *evidence)

    def _check_claim(self, event: Event) -> list[Violation]:
        """A claim is made by a seat of the table, during play."""
        if event.seat is None or not 0 <= event.seat < self.seats:
            return [self._ruling("table.out-of-turn", event, NoSeat(event.seat, self.seats))]
        if self.phase == self.OVER:
            return [self._ruling("table.hand-over", event, HAND_OVER)]
        if self.phase not in self.CLAIM_PHASES:
            why = Note(TABLE_SAY("claim_in_play", phase=self.phase_title()))
            return [self._ruling("table.wrong-phase", event, why)]
        return []

    def _check_deal(self, event: Event) -> list[Violation]:
        """A seat's dealt hand, recorded at any time: a seat of the table (no seat: the
        cards left undealt, with ``UNDEALT_BY_DEAL``), ``HAND_SIZE`` different cards of
        the deck, the cards recorded for that seat before if any (none at all with
        ``DEAL_ONCE``), and nothing the record puts elsewhere (:meth:`deal_conflicts`)."""
        seat = event.seat
        if seat is None and self.UNDEALT_BY_DEAL:
            return self._check_undealt(event)
        if seat is None or not 0 <= seat < self.seats:
            return [self.violation(self.DEAL_RULE, None, None, NoSeat(seat, self.seats))]
        mask = mask_of(event.cards)
        found = self._card_problems(event.cards, self.HAND_SIZE, "hand")
        before = self.recorded_deal(seat)
        if before is not None and self.DEAL_ONCE:
            found.append(AlreadyRecorded(seat))
        elif before is not None and before != mask:
            found.append(AlreadyRecorded(seat, tuple(cards_in(before))))
        return self._deal_rulings(seat, found + self.deal_conflicts(seat, mask))

    def _check_undealt(self, event: Event) -> list[Violation]:
        """The cards left after dealing (``UNDEALT``): ``UNDEALT_SIZE`` different cards of
        the deck, as recorded before if at all, and nothing the record puts elsewhere."""
        mask = mask_of(event.cards)
        found = self._card_problems(event.cards, self.UNDEALT_SIZE, self.UNDEALT)
        before = self.recorded_undealt()
        if before is not None and self.DEAL_ONCE:
            found.append(Note(TABLE_SAY("undealt_on_record", what=self.UNDEALT)))
        elif before is not None and before != mask:
            recorded = tuple(cards_in(before))
            said = TABLE_SAY("undealt_recorded_as", what=self.UNDEALT, cards=recorded)
            found.append(Note(said))
        return self._deal_rulings(None, found + self.undealt_conflicts(mask))

    def _card_problems(self, cards: Sequence[Card], size: int, what: str) -> list[Evidence]:
        """Why ``cards`` are not ``size`` different cards of the game's deck."""
        game = self.game.id
        found: list[Evidence] = []
        outside = mask_of(cards) & ~self.game.deck_mask
        if outside:
            found.append(Note(TABLE_SAY("cards_not_in_deck", cards=cards_in(outside), game=game)))
        if len(cards) != size or mask_of(cards).bit_count() != size:
            got = cards_or_none(cards)
            found.append(Note(TABLE_SAY("wrong_size", game=game, what=what, size=size, got=got)))
        return found

    def _deal_rulings(self, seat: int | None, found: list[Evidence]) -> list[Violation]:
        """The deal rule's rulings against ``seat`` (None: the undealt cards) for ``found``."""
        if self.RULING_PER_PROBLEM:
            return [self.violation(self.DEAL_RULE, seat, None, why) for why in found]
        return [self.violation(self.DEAL_RULE, seat, None, *found)] if found else []

    def recorded_deal(self, seat: int) -> int | None:
        """The cards recorded as dealt to ``seat``, if any."""
        return self.dealt[seat]

    def deal_conflicts(self, seat: int, mask: int) -> list[Evidence]:
        """Why ``mask`` cannot be what ``seat`` was dealt, given the rest of the record."""
        return []

    def recorded_undealt(self) -> int | None:
        """The cards recorded as left undealt (``UNDEALT``), if any."""
        return None

    def undealt_conflicts(self, mask: int) -> list[Evidence]:
        """Why ``mask`` cannot be the cards left undealt, given the rest of the record."""
        return []

    def phase_title(self) -> str:
        """The phase in a few words, for the table's heading."""
        shared = {self.PLAY: "Play", self.OVER: "The hand is over"}
        return {**shared, **self.PHASE_TITLES}.get(self.phase, self.phase.capitalize())

    def seat_roles(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` is in this hand as far as the table knows (``picker``, ``bid 4``)."""
        return ()

    def table_note(self) -> str:
        """A line for the middle of the table (the upcard and trump, the call)."""
        return ""

    def kept_requirements(self, event: Event) -> tuple[int, tuple[Requirement, ...]] | None:
        """For an event before play that takes a seen card from a hand the record does not
        show (a discard): the seat and what the event demanded of that hand, as a play's
        requirements (``forbidden`` only), for the cards the seat plays later to prove it
        broke them; None when there is nothing to prove."""
        return None

    def seats_to_play(self) -> tuple[int, ...]:
        """The seats whose card may be recorded now: the seat to act, or, on a trick the
        rules let be played in any seat order, every seat still to play to it (the seat
        to act first)."""
        return (self.to_act,) if self.phase == self.PLAY and self.to_act is not None else ()

    def offered_events(self) -> list[Event]:
        """What the table may record now: the legal events, or, where the hand that
        chooses is unknown, every form the rules can name (judged once it is known)."""
        return self.legal_events()

    # -- shared mechanics -----------------------------------------------------

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played."""
        return len(self.tricks) + 1

    def next_active(self, seat: int) -> int:
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if self.active[candidate]:
                return candidate
        raise RuntimeError("no active seat")

    @property
    def players_per_trick(self) -> int:
        return sum(self.active)

    def start_play(self, leader: int) -> None:
        """Play begins: who sits in (``active``) is settled from here on."""
        self.phase = self.PLAY
        self.current.leader = leader
        self.to_act = leader
        self._next_seat = [self.next_active(seat) for seat in range(self.seats)]
        self._trick_size = self.players_per_trick

    def play_card(self, seat: int, card: Card) -> Trick | None:
        """Put ``card`` on the trick; return the trick if this card completed it."""
        trick = self.current
        cards = trick.cards
        trick.seats.append(seat)
        cards.append(card)
        bit = 1 << card
        trick.mask |= bit
        self.seen |= bit
        hands = self.hands
        hand = hands[seat]
        if hand is not None:
            hands[seat] = hand & ~bit
        self.counts[seat] -= 1
        if len(cards) < self._trick_size:
            self.to_act = self._next_seat[seat]
            return None
        table = self.table
        if table is None:
            raise ValueError(f"no trick is being played: the hand is in {self.phase}")
        winner = trick.seats[table.winner(cards, self.ineligible_to_win())]
        trick.winner = winner
        if table.scores_points:
            points = table.points
            trick.points = sum([points[c] for c in cards])
        self.taken[winner] += 1
        self.captured[winner] |= trick.mask
        self.tricks.append(trick)
        self.current = Trick(winner, [], [])
        self.to_act = winner
        self.trick_complete(trick)
        return trick

    def ineligible_to_win(self) -> int:
        """Cards that cannot win the current trick (Sheepshead's under card)."""
        return 0

    def trick_won(self, number: int) -> TrickWon:
        """Why completed trick ``number`` (from 1) went to its winner."""
        trick = self.tricks[number - 1]
        table = self.in_play()[0]
        winner = trick.winner
        if winner is None:
            raise ValueError(f"trick {number} is not complete")
        card = trick.cards[trick.seats.index(winner)]
        led = trick.cards[0]
        trumps = sum(1 for c in trick.cards if table.suit_of[c] == TRUMP)
        if table.suit_of[card] != TRUMP:
            how = "led"
        else:
            how = "trump_led" if table.suit_of[led] == TRUMP else "trumped"
        return TrickWon(winner, card, led, how, table.suit_word(led), trumps, self.card_title(card))

    def card_title(self, card: Card) -> str:
        """A card's own name in this hand (Euchre's bowers); empty for most cards."""
        return ""

    def trick_complete(self, trick: Trick) -> None:  # noqa: B027 - optional hook
        """Called after each trick; a game ends the hand or draws cards here."""

    def check_play_basics(self, event: Event) -> list[Violation]:
        """The certain checks on a play: phase, sitting out, turn, deck, seen before, one
        card a trick."""
        seat, card = event.seat, event.card
        if seat is None or not 0 <= seat < self.seats:
            return [self._play_ruling(event, "table.out-of-turn", NoSeat(seat, self.seats))]
        if card is None:
            return [self._play_ruling(event, "table.not-in-deck", Note(TABLE_SAY("no_card")))]
        if self.phase != self.PLAY:
            if self.phase == self.OVER:
                return [self._play_ruling(event, "table.hand-over", HAND_OVER)]
            still = Note(TABLE_SAY("still_in", phase=self.phase_title()))
            return [self._play_ruling(event, "table.wrong-phase", still)]
        found = []
        if not self.active[seat]:
            found.append(self._play_ruling(event, self.SITS_OUT_RULE, SitsOut(seat)))
        in_deck = self.game.deck_mask >> card & 1
        if not in_deck:
            found.append(self._play_ruling(event, "table.not-in-deck", self.not_in_deck(card)))
        elif self.seen >> card & 1:
            found.append(self._play_ruling(event, "table.already-played", self.seen_before(card)))
        to_act = self.to_act
        if to_act is not None and seat != to_act:
            already = self.current.card_of(seat)
            if already is not None:
                twice = InTrickAlready(seat, already)
                found.append(self._play_ruling(event, "table.too-many-cards", twice))
            found.append(self._play_ruling(event, "table.out-of-turn", Turn(to_act)))
        hand = self.hands[seat]
        if hand is not None and in_deck and not hand >> card & 1:
            found.append(self._play_ruling(event, "table.not-held", NotHeld(seat, (card,))))
        return found

    def _play_ruling(self, event: Event, rule_id: str, *evidence: Evidence) -> Violation:
        """A ruling on a play under ``rule_id``, in the trick being played if any."""
        trick = self.trick_number if self.phase == self.PLAY else None
        return Violation(self.game.rules[rule_id], event.seat, event.card, trick, evidence)

    def unrecorded(self, event: Event) -> list[Violation]:
        """The ruling on an event of a kind the game does not record (``Hearts has no
        bid``)."""
        said = TABLE_SAY("unrecorded", game=self.game.id, kind=event.kind)
        return [self._ruling(WRONG_PHASE, event, Note(said))]

    def not_in_deck(self, card: Card) -> Note:
        """``card`` is not in the game's deck."""
        return Note(TABLE_SAY("not_in_deck", card=card, game=self.game.id))

    def seen_before(self, card: Card) -> Note:
        """Where ``card``, played again, was seen before (``A♠ was played in trick 1``)."""
        return Note(TABLE_SAY("seen", card=card, where=self.where_seen(card)))

    def where_seen(self, card: Card) -> Phrase:
        """Where ``card`` left play: the trick it was played in; a game adds its own places
        (a bury, the upcard)."""
        for number, trick in enumerate([*self.tricks, self.current], start=1):
            if trick is not None and card in trick.cards:
                return TABLE_SAY("in_trick", trick=number)
        return TABLE_SAY("out_of_play")

    def copy(self) -> HandState:
        return _copy.deepcopy(self)

    def in_play(self) -> tuple[TrickTable, Trick]:
        """The trick table and the trick being played (once play has begun)."""
        table, trick = self.table, self.current
        if table is None:
            raise ValueError(f"no trick is being played: the hand is in {self.phase}")
        return table, trick

    def __eq__(self, other: object) -> bool:  # with no __hash__: unhashable, as it is mutable
        if type(other) is not type(self):
            return NotImplemented
        return _state_dict(self) == _state_dict(other)


def _state_dict(state: HandState) -> dict[str, Any]:
    return {key: value for key, value in vars(state).items() if key not in ("game",)}


# ---------------------------------------------------------------------------
# Games
# ---------------------------------------------------------------------------


H = TypeVar("H", bound=HandState)
"""A game's own hand state."""


class Game(ABC, Generic[H]):
    """A game: its deck, seats, rules, presets and house options, and a factory for hands
    of its own state ``H``."""

    id: ClassVar[str]
    title: ClassVar[str]
    seats: ClassVar[int]
    deck: ClassVar[tuple[Card, ...]]
    rules: ClassVar[RuleBook]
    presets: ClassVar[tuple[Preset, ...]]
    default_preset: ClassVar[str]
    options: ClassVar[tuple[HouseOption, ...]] = ()
    quick_forms: ClassVar[tuple[QuickForm, ...]]
    actions: ClassVar[tuple[Action, ...]]
    """Every kind of event a hand of the game records (the table's decisions and
    corrections aside) and what each takes: how it is entered and corrected."""
    answers: ClassVar[tuple[QuickField, ...]] = ()
    """The fields a hand's answer gives, one per question the game may ask
    (``NeedsAnswer.question["answer"]`` names one): what the question asks for and a
    correction of the answer reads."""
    money_option: ClassVar[HouseOption | None] = None
    """The house option giving the cents a point is worth, where the game is played for money."""
    winning: ClassVar[Winning]
    """How the game is won: the highest or the lowest total, its target, what a won hand
    is; every ranking reads it."""
    report: ClassVar[GameReport] = GameReport()
    """What the game's reports and hand summary show of it (its words, tables, fields)."""
    roles: ClassVar[tuple[str, ...]] = ()
    """The seats a hand's outcome details name by role (``picker``, ``maker``): what the
    structured record (``check --json``) shows as the hand's roles."""
    record_fields: ClassVar[tuple[str, ...]] = ()
    """The outcome details the structured record shows at the top of a hand (``trump``,
    ``bids``); each is described in ``resources/check.schema.json``."""
    club_formats: ClassVar[tuple[Format, ...]] = ()
    """The tournament formats of club nights played at tables of this game."""
    rates: ClassVar[tuple[Rate, ...]] = ()
    """The rates a player's statistics show, from the counts of :meth:`hand_stats`."""
    standing_matters: ClassVar[bool] = False
    """Whether a hand's rulings depend on the match standing before it (``new_hand``)."""
    zero_sum: ClassVar[bool] = False
    """Whether every hand's points, after the match's effects, add up to nothing (what
    some win, the others lose)."""
    samples: ClassVar[Samples]
    """Sample results of the game (its package's ``samples`` module), which the checks
    run over every game enter."""

    def __deepcopy__(self, memo: dict[str, Any]) -> Game[H]:
        return self  # one instance per game, never changed

    @cached_property
    def deck_mask(self) -> int:
        return mask_of(self.deck)

    def sides(self, settings: Settings) -> tuple[tuple[int, ...], ...]:
        """The scoring columns: each side is the seats that score together."""
        return tuple((seat,) for seat in range(self.seats))

    def report_for(self, settings: Settings) -> GameReport:
        """What the reports show of a match with ``settings`` (a house option may change
        a mark or a key): the game's ``report`` unless the game says otherwise."""
        return self.report

    @property
    def preset_ids(self) -> tuple[str, ...]:
        return tuple(preset.id for preset in self.presets)

    def preset(self, preset_id: str) -> Preset:
        for preset in self.presets:
            if preset.id == preset_id:
                return preset
        raise ValueError(
            f"{preset_id!r} is not a {self.title} preset ({', '.join(self.preset_ids)})"
        )

    def option(self, option_id: str) -> HouseOption:
        for option in self.options:
            if option.id == option_id:
                return option
        valid = ", ".join(option.id for option in self.options) or "it has none"
        raise ValueError(f"{option_id!r} is not a {self.title} house option ({valid})")

    def settings(self, preset: str | None = None, **options: Any) -> Settings:
        """The settings of a match of ``preset`` (the default one when not given) with the
        house ``options`` given; those the preset fixes or leaves out are its own, not the
        match's, and are not kept."""
        chosen = self.preset(preset or self.default_preset)
        kept = {}
        for key, value in options.items():
            option = self.option(key)
            if value not in option.choices:
                choices = ", ".join(map(repr, option.choices))
                raise ValueError(f"{value!r} is not a choice for {key!r} ({choices})")
            if chosen.offers(option) and not chosen.fixes(option):
                kept[key] = value
        return Settings(chosen.id, kept)

    @abstractmethod
    def new_hand(
        self,
        settings: Settings,
        dealer: int,
        standing: Sequence[int] | None = None,
        number: int = 0,
    ) -> H:
        """A fresh hand with ``dealer`` dealing; ``standing`` is each side's match total
        before it (Spades' blind nil depends on it) and ``number`` its place in the match,
        from 0 (Hearts' pass direction depends on it)."""

    @abstractmethod
    def deal(self, rng: random.Random, settings: Settings, dealer: int) -> list[Event]:
        """A shuffled deal as events: a ``deal`` per seat and the blind, upcard or trump card."""

    @abstractmethod
    def score_hand(self, state: H) -> HandOutcome:
        """The outcome of a hand played card by card (its state after the last event)."""

    def quick_outcome(
        self,
        settings: Settings,
        dealer: int,
        data: dict[str, Any],
        standing: Sequence[int] | None = None,
    ) -> HandOutcome:
        """The outcome of a hand entered as its result alone; raises ``ResultError`` naming
        what is impossible about it. ``standing`` is each side's total before the hand."""
        form = read_result(
            self.title,
            self.quick_forms,
            settings,
            data,
            self.seats,
            len(self.sides(settings)),
        )
        return self.score_quick(QuickEntry(settings, dealer, form, data, standing))

    def quick_field(self, field_id: str) -> QuickField:
        """The declared quick-entry field ``field_id`` (the first form that has it)."""
        for form in self.quick_forms:
            for declared in form.fields:
                if declared.id == field_id:
                    return declared
        raise ValueError(f"{field_id!r} is not a {self.title} result field")

    def action(self, kind: str) -> Action:
        """The declared action of events of ``kind``."""
        for action in self.actions:
            if action.kind == kind:
                return action
        raise ValueError(f"a {self.title} hand records no {kind} event")

    @cached_property
    def recorded_fields(self) -> dict[str, frozenset[str]]:
        """Each kind a hand of the game records (the table's decisions and corrections
        among them) and the fields its events may give."""
        return {action.kind: frozenset(action.fields) for action in (*self.actions, *TABLE)}

    def question_words(self, question: dict[str, Any]) -> str:
        """A question of :attr:`answers` in words (``NeedsAnswer.question``), without
        names: the controls under it carry those. A game that asks questions words them."""
        return "This hand needs an answer before it can be scored"

    def answer_field(self, field_id: str) -> QuickField:
        """The declared field of an answer (``schwanzer``, ``partner``)."""
        for declared in self.answers:
            if declared.id == field_id:
                return declared
        raise ValueError(f"{field_id!r} is not an answer a {self.title} hand asks for")

    def quick_lines(
        self, settings: Settings, data: dict[str, Any], names: Sequence[str]
    ) -> list[tuple[str, str]]:
        """A quick-entry result as ``(field id, "Title: value")`` lines in players' words:
        each field it gives, then each other field its form has for these settings (``no``,
        ``none``: a correction may give it)."""
        sides = [" & ".join(names[seat] for seat in side) for side in self.sides(settings)]
        form = choose_form(self.quick_forms, data)
        left = [f.id for f in form.fields if f.in_form and f.applies(settings) and f.id not in data]
        lines = []
        for key in [*data, *left]:
            declared = self.quick_field(key)
            said = declared.in_words(data.get(key), names, sides)
            lines.append((key, f"{declared.title}: {said}"))
        return lines

    @abstractmethod
    def score_quick(self, entry: QuickEntry) -> HandOutcome:
        """Score a quick-entry result whose fields :func:`read_result` has checked; the
        game's own checks (sums, eligibility) raise ``ResultError``."""

    def hand_outcomes(self, settings: Settings) -> tuple[HandOutcome, ...] | None:
        """Every outcome one hand can have with ``settings``, where the game can list them
        and the match's effects leave a hand's points as they are (a hand's points are
        then those of one of them); None where it cannot."""
        return None

    @abstractmethod
    def new_tally(self, settings: Settings) -> Tally:
        """The running match score for these settings."""

    @abstractmethod
    def advise(self, state: H, seat: int) -> Advice:
        """Advice for ``seat``, the seat to act: one of ``state.legal_events()`` (see
        :mod:`scorekeeper.advice`); raises ``NoAdvice`` naming why there is none."""

    def hand_stats(self, outcome: HandOutcome) -> dict[int, dict[str, int]]:
        """What a hand adds to each seat's statistics (picks, bids made, honours...);
        by default the ``stats`` the outcome's details carry, keyed by seat."""
        return {int(seat): counts for seat, counts in outcome.details.get("stats", {}).items()}


class NeedsAnswer(ResultError):
    """A hand that ended but cannot be scored from its events alone: ``question`` says,
    as data, what the table must answer (an ``answer`` event's ``data`` gives it)."""

    def __init__(self, said: str | Phrase, question: dict[str, Any]) -> None:
        super().__init__(said)
        self.question = question


def result_flag(data: dict[str, Any], key: str) -> bool:
    """A yes/no field of a quick-entry result (absent means no)."""
    value = data.get(key, False)
    if type(value) is not bool:
        raise ResultError(f"{key} must be true or false, got {value!r}")
    return value


class Tally(ABC):
    """Folds hand outcomes into running totals; carries bags, doublers and game end."""

    @abstractmethod
    def add(self, outcome: HandOutcome) -> HandScore:
        """Score the next hand of the match."""

    def counts(self) -> dict[str, list[int]]:
        """The running counts the tally carries between hands, per side (Spades: ``bags``)."""
        return {}
