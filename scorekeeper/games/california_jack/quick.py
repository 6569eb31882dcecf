"""California Jack's quick-entry fields: a game entered by what each player captured."""

from __future__ import annotations

from scorekeeper.games.california_jack.scoring import DECK_CARD_POINTS, HONOURS
from scorekeeper.games.quick import NUMBER, PER_SEAT, SET, QuickField, QuickForm

PLAYED = QuickForm(
    "played",
    "Played",
    (
        QuickField(
            "card_points",
            "Card points captured",
            "The card points each player captured (0 to 80 in all).",
            NUMBER,
            True,
            high=DECK_CARD_POINTS,
            per=PER_SEAT,
        ),
        QuickField(
            "honours",
            "Honours captured",
            "The honours of trump each player captured: high (ace), low (two), jack; one "
            "nobody captured before play stopped is in neither list.",
            SET,
            choices=tuple(HONOURS),
            per=PER_SEAT,
        ),
    ),
    how_to_count="Card points: ten 10, ace 4, king 3, queen 2, jack 1, counted in the cards "
    "each player captured; add 1 for each honour of trump captured. The first to 10 wins.",
)
QUICK_FORMS = (PLAYED,)
