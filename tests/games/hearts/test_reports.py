"""Hearts on the score sheet: the lowest total ranks first, and each hand's table of the
points taken fills its columns with the players' names."""

from __future__ import annotations

import random

from scorekeeper.games.hearts import GAME
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.playout import play_hand
from scorekeeper.record import report_hands
from scorekeeper.reports import hand_report_bytes, score_sheet_bytes
from scorekeeper.reports.fonts import register_fonts
from scorekeeper.reports.sheet import standings
from scorekeeper.words import told

PLAYERS = ("Ann", "Ben", "Cy", "Di")


def _ledger(**options) -> Ledger:
    return Ledger(MatchInfo("Hearts night", "hearts", GAME.settings(**options), PLAYERS))


def test_the_standings_rank_the_lowest_total_first_and_the_tied_lowest_share_the_win():
    ledger = _ledger()
    for result in ([25, 1, 0, 0], [25, 0, 1, 0], [25, 1, 0, 0], [25, 0, 0, 1]):
        ledger.quick({"points": result})
    assert ledger.game_over and ledger.totals == (100, 2, 1, 1)
    register_fonts()
    lines = [paragraph.text for paragraph in standings(ledger)[1:5]]
    assert [line.split("</b> ")[1].split(":")[0] for line in lines] == ["Cy", "Di", "Ben", "Ann"]
    assert [("(winner)" in line) for line in lines] == [True, True, False, False]


def test_each_played_hand_has_its_points_taken_in_the_hands_table():
    ledger = _ledger(jack_of_diamonds=True)
    rng = random.Random(5)
    for number in range(3):
        dealer = ledger.next_dealer
        _state, events = play_hand(GAME, ledger.settings, rng, dealer, number=number)
        for event in events:
            ledger.record(event)
    [section] = GAME.report.sections
    for hand in report_hands(ledger):
        row = section.row(hand)
        assert row is not None and len(row) == 5 and sum(row[:4]) == 26
        assert "J♦" in told(row[4], PLAYERS) and "{" not in told(row[4], PLAYERS)
    assert score_sheet_bytes(ledger).startswith(b"%PDF")
    assert hand_report_bytes(ledger, 0).startswith(b"%PDF")
