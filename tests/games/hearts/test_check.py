"""``scorekeeper check`` and ``scorekeeper rules`` on Hearts: a match file with a hidden-hand
renege let stand and a quick-entry hand, read back, checked and explained."""

from __future__ import annotations

import json

from scorekeeper import cli
from scorekeeper.cards import parse_cards
from scorekeeper.events import Event, play
from scorekeeper.games.hearts import GAME
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.matchfile import load_match, write_match

# seat 2 throws 9♥ on diamonds in trick 2 and plays 4♦ in trick 4; seat 0 then claims
PLAYS = "2C 3C 4C AC 6D 7D 8D 9H 2S 3S KS 4S 5H 6H 7H 4D"


def _renege_hand() -> list[Event]:
    events = [Event("pass_cards", seat=seat) for seat in (1, 2, 3, 0)]  # unseen passes
    seat = 0
    for number, card in enumerate(parse_cards(PLAYS)):
        events.append(play(seat, card))
        seat = _next(events, number, seat)
    events.append(Event("decision", value="stand", ref=11))  # the 9♥, event 12
    events.append(Event("claim", seat=0))
    return events


def _next(events: list[Event], number: int, seat: int) -> int:
    """Who plays after the ``number``-th card (from 0): the trick's winner, or the next seat."""
    winners = {3: 3, 7: 1, 11: 3}
    return winners.get(number, (seat + 1) % 4)


def test_check_reports_the_renege_let_stand_and_the_file_reads_back(tmp_path, capsys):
    info = MatchInfo("Hearts night", "hearts", GAME.settings(), ("Ann", "Ben", "Cy", "Di"))
    hands = [
        HandRecord(0, _renege_hand()),
        HandRecord(1, [Event("result", data={"points": [13, 5, 8, 0]})]),
    ]
    path = tmp_path / "hearts.json"
    write_match(path, info, hands)
    ledger = load_match(path)
    assert ledger.totals == (13, 5, 34, 0)
    assert [v.rule.id for _, v in ledger.violations()] == ["hearts.play.follow-suit"]
    assert cli.main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "let stand" in out and "Cy" in out
    assert cli.main(["check", str(path), "--json"]) == 1
    findings = json.loads(capsys.readouterr().out)
    rulings = [r["rule"] for hand in findings["hands"] for r in hand["rulings"]]
    assert rulings == ["hearts.play.follow-suit"]


def test_rules_prints_the_hearts_options(capsys):
    assert cli.main(["rules", "hearts"]) == 0
    out = capsys.readouterr().out
    for option in GAME.options:
        assert f"`{option.id}`" in out
