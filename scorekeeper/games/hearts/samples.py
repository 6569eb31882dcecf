"""Hearts' sample results (see :mod:`scorekeeper.games.samples`)."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.games.hearts.hand import SEATS
from scorekeeper.games.hearts.rulebook import JACK_OF_DIAMONDS, option
from scorekeeper.games.hearts.scoring import ALL_POINTS
from scorekeeper.games.outcome import HandOutcome
from scorekeeper.games.samples import Samples, split
from scorekeeper.games.settings import Settings


def random_quick(rng: random.Random, settings: Settings) -> dict[str, Any]:
    """The points taken (mostly 26 in all), now and then a moon, with J♦ where it counts."""
    if rng.random() < 0.1:
        data: dict[str, Any] = {"moon": rng.randrange(SEATS)}
    else:
        data = {"points": split(rng, ALL_POINTS if rng.random() < 0.9 else 25, SEATS)}
    if option(settings, JACK_OF_DIAMONDS):
        data["jack"] = rng.randrange(SEATS)
    return data


def result_of(outcome: HandOutcome) -> dict[str, Any]:
    details = outcome.details
    if details["moon"] is not None and details["renege"] is None:
        data: dict[str, Any] = {"moon": details["moon"]}
    else:
        data = {"points": list(details["taken"])}
    if details["renege"] is not None:
        data["renege"] = details["renege"]
    if details["jack"] is not None:
        data["jack"] = details["jack"]
    return data


SAMPLES = Samples(
    quick={"points": [3, 0, 13, 10]},
    other_quick={"points": [0, 21, 5, 0]},
    random_quick=random_quick,
    result_of=result_of,
    short_match={"game_to": 50},
)
