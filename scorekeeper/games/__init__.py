"""The games, one module each, behind the protocol in :mod:`scorekeeper.games.base`."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

from scorekeeper.games.actions import SHARED, TABLE, Action
from scorekeeper.games.base import Game

GAME_MODULES = {
    "sheepshead": "scorekeeper.games.sheepshead",
    "euchre": "scorekeeper.games.euchre",
    "spades": "scorekeeper.games.spades",
    "california_jack": "scorekeeper.games.california_jack",
    "hearts": "scorekeeper.games.hearts",
}


@cache
def get_game(game_id: str) -> Game[Any]:
    """The game with this id; each module exposes its instance as ``GAME``."""
    if game_id not in GAME_MODULES:
        raise ValueError(f"{game_id!r} is not a game ({', '.join(GAME_MODULES)})")
    game: Game[Any] = import_module(GAME_MODULES[game_id]).GAME
    return game


def all_games() -> tuple[Game[Any], ...]:
    """Every game of the registry."""
    return tuple(get_game(game_id) for game_id in GAME_MODULES)


@cache
def event_actions() -> dict[str, tuple[Action, ...]]:
    """Every event kind a hand may record, with each declaration of it: the shared
    actions, each game's own, then the table's (a decision, a correction)."""
    found: dict[str, list[Action]] = {}
    for action in (*SHARED, *(a for game in all_games() for a in game.actions), *TABLE):
        declared = found.setdefault(action.kind, [])
        if action not in declared:
            declared.append(action)
    return {kind: tuple(declared) for kind, declared in found.items()}
