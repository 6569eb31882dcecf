"""Evidence as the players read it, at a table of Ann, Ben, Cy, Di and Eve."""

from __future__ import annotations

from scorekeeper.games.base import Violation
from scorekeeper.words import evidence_text, told

NAMES = ("Ann", "Ben", "Cy", "Di", "Eve")


def said(violation: Violation) -> tuple[str, ...]:
    """Each piece of the violation's evidence in words."""
    return tuple(evidence_text(item, NAMES) for item in violation.evidence)


def words(text: str) -> str:
    """An outcome's words (summary, penalty, note) with the players' names."""
    return told(text, NAMES)


def all_words(texts: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(words(text) for text in texts)
