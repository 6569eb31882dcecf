"""Every column of every report fits its heads and values, at Letter and A4: nothing
prints over the next cell ("b5lind nil", "gamegames") and no name is cut to fit."""

from __future__ import annotations

import pytest

from scorekeeper.reports import score_sheet_bytes
from scorekeeper.reports.fonts import FONT, register_fonts
from scorekeeper.reports.hand import hand_report_story
from scorekeeper.reports.layout import content_width
from scorekeeper.reports.sheet import score_sheet_story
from scorekeeper.reports.statistics import statistics_section
from scorekeeper.reports.text import visual
from tests.reports.fitting import cell_runs, drawn, missing_glyphs, unfit
from tests.reports.matches import example_match, new_ledger, pdf_text
from tests.reports.test_sheet_pages import one_line

PAPERS = ("letter", "a4")


def classic_with_a_blind_nil():
    """Classic Spades entered as the book bids it: one contract per side and the nils."""
    ledger = new_ledger("spades", preset="classic")
    for _ in range(3):  # Anna & Cleo fall 100 behind, so Anna may bid blind nil
        ledger.quick({"contracts": [4, 9], "tricks": [1, 6, 1, 5]})
    nils = ["blind nil", "none", "none", "nil"]
    ledger.quick({"contracts": [4, 5], "nils": nils, "tricks": [0, 5, 7, 1]})
    return ledger


def california_jack():
    ledger = new_ledger("california_jack")
    ledger.quick({"card_points": [10, 4], "honours": [["high"], ["jack"]]})
    return ledger


MATCHES = {
    "spades classic, a blind nil": classic_with_a_blind_nil,
    "california jack": california_jack,
    "sheepshead played": lambda: example_match("sheepshead", hands=3),
    "euchre played": lambda: example_match("euchre", hands=3),
    "spades played": lambda: example_match("spades", hands=3),
}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("make", MATCHES.values(), ids=list(MATCHES))
def test_every_cell_of_the_score_sheet_fits_its_column(make, paper):
    register_fonts()
    assert unfit(score_sheet_story(make(), paper)) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("make", MATCHES.values(), ids=list(MATCHES))
def test_every_cell_of_a_hand_report_fits_its_column(make, paper):
    register_fonts()
    ledger = make()
    assert unfit(hand_report_story(ledger, 0, paper)) == []


STATISTICS_NAMES = ("אבי", "王小明", "مريم الحسن", "さくら")


@pytest.mark.parametrize("paper", PAPERS)
def test_the_statistics_table_prints_names_as_every_other_table(paper):
    ledger = example_match("spades", hands=2, players=STATISTICS_NAMES)
    pages = pdf_text(score_sheet_bytes(ledger, paper))
    text = "\n".join(pages)
    rows = text[text.index("Statistics") :].splitlines()
    for name in STATISTICS_NAMES:  # not reversed, not unjoined, not boxes read as nothing
        assert any(line.startswith(name) for line in rows), name
    section = statistics_section(ledger, content_width(paper))
    table = section[1]
    cells = [cell_runs(row[0], FONT, table._colWidths[0]) for row in table._cellvalues[1:]]
    assert ["".join(text for _, text in runs) for runs in cells] == [
        visual(name) for name in STATISTICS_NAMES
    ]
    assert missing_glyphs(drawn(section)) == []


def test_classic_bid_cells_never_print_a_python_value():
    text = one_line(score_sheet_bytes(classic_with_a_blind_nil()))
    assert "None" not in text
    assert "1 4 1 9 6 – 1 – 5" in text  # Anna and Ben named the contracts, not their partners
    assert "1 4 1 9 6 – 1 – 5 4 0 0 −40 −40 9 2 2 +92 92" in text  # each side's contract
    assert "4 blind nil 0 ✓ 5 5 4 7 nil 1 ✗" in text  # Cleo named 4, Ben 5; Dan's nil failed


@pytest.mark.parametrize(
    ("nils", "tricks", "made"),
    [
        pytest.param(["none", "none", "none", "nil"], [4, 5, 4, 0], 1, id="a nil made"),
        pytest.param(["none", "none", "none", "nil"], [4, 5, 3, 1], 0, id="a nil failed"),
        pytest.param(["blind nil", "none", "none", "none"], [2, 5, 3, 3], 0, id="blind failed"),
    ],
)
def test_spades_statistics_count_a_nil_made_only_when_it_was(nils, tricks, made):
    ledger = new_ledger("spades", preset="classic")
    ledger.quick({"contracts": [3, 9], "tricks": [0, 6, 1, 6]})
    ledger.quick({"contracts": [3, 9], "tricks": [0, 6, 1, 6]})  # Anna & Cleo 180 behind
    ledger.quick({"contracts": [4, 5], "nils": nils, "tricks": tricks})
    seat = nils.index(next(nil for nil in nils if nil != "none"))
    stats = ledger.statistics()[ledger.info.players[seat]]
    assert (stats["nils"], stats["nils made"], stats["nil success"]) == (1, made, made)
