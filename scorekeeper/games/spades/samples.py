"""Spades' sample results (see :mod:`scorekeeper.games.samples`)."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.games.outcome import HandOutcome
from scorekeeper.games.samples import Samples, picks, split
from scorekeeper.games.settings import Settings
from scorekeeper.games.spades.quick import QUICK_FORMS


def _tricks(rng: random.Random) -> list[int]:
    """Tricks that mostly add up to 13, so that most entries score (nils fail, sides go
    set, and the game ends)."""
    return split(rng, 13, 4) if rng.random() < 0.8 else picks(rng, 4, 0, 6)


def random_quick(rng: random.Random, settings: Settings) -> dict[str, Any]:
    """Each player's bid, or each side's contract where the preset has one per side."""
    forms = [form for form in QUICK_FORMS if form.applies(settings)]
    if rng.choice(forms).key != "contracts":
        return {"bids": picks(rng, 4, 0, 6), "tricks": _tricks(rng)}
    return {
        "contracts": picks(rng, 2, 0, 13),
        "nils": [rng.choice(["none", "none", "nil", "blind nil"]) for _ in range(4)],
        "tricks": _tricks(rng),
    }


def result_of(outcome: HandOutcome) -> dict[str, Any]:
    details = outcome.details
    bids = [
        ("blind nil" if blind else "nil") if bid == 0 else bid
        for bid, blind in zip(details["bids"], details["blind"], strict=True)
    ]
    return {"bids": bids, "tricks": list(details["tricks"])}


SAMPLES = Samples(
    quick={"bids": [3, 4, 2, 3], "tricks": [4, 4, 2, 3]},
    other_quick={"bids": [2, 3, 4, 4], "tricks": [1, 3, 5, 4]},
    random_quick=random_quick,
    result_of=result_of,
)
