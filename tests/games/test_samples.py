"""What every game supplies for the checks run over all games: sample results that a
match accepts, in the shape its quick-entry forms declare."""

from __future__ import annotations

import random

import pytest

from scorekeeper.adjudicator import Refused
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve")


def new_ledger(game_id: str, settings=None) -> Ledger:
    game = get_game(game_id)
    info = MatchInfo("Samples", game_id, settings or game.settings(), NAMES[: game.seats])
    return Ledger(info)


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_the_sample_results_score_differently_and_leave_the_match_open(game_id):
    samples = get_game(game_id).samples
    points = []
    for result in (samples.quick, samples.other_quick):
        ledger = new_ledger(game_id)
        points.append(ledger.quick(result).points)
        assert not ledger.game_over, result
    assert points[0] != points[1]


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_random_results_have_the_declared_fields_and_some_score(game_id):
    game = get_game(game_id)
    declared = {field.id for form in game.quick_forms for field in form.fields}
    rng = random.Random(game_id)
    for preset in game.preset_ids:
        settings = game.settings(preset)
        scored = 0
        for _ in range(50):
            result = game.samples.random_quick(rng, settings)
            assert set(result) <= declared, result
            try:
                new_ledger(game_id, settings).quick(result)
            except Refused:
                continue
            scored += 1
        assert scored, f"no random {game.title} result of {preset} scored"
