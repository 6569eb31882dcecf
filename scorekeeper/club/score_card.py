"""What can be told of a hand given as points alone (a paper score card typed at the
desk, a director's correction): there are no events to replay, so its points are judged
against what one hand of the night's game can give, as the format scores it."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from scorekeeper.club.formats import format_by_id
from scorekeeper.club.formats.base import Format, as_played
from scorekeeper.games import get_game


def impossible_points(
    fmt: Format, settings: Mapping[str, Any], points: Sequence[int]
) -> str | None:
    """Why ``points`` (each seat's, in seat order) cannot be one hand of ``fmt``'s game
    as the format scores it (None: they can be). Where the game lists every outcome of a
    hand, the points must be one of theirs; else the seats of a side score alike (a
    format that counts points as played) and, where the game's hands add up to nothing,
    so do these."""
    game = get_game(fmt.game)
    played = game.settings(**fmt.game_options(settings))
    sides = game.sides(played)
    possible = _possible(fmt.id, json.dumps(settings, sort_keys=True))
    if possible is not None:
        return None if tuple(points) in possible else f"no hand of {game.title} gives these points"
    if fmt.seat_points is as_played and any(len({points[s] for s in side}) > 1 for side in sides):
        return f"partners score alike in a hand of {game.title}"
    total = sum(points[side[0]] for side in sides)
    if game.zero_sum and total:
        return f"the points of a hand of {game.title} add up to 0, and these to {total}"
    return None


@lru_cache(maxsize=32)
def _possible(format_id: str, settings_json: str) -> frozenset[tuple[int, ...]] | None:
    """Each seat's points, as the format scores them, of every outcome a hand of its game
    can have (None: the game cannot list them)."""
    fmt, settings = format_by_id(format_id), json.loads(settings_json)
    game = get_game(fmt.game)
    played = game.settings(**fmt.game_options(settings))
    listed = game.hand_outcomes(played)
    if listed is None:
        return None
    side_of = {seat: k for k, side in enumerate(game.sides(played)) for seat in side}
    return frozenset(
        tuple(
            fmt.seat_points(
                [outcome.points[side_of[seat]] for seat in range(game.seats)],
                outcome.canonical().details,
                settings,
            )
        )
        for outcome in listed
    )
