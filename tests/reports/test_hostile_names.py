"""Names in every script through every report: each game's score sheet and hand report,
at Letter and A4, with right-to-left, Chinese and Japanese, emoji, combining marks and
zero-width characters, read back as typed; team names keep their players' order."""

from __future__ import annotations

import re
from functools import cache
from html import unescape

import pytest

from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.reports import hand_report_bytes, score_sheet_bytes
from scorekeeper.reports.fonts import register_fonts
from scorekeeper.reports.hand import hand_report_story
from scorekeeper.reports.sheet import match_header, score_sheet_story, standings
from scorekeeper.reports.text import team, visual
from tests.reports.fitting import drawn, missing_glyphs, unfit
from tests.reports.matches import example_match, new_ledger, pdf_text
from tests.reports.test_sheet_pages import render

PAPERS = ("letter", "a4")
ARABIC, HEBREW = "مريم الحسن", "אבי"
ZOE = "Zoe\u0308 🃏"  # e and a combining diaeresis, a joker
HOSTILE = (HEBREW, "王小明", "さくら", "Ann\u200bMarie", "🐑 Zoë", ARABIC, "李雷 🀄", ZOE, "Bob 😀")
"""Names in many scripts; each game's players are some of them in turn."""
GAMES = list(GAME_MODULES)


def names_of(game: str) -> tuple[str, ...]:
    """One name a seat, the games starting at different names (the first game at the
    first name, the next five names on)."""
    start = 5 * GAMES.index(game)
    return tuple(HOSTILE[(start + seat) % len(HOSTILE)] for seat in range(get_game(game).seats))


@cache
def hostile(game: str):
    names = names_of(game)
    return example_match(game, hands=3, players=names, name=f"Night of {names[1]}")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_name_reads_back_as_typed_from_the_sheet(game, paper):
    ledger = hostile(game)
    data = score_sheet_bytes(ledger, paper)
    render(data, f"hostile-{game}-{paper}")
    text = "\n".join(pdf_text(data))
    lines = {line.strip() for line in text.splitlines()}
    for seat, name in enumerate(names_of(game), start=1):
        assert f"Seat {seat}: {name}" in lines
        assert text.count(name) >= 4, name  # seat, standings, chart key, tables at least
    assert "[" not in text, "a character printed as words"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_name_reads_back_as_typed_from_a_hand_report(game, paper):
    ledger = hostile(game)
    data = hand_report_bytes(ledger, 0, paper)
    render(data, f"hostile-{game}-hand-{paper}")
    text = "\n".join(pdf_text(data))
    assert f"Hand 1: Night of {names_of(game)[1]}" in text
    for name in names_of(game):
        assert name in text, name
    assert "[" not in text, "a character printed as words"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_table_cuts_a_name_or_draws_a_box(game, paper):
    register_fonts()
    ledger = hostile(game)
    for story in (score_sheet_story(ledger, paper), hand_report_story(ledger, 0, paper)):
        assert unfit(story) == []
        assert missing_glyphs(drawn(story)) == []


def lines_of(story) -> list[str]:
    """Each paragraph of ``story`` as drawn, left to right, without its markup."""
    return [unescape(re.sub(r"<[^>]+>", "", flowable.text)) for flowable in story]


@pytest.mark.parametrize(
    "players",
    [
        pytest.param((ARABIC, "Ben", ZOE, "Dan"), id="Arabic & Zoë 🃏"),
        pytest.param((HEBREW, "Ben", "Bob 😀", "Dan"), id="Hebrew & Bob 😀"),
        pytest.param(("Bob 😀", "Ben", HEBREW, "Dan"), id="Bob 😀 & Hebrew"),
    ],
)
def test_a_mixed_direction_team_keeps_its_order_in_every_line(players):
    register_fonts()
    ledger = new_ledger("spades", players)
    ledger.quick({"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    drawn_team = f"{visual(players[0])} & {visual(players[2])}"  # seat order, left to right
    assert visual(team(players[0::2])) == drawn_team
    assert f"Team 1: {drawn_team}" in lines_of(match_header(ledger)[1:])
    assert any(line.startswith(f"1. {drawn_team}: ") for line in lines_of(standings(ledger)))
