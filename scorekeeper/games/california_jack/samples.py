"""California Jack's sample results (see :mod:`scorekeeper.games.samples`)."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.games.outcome import HandOutcome
from scorekeeper.games.samples import Samples, split
from scorekeeper.games.settings import Settings

HONOURS = ("high", "low", "jack", "game")


def _dealt_out(rng: random.Random, items: tuple[str, ...]) -> list[list[str]]:
    """Each item to one of two players or to neither."""
    held: list[list[str]] = [[], [], []]
    for item in items:
        rng.choice(held).append(item)
    return held[:2]


def random_quick(rng: random.Random, settings: Settings) -> dict[str, Any]:
    return {
        "card_points": split(rng, rng.randint(0, 80), 2),
        "honours": _dealt_out(rng, HONOURS[: rng.choice((3, 3, 4))]),
    }


def result_of(outcome: HandOutcome) -> dict[str, Any]:
    details = outcome.details
    honours: list[list[str]] = [[], []]
    for honour in HONOURS[:3]:
        if details[honour] is not None:
            honours[details[honour]].append(honour)
    return {"card_points": list(details["card_points"]), "honours": honours}


SAMPLES = Samples(
    quick={"card_points": [8, 2], "honours": [["high", "jack"], ["low"]]},
    other_quick={"card_points": [3, 12], "honours": [[], ["low", "jack"]]},
    random_quick=random_quick,
    result_of=result_of,
    short_match={"match_games": 1},
)
