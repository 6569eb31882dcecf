"""Sheepshead's quick-entry fields: a picking hand, or what all-pass hands the house plays."""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper.games.base import Settings
from scorekeeper.games.quick import (
    CARD_LIST,
    CHOICE,
    FLAG,
    NUMBER,
    PER_SEAT,
    SEAT,
    TRUE,
    QuickField,
    QuickForm,
)
from scorekeeper.games.sheepshead.deck import MAX_HAND_SCHWANZER_POINTS, TOTAL_POINTS, TRICKS
from scorekeeper.games.sheepshead.rulebook import ALL_PASS, BLITZ, CRACK

CALLS = ("ace", "under", "ten", "jack", "alone")


def _all_pass(kind: str) -> Callable[[Settings], bool]:
    def plays(settings: Settings) -> bool:
        return bool(settings.get(ALL_PASS) == kind)

    return plays


MISPLAY = QuickField(
    "misplay",
    "Misplay let stand by",
    "The player whose misplay the table let stand; their side loses the hand.",
    SEAT,
)
PICKED = QuickForm(
    "picked",
    "A player picked",
    (
        QuickField("picker", "Picker", "The player who picked up the blind.", SEAT, True),
        QuickField(
            "partner", "Partner", "The player who held the called card (none when alone).", SEAT
        ),
        QuickField(
            "alone", "Picker went alone", "The picker called nothing and played alone.", FLAG
        ),
        QuickField(
            "call",
            "Call",
            "What the picker called: an ace, an ace with the under card, a ten, a jack (where "
            "the holder of J♦ is the partner), or alone (an ace or J♦ when left out).",
            CHOICE,
            choices=CALLS,
        ),
        QuickField(
            "points",
            "Picking side's card points",
            "Card points the picker and partner took, the buried cards included (0 to 120).",
            NUMBER,
            True,
            high=TOTAL_POINTS,
        ),
        QuickField(
            "tricks",
            "Tricks the picking side took",
            "0 means the picking side was schwarzed; 6 means the defenders were.",
            NUMBER,
            True,
            high=TRICKS,
        ),
        QuickField(
            "crack",
            "Cracked by",
            "The defender who cracked (doubled) the hand.",
            SEAT,
            applies=lambda settings: bool(settings.get(CRACK)),
            applies_when="with the crack house option",
        ),
        QuickField(
            "recrack",
            "Re-cracked",
            "The picker doubled the crack again.",
            FLAG,
            applies=lambda settings: bool(settings.get(CRACK)),
            applies_when="with the crack house option",
        ),
        QuickField(
            "blitz",
            "Blitz",
            "The picker showed both black or both red queens.",
            FLAG,
            applies=lambda settings: bool(settings.get(BLITZ)),
            applies_when="with the blitz house option",
        ),
        MISPLAY,
    ),
    how_to_count="Card points: ace 11, ten 10, king 4, queen 3, jack 2; the buried cards "
    "count for the picker. The picking side wins with 61 or more.",
)
SCHWANZER = QuickForm(
    "schwanzer",
    "Schwanzer (all passed)",
    (
        QuickField(
            "schwanzer",
            "Schwanzer points",
            "Each player's Schwanzer points in the hand dealt to them.",
            NUMBER,
            True,
            high=MAX_HAND_SCHWANZER_POINTS,
            per=PER_SEAT,
        ),
    ),
    key="schwanzer",
    how_to_count="Everyone shows the hand they were dealt and counts queens 3, jacks 2 and "
    "every other diamond 1; the blind is not counted. The most points loses.",
    applies=_all_pass("schwanzer"),
    applies_when="when the house plays a Schwanzer after all pass",
)
LEASTER = QuickForm(
    "leaster",
    "Leaster (all passed)",
    (
        QuickField(
            "leaster_points",
            "Card points",
            "Each player's card points; the blind counts for whoever took the last trick.",
            NUMBER,
            True,
            high=TOTAL_POINTS,
            per=PER_SEAT,
        ),
        QuickField(
            "leaster_tricks",
            "Tricks",
            "Each player's tricks; they add up to 6.",
            NUMBER,
            True,
            high=TRICKS,
            per=PER_SEAT,
        ),
        MISPLAY,
    ),
    key="leaster_points",
    how_to_count="Card points: ace 11, ten 10, king 4, queen 3, jack 2, adding up to 120 with "
    "the blind. The fewest points, with at least one trick, wins.",
    applies=_all_pass("leaster"),
    applies_when="when the house plays a Leaster after all pass",
)
DOUBLER = QuickForm(
    "doubler",
    "Doubler (all passed)",
    (
        QuickField(
            "doubler",
            "Everyone passed",
            "The hand is redealt and the next counts double.",
            TRUE,
            True,
        ),
    ),
    key="doubler",
    applies=_all_pass("doubler"),
    applies_when="when the house plays a Doubler after all pass",
)
QUICK_FORMS = (PICKED, SCHWANZER, LEASTER, DOUBLER)

BURIED = QuickField(
    "buried",
    "Buried cards",
    "The two cards the picker buried, when the defenders claimed before they were shown.",
    CARD_LIST,
    True,
    low=2,
    high=2,
)
ANSWERS = (SCHWANZER.fields[0], PICKED.fields[1], BURIED)
"""What a hand played card by card may ask: each player's Schwanzer points (hands not
recorded), who held the called card (never played), the buried cards (a claim)."""
