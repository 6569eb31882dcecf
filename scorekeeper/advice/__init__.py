"""Advice for a seat: what the specification says a player *should* do, for a hint at a
real table and for simulated players.

Advice is never a rule: it only ever picks one of the events the seat may legally record
(``HandState.legal_events``), and a player is free to ignore it. Each game's package
holds its own adviser (``scorekeeper.games.<game>.advice``, reached through
``Game.advise``); it advises from the seat's own cards and what the table has seen,
never from the other hands.
"""

from __future__ import annotations

from scorekeeper.advice.common import SAY, Advice, NoAdvice
from scorekeeper.events import Event
from scorekeeper.evidence import Note, Turn
from scorekeeper.games.base import HandState


def advise(state: HandState, seat: int | None = None) -> Advice:
    """The advice for the seat to act (``seat``, when given, must be that seat).

    Raises :class:`NoAdvice` naming why when nothing can be advised."""
    if state.phase == state.OVER:
        raise NoAdvice(Note(SAY("nothing_left")))
    if state.to_act is None:
        raise NoAdvice(Note(SAY("nobody_to_act")))
    if seat is not None and seat != state.to_act:
        raise NoAdvice(Turn(state.to_act))
    return state.game.advise(state, state.to_act)


def choose_by_advice(state: HandState, events: list[Event]) -> Event:
    """A chooser for :func:`scorekeeper.playout.play_hand`: every seat takes the advice."""
    event = advise(state).event
    if event not in events:
        raise AssertionError(f"the advice {event} is not among the legal events")
    return event


__all__ = ["Advice", "NoAdvice", "advise", "choose_by_advice"]
