"""A game won by the lowest total, for the tests of every ranking: an existing game with
its own declaration of how it is won flipped (its deck, rules, scoring and tally are the
game's own), entered in the games' registry as any game is."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from scorekeeper import games
from scorekeeper.games.base import Game


def flipped(game_id: str) -> Game:
    """``game_id``'s game with its winning flipped: the lowest total wins it."""
    game = games.get_game(game_id)
    winning = replace(game.winning, lowest=not game.winning.lowest)
    kind = type(
        f"Lowest{type(game).__name__}",
        (type(game),),
        {"id": f"lowest_{game_id}", "title": f"{game.title} (lowest wins)", "winning": winning},
    )
    return kind()


@contextmanager
def registered(game_id: str) -> Iterator[Game]:
    """``game_id`` flipped (:func:`flipped`) in the registry while the block runs."""
    game = flipped(game_id)
    module = types.ModuleType(f"tests.lowest_wins.{game.id}")
    module.GAME = game  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    games.GAME_MODULES[game.id] = module.__name__
    games.get_game.cache_clear()
    try:
        yield game
    finally:
        del games.GAME_MODULES[game.id], sys.modules[module.__name__]
        games.get_game.cache_clear()
