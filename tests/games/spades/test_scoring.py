"""Spades scoring: every number of the rules (contracts, bags, nil, blind nil, game end),
quick entry and its refusals, the renege penalty, and a long match through the tally."""

import pytest

from scorekeeper.events import Event, play
from scorekeeper.games.base import ResultError, Violation
from scorekeeper.games.spades import GAME, RULES
from scorekeeper.games.spades.rulebook import CUTTHROAT as CUTTHROAT_OPTION
from tests.told import NAMES, all_words, refusal, words

CLASSIC = GAME.settings("classic")
MODERN = GAME.settings("modern")
CUTTHROAT = GAME.settings("classic", cutthroat=True)
BAG_POINT = GAME.settings("classic", bag_point=True)


def quick(settings, bids, tricks, **extra):
    """Quick entry from per-player bids; in classic partnership play, as its form: each
    side's contract (the sum of its players' bids) and the nils."""
    data = {"bids": bids, "tricks": tricks, **extra}
    if settings.preset == "classic" and not settings.get(CUTTHROAT_OPTION):
        del data["bids"]
        nil = [bid in (0, "nil") or str(bid).lower() == "blind nil" for bid in bids]
        data["nils"] = [
            ("blind nil" if str(bid).lower() == "blind nil" else "nil") if is_nil else "none"
            for bid, is_nil in zip(bids, nil, strict=True)
        ]
        data["contracts"] = [
            sum(bid for seat, bid in enumerate(bids) if seat % 2 == side and not nil[seat])
            for side in (0, 1)
        ]
    return GAME.quick_outcome(settings, 0, data)


# ---------------------------------------------------------------------------
# One hand's points
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "bids", "tricks", "points", "bags"),
    [
        pytest.param(
            CLASSIC,
            [3, 4, 2, 2],
            [3, 4, 3, 3],
            (51, 61),
            (1, 1),
            id="contract made: 10 x team bid + 1 per overtrick (bag)",
        ),
        pytest.param(
            CLASSIC,
            [3, 4, 2, 2],
            [3, 4, 2, 4],
            (50, 62),
            (0, 2),
            id="contract made exactly: 10 x team bid",
        ),
        pytest.param(
            CLASSIC,
            [4, 3, 3, 3],
            [3, 4, 3, 3],
            (-70, 61),
            (0, 1),
            id="contract set: -10 x team bid",
        ),
        pytest.param(
            CLASSIC, [0, 3, 4, 3], [0, 4, 5, 4], (91, 62), (1, 2), id="nil success +50 (spec)"
        ),
        pytest.param(
            CLASSIC,
            [0, 3, 4, 3],
            [2, 4, 2, 5],
            (-10, 63),
            (0, 3),
            id="nil failure -50; the nil bidder's tricks count toward the partner's contract",
        ),
        pytest.param(
            CLASSIC,
            ["blind nil", 3, 4, 3],
            [0, 4, 5, 4],
            (141, 62),
            (1, 2),
            id="blind nil success +100",
        ),
        pytest.param(
            CLASSIC,
            ["blind nil", 3, 4, 3],
            [1, 4, 4, 4],
            (-59, 62),
            (1, 2),
            id="blind nil failure -100",
        ),
        pytest.param(
            MODERN, [0, 3, 4, 3], [0, 4, 5, 4], (141, 62), (1, 2), id="modern: nil success +100"
        ),
        pytest.param(
            MODERN,
            [0, 3, 4, 3],
            [2, 4, 2, 5],
            (-140, 63),
            (0, 3),
            id="modern: nil failure -100, failed nil's tricks do not count for the partner",
        ),
        pytest.param(
            MODERN,
            ["blind nil", 3, 4, 3],
            [0, 4, 5, 4],
            (241, 62),
            (1, 2),
            id="modern: blind nil success +200",
        ),
        pytest.param(
            MODERN,
            ["blind nil", 3, 4, 3],
            [1, 4, 4, 4],
            (-160, 62),
            (0, 2),
            id="modern: blind nil failure -200",
        ),
        pytest.param(
            BAG_POINT,
            [3, 4, 2, 2],
            [4, 4, 3, 2],
            (48, 60),
            (2, 0),
            id="option -1 per bag: each overtrick scores -1",
        ),
        pytest.param(
            CUTTHROAT,
            [3, 4, 2, 0],
            [4, 4, 5, 0],
            (31, 40, 23, 50),
            (1, 0, 3, 0),
            id="cutthroat: each player's own contract, bags and nil",
        ),
        pytest.param(
            CUTTHROAT,
            [3, 4, 6, 0],
            [4, 4, 3, 2],
            (31, 40, -60, -48),
            (1, 0, 0, 2),
            id="cutthroat: failed nil -50 and its tricks are its own bags",
        ),
        pytest.param(
            GAME.settings("modern", cutthroat=True),
            [3, 4, 6, 0],
            [4, 4, 3, 2],
            (31, 40, -60, -100),
            (1, 0, 0, 0),
            id="cutthroat modern: failed nil -100 and its tricks count for nothing",
        ),
        pytest.param(
            GAME.settings("classic", double_nil=True),
            [0, 4, 0, 3],
            [0, 5, 1, 7],
            (1, 75),
            (1, 5),
            id="double nil: a made and a failed nil, the failed nil's trick a bag",
        ),
    ],
)
def test_hand_points(settings, bids, tricks, points, bags):
    sides = GAME.sides(settings)
    blind = {seat for seat, bid in enumerate(bids) if bid == "blind nil"}
    standing = [0 if blind & set(seats) else 100 for seats in sides]  # blind nil is allowed
    outcome = quick(settings, bids, tricks, standing=standing)
    assert outcome.points == points
    assert outcome.details["bags"] == bags
    assert outcome.details["tricks"] == tuple(tricks)


