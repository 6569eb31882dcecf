"""Spades' quick-entry fields: a hand entered by its bids and tricks."""

from __future__ import annotations

from scorekeeper.games.quick import NUMBER, PER_SEAT, PER_SIDE, SEAT, QuickField, QuickForm
from scorekeeper.games.spades.hand import MAX_BID, TRICKS

NIL_WORDS = ("nil", "blind nil")

PLAYED = QuickForm(
    "played",
    "Played",
    (
        QuickField(
            "bids",
            "Bid",
            'Each player\'s bid: 0 to 13 (0 is nil), "nil" or "blind nil".',
            NUMBER,
            required=True,
            high=MAX_BID,
            words=NIL_WORDS,
            per=PER_SEAT,
        ),
        QuickField(
            "tricks",
            "Tricks won",
            "The tricks each player won; they add up to 13.",
            NUMBER,
            required=True,
            high=TRICKS,
            per=PER_SEAT,
        ),
        QuickField(
            "renege",
            "Renege let stand by",
            "The player whose renege the table let stand (the renege penalty applies).",
            SEAT,
        ),
        QuickField(
            "standing",
            "Totals before the hand",
            "Each side's match total before the hand (a blind nil needs a side 100 behind); "
            "in a match it is known and may be left out.",
            NUMBER,
            low=None,
            per=PER_SIDE,
            in_form=False,
        ),
    ),
    how_to_count="Count the tricks each player won; a nil bidder's tricks are entered as "
    "their own. A blind nil is allowed only to a side 100 or more behind.",
)
QUICK_FORMS = (PLAYED,)
