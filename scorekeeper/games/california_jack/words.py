"""California Jack's own actions in words: the trump card and the draws from the pile."""

from __future__ import annotations

from scorekeeper.events import Event
from scorekeeper.games.actions import ActionWords


class TrumpCardWords(ActionWords):
    def record(self, event: Event, who: str) -> str:
        return f"trump card {event.card}"


class DrawWords(ActionWords):
    def key(self, event: Event) -> str:
        return "draw" if event.card is None else ""

    def record(self, event: Event, who: str) -> str:
        return f"{who} drew {event.card}" if event.card is not None else f"{who} drew"

    def in_run(self, event: Event, who: str) -> str:
        return f"{who} draws {'a card no one saw' if event.card is None else event.card}"
