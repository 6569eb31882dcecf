"""Card by card or result only, the same hands give the same ledger, in every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scorekeeper.games import get_game
from scorekeeper.games.base import HandOutcome
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.playout import play_hand

PLAYERS = ("Anna", "Ben", "Cleo", "Dan", "Eve")
HANDS = 40


def sheepshead_result(outcome: HandOutcome) -> dict[str, Any]:
    details = outcome.details
    if details["type"] == "schwanzer":
        return {"schwanzer": list(details["player_schwanzer_points"].values())}
    tricks = outcome.details.get("picking_tricks")
    result = {
        "picker": details["picker"],
        "points": details["picking_points"],
        "tricks": tricks if tricks is not None else _sheepshead_tricks(details),
        "call": details["call"],
    }
    if details["partner"] is None:
        result["alone"] = True
    else:
        result["partner"] = details["partner"]
    return result


def _sheepshead_tricks(details: dict[str, Any]) -> int:
    """A number of picking-side tricks consistent with who took a trick."""
    if not details["picking_trick"]:
        return 0
    return 3 if details["defending_trick"] else 6


def euchre_result(outcome: HandOutcome) -> dict[str, Any]:
    details = outcome.details
    if "maker" not in details:
        return {"passed": True}
    return {"maker": details["maker"], "tricks": details["tricks"], "alone": details["alone"]}


def spades_result(outcome: HandOutcome) -> dict[str, Any]:
    details = outcome.details
    bids = [
        ("blind nil" if blind else "nil") if bid == 0 else bid
        for bid, blind in zip(details["bids"], details["blind"], strict=True)
    ]
    return {"bids": bids, "tricks": list(details["tricks"])}


def california_jack_result(outcome: HandOutcome) -> dict[str, Any]:
    details = outcome.details
    honours: list[list[str]] = [[], []]
    for honour in ("high", "low", "jack"):
        if details[honour] is not None:
            honours[details[honour]].append(honour)
    return {"card_points": list(details["card_points"]), "honours": honours}


RESULTS = {
    "sheepshead": sheepshead_result,
    "euchre": euchre_result,
    "spades": spades_result,
    "california_jack": california_jack_result,
}


@pytest.mark.parametrize("game_id", list(RESULTS))
def test_card_by_card_and_quick_entry_give_the_same_ledger(game_id):
    game = get_game(game_id)
    settings = game.settings()
    info = MatchInfo("Same night", game_id, settings, PLAYERS[: game.seats])
    played, quick = Ledger(info), Ledger(info)
    rng = random.Random(2024)
    while len(played.hands) < HANDS and not played.game_over:
        log = played.current
        _, events = play_hand(game, settings, rng, log.dealer, standing=log.standing)
        for event in events:
            played.record(event)
        quick.quick(RESULTS[game_id](played.outcome(len(played.hands) - 1)))
    assert [s.points for s in quick.scores] == [s.points for s in played.scores]
    assert quick.totals == played.totals
    assert quick.game_over == played.game_over
