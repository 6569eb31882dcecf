"""What a table pushes: the match once, then each hand's record at each revision.

:func:`hand_payload` is the one place that turns a ledger's hand into the JSON the club
database stores: the structured record ``scorekeeper check --json`` prints for the hand
(``record``), its events and outcome (what the director's replay compares), and the
``players`` lines the standings read (each player's points after the match's effects, in
points and in cents, and a game won on the hand that ended it).
"""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.ledger import Ledger
from scorekeeper.matchfile import match_document
from scorekeeper.money import point_value
from scorekeeper.record import hand_record


def match_payload(ledger: Ledger) -> dict[str, Any]:
    """The match's settings as the match file carries them (without hands)."""
    document = match_document(ledger.info, [])
    del document["hands"]
    return document


def hand_payload(ledger: Ledger, hand_index: int) -> dict[str, Any]:
    """Hand ``hand_index`` as recorded now: dealer, events, outcome, score, and what it
    brings each player. A hand no longer on record (undone to nothing) has no events."""
    if hand_index >= len(ledger.hands):
        return {
            "record": None,
            "dealer": None,
            "events": [],
            "outcome": None,
            "score": None,
            "players": [],
        }
    log = ledger.hands[hand_index]
    outcome = ledger.outcome(hand_index)
    scores = ledger.scores
    score = scores[hand_index] if hand_index < len(scores) else None
    return {
        "record": json.loads(json.dumps(hand_record(ledger, hand_index))),  # check --json's
        "dealer": log.dealer,
        "events": [event.to_json() for event in log.events],
        "outcome": outcome.to_json() if outcome is not None else None,
        "score": None
        if score is None
        else {
            "points": list(score.points),
            "totals": list(score.totals),
            "game_over": score.game_over,
            "winners": list(score.winners),
        },
        "players": [] if score is None else _player_lines(ledger, score),
    }


def _player_lines(ledger: Ledger, score: Any) -> list[dict[str, Any]]:
    cents = point_value(ledger)
    players = ledger.info.players
    lines = []
    for side, (seats, label) in enumerate(zip(ledger.sides, ledger.side_names, strict=True)):
        for rank, seat in enumerate(seats):
            lines.append(
                {
                    "player": players[seat],
                    "seat": seat,
                    "side": label,
                    "lead": rank == 0,
                    "points": score.points[side],
                    "cents": score.points[side] * cents,
                    "won": int(side in score.winners),
                }
            )
    return lines
