"""Hearts' own action in words: the pass of three cards."""

from __future__ import annotations

from scorekeeper.cards import format_cards
from scorekeeper.events import Event
from scorekeeper.games.actions import ActionWords


class PassCardsWords(ActionWords):
    def choice(self, event: Event) -> str:
        return "Passed unseen" if not event.cards else super().choice(event)

    def record(self, event: Event, who: str) -> str:
        return f"{who} passed {format_cards(event.cards) or 'three cards'}"
