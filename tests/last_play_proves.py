"""A hand recorded as a table writes it down, nobody's cards known, in which one player
does not follow suit and the hand's very last card proves it: a ruling made by the last
play, with no decision after it."""

from __future__ import annotations

import random

from scorekeeper.adjudicator import HandLog
from scorekeeper.cards import cards_in
from scorekeeper.events import Event
from scorekeeper.games import get_game

DEALS = 100
"""How many seeded deals are tried for one whose play ends with the proving card."""


def renege_proved_by_the_last_play(game_id: str) -> list[Event]:
    """The hand's events, dealt by seat 0 with the game's default settings: each seat
    plays its first legal choice, except that the first player who holds exactly one card
    of the suit led plays another suit instead, keeps that card to the end and plays it
    last; the players' own deals are left out (the pile and the upcard stay). The deal is
    the first seeded one whose play ends with the proving card."""
    for seed in range(DEALS):
        events = _renege_kept_to_the_end(game_id, seed)
        if events is not None:
            return events
    raise AssertionError(f"no deal of {DEALS} ends {game_id} on the proof of a renege")


def _renege_kept_to_the_end(game_id: str, seed: int) -> list[Event] | None:
    """The hand of the deal of ``seed``, if its very last play proves the renege."""
    game = get_game(game_id)
    settings = game.settings()
    deal = game.deal(random.Random(seed), settings, 0)
    dealt = game.new_hand(settings, 0)
    for event in deal:
        dealt.apply(event)
    events = [event for event in deal if not (event.kind == "deal" and event.seat is not None)]
    offender, kept = None, 0
    while dealt.phase != dealt.OVER:
        event = _next(dealt, offender, kept)
        if offender is None and event.kind == "play" and dealt.current.cards:
            legal = dealt.legal_plays(event.seat, dealt.hands[event.seat])
            if legal.bit_count() == 1 and dealt.hands[event.seat] & ~legal:
                offender, kept = event.seat, legal
                event = Event(
                    "play", seat=event.seat, card=next(cards_in(~legal & dealt.hands[event.seat]))
                )
        dealt.apply(event)
        events.append(event)
    log = HandLog(game, settings, 0)
    proved = [index for index, event in enumerate(events) if log.record(event, reading=True).proved]
    return events if proved == [len(events) - 1] else None


def _next(dealt, offender: int | None, kept: int) -> Event:
    """The first legal choice, bids passed over where possible; the offender keeps the
    card it should have played, and nobody else leads its suit, while they can."""
    choices = dealt.legal_events()
    seat = dealt.to_act
    if offender is not None and dealt.phase == dealt.PLAY:
        suits = {card.suit for card in cards_in(kept)}
        if seat == offender:
            others = [e for e in choices if e.kind == "play" and not kept >> e.card & 1]
        elif not dealt.current.cards:
            others = [e for e in choices if e.kind == "play" and e.card.suit not in suits]
        else:
            others = []
        if others:
            return others[0]
    return next((e for e in choices if e.kind != "pass"), choices[0])