def test_outcome_details_and_summary():
    outcome = quick(CLASSIC, [0, 3, 4, 3], [2, 4, 2, 5])
    assert outcome.details["side_bids"] == (4, 6)
    assert outcome.details["side_tricks"] == (4, 9)
    assert outcome.details["contracts"] == ("made", "made")
    assert outcome.details["nils"] == ("nil failed", None, None, None)
    assert words(outcome.summary) == "Ann & Cy bid 4 took 4; Ben & Di bid 6 took 9; Ann nil failed"


# ---------------------------------------------------------------------------
# Quick entry refusals
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "data", "message"),
    [
        pytest.param(
            CLASSIC,
            {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]},
            "took 12 tricks; a hand has 13",
            id="tricks summing to 12 are refused",
        ),
        pytest.param(
            CLASSIC,
            {"bids": [3, 3, 3, 3], "tricks": [4, 4, 4, 4]},
            "took 16 tricks; a hand has 13",
            id="tricks summing to 16 are refused",
        ),
        pytest.param(
            CLASSIC,
            {"bids": [3, 3, 3, 3], "tricks": [4, 4, 5]},
            "tricks: expected a list of 4, one per seat",
            id="three trick counts are refused",
        ),
        pytest.param(
            CLASSIC,
            {"bids": [3, 3, 3, 3], "tricks": [4, -1, 5, 5]},
            "tricks[1]: expected 0 to 13, not -1",
            id="a negative trick count is refused",
        ),
        pytest.param(
            CLASSIC,
            {"bids": [14, 3, 3, 3], "tricks": [4, 3, 3, 3]},
            "bids[0]: expected 0 to 13, 'nil', 'blind nil', not 14",
            id="bid 14 out of range is refused",
        ),
        pytest.param(
            CLASSIC,
            {"bids": [3, 3, 3], "tricks": [4, 3, 3, 3]},
            "bids: expected a list of 4, one per seat",
            id="three bids are refused",
        ),
        pytest.param(
            CLASSIC,
            {"bids": ["blind nil", 3, "blind nil", 3], "tricks": [0, 6, 0, 7]},
            "both bid blind nil; one side has at most one",
            id="two blind nils by one side are refused",
        ),
        pytest.param(
            GAME.settings("classic", double_nil=True),
            {"bids": ["blind nil", 3, "blind nil", 3], "tricks": [0, 6, 0, 7]},
            "both bid blind nil",
            id="two blind nils by one side are refused even with double nil",
        ),
        pytest.param(
            CLASSIC,
            {"bids": ["nil", 3, 0, 3], "tricks": [0, 6, 0, 7]},
            "both bid nil; the double nil house option is off",
            id="double nil refused without the house option",
        ),
        pytest.param(
            CLASSIC,
            {"bids": ["blind nil", 3, 4, 3], "tricks": [0, 6, 0, 7], "standing": [0, 99]},
            "trails by 99, not 100 or more",
            id="blind nil by a side trailing by 99 is refused",
        ),
        pytest.param(
            CLASSIC,
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "renege": 4},
            "renege: expected a seat, counted from 0 (0 to 3), not 4",
            id="a renege by seat 5 is refused",
        ),
        pytest.param(
            CLASSIC,
            {"bids": ["blind nil", 3, 4, 3], "tricks": [0, 6, 0, 7]},
            "trails by 0, not 100 or more",
            id="blind nil with no standing given: every side is at 0, so it is refused",
        ),
        pytest.param(
            CLASSIC,
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "blind": [True]},
            "'blind' is not a Spades result field (valid: bids, contracts, nils, renege, standing, tricks)",
            id="an unknown key is refused with the valid ones listed",
        ),
        pytest.param(
            CLASSIC,
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "standing": [0, {}]},
            "standing[1]: expected a whole number, not {}",
            id="a standing of the wrong type is refused with the place named",
        ),
        pytest.param(
            CLASSIC,
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "standing": [0, float("inf")]},
            "standing[1]: inf is not a number a table can score",
            id="a non-finite standing is refused",
        ),
    ],
)
def test_quick_entry_refuses_impossible_results(settings, data, message):
    with pytest.raises(ResultError) as error:
        GAME.quick_outcome(settings, 0, data)
    assert message in refusal(error.value)


