"""Card by card or result only, the same hands give the same ledger, in every game."""

from __future__ import annotations

import random

import pytest

from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.playout import play_hand

PLAYERS = ("Anna", "Ben", "Cleo", "Dan", "Eve")
HANDS = 40


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_card_by_card_and_quick_entry_give_the_same_ledger(game_id):
    game = get_game(game_id)
    settings = game.settings()
    info = MatchInfo("Same night", game_id, settings, PLAYERS[: game.seats])
    played, quick = Ledger(info), Ledger(info)
    rng = random.Random(2024)
    while len(played.hands) < HANDS and not played.game_over:
        log = played.current
        _, events = play_hand(
            game, settings, rng, log.dealer, standing=log.standing, number=log.number
        )
        for event in events:
            played.record(event)
        quick.quick(game.samples.result_of(played.outcome(len(played.hands) - 1)))
    assert [s.points for s in quick.scores] == [s.points for s in played.scores]
    assert quick.totals == played.totals
    assert quick.game_over == played.game_over
