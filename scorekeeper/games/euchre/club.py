"""Progressive Euchre: individual scores, partners changing every round."""

from __future__ import annotations

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
from scorekeeper.club.formats.move_up import first_round, next_round
from scorekeeper.club.formats.round_robin import round_robin
from scorekeeper.club.formats.schedule import PARTNERS, Round, Schedule
from scorekeeper.club.formats.standings import AVERAGE, FIXED

ROUND_ROBIN = Movement(
    "round-robin",
    "Round-robin",
    "A fixed chart: no two players partner twice, opponents spread as evenly as possible.",
)
MOVE_UP = Movement(
    "move-up",
    "Winners move up",
    "Each table's winners move up a table and split; the head table's losers go to the foot.",
)

ON_OFF = ((False, "off"), (True, "on"))
LONER_OPTIONS = ("loner_five_four", "euchred_loner_three")


def big_hand(outcome: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """A loner who took all five tricks, or a loner euchred."""
    maker = outcome.get("maker")
    if not outcome.get("alone") or maker is None:
        return None
    if outcome.get("result") == "alone march":
        return f"{names[maker]} made a loner, all five tricks"
    if outcome.get("result") == "euchred":
        return f"{names[maker]} was euchred going alone"
    return None


def draw_round(
    players: int, settings: Mapping[str, Any], seed: int, number: int, past: Past
) -> Round:
    """Round ``number`` of the round-robin chart (the same chart every time for a seed);
    with winners move up, round 1 drawn at random and each later one from the results
    of the round before and the players who play now (see ``move_up.next_round``)."""
    if number == 1 or settings["movement"] == ROUND_ROBIN.id:
        return opening_schedule(players, settings, seed).rounds[number - 1]
    if not past.rounds or past.rounds[-1].number != number - 1:
        raise ValueError(f"with winners move up, round {number} follows from round {number - 1}")
    last = past.rounds[-1]
    if any(len(t.seats) != 4 for t in last.tables):
        raise ValueError(
            f"with winners move up, round {number} needs four players at every table "
            f"of round {number - 1}"
        )
    unplayed = [t.number for t in last.tables if (last.number, t.number) not in past.won]
    if unplayed:
        raise ValueError(f"table {unplayed[0]} of round {last.number} has no result yet")
    winners = {t.number: past.won[last.number, t.number] for t in last.tables}
    return next_round(Schedule(players, past.rounds, PARTNERS, "draw"), winners)


def seat_points(
    points: Sequence[int], outcome: Mapping[str, Any], settings: Mapping[str, Any]
) -> tuple[int, ...]:
    """Each seat's points for the standings: as recorded (a paper card may give partners
    different points), but where a loner option changes a seat's points."""
    sides = (points[0], points[1])
    plain = hand_points(sides, outcome, {**settings, **dict.fromkeys(LONER_OPTIONS, False)})
    scored = hand_points(sides, outcome, settings)
    return tuple(p if s == q else s for p, q, s in zip(points, plain, scored, strict=True))


def round_hands(settings: Mapping[str, Any]) -> int | None:
    return settings["hands"] if settings["round_end"] == "hands" else None


def game_options(settings: Mapping[str, Any]) -> dict[str, Any]:
    """A round played as a game is a game of Euchre to 10."""
    return {"target": 10} if settings["round_end"] == "game" else {}


MOVEMENTS = (ROUND_ROBIN, MOVE_UP)

FORMAT = Format(
    id="progressive-euchre",
    title="Progressive Euchre",
    description="Individual scores; partners change every round.",
    game="euchre",
    seating=PARTNERS,
    table_size=4,
    movements=MOVEMENTS,
    options=(
        movement_option(
            "Movement", "How players change tables and partners between rounds.", MOVEMENTS
        ),
        Option("rounds", "Rounds", "How many rounds the night has.", 8, numbers(range(1, 48))),
        Option(
            "round_end",
            "A round ends",
            "After a fixed number of hands, or when a side reaches 10 points.",
            "hands",
            (("hands", "after a number of hands"), ("game", "at a game to 10")),
        ),
        Option(
            "hands",
            "Hands per round",
            "Hands dealt at every table each round.",
            8,
            numbers(range(4, 13), "hands"),
        ),
        Option(
            "minutes",
            "Time per round",
            "A table still playing after this long is named at the desk as overdue.",
            0,
            ((0, "no limit"), *numbers((15, 20, 25, 30, 40, 45, 60), "minutes")),
        ),
        Option(
            "bye",
            "Bye score",
            "What a player sitting out a round scores for it.",
            AVERAGE,
            ((AVERAGE, "their own average round"), (FIXED, "a fixed score")),
        ),
        Option(
            "bye_points",
            "Fixed bye score",
            "Points for a round sat out, with a fixed score.",
            4,
            numbers(range(0, 11), "points"),
        ),
        Option(
            "loner_five_four",
            "Loner pays 5 and 4",
            "A loner who takes all five tricks scores 5, the partner 4.",
            False,
            ON_OFF,
        ),
        Option(
            "euchred_loner_three",
            "Euchred loner gives 3",
            "Defenders who euchre a loner score 3 each.",
            False,
            ON_OFF,
        ),
    ),
    ranking=(
        TieBreak("points", "points"),
        TieBreak("wins", "rounds won"),
    ),
    draw_round=draw_round,
    bye_option="bye",
    big_hand=big_hand,
    seat_points=seat_points,
    round_hands=round_hands,
    game_options=game_options,
)


def hand_points(
    side_points: tuple[int, int], outcome: Mapping[str, Any], settings: Mapping[str, Any]
) -> tuple[int, int, int, int]:
    """Each seat's individual points for one hand: its side's points from the game's
    outcome (``maker`` seat, ``alone``, ``result`` as the euchre outcome records them),
    with the tournament's loner options applied."""
    points = [side_points[seat % 2] for seat in range(4)]
    maker, alone, result = outcome.get("maker"), outcome.get("alone"), outcome.get("result")
    if alone and maker is not None:
        if result == "alone march" and settings["loner_five_four"]:
            points[maker], points[(maker + 2) % 4] = 5, 4
        elif result == "euchred" and settings["euchred_loner_three"]:
            for seat in ((maker + 1) % 4, (maker + 3) % 4):
                points[seat] = 3
    return (points[0], points[1], points[2], points[3])


def opening_schedule(players: int, settings: Mapping[str, Any], seed: int = 0) -> Schedule:
    """The chart for the night: every round of a round-robin, or round 1 of winners
    move up (each later round follows from the results, see ``move_up.next_round``)."""
    if settings["movement"] == ROUND_ROBIN.id:
        return round_robin(players, settings["rounds"], seed)
    return Schedule(players, (first_round(players, seed),), PARTNERS, "draw")
