"""Random legal hands, played through the public game protocol.

Used by the property tests, the benchmarks and the practice table: a seeded deal,
then at each step one of the events the seat to act may legally record.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from scorekeeper.events import Event
from scorekeeper.games.actions import DEALT_HIDDEN
from scorekeeper.games.base import Game, HandState, Settings

Chooser = Callable[[HandState, list[Event]], Event]
"""Picks the next event from the legal ones (a simulated player's policy)."""


def random_choice(rng: random.Random) -> Chooser:
    def choose(state: HandState, events: list[Event]) -> Event:
        return events[rng.randrange(len(events))]

    return choose


def play_hand(
    game: Game[Any],
    settings: Settings,
    rng: random.Random,
    dealer: int = 0,
    choose: Chooser | None = None,
    standing: tuple[int, ...] | None = None,
    number: int = 0,
) -> tuple[HandState, list[Event]]:
    """Deal and play the match's hand ``number`` to its end; return the final state and
    every event."""
    choose = choose or random_choice(rng)
    state = game.new_hand(settings, dealer, standing, number)
    events = game.deal(rng, settings, dealer)
    for event in events:
        state.apply(event)
    while True:
        options = state.legal_events()
        if not options:
            return state, events
        event = choose(state, options)
        state.apply(event)
        events.append(event)


def hidden(game: Game[Any], events: list[Event], draws_seen: bool = False) -> list[Event]:
    """The same hand as a table records it without seeing the hands: none of the deal it
    does not see (the hands, the blind), and the events whose card is face down (draws)
    without their cards unless ``draws_seen`` (a teaching game)."""
    actions = {event.kind: game.action(event.kind) for event in events}
    return [
        replace(event, card=None) if actions[event.kind].hidden and not draws_seen else event
        for event in events
        if actions[event.kind].dealt != DEALT_HIDDEN
    ]
