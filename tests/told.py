"""Evidence as the players read it, at a table of Ann, Ben, Cy, Di and Eve."""

from __future__ import annotations

from scorekeeper.games.base import Violation
from scorekeeper.phrases import Phrase
from scorekeeper.words import evidence_text, told

NAMES = ("Ann", "Ben", "Cy", "Di", "Eve")


def said(violation: Violation) -> tuple[str, ...]:
    """Each piece of the violation's evidence in words."""
    return tuple(evidence_text(item, NAMES) for item in violation.evidence)


def words(said: Phrase | str) -> str:
    """What an outcome (summary, penalty, note) or a refusal says, with the players' names."""
    return told(said, NAMES)


def refusal(error: BaseException) -> str:
    """Why a result was refused, with the players' names."""
    return told(getattr(error, "said", str(error)), NAMES)


def all_words(texts: tuple[Phrase, ...]) -> tuple[str, ...]:
    return tuple(words(text) for text in texts)
