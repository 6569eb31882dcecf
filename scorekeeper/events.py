"""The events a hand is recorded as, and their plain-JSON form.

A hand is an ordered log of these events; its state is a fold over the log.
The same log is what storage writes and what the match file carries.

Kinds and the fields each uses (seats count from 0, left of nobody in particular;
the dealer is a property of the hand, not an event):

=============  ==============================================================
``deal``       ``seat``, ``cards``: that seat's hand is known (before or after play)
``blind``      ``cards``: the Sheepshead blind, when seen
``upcard``     ``card``: Euchre's turned-up kitty card
``trump_card`` ``card``: California Jack's bottom card, which fixes trump
``pick``       ``seat``: Sheepshead, takes the blind
``pass``       ``seat``: declines to pick, order up or name trump
``bury``       ``cards``: the picker's two buried cards (empty when unseen)
``call``       ``value`` = ``ace`` | ``under`` | ``ten`` | ``alone``; ``card`` = the called
               card (none for alone); ``under`` = the under card (optional, unseen)
``order_up``   ``seat``, ``alone``: Euchre first round
``name_trump`` ``seat``, ``suit``, ``alone``: Euchre second round
``discard``    ``card``: Euchre dealer's discard (none when unseen)
``bid``        ``seat``, ``value`` (0 = nil), ``blind``: Spades (``classic``: a nil only)
``contract``   ``seat``, ``value`` (1–13): a Spades ``classic`` side's contract, as announced
``exchange``   ``seat``, ``cards``: Spades blind-nil pass (cards optional)
``play``       ``seat``, ``card``
``draw``       ``seat``, ``card`` (optional): California Jack
``claim``      ``seat``: that seat's side claims the remaining tricks
``decision``   ``value`` = ``take_back`` | ``stand``; ``ref`` = index of the ruled event
``correction`` ``ref`` = index of the corrected event; ``data`` = the event it becomes
``result``     ``data``: a quick-entry result, in place of the card-by-card events
``answer``     ``data``: what a hand that ended needs to be scored (the game asks)
=============  ==============================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.cards import Card, CardError, Suit
from scorekeeper.quote import shown

KINDS = (
    "deal",
    "blind",
    "upcard",
    "trump_card",
    "pick",
    "pass",
    "bury",
    "call",
    "order_up",
    "name_trump",
    "discard",
    "bid",
    "contract",
    "exchange",
    "play",
    "draw",
    "claim",
    "decision",
    "correction",
    "result",
    "answer",
)

SUIT_NAMES = {suit.name.lower(): suit for suit in Suit}


class EventError(ValueError):
    """An event that cannot be read or does not fit the hand; the message names the place."""


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    seat: int | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    value: int | str | None = None
    suit: Suit | None = None
    under: Card | None = None
    alone: bool = False
    blind: bool = False
    ref: int | None = None
    data: dict[str, Any] | None = field(default=None, compare=True, hash=False)

    def seat_required(self) -> int:
        """The seat of an event that must name one (a play, a bid); raises
        :class:`EventError` for one that names none."""
        if self.seat is None:
            raise EventError(f"a {self.kind} names no seat")
        return self.seat

    def card_required(self) -> Card:
        """The card of an event that must name one (a play, the upcard); raises
        :class:`EventError` for one that names none."""
        if self.card is None:
            raise EventError(f"a {self.kind} names no card")
        return self.card

    def to_json(self) -> dict[str, Any]:
        """The event as plain JSON values, omitting fields at their defaults."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.card is not None:
            out["card"] = self.card.code
        if self.cards:
            out["cards"] = [card.code for card in self.cards]
        if self.value is not None:
            out["value"] = self.value
        if self.suit is not None:
            out["suit"] = self.suit.name.lower()
        if self.under is not None:
            out["under"] = self.under.code
        if self.alone:
            out["alone"] = True
        if self.blind:
            out["blind"] = True
        if self.ref is not None:
            out["ref"] = self.ref
        if self.data is not None:
            out["data"] = self.data
        return out

    @staticmethod
    def from_json(raw: Any, where: str = "event") -> Event:
        """Read an event written by :meth:`to_json`; errors name the field (``where.card``)."""
        if not isinstance(raw, dict):
            raise EventError(f"{where}: expected an object, got {shown(raw)}")
        kind = raw.get("kind")
        if kind not in KINDS:
            raise EventError(
                f"{where}.kind: {shown(kind)} is not an event kind ({', '.join(KINDS)})"
            )
        unknown = set(raw) - _FIELDS
        if unknown:
            raise EventError(f"{where}: unknown field {shown(sorted(unknown)[0])}")

        def card(key: str, value: Any) -> Card:
            try:
                return Card.parse(value)
            except CardError as error:
                raise EventError(f"{where}.{key}: {error}") from None

        seat = raw.get("seat")
        if seat is not None and (type(seat) is not int or seat < 0):
            raise EventError(f"{where}.seat: {shown(seat)} is not a seat number")
        cards = raw.get("cards", [])
        if not isinstance(cards, list):
            raise EventError(f"{where}.cards: expected a list of cards")
        value = raw.get("value")
        if value is not None and type(value) not in (int, str):
            raise EventError(f"{where}.value: {shown(value)} is not a whole number or a word")
        suit = raw.get("suit")
        if suit is not None and suit not in SUIT_NAMES:
            raise EventError(f"{where}.suit: {shown(suit)} is not a suit ({', '.join(SUIT_NAMES)})")
        ref = raw.get("ref")
        if ref is not None and (type(ref) is not int or ref < 0):
            raise EventError(f"{where}.ref: {shown(ref)} is not an event index")
        data = raw.get("data")
        if data is not None and not isinstance(data, dict):
            raise EventError(f"{where}.data: expected an object")
        for flag in ("alone", "blind"):
            if type(raw.get(flag, False)) is not bool:
                raise EventError(f"{where}.{flag}: expected true or false")
        return Event(
            kind=kind,
            seat=seat,
            card=card("card", raw["card"]) if raw.get("card") is not None else None,
            cards=tuple(card(f"cards[{i}]", text) for i, text in enumerate(cards)),
            value=value,
            suit=SUIT_NAMES[suit] if suit is not None else None,
            under=card("under", raw["under"]) if raw.get("under") is not None else None,
            alone=raw.get("alone", False),
            blind=raw.get("blind", False),
            ref=ref,
            data=data,
        )


_FIELDS = {
    "kind",
    "seat",
    "card",
    "cards",
    "value",
    "suit",
    "under",
    "alone",
    "blind",
    "ref",
    "data",
}


def play(seat: int, card: Card | str) -> Event:
    return Event("play", seat=seat, card=Card.parse(card))
