"""The score sheet's statistics section: a row per player, read back from the PDF."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.matchfile import load_match
from scorekeeper.reports import score_sheet_bytes
from scorekeeper.words import statistics_table
from tests.reports.matches import pdf_text

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def test_counts_read_as_numbers_and_rates_as_percentages_or_a_dash():
    heads, rows = statistics_table(
        {
            "Ann": {"hands played": 3, "bids": 2, "bids made": 1, "bid success": 0.5},
            "Ben": {"hands played": 3, "nils": 1, "nil success": 1.0},
        }
    )
    assert heads == [
        "Player",
        "Hands played",
        "Bids",
        "Bids made",
        "Bid success",
        "Nils",
        "Nil success",
    ]
    assert rows == [
        ["Ann", "3", "2", "1", "50%", "0", "–"],
        ["Ben", "3", "0", "0", "–", "1", "100%"],
    ]


@pytest.mark.parametrize(
    ("game", "row"),
    [
        pytest.param(
            "spades", "Di 3 3 2 2 100% 1 1 100%", id="spades: bids, nils and their success"
        ),
        pytest.param("sheepshead", "Ben 3 3 2 2 1 100%", id="sheepshead: picks won and partner"),
        pytest.param("euchre", "Ben 3 1 2 1 1 50%", id="euchre: made trump, made, euchred"),
        pytest.param("california_jack", "Ann 3 2 1 0 2 30", id="california jack: honours"),
    ],
)
def test_the_score_sheet_has_a_statistics_row_per_player(game, row):
    ledger = load_match(EXAMPLES / f"{game}.json")
    text = " ".join(" ".join(pdf_text(score_sheet_bytes(ledger))).split())
    section = text[text.index("Statistics") :]
    assert row in section
    assert all(name in section for name in ledger.info.players)
