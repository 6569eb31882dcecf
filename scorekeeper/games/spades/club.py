"""Spades league: fixed partnerships playing a round-robin of matches."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.club.formats.base import Format, Movement, Option, Past, TieBreak, numbers
from scorekeeper.club.formats.berger import berger
from scorekeeper.club.formats.schedule import TEAMS, Round

BERGER = Movement(
    "berger", "Berger tables", "Every team meets every other team once, one match a round."
)


def draw_round(
    teams: int, settings: Mapping[str, Any], seed: int, number: int, past: Past
) -> Round:
    """Round ``number`` of the Berger tables for ``teams``."""
    rounds = berger(teams).rounds
    if number > len(rounds):
        raise ValueError(f"a league of {teams} teams has {len(rounds)} rounds, not {number}")
    return rounds[number - 1]


def round_hands(settings: Mapping[str, Any]) -> int | None:
    return settings["hands"] if settings["match_end"] == "hands" else None


def game_options(settings: Mapping[str, Any]) -> dict[str, Any]:
    """A match to a score is a game of Spades to that score."""
    return {"target": settings["target"]} if settings["match_end"] == "points" else {}


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
        Option(
            "minutes",
            "Time per match",
            "A match still being played after this long is named at the desk as overdue.",
            0,
            ((0, "no limit"), *numbers((30, 45, 60, 75, 90, 120), "minutes")),
        ),
    ),
    ranking=(
        TieBreak("wins", "matches won"),
        TieBreak("points", "points"),
        TieBreak("head_to_head", "head-to-head"),
    ),
    draw_round=draw_round,
    round_hands=round_hands,
    game_options=game_options,
)


def match_over(scores: tuple[int, int], hands: int, settings: Mapping[str, Any]) -> bool:
    """Whether a match with these team scores after ``hands`` hands is finished (a tie
    at the target plays on)."""
    if settings["match_end"] == "hands":
        return hands >= int(settings["hands"])
    return max(scores) >= settings["target"] and scores[0] != scores[1]
