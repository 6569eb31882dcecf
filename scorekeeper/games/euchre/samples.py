"""Euchre's sample results (see :mod:`scorekeeper.games.samples`)."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.games.outcome import HandOutcome
from scorekeeper.games.samples import Samples
from scorekeeper.games.settings import Settings


def random_quick(rng: random.Random, settings: Settings) -> dict[str, Any]:
    return {"makers": rng.randint(0, 1), "tricks": rng.randint(0, 5), "alone": rng.random() < 0.3}


def result_of(outcome: HandOutcome) -> dict[str, Any]:
    details = outcome.details
    if "maker" not in details:
        return {"passed": True}
    return {"maker": details["maker"], "tricks": details["tricks"], "alone": details["alone"]}


SAMPLES = Samples(
    quick={"makers": 0, "tricks": 4, "trump": "hearts"},
    other_quick={"makers": 1, "tricks": 5, "alone": True},
    random_quick=random_quick,
    result_of=result_of,
)
