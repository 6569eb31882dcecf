"""The phase's choices, as the app's hand screen and a table's web page offer them: the
engine's legal events in a player's words, with keys.

The engine says what may be recorded (``state.legal_events()``); this module only
names each event for a button and gives it a short key for the keyboard field
(``pass``, ``pick``, ``up``, ``7``, ``nil``), and says what a lone card means in
the phase at hand (a play, the upcard, a discard, a draw) by asking the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.cards import Card
from scorekeeper.events import Event
from scorekeeper.games.actions import CARD, CARDS, PLAY
from scorekeeper.games.base import Game, HandState


@dataclass(frozen=True)
class Choice:
    """A button of the phase at hand: ``event``, then the events ``then`` that follow it
    at once (the other players' draws)."""

    label: str
    key: str
    event: Event
    then: tuple[Event, ...] = ()

    @property
    def events(self) -> tuple[Event, ...]:
        return (self.event, *self.then)


def event_words(game: Game[Any], event: Event) -> str:
    """A button's words for an event, as its game declares them: ``Pass``, ``Order up
    alone``, ``Bid nil (blind)``."""
    return game.action(event.kind).said.choice(event)


def event_key(game: Game[Any], event: Event) -> str:
    """What to type for an event in the keyboard field, as its game declares it."""
    return game.action(event.kind).said.key(event)


def is_card_choice(game: Game[Any], event: Event) -> bool:
    """Events entered through the card grid rather than a button: plays and any event
    whose action takes cards and that names them (a seen discard, draw or bury)."""
    takes = game.action(event.kind).takes
    return event.kind == PLAY.kind or (
        takes in (CARD, CARDS) and (event.card is not None or bool(event.cards))
    )


def card_kinds(game: Game[Any]) -> tuple[str, ...]:
    """The events other than a play that a single card can be, in the order the game
    declares them (tried in that order)."""
    return tuple(a.kind for a in game.actions if a.takes == CARD and a.kind != PLAY.kind)


def several_card_kinds(game: Game[Any]) -> tuple[str, ...]:
    """The events a player makes of several cards picked one by one (a bury, an
    exchange): the actions taking cards that are not part of the deal."""
    return tuple(a.kind for a in game.actions if a.takes == CARDS and not a.dealt)


def offered_events(state: HandState) -> list[Event]:
    """The engine's legal events, or, when the choosing hand is unknown, every form the
    game allows (the adjudicator rules once the cards are known)."""
    return state.offered_events()


def hidden(state: HandState, kind: str) -> bool:
    """Whether a card entered alone never means an event of ``kind`` (the game declares
    its card face down: a draw)."""
    return any(action.kind == kind and action.hidden for action in state.game.actions)


def together(state: HandState, kind: str) -> str:
    """The key of the one choice that records each event of ``kind`` due now, or ``""``."""
    return next((a.together for a in state.game.actions if a.kind == kind), "")


def run_of(state: HandState) -> tuple[Event, ...]:
    """The events the engine offers one after another, one at a time, from now on (both
    players' draws after a trick, the winner's first), when the game records them
    together; else none."""
    run: list[Event] = []
    offered = offered_events(state)
    while len(offered) == 1 and together(state, offered[0].kind):
        if not run:
            state = state.copy()
        run.append(offered[0])
        state.apply(offered[0])
        offered = offered_events(state)
    return tuple(run)


def run_words(game: Game[Any], run: tuple[Event, ...]) -> str:
    """A run's button: ``Both draw``, ``Draw`` for one, ``All draw`` for more."""
    verb = game.action(run[0].kind).said.noun
    if len(run) == 1:
        return verb.capitalize()
    return f"{'Both' if len(run) == 2 else 'All'} {verb}"


def choices(state: HandState) -> list[Choice]:
    """The buttons of the phase at hand, in the engine's order."""
    run, game = run_of(state), state.game
    if run:
        return [Choice(run_words(game, run), together(state, run[0].kind), run[0], run[1:])]
    found = []
    seen_keys: set[str] = set()
    for event in offered_events(state):
        if is_card_choice(game, event):
            continue
        key, words = event_key(game, event), event_words(game, event)
        if event.seat is not None and state.to_act is not None and event.seat != state.to_act:
            key, words = f"p{key}", f"{words} (partner)"  # Spades classic: the partner's nil
        if key in seen_keys:
            key = ""
        seen_keys.add(key)
        found.append(Choice(words, key, event))
    return found


def keyed(word: str, found: Sequence[Choice]) -> list[Choice]:
    """The choices ``word`` names: the one whose key it is, else each one whose key it
    begins (``p`` for pass; one such choice is named, several are not)."""
    if not word:
        return []
    exact = [choice for choice in found if choice.key == word]
    return exact[:1] or [choice for choice in found if choice.key.startswith(word)]


def play_seat(state: HandState, card: Card) -> int | None:
    """Whose play ``card`` is: on a trick the engine lets be played in any order, the seat
    still to play whose known hand holds it, else the seat to act."""
    seats = state.seats_to_play()
    holders = [seat for seat in seats if (state.hands[seat] or 0) >> card & 1]
    return holders[0] if len(seats) > 1 and holders else state.to_act


def card_event(state: HandState, card: Card, seat: int | None = None) -> Event | None:
    """What a card entered now means, asked of the engine: the legal event naming it,
    else a play in the play phase (by ``seat`` when the scorer named one; the adjudicator
    rules on it), else the first event kind that takes a single card and that the engine
    accepts in this phase. Outside play, a card named with its player (``seat``) is that
    player's one-card event offered now (a draw seen), and nothing else; a lone card is
    never one whose card the game declares face down (:func:`hidden`)."""
    if state.phase == state.PLAY and seat is not None:
        return Event("play", seat=seat, card=card)
    legal, kinds = offered_events(state), card_kinds(state.game)
    if seat is not None:
        return next(
            (
                replace(event, card=card)
                for event in legal
                if event.seat == seat and event.kind in kinds and event.card in (None, card)
            ),
            None,
        )
    legal = [event for event in legal if not hidden(state, event.kind)]
    for event in legal:
        if (event.card == card and event.under is None) or event.cards == (card,):
            return event
    if state.phase == state.PLAY:
        return Event("play", seat=play_seat(state, card), card=card)
    for event in legal:  # an unseen discard becomes a seen one
        if event.kind in kinds and event.card is None:
            return replace(event, card=card)
    for kind in kinds:
        if hidden(state, kind):
            continue
        event = Event(kind, card=card)
        if not any(v.rule.id == "table.wrong-phase" for v in state.check(event)):
            return event
    return None


def multi_card_kind(state: HandState) -> tuple[str | None, int]:
    """The several-card event the phase asks for (a bury, an exchange) and how many
    cards it takes, or ``(None, 0)``: where the engine does not list its cards (the hand
    is unknown), as many as its action declares (``Action.count``), picked one by one; the
    engine rules on the event once it is complete."""
    several = several_card_kinds(state.game)
    for event in offered_events(state):
        if event.kind in several:
            return event.kind, len(event.cards) or state.game.action(event.kind).count
    return None, 0


def several_card_event(state: HandState, kind: str, cards: tuple[Card, ...]) -> Event:
    """The several-card event ``kind`` (see :func:`multi_card_kind`) with its ``cards``,
    the seat to act's when its action names a seat (an exchange; a bury names none)."""
    seat = state.to_act if "seat" in state.game.action(kind).fields else None
    return Event(kind, seat=seat, cards=cards)
