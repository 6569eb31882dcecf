"""Sheepshead's own actions in words: the blind, picking, the bury and the call."""

from __future__ import annotations

from typing import Any

from scorekeeper.cards import Card, format_cards
from scorekeeper.events import Event
from scorekeeper.games.actions import ActionWords

CALLS = {"ace": "called {card}", "ten": "called {card}", "under": "called {card} under"}


class BlindWords(ActionWords):
    def record(self, event: Event, who: str) -> str:
        return f"the blind: {format_cards(event.cards)}"


class PickWords(ActionWords):
    def choice(self, event: Event) -> str:
        return "Pick"

    def key(self, event: Event) -> str:
        return "pick"

    def record(self, event: Event, who: str) -> str:
        return f"{who} picked"


class BuryWords(ActionWords):
    def choice(self, event: Event) -> str:
        return "Buried unseen" if not event.cards else super().choice(event)

    def record(self, event: Event, who: str) -> str:
        return f"buried {format_cards(event.cards)}" if event.cards else "buried two unseen cards"


class CallWords(ActionWords):
    def choice(self, event: Event) -> str:
        if event.value == "alone":
            return "Alone"
        kind = " under" if event.value == "under" else ""
        under = f" (under card {event.under})" if event.under is not None else ""
        return f"Call {event.card}{kind}{under}"

    def key(self, event: Event) -> str:
        if event.value == "alone":
            return "alone"
        under = f" u{event.under.code.lower()}" if event.under is not None else ""
        return (event.card.code.lower() if event.card is not None else "") + under

    def record(self, event: Event, who: str) -> str:
        if event.value == "alone":
            return "the picker went alone"
        words = CALLS.get(str(event.value), "called {card}").format(card=event.card)
        return words + (f", under card {event.under}" if event.under is not None else "")


def question_words(question: dict[str, Any]) -> str:
    """A Sheepshead hand's question in words (without names: the controls under it carry
    those)."""
    kind = question.get("answer")
    if kind == "schwanzer":
        return "All passed: enter each player's Schwanzer points"
    if kind == "partner":
        return f"The partner is not known: who held {Card.parse(question['card'])}?"
    count = question.get("count", 2)
    return (
        f"The bury was not recorded: which {_count_words(count)} cards were buried? "
        "Type them in the card box, or click them."
    )


def _count_words(number: int) -> str:
    return {2: "two", 3: "three"}.get(number, str(number))
