"""A hand a table of an older version pushed, its outcome's words as English text, is
judged by what it says: the same words as this engine's phrases count, others differ."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from scorekeeper.club.record import as_words, hand_payload, match_payload
from scorekeeper.club.referee import DIFFERS, Sent, replay
from scorekeeper.ledger import Ledger
from scorekeeper.matchfile import parse_match

RECORDED = json.loads(
    (Path(__file__).parents[1] / "storage" / "english_outcomes.json").read_text("utf-8")
)
"""Matches and the outcomes an older engine made of them (see tests/storage)."""
CASES = [entry for entry in RECORDED if any(entry["outcomes"])][::3]


def older(payload: dict, outcome: dict) -> dict:
    """``payload`` as a table of the older version pushed it: its outcome as it kept it,
    and the record's details with that outcome's (``why`` as text)."""
    pushed = copy.deepcopy(payload)
    pushed["outcome"] = outcome
    if "why" in outcome["details"]:
        pushed["record"]["details"]["why"] = outcome["details"]["why"]
    return pushed


@pytest.mark.parametrize("entry", CASES, ids=lambda entry: entry["match"]["game"])
def test_an_older_tables_english_outcome_counts_when_it_says_what_the_rules_make(entry):
    ledger = Ledger(*parse_match(entry["match"]))
    chain = [Sent(n, hand_payload(ledger, n)) for n in range(len(ledger.hands))]
    played = replay(match_payload(ledger), chain)
    for hand, outcome in enumerate(entry["outcomes"]):
        if outcome is None:
            continue
        payload = hand_payload(ledger, hand)
        assert played.verdict(hand, payload) is None
        pushed = older(payload, outcome)
        assert pushed != json.loads(json.dumps(payload))  # text, not phrases
        assert played.verdict(hand, pushed) is None
        wrong = copy.deepcopy(pushed)
        wrong["outcome"]["summary"] += " (changed)"
        assert played.verdict(hand, wrong) == DIFFERS
        shown = as_words(pushed, ledger.info.players)["outcome"]["summary"]
        assert "{" not in shown and shown in " ".join(entry["check"])
