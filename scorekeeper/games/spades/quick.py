"""Spades' quick-entry fields: a hand entered by its bids (in ``classic``, one contract
per side and the nils) and tricks."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.games.base import Settings
from scorekeeper.games.quick import (
    CHOICE,
    NUMBER,
    PER_SEAT,
    PER_SIDE,
    SEAT,
    QuickField,
    QuickForm,
)
from scorekeeper.games.spades.hand import BLIND_NIL_DEFICIT, MAX_BID, TRICKS
from scorekeeper.games.spades.rulebook import CLASSIC, CUTTHROAT
from scorekeeper.games.spades.scoring import deficit, scoring_for

BLIND_NIL = "blind nil"
NIL_WORDS = ("nil", BLIND_NIL)

NO_NIL = "none"


def side_contracts(settings: Settings) -> bool:
    return settings.preset == CLASSIC and not settings.get(CUTTHROAT)


def _blind_nil_when_behind(
    settings: Settings, standing: Sequence[int], seat: int, word: str
) -> bool:
    """A blind nil is offered only to a player whose side trails by 100 or more."""
    if word != BLIND_NIL:
        return True
    return deficit(scoring_for(settings), standing, seat) >= BLIND_NIL_DEFICIT


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
            offers=_blind_nil_when_behind,
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
    file_note="In the classic preset (older files) each side's contract is read as the sum "
    "of its players' bids.",
    offered=lambda settings: not side_contracts(settings),
)
CONTRACTS = QuickForm(
    "contracts",
    "Played: one contract per side",
    (
        QuickField(
            "contracts",
            "Contract",
            "Each side's contract, the first player's side first, whoever deals: 1 to 13 "
            "(0 only for a side whose partners both bid nil).",
            NUMBER,
            required=True,
            high=MAX_BID,
            per=PER_SIDE,
        ),
        QuickField(
            "nils",
            "Nil",
            'Each player\'s nil: "none", "nil" or "blind nil".',
            CHOICE,
            choices=(NO_NIL, *NIL_WORDS),
            per=PER_SEAT,
            offers=_blind_nil_when_behind,
        ),
        *PLAYED.fields[1:],
    ),
    key="contracts",
    how_to_count="The non-dealing side names its contract first, then the dealer's side; "
    "a player may declare nil and the partner names the side's contract. Count the tricks "
    "each player won; a nil bidder's tricks are entered as their own.",
    applies=side_contracts,
    applies_when="in the classic preset, played in partnerships",
)
QUICK_FORMS = (CONTRACTS, PLAYED)
