"""``scorekeeper check FILE --explain HAND``: a hand trick by trick, who won and why,
with each ruling beside the trick it concerns."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from scorekeeper.cards import Card
from scorekeeper.cli import main
from scorekeeper.games import get_game
from scorekeeper.trick_won import TrickWon
from scorekeeper.words import trick_won_text
from tests.test_match_format_examples import BEFORE_ANSWER, doc_examples, match_file

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def explain(game: str, hand: int) -> tuple[int, list[str]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["check", str(EXAMPLES / f"{game}.json"), "--explain", str(hand)])
    return status, out.getvalue().splitlines()


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        (
            "euchre",
            [
                "Trick 1: Ben leads. Ben A♦, Cy 10♣, Di 9♥, Ann J♦.",
                "  Ann wins with J♦, the right bower: the highest trump, and trump was led.",
                "  Ruling (let stand): Follow suit: Cy played 10♣ in trick 1.",
            ],
        ),
        (
            "euchre",
            [
                "Trick 2: Ann leads. Ann J♥, Ben 9♦, Cy 10♦, Di 10♥.",
                "  Ann wins with J♥, the left bower: the highest trump, and trump was led.",
                "",
                "Trick 3: Ann leads. Ann K♦, Ben Q♦, Cy 10♠, Di Q♠.",
            ],
        ),
        (
            "spades",
            [
                "Trick 2: Ben leads. Ben K♣, Cy K♠, Di Q♣, Ann 6♣.",
                "  Cy wins with K♠: trump beats the suit led (clubs).",
            ],
        ),
        (
            "sheepshead",
            [
                "Trick 2: Ben leads. Ben J♣, Cy Q♠, Di J♦, Eve 8♠, Ann J♠.",
                "  Cy wins with Q♠: the highest trump, and trump was led "
                "(trump from the highest down: Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦).",
            ],
        ),
        (
            "sheepshead",
            [
                "Trick 3: Cy leads. Cy K♥, Di A♥, Eve 9♣, Ann 8♥, Ben 7♥.",
                "  Di wins with A♥: the highest of the suit led (hearts).",
            ],
        ),
        (
            "california_jack",
            [
                "Trick 1: Ben leads. Ben 5♥, Ann 7♣.",
                "  Ann wins with 7♣: trump beats the suit led (hearts).",
                "  Ruling (let stand): Follow suit: Ann played 7♣ in trick 1.",
            ],
        ),
    ],
    ids=[
        "euchre: the right bower wins a trump lead; the renege beside trick 1",
        "euchre: the left bower is trump",
        "spades: a spade trumps clubs",
        "sheepshead: trump in its own order",
        "sheepshead: the highest of the suit led",
        "california jack: trump beats the suit led; the renege beside trick 1",
    ],
)
def test_explain_tells_each_trick_who_led_who_won_and_why(game, expected):
    status, lines = explain(game, 1)
    assert status == 1  # each example's first hand holds a ruling
    start = lines.index(expected[0])
    assert lines[start : start + len(expected)] == expected


def test_explain_names_the_penalty_after_the_tricks():
    _, lines = explain("euchre", 1)
    assert lines[-1] == "Penalty: renege (Follow suit, Cy, trick 1): 2 to Ben & Di"


def test_a_hand_entered_as_a_result_has_no_tricks_to_explain():
    status, lines = explain("euchre", 2)
    assert status == 0
    assert lines == [
        "Hand 2 (dealer Ben): Ann & Cy made ♥ trump: made, 4 tricks",
        "Entered as a result: makers Ann & Cy; tricks 4; trump hearts.",
        "No tricks on record.",
    ]


def test_a_hand_that_is_not_in_the_match_is_refused():
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(["check", str(EXAMPLES / "euchre.json"), "--explain", "9"])
    assert status == 2
    assert "--explain 9: the match has hands 1 to 3" in err.getvalue()


def test_the_under_card_is_said_to_be_unable_to_win():
    won = TrickWon(1, Card.parse("KH"), Card.parse("KH"), "led", "hearts", barred=Card.parse("AH"))
    assert trick_won_text(won, ["Ann", "Ben"]) == (
        "Ben wins with K♥: the highest of the suit led (hearts); "
        "A♥ is the under card and cannot win a trick of its suit."
    )


def test_california_jack_draws_are_told_after_the_trick_that_led_to_them():
    _, lines = explain("california_jack", 1)
    start = lines.index("Trick 2: Ann leads. Ann 6♠, Ben Q♠.")
    assert lines[start - 3 : start] == [
        "      had to follow hearts: Ann held A♥",
        "  Ann draws 6♠; Ben draws 4♦.",
        "",
    ]
    assert lines[start : start + 3] == [
        "Trick 2: Ann leads. Ann 6♠, Ben Q♠.",
        "  Ben wins with Q♠: the highest of the suit led (spades).",
        "  Ben draws Q♦; Ann draws 9♠.",
    ]
    assert sum(" draws " in line for line in lines) == 9  # the pile runs out after trick 9


def test_draws_nobody_saw_are_told_as_such(tmp_path):
    document = json.loads((EXAMPLES / "california_jack.json").read_text(encoding="utf-8"))
    events = document["hands"][0]["events"]
    del events[2]  # the pile is not on record
    for event in events:
        event.pop("card") if event["kind"] == "draw" else None
        if event["kind"] == "decision":
            event["ref"] -= 1
    path = tmp_path / "unseen.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["check", str(path), "--explain", "1"])
    lines = out.getvalue().splitlines()
    start = lines.index("Trick 2: Ann leads. Ann 6♠, Ben Q♠.")
    assert lines[start + 2] == "  Ben draws a card no one saw; Ann draws a card no one saw."


def explain_file(path: Path, hand: int = 1) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["check", str(path), "--explain", str(hand)])
    return out.getvalue().splitlines()


@pytest.mark.parametrize(
    ("kind", "told"),
    [
        pytest.param(
            "schwanzer",
            ["  Ben passed", "Answered: schwanzer Ann 9, Ben 7, Cy 5, Di 3, Eve 2."],
            id="five passes, then each player's Schwanzer points",
        ),
        pytest.param(
            "partner",
            [
                "  Ben picked",
                "  called A♥",
                "  Ben claimed the remaining tricks",
                "Answered: partner Di.",
            ],
            id="a claim, then the partner never revealed",
        ),
        pytest.param(
            "buried",
            [
                "  the picker went alone",
                "  Di claimed the remaining tricks",
                "Answered: buried A♣ 10♣.",
            ],
            id="a defenders' claim, then the cards buried unseen",
        ),
    ],
)
def test_explain_tells_every_event_claims_and_answers_included(kind, told, tmp_path):
    example = next(example for example in doc_examples() if kind in example)
    events = [*BEFORE_ANSWER[kind], {"kind": "answer", "data": example}]
    options = {"all_pass": "schwanzer"} if kind == "schwanzer" else {}
    lines = explain_file(match_file(tmp_path, "sheepshead", "standard", events, **options))
    for line in told:
        assert line in lines, lines


def test_explain_tells_the_deal_bids_and_calls_before_play():
    _, lines = explain("spades", 1)
    before = lines[1 : lines.index("")]
    assert before[0] == "Before play:"
    assert "  Ann held 6♣ 8♣ 9♣ 10♣ 2♦ 5♦ K♦ 4♥ 6♥ 7♥ Q♥ 4♠ J♠" in before
    assert "  Di bid nil" in before


@pytest.mark.parametrize(
    ("game", "own", "others"),
    [
        pytest.param("sheepshead", ("picking", "burying"), ("upcard", "bids"), id="sheepshead"),
        pytest.param("euchre", ("upcard", "discard"), ("picking", "burying"), id="euchre"),
        pytest.param("spades", ("bids", "nil"), ("picking", "burying"), id="spades"),
        pytest.param("california_jack", ("trump card", "draws"), ("picking", "bids"), id="cj"),
    ],
)
def test_a_step_out_of_order_is_told_in_the_games_own_words(game, own, others):
    text = get_game(game).rules["table.wrong-phase"].text
    assert all(word in text for word in own), text
    assert not any(word in text for word in others), text
