"""How a game is won, as it declares it, read by every ranking: the match's winners, the
score sheet's standings, statistics, club standings, table winners and the board. A game
won by the lowest total (an existing game with its declaration flipped) ranks the lowest
first, and sides level on the best share the win."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.club.formats import format_winning
from scorekeeper.club.formats.board import Stage, board_data
from scorekeeper.club.formats.schedule import Round, Table
from scorekeeper.club.tournament import ranked, table_results, table_winners
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.euchre.club import FORMAT as PROGRESSIVE
from scorekeeper.games.winning import Winning
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.reports import score_sheet_bytes
from tests.lowest_wins import flipped, registered
from tests.reports.matches import pdf_text

HIGHEST, LOWEST = Winning(), Winning(lowest=True)
NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve")


@pytest.mark.parametrize("game_id", GAME_MODULES)
def test_every_game_declares_which_total_wins_and_its_target(game_id):
    game = get_game(game_id)
    target = game.winning.target_for(game.settings())
    assert isinstance(game.winning, Winning)
    assert target is None or target > 0
    assert flipped(game_id).winning.lowest is not game.winning.lowest


@pytest.mark.parametrize(
    ("game_id", "lowest", "target"),
    [
        pytest.param("sheepshead", False, None, id="sheepshead: highest, no target"),
        pytest.param("euchre", False, 10, id="euchre: highest, to 10"),
        pytest.param("spades", False, 500, id="spades: highest, to 500"),
        pytest.param("california_jack", False, None, id="california jack: an open series"),
    ],
)
def test_the_four_games_are_won_by_the_highest_total(game_id, lowest, target):
    game = get_game(game_id)
    assert (game.winning.lowest, game.winning.target_for(game.settings())) == (lowest, target)


@pytest.mark.parametrize(
    ("winning", "totals", "places"),
    [
        pytest.param(HIGHEST, (3, 9, 5), [(1, 1), (2, 2), (3, 0)], id="highest first"),
        pytest.param(LOWEST, (3, 9, 5), [(1, 0), (2, 2), (3, 1)], id="lowest first"),
        pytest.param(LOWEST, (4, 2, 2, 7), [(1, 1), (1, 2), (3, 0), (4, 3)], id="lowest tied"),
        pytest.param(HIGHEST, (7, 2, 7), [(1, 0), (1, 2), (3, 1)], id="highest tied"),
    ],
)
def test_places_put_the_best_total_first_and_level_totals_share_a_place(winning, totals, places):
    assert winning.places(totals) == places
    assert winning.best(totals) == tuple(side for place, side in places if place == 1)


@pytest.mark.parametrize(
    ("winning", "hand_won", "points", "won"),
    [
        pytest.param(HIGHEST, "scored", (2, -1, 0), (True, False, False), id="highest: scored"),
        pytest.param(LOWEST, "scored", (2, -1, 0), (False, True, False), id="lowest: below 0"),
        pytest.param(LOWEST, "best", (5, 0, 0, 9), (False, True, True, False), id="lowest: best"),
        pytest.param(HIGHEST, "best", (5, 0, 5), (True, False, True), id="highest: best"),
    ],
)
def test_a_won_hand_is_what_the_game_says(winning, hand_won, points, won):
    assert replace(winning, hand_won=hand_won).won_hand(points) == won


def _ledger(game_id: str, **options) -> Ledger:
    game = get_game(game_id)
    info = MatchInfo("Friday night", game_id, game.settings(**options), NAMES[: game.seats])
    return Ledger(info)


def _standing_lines(ledger: Ledger) -> list[str]:
    """The score sheet's standings, a line per side, as the PDF reads."""
    lines = pdf_text(score_sheet_bytes(ledger))[0].splitlines()
    first = next(n for n, line in enumerate(lines) if line.startswith("Standings")) + 1
    return lines[first : first + len(ledger.sides)]


@pytest.mark.parametrize(
    ("lowest", "winners", "first"),
    [
        pytest.param(False, (0,), "1. Anna & Cleo: 10 points (winner)", id="highest"),
        pytest.param(True, (1,), "1. Ben & Dan: 0 points (winner)", id="lowest"),
    ],
)
def test_the_game_ends_at_its_target_and_the_best_total_wins(lowest, winners, first):
    with registered("euchre") as low:
        ledger = _ledger(low.id if lowest else "euchre")
        for _ in range(5):
            ledger.quick({"makers": 0, "tricks": 5})
        assert ledger.game_over and ledger.totals == (10, 0)
        assert ledger.winners == winners
        assert _standing_lines(ledger)[0] == first


