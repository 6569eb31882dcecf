"""Euchre's quick-entry fields: a hand entered by its result alone."""

from __future__ import annotations

from scorekeeper.events import SUIT_NAMES
from scorekeeper.games.base import Settings
from scorekeeper.games.euchre.rulebook import DEFEND_ALONE, KATA, STICK_THE_DEALER
from scorekeeper.games.quick import CHOICE, FLAG, NUMBER, SEAT, SIDE, TRUE, QuickField, QuickForm

TRICKS = 5


def _not_kata(settings: Settings) -> bool:
    return settings.preset != KATA


PLAYED = QuickForm(
    "played",
    "Played",
    (
        QuickField(
            "makers",
            "Makers",
            "The side that made trump (or give the maker's seat instead).",
            SIDE,
        ),
        QuickField("maker", "Maker", "The seat that made trump (optional).", SEAT),
        QuickField(
            "tricks",
            "Tricks the makers took",
            "How many of the five tricks the makers took (not needed when a renege was let stand).",
            NUMBER,
            high=TRICKS,
        ),
        QuickField(
            "alone",
            "Maker went alone",
            "The maker played alone while the partner sat out.",
            FLAG,
            applies=_not_kata,
            applies_when="outside the kata preset",
        ),
        QuickField(
            "defender_alone",
            "A defender defended alone",
            "Against a lone maker, one defender played alone too.",
            FLAG,
            applies=lambda settings: bool(settings.get(DEFEND_ALONE)),
            applies_when="with the defend alone house option",
        ),
        QuickField(
            "trump",
            "Trump",
            "The trump suit, for the score sheet (optional).",
            CHOICE,
            choices=tuple(SUIT_NAMES),
        ),
        QuickField(
            "renege",
            "Renege let stand by",
            "The side whose renege the table let stand; its penalty replaces the hand's score.",
            SIDE,
        ),
    ),
)
PASSED = QuickForm(
    "passed",
    "Everyone passed",
    (QuickField("passed", "Everyone passed", "All four passed in every round.", TRUE, True),),
    key="passed",
    applies=lambda settings: not settings.get(STICK_THE_DEALER),
    applies_when="without stick the dealer (the dealer must make trump)",
)
QUICK_FORMS = (PLAYED, PASSED)
