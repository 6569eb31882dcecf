"""Sheepshead tournament: five-handed tables, individual points over the night."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.club.formats.base import (
    Format,
    Movement,
    Option,
    Past,
    TieBreak,
    movement_option,
    numbers,
)
from scorekeeper.club.formats.redraw import redraw, table_mates
from scorekeeper.club.formats.schedule import INDIVIDUAL, Round
from scorekeeper.club.formats.standings import AVERAGE, ZERO


def draw_round(
    players: int, settings: Mapping[str, Any], seed: int, number: int, past: Past
) -> Round:
    """Round ``number`` drawn keeping apart those who already shared a table (the same for
    a seed), or after round 1 by the standings so far; those who sat out least sitting out
    first."""
    by_standings = settings["movement"] == BY_STANDINGS.id and number > 1
    order = past.ranking if by_standings else None
    rng = random.Random(seed * 1000 + number)
    return redraw(number, range(players), past.sat_out, rng, order, table_mates(past.rounds))


RANDOM = Movement(
    "random",
    "Mixing redraw",
    "Seats are drawn again every round, keeping apart players who already shared a table.",
)
BY_STANDINGS = Movement(
    "standings", "Redraw by standings", "The top five sit together, then the next five, and so on."
)


def big_hand(outcome: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """A schwarz: one side took every trick."""
    picker = outcome.get("picker")
    if not outcome.get("schwarz") or picker is None:
        return None
    alone = outcome.get("type") == "alone" or outcome.get("partner") is None
    side = names[picker] if alone else f"{names[picker]} & {names[outcome['partner']]}"
    took = "every trick" if outcome.get("won") else "no trick"
    return f"Schwarz: {side} took {took}"


MOVEMENTS = (RANDOM, BY_STANDINGS)

FORMAT = Format(
    id="sheepshead-tournament",
    title="Sheepshead tournament",
    description="Five-handed tables; individual points summed over the night.",
    game="sheepshead",
    seating=INDIVIDUAL,
    table_size=5,
    movements=MOVEMENTS,
    options=(
        movement_option("Seating", "How seats are drawn between rounds.", MOVEMENTS),
        Option("rounds", "Rounds", "How many rounds the night has.", 4, numbers(range(1, 13))),
        Option(
            "hands",
            "Hands per round",
            "Hands dealt at every table each round.",
            15,
            numbers(range(5, 31), "hands"),
        ),
        Option(
            "minutes",
            "Time limit",
            "A round also ends when its time is up.",
            0,
            ((0, "none"), *numbers((30, 45, 60, 75, 90), "minutes")),
        ),
        Option(
            "sit_out",
            "Sitting out",
            "Players left over sit out in turn (fewest rounds out first) and score this.",
            ZERO,
            ((ZERO, "nothing (the table average)"), (AVERAGE, "their own average round")),
        ),
        Option(
            "cents_per_point",
            "Money per point",
            "Each point is paid out at this rate.",
            0,
            ((0, "no money"), *((c, f"${c / 100:.2f}") for c in (5, 10, 25, 50, 100))),
        ),
    ),
    ranking=(
        TieBreak("points", "points"),
        TieBreak("best_round", "best round"),
    ),
    draw_round=draw_round,
    bye_option="sit_out",
    big_hand=big_hand,
    game_options=lambda settings: {"point_value": settings["cents_per_point"]},
)
