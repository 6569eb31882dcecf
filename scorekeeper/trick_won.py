"""Why a trick was won, as data: :mod:`scorekeeper.words` tells it in the players' names."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.cards import Card

HOWS = ("led", "trumped", "trump_led")
"""``led``: the highest card of the suit led; ``trumped``: trump beat the suit led;
``trump_led``: the highest trump of a trick led with trump."""


@dataclass(frozen=True, slots=True)
class TrickWon:
    """``seat`` won with ``card`` (``how`` one of :data:`HOWS`); ``led`` opened the trick."""

    seat: int
    card: Card
    led: Card
    how: str
    suit: str  # the suit led, in words (``trump`` for a trump lead)
    trumps: int = 0  # how many trumps the trick held
    title: str = ""  # the winning card's own name in the game (``right bower``)
    order: tuple[Card, ...] = ()  # the game's trump order, highest first, when it matters
    barred: Card | None = None  # a card that would have won but may not (the under card)
