"""Sheepshead's sample results and answers (see :mod:`scorekeeper.games.samples`)."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.cards import Card
from scorekeeper.games.outcome import HandOutcome
from scorekeeper.games.samples import Samples, picks
from scorekeeper.games.settings import Settings


def random_quick(rng: random.Random, settings: Settings) -> dict[str, Any]:
    picker = rng.randrange(5)
    result = {"picker": picker, "points": rng.randint(0, 120), "tricks": rng.randint(0, 6)}
    if rng.random() < 0.3:
        return {**result, "alone": True}
    return {**result, "partner": rng.choice([seat for seat in range(5) if seat != picker])}


def result_of(outcome: HandOutcome) -> dict[str, Any]:
    details = outcome.details
    if details["type"] == "schwanzer":
        return {"schwanzer": list(details["player_schwanzer_points"].values())}
    tricks = details.get("picking_tricks")
    result = {
        "picker": details["picker"],
        "points": details["picking_points"],
        "tricks": tricks if tricks is not None else _tricks(details),
        "call": details["call"],
    }
    if details["partner"] is None:
        result["alone"] = True
    else:
        result["partner"] = details["partner"]
    return result


def _tricks(details: dict[str, Any]) -> int:
    """A number of picking-side tricks consistent with who took a trick."""
    if not details["picking_trick"]:
        return 0
    return 3 if details["defending_trick"] else 6


def _random_answer(rng: random.Random, question: dict[str, Any]) -> dict[str, Any]:
    answer = question["answer"]
    if answer == "schwanzer":
        return {"schwanzer": picks(rng, 5, 0, 8)}
    if answer == "partner":
        return {"partner": rng.choice([*question["seats"], rng.randint(0, 4)])}
    return {"buried": [Card.from_index(rng.randrange(52)).code for _ in range(2)]}


SAMPLES = Samples(
    quick={"picker": 1, "partner": 3, "points": 74, "tricks": 4},
    other_quick={"picker": 2, "alone": True, "points": 40, "tricks": 2},
    random_quick=random_quick,
    result_of=result_of,
    random_answer=_random_answer,
    match_hands=10,
)