def test_quick_entry_blind_nil_with_enough_deficit_and_words():
    outcome = quick(CLASSIC, ["Blind Nil", 3, 4, "nil"], [0, 6, 7, 0], standing=[0, 100])
    assert outcome.details["nils"] == ("blind nil made", None, None, "nil made")


# ---------------------------------------------------------------------------
# The renege penalty
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "bids", "tricks", "renege", "side_tricks", "points"),
    [
        pytest.param(
            CLASSIC,
            [3, 3, 3, 3],
            [4, 3, 3, 3],
            0,
            (4, 9),
            (-60, 63),
            id="renege: 3 tricks from the offending side to the other side",
        ),
        pytest.param(
            CLASSIC,
            [3, 3, 3, 3],
            [4, 3, 3, 3],
            1,
            (10, 3),
            (64, -60),
            id="renege by the other side",
        ),
        pytest.param(
            CLASSIC,
            [1, 5, 1, 5],
            [1, 11, 1, 0],
            0,
            (0, 13),
            (-20, 103),
            id="renege: only the 2 tricks the side has move",
        ),
        pytest.param(
            CLASSIC,
            [0, 4, 4, 4],
            [0, 5, 4, 4],
            0,
            (1, 12),
            (-40 + 50, 84),
            id="renege with nil: the nil is judged by its own tricks, not the penalty",
        ),
        pytest.param(
            CLASSIC,
            [0, 4, 4, 4],
            [0, 5, 4, 4],
            1,
            (7, 6),
            (93, -80),
            id="renege against a nil side: moved tricks do not fail the nil",
        ),
        pytest.param(
            CUTTHROAT,
            [3, 3, 3, 3],
            [4, 3, 3, 3],
            0,
            (1, 4, 4, 4),
            (-30, 31, 31, 31),
            id="cutthroat renege: one trick to each other player",
        ),
        pytest.param(
            CUTTHROAT,
            [3, 3, 3, 3],
            [1, 4, 4, 4],
            0,
            (0, 5, 4, 4),
            (-30, 32, 31, 31),
            id="cutthroat renege with 1 trick: to the player on the left",
        ),
    ],
)
def test_renege_penalty(settings, bids, tricks, renege, side_tricks, points):
    outcome = quick(settings, bids, tricks, renege=renege)
    assert outcome.details["side_tricks"] == side_tricks
    assert outcome.points == points
    assert words(outcome.penalty).startswith(f"{NAMES[renege]} reneged")
    assert outcome.details["tricks"] == tuple(tricks)


def test_a_renege_let_stand_in_a_played_hand():
    state = GAME.new_hand(CLASSIC, 3)
    for seat in range(4):
        state.apply(Event("bid", seat=seat, value=3))
    state.apply(play(0, "2C"))
    state.penalties.append(Violation(RULES["spades.play.follow-suit"], 0, None, 1, ("held 5♣",)))
    state.apply(Event("claim", seat=2))
    outcome = GAME.score_hand(state)
    assert state.taken == [0, 0, 13, 0]
    assert outcome.details["side_tricks"] == (10, 3)
    assert outcome.points == (64, -60)
    assert words(outcome.penalty) == "Ann reneged (follow suit); 3 tricks to Ben & Di"


