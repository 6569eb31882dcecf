"""The events a hand is recorded as, and their plain-JSON form.

A hand is an ordered log of these events; its state is a fold over the log.
The same log is what storage writes and what the match file carries.

What kinds of event a hand records, and which fields each uses, each game declares
(``Game.actions``, :mod:`scorekeeper.games.actions`); a decision on a ruling and a
correction are the table's, in any game. Seats count from 0, left of nobody in particular;
the dealer is a property of the hand, not an event. ``docs/match-format.md`` lists every
kind with its fields, and the match file's schema is generated from the declarations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import Any

from scorekeeper.cards import Card, CardError, Suit
from scorekeeper.quote import shown

SUIT_NAMES = {suit.name.lower(): suit for suit in Suit}
KIND = re.compile(r"[a-z][a-z_]{0,29}")
"""The form of a kind's name (which kinds a hand of a game records, the game declares)."""


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

    def given(self) -> tuple[str, ...]:
        """The names of the fields given, beside ``kind`` (those not at their defaults)."""
        return tuple(name for name in _FIELDS[1:] if _is_given(getattr(self, name)))

    def to_json(self) -> dict[str, Any]:
        """The event as plain JSON values, omitting fields at their defaults."""
        out: dict[str, Any] = {"kind": self.kind}
        for name in self.given():
            out[name] = _written(getattr(self, name))
        return out

    @staticmethod
    def from_json(raw: Any, where: str = "event") -> Event:
        """Read an event written by :meth:`to_json`; errors name the field (``where.card``)."""
        if not isinstance(raw, dict):
            raise EventError(f"{where}: expected an object, got {shown(raw)}")
        kind = raw.get("kind")
        if not isinstance(kind, str) or not KIND.fullmatch(kind):
            raise EventError(f"{where}.kind: {shown(kind)} is not an event kind")
        unknown = set(raw) - set(_FIELDS)
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
        for flag in _FLAGS:
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
            ref=ref,
            data=data,
            **{flag: raw.get(flag, False) for flag in _FLAGS},
        )


_FIELDS = tuple(each.name for each in fields(Event))
"""The fields of an event, ``kind`` first, in the order its JSON form writes them."""
_FLAGS = tuple(each.name for each in fields(Event) if each.default is False)


def _is_given(value: Any) -> bool:
    return value is not None and value is not False and value != ()


def _written(value: Any) -> Any:
    """A field's value as plain JSON: cards by their codes, a suit by its name."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [card.code for card in value]
    if isinstance(value, Suit):
        return value.name.lower()
    return value


def play(seat: int, card: Card | str) -> Event:
    return Event("play", seat=seat, card=Card.parse(card))
