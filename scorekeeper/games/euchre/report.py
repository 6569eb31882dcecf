"""What Euchre shows on its reports: the makers by name, the trump and the marks of a
hand (march, loner, euchred, defended alone) with the tricks they took."""

from __future__ import annotations

from scorekeeper.games.euchre.phrases import MARKS, SAY
from scorekeeper.games.report import GameReport, ReportHand
from scorekeeper.phrases import SAY as WORDS
from scorekeeper.phrases import Phrase


def words(hand: ReportHand) -> Phrase:
    """``Di made ♥ trump: loner, march (5 tricks)``; after a renege, who made trump and
    the hand's own summary; an all-pass hand keeps its summary."""
    details = hand.details
    result = details.get("result")
    if details.get("makers") is None:
        return hand.outcome.summary
    maker = details.get("maker")
    makers = (
        WORDS("player", seat=maker)
        if maker is not None
        else WORDS("side", seats=hand.sides[details["makers"]])
    )
    trump = details.get("trump")
    said = SAY("suit_trump", trump=trump) if trump else SAY("trump")
    if result not in MARKS:
        return SAY("sheet_summary", makers=makers, trump=said, summary=hand.outcome.summary)
    marks = SAY(f"marks {result}")
    if details.get("defender_alone"):
        marks = SAY("defended_alone", marks=marks)
    return SAY(
        "sheet_marks", makers=makers, trump=said, marks=marks, tricks=details.get("tricks", 0)
    )


REPORT = GameReport(words=words)
