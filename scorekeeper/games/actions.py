"""What a hand records, declared by each game: the kinds of event and what each one takes.

A game lists its :class:`Action` objects (``Game.actions``), one per event kind a hand of
it records (the table's decisions and corrections aside); the shared ones (:data:`SHARED`:
a known hand, a play, a claim, a quick-entry result, an answer) are declared here, every
other one in its game's package. An action says:

- which fields of an event it uses and their types (:data:`FIELD_TYPES`); the match
  file's schema is generated from these (``scorekeeper.schema``);
- what it takes, which says how it is entered and corrected: a card (a play, the
  upcard), cards (a known hand, a bury), one of the choices the engine offers at that
  point of the hand (a pass, a bid), the player who made it (a claim), or declared fields
  (a quick-entry result, the answer to a question);
- its words (:class:`ActionWords`): its name as a table says it, a button's words and
  key, and a sentence for a record or a report, given the player's name.

A new kind, with new meanings for the event's fields (a seat and three cards passed, a
seat and a direction), is declared in its game's package alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from scorekeeper.cards import format_cards
from scorekeeper.events import Event

CARD = "card"
CARDS = "cards"
CHOICE = "choice"
PLAYER = "player"
FIELDS = "fields"
TAKES = (CARD, CARDS, CHOICE, PLAYER, FIELDS)

SEAT = "seat"
NUMBER = "number"
WORD = "word"
SUIT = "suit"
FLAG = "flag"
DATA = "data"
REF = "ref"
FIELD_TYPES = {
    "seat": (SEAT,),
    "card": (CARD,),
    "cards": (CARDS,),
    "value": (NUMBER, WORD),
    "suit": (SUIT,),
    "under": (CARD,),
    "alone": (FLAG,),
    "blind": (FLAG,),
    "data": (DATA,),
    "ref": (REF,),
}
"""The fields an action's event may use, each with the types it may be declared as."""

DEALT_HIDDEN = "hidden"
DEALT_SHOWN = "shown"
DEALT = ("", DEALT_HIDDEN, DEALT_SHOWN)


class ActionWords:
    """How a table says an action: a game's words for its own kinds subclass this (in the
    game's ``words`` module). ``noun`` names the action (``order up``, ``trump call``) in a
    ruling's place, a take-back, a correction's hint; ``done`` heads the events one choice
    recorded together (``Drawn from the pile``); the methods word one event."""

    def __init__(self, noun: str, done: str = "") -> None:
        self.noun = noun
        self.done = done or noun.capitalize()

    def choice(self, event: Event) -> str:
        """A button's words: ``Bid 4``; by default the noun and the cards, or ``unseen``."""
        if event.card is None and not event.cards:
            return f"{self.noun.capitalize()} unseen"
        return f"{self.noun.capitalize()} {format_cards(event.cards) or event.card}"

    def key(self, event: Event) -> str:
        """What to type for the event in the keyboard field (``""``: its cards are typed)."""
        return "unseen" if event.card is None and not event.cards else ""

    def thing(self, event: Event) -> str:
        """What the event names after its noun, for Undo and Redo: ``4``, ``Q♣``."""
        if event.suit is not None:
            return str(event.suit)
        return str(event.card) if event.card is not None else format_cards(event.cards)

    def record(self, event: Event, who: str) -> str | None:
        """The event in a record or a report (``who``: its player's name), or ``None``."""
        return None

    def in_run(self, event: Event, who: str) -> str:
        """The event among those one choice records together, in one line."""
        return self.record(event, who) or self.choice(event)