def test_a_renege_by_a_side_without_tricks_moves_nothing():
    outcome = quick(CLASSIC, [3, 3, 3, 3], [0, 6, 0, 7], renege=2)
    assert outcome.details["side_tricks"] == (0, 13)
    assert words(outcome.penalty) == "Cy reneged; no trick to give"


def test_score_hand_needs_a_finished_hand():
    with pytest.raises(ValueError, match="not over"):
        GAME.score_hand(GAME.new_hand(CLASSIC, 0))


# ---------------------------------------------------------------------------
# The tally: bags, game end
# ---------------------------------------------------------------------------


def run(settings, hands, standing_check=True):
    tally = GAME.new_tally(settings)
    scores = []
    for bids, tricks in hands:
        extra = {"standing": list(tally.standing)} if standing_check else {}
        scores.append(tally.add(quick(settings, bids, tricks, **extra)))
    return tally, scores


def test_ten_bags_cost_100_and_the_count_restarts_from_the_remainder():
    tally, scores = run(CLASSIC, [([1, 3, 1, 3], [5, 3, 5, 0]), ([1, 3, 1, 3], [3, 3, 4, 3])])
    assert tally.bags == [3, 0]  # 8 bags, then 5 more: 13 -> -100, 3 carried
    assert scores[1].points == (25 - 100, 60)
    assert all_words(scores[1].notes) == ("Ann & Cy: 10 bags, −100",)


def test_twelve_bags_in_one_hand_after_nine_cost_100_twice():
    tally, scores = run(CLASSIC, [([1, 1, 1, 1], [6, 1, 5, 1]), ([0, 1, 1, 1], [0, 0, 13, 0])])
    assert scores[0].points == (29, 20)  # bid 2 took 11: 9 bags
    assert scores[1].points == (50 + 22 - 200, -20)  # nil made, bid 1 took 13: 12 bags
    assert all_words(scores[1].notes) == ("Ann & Cy: 10 bags, −100",) * 2
    assert tally.bags == [1, 0]  # 9 + 12 = 21: twice -100, 1 carried


def test_option_minus_one_per_bag_never_costs_100():
    tally, scores = run(BAG_POINT, [([1, 3, 1, 3], [5, 3, 5, 0])] * 3)
    assert all(score.points == (12, -60) for score in scores)
    assert tally.bags == [24, 0]


@pytest.mark.parametrize(
    ("settings", "before", "hand", "over", "winners"),
    [
        pytest.param(
            CLASSIC,
            (490, 300),
            ([3, 3, 3, 3], [3, 3, 4, 3]),
            True,
            (0,),
            id="game to 500: first side to 500 wins",
        ),
        pytest.param(
            CLASSIC,
            (480, 470),
            ([3, 3, 3, 3], [4, 3, 3, 3]),
            True,
            (0,),
            id="both pass 500 in one hand: the higher score wins",
        ),
        pytest.param(
            CLASSIC,
            (470, 480),
            ([3, 3, 3, 3], [4, 3, 3, 3]),
            True,
            (1,),
            id="both pass 500 in one hand: the higher score wins even when it is the other side",
        ),
        pytest.param(
            CLASSIC,
            (450, 440),
            ([3, 4, 3, 3], [3, 3, 3, 4]),
            False,
            (),
            id="both pass 500 equal: play on",
        ),
        pytest.param(
            CLASSIC, (400, 300), ([3, 3, 3, 3], [3, 3, 4, 3]), False, (), id="under 500: play on"
        ),
        pytest.param(
            GAME.settings("classic", target=300),
            (290, 100),
            ([3, 3, 3, 3], [3, 3, 4, 3]),
            True,
            (0,),
            id="game to 300 (house option): first side to 300 wins",
        ),
        pytest.param(
            GAME.settings("classic", target=300),
            (200, 100),
            ([3, 3, 3, 3], [3, 3, 4, 3]),
            False,
            (),
            id="game to 300 (house option): under 300 play on",
        ),
        pytest.param(
            MODERN,
            (-150, 0),
            ([3, 3, 3, 3], [2, 3, 0, 8]),
            True,
            (1,),
            id="modern: game also ends at -200",
        ),
        pytest.param(
            CLASSIC,
            (-150, 0),
            ([3, 3, 3, 3], [2, 3, 0, 8]),
            False,
            (),
            id="classic: -200 does not end the game",
        ),
    ],
)
def test_game_end(settings, before, hand, over, winners):
    tally = GAME.new_tally(settings)
    tally.totals = list(before)
    score = tally.add(quick(settings, *hand))
    assert score.game_over is over
    assert score.winners == winners


