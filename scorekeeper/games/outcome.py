"""What a hand produced (:class:`HandOutcome`, kept in storage as JSON) and its line in the
ledger after match effects (:class:`HandScore`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.phrases import Phrase

OUTCOME_FORMAT = 6
"""Raised whenever what :meth:`HandOutcome.to_json` writes changes (2: seats in an outcome's
words are ``{n}`` fields for the players' names; 4: a count of one reads in the singular;
5: a penalty's words do not call themselves a penalty, the reader says it once; 6: the
summary and the penalty are phrases, data the words are made of when shown), so stored
outcomes are replayed. A wording change is not a format change: the words are not stored."""


@dataclass(frozen=True)
class HandOutcome:
    """What a hand produced on its own, before match effects (bags, doublers, game end).

    ``points`` is per side (``Game.sides``); ``summary`` is what a few words for the score
    sheet say, as a phrase; ``details`` holds the game's own fields (Schwanzer points,
    bags, honours).
    """

    points: tuple[int, ...]
    summary: Phrase
    details: dict[str, Any] = field(default_factory=dict)
    penalty: Phrase | None = None  # the ruling a penalty came from, for the score sheet

    def to_json(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "summary": self.summary.to_json(),
            "details": self.details,
            "penalty": None if self.penalty is None else self.penalty.to_json(),
        }

    @staticmethod
    def from_json(raw: dict[str, Any]) -> HandOutcome:
        """An outcome as :meth:`to_json` wrote it, or as an older engine did (its words
        as text, kept as they were written)."""
        penalty = raw["penalty"]
        return HandOutcome(
            tuple(raw["points"]),
            Phrase.from_json(raw["summary"]),
            raw["details"],
            None if penalty is None else Phrase.from_json(penalty),
        )

    def canonical(self) -> HandOutcome:
        """The same outcome as it reads back from storage (details as plain JSON values):
        this one when it already is."""
        summary = self.summary.canonical()
        penalty = None if self.penalty is None else self.penalty.canonical()
        if (
            type(self.points) is tuple
            and all(map(read_back, self.points))
            and read_back(self.details)
            and summary is self.summary
            and penalty is self.penalty
        ):
            return self
        return HandOutcome(tuple(as_json(self.points)), summary, as_json(self.details), penalty)


_AS_THEY_ARE = frozenset((str, int, float, bool, type(None)))
_TEXT = frozenset((str,))


def read_back(value: Any) -> bool:
    """Whether ``value`` is as it reads back from JSON: text, a number, true, false, null,
    or a list or an object with text keys holding only such values."""
    kind = type(value)
    if kind in _AS_THEY_ARE:
        return True
    if kind is list:
        return all(map(read_back, value))
    return kind is dict and set(map(type, value)) <= _TEXT and all(map(read_back, value.values()))


def as_json(value: Any) -> Any:
    """``value`` as it reads back from JSON (``json.loads(json.dumps(value))``). Values JSON
    keeps as they are (text, numbers, true, false, null, lists, objects with text keys)
    are copied without writing text; any other value goes through JSON."""
    kind = type(value)
    if kind in _AS_THEY_ARE:
        return value
    if kind is list or kind is tuple:
        return [item if type(item) in _AS_THEY_ARE else as_json(item) for item in value]
    if kind is dict and set(map(type, value)) <= _TEXT:
        return {
            key: item if type(item) in _AS_THEY_ARE else as_json(item)
            for key, item in value.items()
        }
    return json.loads(json.dumps(value))


@dataclass(frozen=True)
class HandScore:
    """One hand's line in the ledger after match effects."""

    points: tuple[int, ...]
    totals: tuple[int, ...]
    notes: tuple[Phrase, ...] = ()
    game_over: bool = False
    winners: tuple[int, ...] = ()  # side indexes, when game_over
