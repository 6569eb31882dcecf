"""What Euchre shows on its reports: the makers by name, the trump and the marks of a
hand (march, loner, euchred, defended alone) with the tricks they took."""

from __future__ import annotations

from scorekeeper.cards import Suit
from scorekeeper.evidence import mention, mention_all
from scorekeeper.games.report import GameReport, ReportHand
from scorekeeper.words import counted

MARKS = {
    "made": "made",
    "march": "march",
    "alone made": "loner, made",
    "alone march": "loner, march",
    "euchred": "euchred",
}
"""A hand's result as its marks on the sheet."""


def words(hand: ReportHand) -> str:
    """``{0} made ♥ trump: loner, march (5 tricks)``; after a renege, who made trump and
    the hand's own summary; an all-pass hand keeps its summary."""
    details = hand.details
    result = details.get("result")
    if details.get("makers") is None:
        return hand.outcome.summary
    maker = details.get("maker")
    makers = mention(maker) if maker is not None else mention_all(hand.sides[details["makers"]])
    trump = details.get("trump")
    said = f"{Suit[trump.upper()].symbol} trump" if trump else "trump"
    if result not in MARKS:
        return f"{makers} made {said}: {hand.outcome.summary}"
    marks = MARKS[result] + (", defended alone" if details.get("defender_alone") else "")
    return f"{makers} made {said}: {marks} ({counted(details.get('tricks', 0), 'trick')})"


REPORT = GameReport(words=words)
