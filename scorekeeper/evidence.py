"""What a ruling rests on, as data: seats, cards, trick numbers and phrases, never
sentences.

Each item is a small frozen record; :mod:`scorekeeper.words` tells it in the players'
names, and :func:`evidence_json` gives it to files and ``check --json`` (a phrase in its
``{"phrase": id, "args": {...}}`` form). Seats count from 0 as in match files; trick
numbers count from 1 as players do.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from scorekeeper.cards import Card
from scorekeeper.phrases import Phrase


@dataclass(frozen=True, slots=True)
class Note:
    """A plain fact about the table that names no seat (``the hand is already over``): a
    phrase the game (or the table) declares, never a sentence."""

    kind: ClassVar[str] = "note"
    text: Phrase


@dataclass(frozen=True, slots=True)
class Turn:
    """It is ``seat``'s turn (to ``action``, when given)."""

    kind: ClassVar[str] = "turn"
    seat: int
    action: str = ""


@dataclass(frozen=True, slots=True)
class NoSeat:
    """The event names ``seat``, where nobody sits (None: it names no seat at all)."""

    kind: ClassVar[str] = "no_seat"
    seat: int | None
    seats: int  # how many sit at the table


@dataclass(frozen=True, slots=True)
class InTrickAlready:
    """``seat`` already played ``card`` to the trick in progress."""

    kind: ClassVar[str] = "in_trick_already"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class NotHeld:
    """``cards`` are not in ``seat``'s hand."""

    kind: ClassVar[str] = "not_held"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HeldBy:
    """``cards`` are in ``seat``'s hand, or were ``dealt`` to it, or ``played`` by it.

    ``how`` is one of ``held``, ``dealt``, ``played``, ``played or buried``, ``discarded``.
    """

    kind: ClassVar[str] = "held_by"
    seat: int
    cards: tuple[Card, ...]
    how: str = "held"


@dataclass(frozen=True, slots=True)
class AlreadyRecorded:
    """``seat``'s hand is already on record (as ``cards``, when they are known)."""

    kind: ClassVar[str] = "already_recorded"
    seat: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayedNotAmong:
    """``seat`` played ``cards``, which the recorded hand does not hold."""

    kind: ClassVar[str] = "played_not_among"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SitsOut:
    """``seat`` sits out: its partner plays alone."""

    kind: ClassVar[str] = "sits_out"
    seat: int


@dataclass(frozen=True, slots=True)
class DealerDiscards:
    """The dealer, ``seat``, is the one who discards."""

    kind: ClassVar[str] = "dealer_discards"
    seat: int


@dataclass(frozen=True, slots=True)
class PartnerBid:
    """``seat``'s partner ``partner`` already bid nil (or blind nil)."""

    kind: ClassVar[str] = "partner_bid"
    seat: int
    partner: int
    blind: bool = False


@dataclass(frozen=True, slots=True)
class SideTrails:
    """``seat``'s side trails by ``deficit`` points; the rule needs ``needed`` or more."""

    kind: ClassVar[str] = "side_trails"
    seat: int
    deficit: int
    needed: int


@dataclass(frozen=True, slots=True)
class Held:
    """The player held ``cards``, which ``reason`` says they had to play."""

    kind: ClassVar[str] = "held"
    seat: int
    cards: tuple[Card, ...]
    reason: Phrase


@dataclass(frozen=True, slots=True)
class PlayedInTrick:
    """``seat`` played ``card`` in ``trick`` (``reason``: what the rule wanted)."""

    kind: ClassVar[str] = "played_in_trick"
    seat: int
    card: Card
    trick: int
    reason: Phrase


@dataclass(frozen=True, slots=True)
class ThenPlayed:
    """``seat`` later played ``card`` in ``trick``, so it held it in ``earlier``."""

    kind: ClassVar[str] = "then_played"
    seat: int
    card: Card
    trick: int
    earlier: int


@dataclass(frozen=True, slots=True)
class ThenPlayedAfter:
    """``seat`` later played ``card`` in ``trick``, so it held it at its ``event`` before
    play (a discard)."""

    kind: ClassVar[str] = "then_played_after"
    seat: int
    card: Card
    trick: int
    event: str


@dataclass(frozen=True, slots=True)
class HeldInTrick:
    """In ``trick``, ``seat`` held ``cards``: every card it played from then on."""

    kind: ClassVar[str] = "held_in_trick"
    seat: int
    cards: tuple[Card, ...]
    trick: int


@dataclass(frozen=True, slots=True)
class Leads:
    """``seat`` leads: it won trick ``won`` (None: it sits left of the dealer, first trick)."""

    kind: ClassVar[str] = "leads"
    seat: int
    won: int | None = None


@dataclass(frozen=True, slots=True)
class DrawsFirst:
    """``seat`` draws first (or next, when ``first`` is false): ``winner`` won the trick."""

    kind: ClassVar[str] = "draws_first"
    seat: int
    winner: int
    first: bool = True


@dataclass(frozen=True, slots=True)
class NotOnRecord:
    """``seat``'s cards are not on record (so nothing can be said about them)."""

    kind: ClassVar[str] = "not_on_record"
    seat: int


Evidence = (
    Note
    | Turn
    | NoSeat
    | InTrickAlready
    | NotHeld
    | HeldBy
    | AlreadyRecorded
    | PlayedNotAmong
    | SitsOut
    | DealerDiscards
    | PartnerBid
    | SideTrails
    | Held
    | PlayedInTrick
    | ThenPlayed
    | ThenPlayedAfter
    | HeldInTrick
    | Leads
    | DrawsFirst
    | NotOnRecord
)
KINDS: tuple[type, ...] = Evidence.__args__


def _value(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Phrase):
        return value.to_json()
    if isinstance(value, tuple):
        return [_value(item) for item in value]
    return value


def evidence_json(item: Evidence) -> dict[str, Any]:
    """One evidence item as JSON: its ``kind`` and its fields (cards by code, phrases as
    ``{"phrase": id, "args": {...}}``)."""
    return {"kind": item.kind} | {f.name: _value(getattr(item, f.name)) for f in fields(item)}
