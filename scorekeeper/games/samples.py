"""What a game gives for checking it alongside the others: sample results as data.

The checks that run over every registered game (storage, files, reports, the fuzz of the
ledger) play hands card by card from the game's own deal and legal events; what they
cannot make up for a game is a result entered by quick entry. Each game's package holds
its :class:`Samples` in a ``samples`` module, and its ``Game`` class names it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.games.outcome import HandOutcome
    from scorekeeper.games.settings import Settings


def _asks_nothing(rng: random.Random, question: dict[str, Any]) -> dict[str, Any]:
    raise ValueError(f"the game asks no question, yet was asked {question!r}")


@dataclass(frozen=True)
class Samples:
    """Sample data of one game: its results, its answers and the shape of a short match.

    ``quick`` and ``other_quick`` are hands entered as results with the default settings
    that score differently and do not end the match. ``random_quick`` gives results of the
    right shape for ``settings`` whose values may still be impossible. ``result_of`` is
    the result that, entered, scores as the played hand of ``outcome`` did.
    ``random_answer`` answers a question the game asks (``NeedsAnswer.question``), with
    values that may be wrong. ``short_match`` are house options for a short match, and
    ``match_hands`` how many hands a sample match runs to where a match has no end (0:
    it ends by itself).
    """

    quick: dict[str, Any]
    other_quick: dict[str, Any]
    random_quick: Callable[[random.Random, Settings], dict[str, Any]]
    result_of: Callable[[HandOutcome], dict[str, Any]]
    random_answer: Callable[[random.Random, dict[str, Any]], dict[str, Any]] = _asks_nothing
    short_match: dict[str, Any] = field(default_factory=dict)
    match_hands: int = 0


def picks(rng: random.Random, count: int, low: int, high: int) -> list[int]:
    """``count`` random whole numbers from ``low`` to ``high``."""
    return [rng.randint(low, high) for _ in range(count)]


def split(rng: random.Random, total: int, parts: int) -> list[int]:
    """``parts`` random whole numbers that add up to ``total``."""
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
