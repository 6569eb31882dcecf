"""``scorekeeper check`` replays a file hand by hand and keeps no hand it has told: it
prints what the whole match read at once gives, and a file found unusable at its last
hand prints the one error and nothing else, as when the whole file was read first."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from scorekeeper import cli
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.matchfile import MAX_FILE_BYTES, MatchFileError, load_match, write_match
from tests.checked import whole_output
from tests.storage.samples import (
    california_jack_decided_in_one_game,
    clean_match,
    example_files,
    played_match,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = example_files()
NAMES = ("Zoë", "李雷", "Ян", "O'Brien & Co 🂡")


def money_match() -> Ledger:
    """Sheepshead at 25 cents a point: a hand played card by card, then quick hands."""
    game = get_game("sheepshead")
    info = MatchInfo("Money", "sheepshead", game.settings(point_value=25), (*NAMES, "Eve"))
    ledger = Ledger(info, played_match("sheepshead").records())
    for _ in range(3):
        ledger.quick(game.samples.quick)
    return ledger


def unfinished_match() -> Ledger:
    """Euchre whose last hand is still being played."""
    ledger = clean_match("euchre")
    log = ledger.current
    for event in ledger.game.deal(random.Random(4), ledger.settings, log.dealer):
        ledger.record(event)
    return ledger


def waiting_for_an_answer() -> Ledger:
    """Sheepshead whose last hand ended with five passes and hands unseen: it needs each
    player's Schwanzer points."""
    game = get_game("sheepshead")
    settings = game.settings(all_pass="schwanzer")
    ledger = Ledger(MatchInfo("Five passes", "sheepshead", settings, (*NAMES, "Eve")))
    ledger.quick(game.samples.quick)
    for seat in (2, 3, 4, 0, 1):
        ledger.record(Event("pass", seat=seat))
    return ledger


MATCHES = {
    "money, names in four scripts": money_match,
    "the last hand unfinished": unfinished_match,
    "the last hand waits for an answer": waiting_for_an_answer,
    "hands after the game ended": california_jack_decided_in_one_game,
    "no hand yet": lambda: Ledger(clean_match("spades").info),
}


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("make", MATCHES.values(), ids=MATCHES.keys())
def test_check_prints_what_the_whole_match_gives(tmp_path, capsys, make, as_json):
    ledger = make()
    path = tmp_path / "match.json"
    write_match(path, ledger.info, ledger.records())
    status = cli.main(["check", str(path), *(["--json"] if as_json else [])])
    out, err = capsys.readouterr()
    assert (out, err) == (whole_output(load_match(path), as_json), "")
    assert status == (1 if ledger.violations() else 0)


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_check_of_each_example_prints_what_the_whole_match_gives(capsys, path, as_json):
    cli.main(["check", str(path), *(["--json"] if as_json else [])])
    assert capsys.readouterr().out == whole_output(load_match(path), as_json)


def test_findings_longer_than_memory_holds_wait_on_disk_and_print_the_same(
    tmp_path, capsys, monkeypatch
):
    path = tmp_path / "money.json"
    ledger = money_match()
    write_match(path, ledger.info, ledger.records())
    monkeypatch.setattr(cli, "HELD_IN_MEMORY", 100)
    cli.main(["check", str(path), "--json"])
    assert capsys.readouterr().out == whole_output(load_match(path), as_json=True)


# -- a file found unusable late ------------------------------------------------------------

HANDS = 400


def long_document() -> dict:
    """A Euchre match of 400 hands entered as results, all passed (the game never ends)."""
    document = json.loads((ROOT / "docs" / "examples" / "euchre.json").read_text("utf-8"))
    document["hands"] = [
        {"dealer": number % 4, "events": [{"kind": "result", "data": {"passed": True}}]}
        for number in range(HANDS)
    ]
    return document


def deal_twice(document: dict) -> None:
    document["hands"][-2]["dealer"] = 3 - document["hands"][-2]["dealer"]


def impossible_result(document: dict) -> None:
    document["hands"][-1]["events"][0]["data"] = {"makers": 0, "tricks": 6}


def result_then_play(document: dict) -> None:
    document["hands"][-1]["events"].append({"kind": "play", "seat": 1, "card": "AS"})


def unfinished_then_more(document: dict) -> None:
    document["hands"][-3]["events"] = [{"kind": "upcard", "card": "JH"}]


BREAKS = {
    "the wrong dealer two hands from the end": deal_twice,
    "an impossible result in the last hand": impossible_result,
    "a play after a result in the last hand": result_then_play,
    "an unfinished hand three from the end": unfinished_then_more,
}


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("change", BREAKS.values(), ids=BREAKS.keys())
def test_a_file_unusable_late_prints_only_the_error_of_the_whole_file(
    tmp_path, capsys, change, as_json
):
    document = long_document()
    change(document)
    path = tmp_path / "late.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(MatchFileError) as whole:
        load_match(path)
    status = cli.main(["check", str(path), *(["--json"] if as_json else [])])
    out, err = capsys.readouterr()
    assert status == cli.UNUSABLE
    assert err == f"scorekeeper check: {whole.value}\n"
    if as_json:
        assert json.loads(out) == cli.unusable_findings(path, whole.value)
    else:
        assert out == ""


@pytest.mark.parametrize("command", ["check", "import", "report"])
def test_the_size_limit_is_in_the_help_and_the_format(capsys, command):
    limit = f"at most {MAX_FILE_BYTES // 2**20} MB"
    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    assert limit in " ".join(capsys.readouterr().out.split())
    assert limit in (ROOT / "docs" / "match-format.md").read_text(encoding="utf-8")
