"""Jack of Diamonds partner (RULES.md §1.9), a house variant declared only in the
Sheepshead package: the holder of J♦ is the partner; a picker who holds J♦ plays alone,
or, with ``call_next_jack``, calls the highest jack they lack."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest

from scorekeeper.cards import Card
from scorekeeper.events import Event
from scorekeeper.games import GAME_MODULES
from scorekeeper.games.base import ResultError
from scorekeeper.games.sheepshead import Call
from scorekeeper.playout import play_hand
from tests.games.sheepshead.test_hand import known_picker, rule_ids
from tests.games.sheepshead.test_tricks import GAME

A = Card.parse
JACK = {"partner": "jack_of_diamonds"}
NEXT = {"partner": "jack_of_diamonds", "call_next_jack": True}
ROOT = Path(__file__).resolve().parents[3]


def calls(hand) -> list[Call]:
    return [Call(e.value, e.card, e.under) for e in hand.legal_events() if e.kind == "call"]


@pytest.mark.parametrize(
    ("words", "eight", "options", "expected"),
    [
        pytest.param(
            "picker without J♦: the holder of J♦ is the partner, or alone",
            "K♥ 9♥ 7♠ Q♣ J♣ A♦ A♣ 8♦",
            JACK,
            [Call("jack", A("J♦")), Call("alone")],
            id="picker without J♦: J♦ partner or alone",
        ),
        pytest.param(
            "picker with J♦: plays alone",
            "K♥ 9♥ 7♠ Q♣ J♦ A♦ A♣ 8♦",
            JACK,
            [Call("alone")],
            id="picker with J♦: alone",
        ),
        pytest.param(
            "picker with J♦ and call the next jack: calls J♥",
            "K♥ 9♥ 7♠ Q♣ J♦ A♦ A♣ 8♦",
            NEXT,
            [Call("jack", A("J♥")), Call("alone")],
            id="picker with J♦, next jack: J♥",
        ),
        pytest.param(
            "picker with J♦ and J♥ and call the next jack: calls J♠",
            "K♥ 9♥ 7♠ Q♣ J♦ J♥ A♣ 8♦",
            NEXT,
            [Call("jack", A("J♠")), Call("alone")],
            id="picker with J♦ J♥, next jack: J♠",
        ),
        pytest.param(
            "picker with every jack and call the next jack: alone",
            "K♥ 9♥ J♠ J♣ J♦ J♥ A♣ 8♦",
            NEXT,
            [Call("alone")],
            id="picker with every jack: alone",
        ),
    ],
)
def test_the_calls_a_picker_may_make(words, eight, options, expected):
    assert calls(known_picker(eight, **options)) == expected


def test_an_ace_call_is_not_a_call_where_the_holder_of_jd_is_the_partner():
    hand = known_picker("K♥ 9♥ 7♠ Q♣ J♣ A♦ A♣ 8♦", **JACK)
    (violation,) = hand.check(Event("call", value="ace", card=A("A♥")))
    assert violation.rule_id == "sheepshead.call.what" and violation.rule.refuses


def test_a_jack_call_is_not_a_call_where_the_picker_calls_an_ace():
    hand = known_picker("K♥ 9♥ 7♠ Q♣ J♣ A♦ A♣ 8♦")
    (violation,) = hand.check(Event("call", value="jack", card=A("J♦")))
    assert violation.rule_id == "sheepshead.call.what"


@pytest.mark.parametrize(
    ("eight", "options", "call"),
    [
        pytest.param("K♥ 9♥ 7♠ Q♣ J♦ A♦ A♣ 8♦", JACK, "J♦", id="holding J♦ and calling it"),
        pytest.param("K♥ 9♥ 7♠ Q♣ J♦ A♦ A♣ 8♦", NEXT, "J♠", id="a lower jack than the next"),
        pytest.param("K♥ 9♥ 7♠ Q♣ J♣ A♦ A♣ 8♦", NEXT, "J♥", id="a next jack without J♦"),
    ],
)
def test_a_wrong_jack_is_ruled_against(eight, options, call):
    hand = known_picker(eight, **options)
    assert rule_ids(hand, Event("call", value="jack", card=A(call))) == [
        "sheepshead.call.jack-of-diamonds"
    ]


@pytest.mark.parametrize("seed", range(12))
def test_the_holder_of_the_called_jack_is_the_partner(seed):
    settings = GAME.settings(**NEXT)
    state, events = play_hand(GAME, settings, random.Random(seed))
    if state.mode != "picker":
        return  # everyone passed: no partner to find
    outcome = GAME.score_hand(state)
    call = state.call
    dealt = {e.seat: e.cards for e in events if e.kind == "deal"}
    holder = next((s for s, cards in dealt.items() if call.card in cards), None)
    if call.value == "alone" or holder == state.picker:
        assert outcome.details["partner"] is None
    else:
        assert call.value == "jack" and outcome.details["partner"] == holder


def test_quick_entry_takes_a_jack_call_only_where_the_house_plays_it():
    result = {"picker": 0, "partner": 2, "points": 70, "tricks": 4}
    jack = GAME.quick_outcome(GAME.settings(**JACK), 0, result)
    assert jack.details["partner"] == 2
    with pytest.raises(ResultError, match="'ace' is not a call where the holder of J♦"):
        GAME.quick_outcome(GAME.settings(**JACK), 0, {**result, "call": "ace"})
    with pytest.raises(ResultError, match="'jack' is not a call where the picker calls an ace"):
        GAME.quick_outcome(GAME.settings(), 0, {**result, "call": "jack"})


def test_the_variant_is_declared_only_in_the_sheepshead_package():
    """Nothing outside the game packages, their tests and their generated rules pages
    names the variant: adding it touched no other file (another game may have a house
    option of its own by the same id)."""
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    games = tuple(f"scorekeeper/games/{game}/" for game in GAME_MODULES)
    allowed = (*games, "tests/games/", *(f"docs/rules/{game}.md" for game in GAME_MODULES))
    mentions = []
    for name in tracked:
        path = ROOT / name
        if name.startswith(allowed) or path.suffix not in (".py", ".md", ".json", ".toml"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if any(word in text for word in ("jack_of_diamonds", "call_next_jack", "jack-of-diamonds")):
            mentions.append(name)
    assert mentions == []
    assert "jack_of_diamonds" in (ROOT / "docs/rules/sheepshead.md").read_text(encoding="utf-8")
