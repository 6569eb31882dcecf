"""Hearts' quick-entry fields: a hand entered by the points each player took, or by who
shot the moon."""

from __future__ import annotations

from scorekeeper.games.hearts.rulebook import JACK_OF_DIAMONDS, option
from scorekeeper.games.quick import NUMBER, PER_SEAT, SEAT, QuickField, QuickForm
from scorekeeper.games.settings import Settings


def _with_jack(settings: Settings) -> bool:
    return option(settings, JACK_OF_DIAMONDS)


JACK_FIELD = QuickField(
    "jack",
    "Took J♦",
    "The player who took J♦, which scores −10.",
    SEAT,
    applies=_with_jack,
    applies_when="with the J♦ house option",
)
PLAYED = QuickForm(
    "played",
    "Points taken",
    (
        QuickField(
            "points",
            "Points taken",
            "The points each player took: 1 for each heart, 13 for Q♠; they add up to 26 "
            "(not needed when a renege was let stand).",
            NUMBER,
            high=26,
            per=PER_SEAT,
        ),
        JACK_FIELD,
        QuickField(
            "renege",
            "Renege let stand by",
            "The player whose renege the table let stand: they score 26 and every other player 0.",
            SEAT,
        ),
    ),
    how_to_count=(
        "Count each player's hearts and add 13 for Q♠: the four numbers add up to 26. A "
        "player with all 26 shot the moon."
    ),
)
MOON = QuickForm(
    "moon",
    "Shot the moon",
    (
        QuickField(
            "moon",
            "Shot the moon",
            "The player who took every heart and Q♠.",
            SEAT,
            required=True,
        ),
        JACK_FIELD,
    ),
    key="moon",
)
QUICK_FORMS = (PLAYED, MOON)
