"""Spades league: fixed partnerships playing a round-robin of matches."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.club.formats.base import Format, Movement, Option, TieBreak, numbers
from scorekeeper.club.formats.schedule import TEAMS

BERGER = Movement(
    "berger", "Berger tables", "Every team meets every other team once, one match a round."
)

FORMAT = Format(
    id="spades-league",
    title="Spades league",
    description="Fixed partnerships; every team plays every other team once.",
    game="spades",
    seating=TEAMS,
    table_size=2,
    movements=(BERGER,),
    options=(
        Option(
            "match_end",
            "A match ends",
            "When a team reaches the target score, or after a number of hands.",
            "points",
            (("points", "at the target score"), ("hands", "after a number of hands")),
        ),
        Option(
            "target",
            "Target score",
            "The score that wins a match.",
            500,
            numbers((200, 250, 300, 400, 500), "points"),
        ),
        Option(
            "hands",
            "Hands per match",
            "Hands in a match that ends after a number of hands.",
            10,
            numbers(range(4, 21), "hands"),
        ),
    ),
    ranking=(
        TieBreak("wins", "matches won"),
        TieBreak("points", "points"),
        TieBreak("head_to_head", "head-to-head"),
    ),
)


def match_over(scores: tuple[int, int], hands: int, settings: Mapping[str, Any]) -> bool:
    """Whether a match with these team scores after ``hands`` hands is finished (a tie
    at the target plays on)."""
    if settings["match_end"] == "hands":
        return hands >= settings["hands"]
    return max(scores) >= settings["target"] and scores[0] != scores[1]
