"""Every game declares its report (words, summary fields, tables) as data on the game;
what every declaration must satisfy, over random played hands of every game, with and
without money."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.phrases import Phrase
from scorekeeper.record import report_hands
from scorekeeper.words import told
from tests.reports.matches import new_ledger, play_hand


def played(game_id: str, seed: int, hands: int = 4, **options):
    ledger = new_ledger(game_id, **options)
    rng = random.Random(seed)
    for _ in range(hands):
        if ledger.game_over:
            break
        play_hand(ledger, rng, break_a_rule=seed % 2 == 0)
    return ledger


def columns_of(ledger, section) -> int:
    """How many cells a row of ``section`` has: one per column, per seat or per side."""
    money = bool(ledger.game.money_option and ledger.settings.get(ledger.game.money_option))
    repeat = {"": 1, "seat": len(ledger.info.players), "side": len(ledger.sides)}
    return sum(repeat[column.each] for column in section.columns if money or not column.money)


def money_options(game_id: str) -> list[dict]:
    option = get_game(game_id).money_option
    return [{}] if option is None else [{}, {option.id: 25}]


CASES = [(game_id, options) for game_id in GAME_MODULES for options in money_options(game_id)]


@pytest.mark.parametrize(
    ("game_id", "options"),
    CASES,
    ids=[f"{game}{' for money' if options else ''}" for game, options in CASES],
)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_each_declared_row_fills_its_columns_and_names_players(game_id, options, seed):
    ledger = played(game_id, seed, **options)
    names = ledger.info.players
    report = ledger.report
    for hand in report_hands(ledger):
        words = told(report.words(hand), names)
        assert words and "{" not in words and not re.search(r"\bseats? \d", words)
        for section in report.sections:
            row = section.row(hand)
            if row is None:
                continue
            assert len(row) == columns_of(ledger, section), section.title
            for cell in row:
                for line in cell if isinstance(cell, list) else [cell]:
                    if isinstance(line, str | Phrase):
                        text = told(line, names)
                        assert "{" not in text and "None" not in text
        for field in report.summary_fields:
            values = field.value(hand)
            assert values is None or len(values) == len(ledger.sides)


def test_money_per_hand_sums_to_the_balances():
    ledger = played("sheepshead", 3, hands=6, point_value=10)
    hands = report_hands(ledger)
    assert hands and all(hand.cents is not None for hand in hands)
    owed = [sum(hand.cents[side] for hand in hands) for side in range(len(ledger.sides))]
    assert owed == [total * 10 for total in ledger.totals]
    assert all(hand.cents is None for hand in report_hands(played("sheepshead", 3)))
