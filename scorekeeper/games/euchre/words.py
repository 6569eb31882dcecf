"""Euchre's own actions in words: the upcard, ordering up, naming trump, the dealer's
discard and a defender going alone."""

from __future__ import annotations

from scorekeeper.events import Event
from scorekeeper.games.actions import ActionWords


def _alone(event: Event) -> str:
    return " alone" if event.alone else ""


class UpcardWords(ActionWords):
    def record(self, event: Event, who: str) -> str:
        return f"turned up {event.card}"


class OrderUpWords(ActionWords):
    def choice(self, event: Event) -> str:
        return f"Order up{_alone(event)}"

    def key(self, event: Event) -> str:
        return "alone" if event.alone else "up"

    def record(self, event: Event, who: str) -> str:
        return f"{who} ordered up{' and went alone' if event.alone else ''}"


class NameTrumpWords(ActionWords):
    def choice(self, event: Event) -> str:
        suit = event.suit.name.lower() if event.suit is not None else "trump"
        return f"Name {suit}{_alone(event)}"

    def key(self, event: Event) -> str:
        letter = event.suit.letter.lower() if event.suit is not None else ""
        return letter + ("a" if event.alone else "")

    def record(self, event: Event, who: str) -> str:
        return f"{who} named {event.suit} trump{' and went alone' if event.alone else ''}"


class DiscardWords(ActionWords):
    def record(self, event: Event, who: str) -> str:
        if event.card is None:
            return "the dealer discarded"
        return f"the dealer discarded {event.card}"


class DefendAloneWords(ActionWords):
    def choice(self, event: Event) -> str:
        return "Alone"

    def key(self, event: Event) -> str:
        return "alone"

    def record(self, event: Event, who: str) -> str:
        return f"{who} defended alone"
