"""Printable reports (PDF): the match score sheet and the report of one hand.

Letter or A4 (``paper="letter"`` or ``"a4"``), DejaVu Sans embedded, every user string
printed exactly as typed, a footer with the match name and page numbers.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from scorekeeper.reports.fonts import register_fonts
from scorekeeper.reports.hand import hand_report_story
from scorekeeper.reports.layout import PAPERS, render, write
from scorekeeper.reports.sheet import score_sheet_story

if TYPE_CHECKING:
    from scorekeeper.ledger import Ledger

__all__ = [
    "PAPERS",
    "build_hand_report",
    "build_score_sheet",
    "hand_report_bytes",
    "score_sheet_bytes",
]


def score_sheet_bytes(
    ledger: Ledger, paper: str = "letter", pages: Callable[[int], object] | None = None
) -> bytes:
    """The match score sheet as PDF bytes (for a preview or sending); ``pages`` is told
    each page's number as it is laid out (a long match's sheet takes seconds)."""
    register_fonts()
    name = ledger.info.name
    story = score_sheet_story(ledger, paper)
    return render(story, paper, name, f"{name}: score sheet", pages)


def hand_report_bytes(ledger: Ledger, hand_index: int, paper: str = "letter") -> bytes:
    """The report of hand ``hand_index`` (from 0) as PDF bytes."""
    register_fonts()
    name = ledger.info.name
    story = hand_report_story(ledger, hand_index, paper)
    return render(story, paper, f"{name}, hand {hand_index + 1}", f"{name}: hand {hand_index + 1}")


def build_score_sheet(ledger: Ledger, path: str | os.PathLike[str], paper: str = "letter") -> None:
    """Write the match score sheet to ``path``."""
    write(score_sheet_bytes(ledger, paper), path)


def build_hand_report(
    ledger: Ledger, hand_index: int, path: str | os.PathLike[str], paper: str = "letter"
) -> None:
    """Write the report of hand ``hand_index`` (from 0) to ``path``."""
    write(hand_report_bytes(ledger, hand_index, paper), path)
