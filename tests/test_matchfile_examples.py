"""The example match of each game in docs/examples: a renege, a quick-entry hand, lossless."""

from __future__ import annotations

import pytest

from scorekeeper import cli
from scorekeeper.games import GAME_MODULES
from scorekeeper.matchfile import dumps, load_match, match_document
from tests.storage.samples import EXAMPLES, example_match


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_the_example_shows_a_renege_and_a_quick_entry_hand(game):
    ledger = load_match(EXAMPLES / f"{game}.json")
    rules = [violation.rule.id for _, violation in ledger.violations()]
    assert any("follow" in rule for rule in rules), rules
    assert any(log.is_quick for log in ledger.hands)
    assert any(not log.is_quick for log in ledger.hands)


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_the_example_checks_with_exit_1_for_its_renege(capsys, game):
    assert cli.main(["check", str(EXAMPLES / f"{game}.json")]) == 1
    out = capsys.readouterr().out
    assert "let stand" in out
    assert "1 rule broken" in out


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_the_example_round_trips_byte_for_byte(game):
    path = EXAMPLES / f"{game}.json"
    ledger = load_match(path)
    assert dumps(match_document(ledger.info, ledger.records())) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_the_example_is_what_the_engine_plays_today(game):
    """When the engine changes how a hand goes, rewrite them: python -m tests.storage.samples"""
    ledger = example_match(game)
    text = dumps(match_document(ledger.info, ledger.records()))
    assert text == (EXAMPLES / f"{game}.json").read_text(encoding="utf-8")
