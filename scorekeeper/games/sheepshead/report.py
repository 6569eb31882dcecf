"""What Sheepshead shows on its reports, as a paper pad keeps it: a row per hand with the
picker, the partner, the picking side's card points, the marks (won or lost, schneider,
schwarz, the stakes) and, played for money, what each player won or paid; the Schwanzer
evaluation of each hand all five passed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.games.report import Cell, Column, GameReport, ReportHand, ReportSection
from scorekeeper.phrases import SAY

NO_ONE = "—"
ALL_PASSED = {"leaster": "Leaster", "schwanzer": "Schwanzer", "doubler": "All passed: doubler"}


def marks(details: dict[str, Any]) -> str:
    """``won, schneider, ×2``: the result and what multiplied it."""
    said = ["won" if details.get("won") else "lost"]
    said += [mark for mark in ("schneider", "schwarz") if details.get(mark)]
    said += [mark for mark in ("recrack", "blitz") if details.get(mark)]
    if details.get("crack") is not None and not details.get("recrack"):
        said.append("crack")
    if details.get("bump"):
        said.append("bump")
    if details.get("multiplier", 1) > 1:
        said.append(f"×{details['multiplier']}")
    return ", ".join(said)


def row(hand: ReportHand) -> Sequence[Cell]:
    """Picker, partner, points and marks; for an all-pass hand its kind; then the money."""
    details = hand.details
    picker = details.get("picker")
    if picker is None:
        cells: list[Cell] = [NO_ONE, NO_ONE, None, ALL_PASSED.get(details.get("type", ""), "")]
    else:
        partner = details.get("partner")
        cells = [
            SAY("player", seat=picker),
            "alone" if partner is None else SAY("player", seat=partner),
            details.get("picking_points"),
            marks(details),
        ]
    return [*cells, *(hand.cents or ())]


def schwanzer_row(hand: ReportHand) -> Sequence[Cell] | None:
    """Each player's Schwanzer points and who lost, for a hand all five passed."""
    details = hand.details
    if details.get("type") != "schwanzer":
        return None
    points = details["player_schwanzer_points"]
    losers = SAY("players", seats=details.get("losers", []))
    return [*(points[seat] for seat in sorted(points)), losers]


REPORT = GameReport(
    sections=(
        ReportSection(
            "Hand by hand: picker, partner, points and marks",
            (
                Column("Picker", "name", width=80),
                Column("Partner", "name", width=80),
                Column("Points", width=36),
                Column("Won or lost, marks", "words"),
                Column("money", "money", each="side", width=44, money=True),
            ),
            row,
            key="Points: the picking side's card points (61 win; schneider: the losers "
            "took 30 or less; schwarz: no trick).",
            money_key="Money: what each player won or paid.",
        ),
        ReportSection(
            "Schwanzer evaluation (most Schwanzer points lose)",
            (Column("points", each="seat", width=40), Column("losers", "words")),
            schwanzer_row,
        ),
    ),
)