@dataclass(frozen=True, slots=True)
class Action:
    """An event kind a hand records: the event's ``fields`` and their types, what it
    ``takes``, its ``words``. ``unseen`` when it may be recorded without its card or cards
    (a draw no one saw, a bury not shown). ``together``: the key of the one choice that
    records each such event due now, one after another in the order the rules give (both
    players' draws after a trick). ``hidden``: its card is face down at the table, so a
    card entered alone never means it (it is the next card played), and a table that
    does not see the hands records it without its card; named after its player, the card
    is one seen as it was drawn. ``dealt``: part of the deal, not anyone's turn, and
    whether the table sees it (the upcard) or not (a known hand, the blind). ``draws``:
    its card joins its player's hand (a draw from the pile). ``count``: how many cards an
    action taking several, not dealt, takes (a bury of two), picked one by one where the
    engine cannot list them (the hand is unknown). ``about``: what the event records, for
    the match format's documentation."""

    kind: str
    takes: str
    fields: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), hash=False)
    words: ActionWords | None = None
    unseen: bool = False
    together: str = ""
    hidden: bool = False
    dealt: str = ""
    draws: bool = False
    count: int = 2
    about: str = ""

    def __post_init__(self) -> None:
        if self.takes not in TAKES:
            raise ValueError(f"{self.kind}: {self.takes!r} is not what an action takes {TAKES}")
        if self.dealt not in DEALT:
            raise ValueError(f"{self.kind}: {self.dealt!r} is not how it is dealt {DEALT}")
        for name, kind in self.fields.items():
            if kind not in FIELD_TYPES.get(name, ()):
                raise ValueError(f"{self.kind}: {name} cannot be a {kind} field")
        object.__setattr__(self, "fields", MappingProxyType(dict(self.fields)))
        if self.words is None:
            object.__setattr__(self, "words", ActionWords(self.kind.replace("_", " ")))

    @property
    def said(self) -> ActionWords:
        """The action's words (declared, or the default made from its kind)."""
        assert self.words is not None  # set in __post_init__
        return self.words


class _DealWords(ActionWords):
    def choice(self, event: Event) -> str:
        return f"Deal {format_cards(event.cards)}"

    def record(self, event: Event, who: str) -> str:
        return f"{who} held {format_cards(event.cards)}"


class _PlayWords(ActionWords):
    def choice(self, event: Event) -> str:
        return f"Play {event.card}"


class _ClaimWords(ActionWords):
    def choice(self, event: Event) -> str:
        return "Claim the rest"

    def key(self, event: Event) -> str:
        return "claim"

    def record(self, event: Event, who: str) -> str:
        return f"{who} claimed the remaining tricks"


class _DataWords(ActionWords):
    def choice(self, event: Event) -> str:
        return self.noun.capitalize()

    def thing(self, event: Event) -> str:
        return ""


class _PassWords(ActionWords):
    def choice(self, event: Event) -> str:
        return "Pass"

    def key(self, event: Event) -> str:
        return "pass"

    def record(self, event: Event, who: str) -> str:
        return f"{who} passed"


DEAL = Action(
    "deal",
    CARDS,
    {"seat": SEAT, "cards": CARDS},
    _DealWords("deal"),
    dealt=DEALT_HIDDEN,
    about="that seat's hand is known (before or after play)",
)
PLAY = Action("play", CARD, {"seat": SEAT, "card": CARD}, _PlayWords("play"), about="a card played")
CLAIM = Action(
    "claim",
    PLAYER,
    {"seat": SEAT},
    _ClaimWords("claim"),
    about="that seat's side claims the remaining tricks",
)
RESULT = Action(
    "result",
    FIELDS,
    {"data": DATA},
    _DataWords("result"),
    about="the whole hand entered as its result (quick entry)",
)
ANSWER = Action(
    "answer",
    FIELDS,
    {"data": DATA},
    _DataWords("answer"),
    about="what a hand that ended needs to be scored (see below)",
)
PASS = Action(
    "pass",
    CHOICE,
    {"seat": SEAT},
    _PassWords("pass"),
    about="declines to pick, order up or name trump",
)
"""Declining to take the blind, order up or name trump: a game may record it."""
SHARED = (DEAL, PLAY, CLAIM, RESULT, ANSWER, PASS)
"""The actions games record, declared once."""
TABLE = (
    Action(
        "decision",
        CHOICE,
        {"value": WORD, "ref": REF},
        about="`value` = `take_back` | `stand`; `ref`: the index of the ruled event in the hand",
    ),
    Action(
        "correction",
        FIELDS,
        {"ref": REF, "data": DATA},
        about="`ref`: the index of the corrected event; `data`: the event it becomes",
    ),
)
"""What the table records of a hand, in any game: a decision on a ruling, a correction."""
