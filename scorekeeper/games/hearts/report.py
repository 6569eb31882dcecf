"""What Hearts shows on its reports: each hand's points by player, the moon and J♦; the
totals are points, and the lowest is best."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.games.hearts.phrases import SAY
from scorekeeper.games.report import Cell, Column, GameReport, ReportHand, ReportSection
from scorekeeper.phrases import joined


def row(hand: ReportHand) -> Sequence[Cell] | None:
    """Each player's points from hearts and Q♠; who shot the moon and who took J♦."""
    details = hand.details
    taken = details.get("taken")
    if taken is None:
        return None
    marks = [
        SAY(mark, seat=details[key])
        for key, mark in (("moon", "moon_mark"), ("jack", "jack_mark"))
        if details.get(key) is not None
    ]
    return [*taken, joined(marks) if marks else SAY("no_mark")]


REPORT = GameReport(
    total_nouns=("point", "points"),
    sections=(
        ReportSection(
            "Points taken",
            (Column("taken", each="seat", width=60), Column("marks", kind="words")),
            row,
            key="Points taken: 1 for each heart, 13 for Q♠ (26 in a hand); the lowest total wins.",
            on_sheet=False,
        ),
    ),
)