SHEEPSHEAD_HANDS = (
    {"picker": 0, "partner": 1, "points": 70, "tricks": 3},
    {"picker": 2, "partner": 3, "points": 70, "tricks": 3},
)
"""Anna and Cleo pick and win with Ben and Dan, Eve defends both: 1, 0, 1, 0, -2."""


@pytest.mark.parametrize("lowest", [False, True], ids=["highest", "lowest"])
def test_the_sheet_ranks_the_best_total_first_and_level_players_share_a_place(lowest):
    with registered("sheepshead") as low:
        ledger = _ledger(low.id if lowest else "sheepshead")
        for hand in SHEEPSHEAD_HANDS:
            ledger.quick(hand)
        totals = ledger.totals
        lines = _standing_lines(ledger)
        shown = [int(line.split(": ")[1].split()[0].replace("−", "-")) for line in lines]
        assert shown == sorted(totals, reverse=not lowest)
        places = [line.split(".")[0] for line in lines]
        for index in range(1, len(shown)):
            level = shown[index] == shown[index - 1]
            assert (places[index] == places[index - 1]) is level
        assert len(set(totals)) < len(totals)  # the hands leave two players level


@pytest.mark.parametrize("lowest", [False, True], ids=["highest", "lowest"])
def test_statistics_count_the_hands_each_player_won_as_the_game_says(lowest):
    with registered("sheepshead") as low:
        ledger = _ledger(low.id if lowest else "sheepshead")
        for hand in SHEEPSHEAD_HANDS:
            ledger.quick(hand)
        stats = ledger.statistics()
        for seat, name in enumerate(NAMES):
            points = [score.points[seat] for score in ledger.scores]
            won = sum(1 for p in points if (p < 0 if lowest else p > 0))
            assert stats[name]["hands won"] == won
        assert stats["Eve"]["hands won"] == (2 if lowest else 0)  # Eve lost both hands


ROUND = Round(1, (Table(1, (0, 1, 2, 3)), Table(2, (4, 5, 6, 7))))
# (round, table, each player's points) of each hand: at table 1 Anna & Cleo (0, 2) take
# 6 to Ben & Dan's 2; at table 2 both sides take 4
HANDS = [
    (1, 1, {0: 4, 1: 0, 2: 4, 3: 0}),
    (1, 1, {0: 2, 1: 2, 2: 2, 3: 2}),
    (1, 2, {4: 1, 5: 3, 6: 1, 7: 3}),
    (1, 2, {4: 3, 5: 1, 6: 3, 7: 1}),
]


@pytest.mark.parametrize(
    ("lowest", "order", "table_won"),
    [
        pytest.param(False, [[0, 2], [4, 5, 6, 7], [1, 3]], 0, id="highest"),
        pytest.param(True, [[1, 3], [4, 5, 6, 7], [0, 2]], 1, id="lowest"),
    ],
)
def test_club_standings_table_winners_and_the_board_rank_the_best_first(lowest, order, table_won):
    with registered("euchre") as low:
        fmt = replace(PROGRESSIVE, game=low.id if lowest else "euchre")
        settings = fmt.settings()
        results = table_results(fmt, [ROUND], HANDS)
        table = ranked(fmt, settings, range(8), [ROUND], results)
        groups = [[s.player for s in table if s.place == place] for place in (1, 3, 7)]
        assert groups == order
        assert all(s.tied for s in table)  # partners level with each other
        won = {r.player for r in results if r.won}
        assert won == set(order[0])
        winners = table_winners([ROUND], HANDS, fmt.seating, format_winning(fmt))
        assert winners[1, 1] == table_won
        board = board_data(fmt, "Friday", Stage(None, 1, 1), table, [f"P{n}" for n in range(8)])
        assert [row[0] for row in board.standings] == [
            "1=",
            "1=",
            "3=",
            "3=",
            "3=",
            "3=",
            "7=",
            "7=",
        ]
        assert {row[1] for row in board.standings[:2]} == {f"P{n}" for n in order[0]}
