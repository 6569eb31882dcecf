"""Spades' own actions in words: bids, a side's contract and the blind-nil exchange."""

from __future__ import annotations

from scorekeeper.cards import format_cards
from scorekeeper.events import Event
from scorekeeper.games.actions import ActionWords


def _value(event: Event) -> str:
    return "nil" if event.value == 0 else str(event.value)


class BidWords(ActionWords):
    def choice(self, event: Event) -> str:
        if event.value == 0:
            return "Blind nil" if event.blind else "Nil"
        return f"Bid {event.value}" + (" (blind)" if event.blind else "")

    def key(self, event: Event) -> str:
        if event.value == 0:
            return "bn" if event.blind else "nil"
        return str(event.value) + ("b" if event.blind else "")

    def thing(self, event: Event) -> str:
        return _value(event)

    def record(self, event: Event, who: str) -> str:
        return f"{who} bid {'blind ' if event.blind else ''}{_value(event)}"


class ContractWords(ActionWords):
    def choice(self, event: Event) -> str:
        return f"Bid {event.value}"  # the side's contract

    def key(self, event: Event) -> str:
        return str(event.value)

    def thing(self, event: Event) -> str:
        return _value(event)

    def record(self, event: Event, who: str) -> str:
        return f"{who} named the side's contract, {event.value}"


class ExchangeWords(ActionWords):
    def key(self, event: Event) -> str:
        return "exchange" if not event.cards else ""

    def record(self, event: Event, who: str) -> str:
        return f"{who} exchanged {format_cards(event.cards) or 'two cards'}"
