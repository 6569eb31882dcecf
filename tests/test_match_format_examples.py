"""Every example written into docs/match-format.md runs through ``scorekeeper check`` as
the docs say it reads: quick-entry results, answers to a hand that ended, and a Euchre
dealer's discard left out when unseen."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.games import get_game
from scorekeeper.phrases import Phrase
from scorekeeper.words import UNKNOWN_WORDS, told

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "match-format.md").read_text(encoding="utf-8")
PLAYERS = ["Ann", "Ben", "Cy", "Di", "Eve"]


def doc_examples() -> list[dict]:
    """Each JSON object the docs write in backticks (results and answers), in order."""
    found = []
    for snippet in re.findall(r"`(\{.*?\})`", DOC, flags=re.DOTALL):
        try:
            found.append(json.loads(" ".join(snippet.split())))
        except json.JSONDecodeError:
            continue  # a shape written in words: {"dealer": seat, "events": [event, …]}
    return found


# what comes before each answer: the hand as the docs describe it (Sheepshead)
BEFORE_ANSWER = {
    "schwanzer": [{"kind": "pass", "seat": seat} for seat in (1, 2, 3, 4, 0)],
    "partner": [
        {"kind": "pick", "seat": 1},
        {"kind": "bury"},
        {"kind": "call", "value": "ace", "card": "AH"},
        {"kind": "claim", "seat": 1},
    ],
    "buried": [
        {"kind": "pick", "seat": 1},
        {"kind": "bury"},
        {"kind": "call", "value": "alone"},
        {"kind": "claim", "seat": 3},
    ],
}
RESULTS = {  # the first field of a result: game, preset, what the hand's summary says
    "makers": ("euchre", "standard", "Ann & Cy made"),
    "bids": ("spades", "modern", "Ann & Cy bid 5 took 6; Ben & Di bid 7 took 7"),
    "contracts": ("spades", "classic", "Ann & Cy bid 5 took 6; Ben & Di bid 7 took 7"),
}


def match_file(tmp_path: Path, game: str, preset: str, events: list, **options) -> Path:
    seats = get_game(game).seats
    document = {
        "format": "scorekeeper-match",
        "version": 1,
        "name": "From the docs",
        "game": game,
        "preset": preset,
        "options": options,
        "players": PLAYERS[:seats],
        "first_dealer": 0,
        "played_on": "2024-05-04",
        "hands": [{"dealer": 0, "events": events}],
    }
    path = tmp_path / "match.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def check(path: Path) -> tuple[int, dict]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["check", str(path), "--json"])
    return status, json.loads(out.getvalue())


def test_the_docs_hold_every_kind_of_example():
    kinds = [next(iter(example)) for example in doc_examples()]
    assert kinds == ["makers", "bids", "contracts", "schwanzer", "partner", "buried", "phrase"]


@pytest.mark.parametrize(
    "example",
    [example for example in doc_examples() if "phrase" in example],
    ids=lambda example: example["phrase"],
)
def test_each_phrase_in_the_docs_is_one_the_engine_declares_and_reads_in_words(example):
    words = told(Phrase.from_json(example), PLAYERS)
    assert words != UNKNOWN_WORDS and "{" not in words, words


@pytest.mark.parametrize(
    "example",
    [example for example in doc_examples() if next(iter(example)) in RESULTS],
    ids=lambda example: next(iter(example)),
)
def test_each_result_in_the_docs_is_read_as_they_say(example, tmp_path):
    game, preset, summary = RESULTS[next(iter(example))]
    path = match_file(tmp_path, game, preset, [{"kind": "result", "data": example}])
    status, findings = check(path)
    assert status == 0, findings
    hand = findings["hands"][0]
    assert hand["scored"] and hand["summary"].startswith(summary)


def test_classic_contracts_go_to_the_side_of_seats_0_and_2_first_whoever_deals(tmp_path):
    """The docs: one contract per side, the side of seats 0 and 2 first, whoever deals."""
    example = next(example for example in doc_examples() if "contracts" in example)
    for dealer in (0, 1):
        path = match_file(tmp_path, "spades", "classic", [{"kind": "result", "data": example}])
        document = json.loads(path.read_text(encoding="utf-8"))
        document["first_dealer"] = document["hands"][0]["dealer"] = dealer
        path.write_text(json.dumps(document), encoding="utf-8")
        _, findings = check(path)
        assert findings["hands"][0]["details"]["side_bids"] == example["contracts"]
    assert "seats 0 and 2 first, whoever deals" in " ".join(DOC.split())


@pytest.mark.parametrize(
    "example",
    [example for example in doc_examples() if next(iter(example)) in BEFORE_ANSWER],
    ids=lambda example: next(iter(example)),
)
def test_each_answer_in_the_docs_scores_the_hand_it_answers(example, tmp_path):
    kind = next(iter(example))
    events = [*BEFORE_ANSWER[kind], {"kind": "answer", "data": example}]
    options = {"all_pass": "schwanzer"} if kind == "schwanzer" else {}
    path = match_file(tmp_path, "sheepshead", "standard", events, **options)
    status, findings = check(path)
    assert status == 0, findings
    assert findings["hands"][0]["scored"]


def test_a_euchre_discard_unseen_is_left_out_as_the_docs_say(tmp_path):
    assert "| `discard` | Euchre | `card` (a card) | the dealer's discard (`card` left out " in DOC
    events = [
        {"kind": "upcard", "card": "10H"},
        {"kind": "order_up", "seat": 1},
        {"kind": "play", "seat": 1, "card": "9S"},  # the dealer discarded unseen
    ]
    status, findings = check(match_file(tmp_path, "euchre", "standard", events))
    assert status == 0, findings
    assert findings["hands"][0]["finished"] is False