def test_cutthroat_game_end_the_highest_player_wins():
    tally = GAME.new_tally(CUTTHROAT)
    tally.totals = [480, 470, 100, 0]
    score = tally.add(quick(CUTTHROAT, [3, 4, 3, 3], [3, 4, 3, 3]))
    assert score.totals == (510, 510, 130, 30)
    assert not score.game_over and all_words(score.notes) == ("tied at 510: play on",)
    score = tally.add(quick(CUTTHROAT, [3, 4, 3, 3], [3, 4, 3, 3]))
    assert score.game_over and score.winners == (1,)


def test_no_hand_after_the_game_is_over():
    tally = GAME.new_tally(CLASSIC)
    tally.totals = [495, 0]
    tally.add(quick(CLASSIC, [3, 3, 3, 3], [3, 3, 4, 3]))
    with pytest.raises(ValueError, match="already over"):
        tally.add(quick(CLASSIC, [3, 3, 3, 3], [3, 3, 4, 3]))


# ---------------------------------------------------------------------------
# A long match to 500
# ---------------------------------------------------------------------------

LONG_MATCH = [
    # bids, tricks, hand points after bags, totals after
    ([3, 4, 3, 5], [2, 4, 2, 5], (-60, 90), (-60, 90)),  # seats 1&3 set
    (
        ["blind nil", 4, 4, 4],
        [1, 4, 4, 4],
        (-59, 80),
        (-119, 170),
    ),  # failed blind nil, trailing 150
    ([7, 1, 6, 1], [7, 0, 6, 0], (130, -20), (11, 150)),
    ([7, 1, 6, 1], [7, 0, 6, 0], (130, -20), (141, 130)),
    ([2, 3, 1, 2], [2, 5, 1, 5], (30, 55), (171, 185)),  # 5 bags
    ([2, 3, 1, 2], [2, 5, 1, 5], (30, -45), (201, 140)),  # 10 bags: -100
    ([2, 3, 1, 2], [2, 5, 1, 5], (30, 55), (231, 195)),
    ([2, 3, 1, 2], [2, 5, 1, 5], (30, -45), (261, 150)),  # 10 bags again: -100
    ([1, 7, 1, 6], [0, 7, 0, 6], (-20, 130), (241, 280)),
    ([3, 4, 3, 3], [3, 4, 3, 3], (60, 70), (301, 350)),
    ([3, 4, 3, 3], [3, 4, 3, 3], (60, 70), (361, 420)),
    ([5, 2, 4, 1], [5, 2, 4, 2], (90, 31), (451, 451)),
    (["nil", 5, 4, 4], [0, 5, 4, 4], (90, 90), (541, 541)),  # tie above 500: play on
    ([3, 4, 3, 3], [3, 4, 3, 3], (60, 70), (601, 611)),  # seats 2 & 4 win
]


def test_long_match_to_500_bags_twice_failed_blind_nil_and_a_tie_above_500():
    tally = GAME.new_tally(CLASSIC)
    for number, (bids, tricks, points, totals) in enumerate(LONG_MATCH, start=1):
        last = number == len(LONG_MATCH)
        score = tally.add(quick(CLASSIC, bids, tricks, standing=list(tally.standing)))
        assert (score.points, score.totals) == (points, totals), f"hand {number}"
        assert score.game_over is last, f"hand {number}"
    assert score.winners == (1,)
    assert all_words(score.notes) == ("Ben & Di win",)


def test_long_match_notes_bags_and_the_tie():
    tally = GAME.new_tally(CLASSIC)
    notes = [
        all_words(tally.add(quick(CLASSIC, bids, tricks, standing=list(tally.standing))).notes)
        for bids, tricks, *_ in LONG_MATCH
    ]
    assert notes[5] == notes[7] == ("Ben & Di: 10 bags, −100",)
    assert notes[12] == ("tied at 541: play on",)
    assert sum(len(n) for n in notes) == 4


def test_blind_nil_in_the_long_match_needed_the_deficit():
    with pytest.raises(ResultError) as error:
        quick(CLASSIC, *LONG_MATCH[1][:2], standing=[0, 0])
    assert "trails by 0" in refusal(error.value)
