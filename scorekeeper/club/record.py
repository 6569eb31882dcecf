"""What a table pushes: the match once, then each hand's record at each revision.

:func:`hand_payload` is the one place that turns a ledger's hand into the JSON the club
database stores: the structured record ``scorekeeper check --json`` prints for the hand
(``record``), its events and outcome (what the director's replay compares; its summary
and penalty as phrases, data the words are made of), and the ``players`` lines the
standings read (each player's points after the match's effects, in points and in cents,
and a game won on the hand that ended it). A table of an older version pushed the
outcome's words as text: :func:`as_words` reads both kinds alike.
"""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.ledger import Ledger
from scorekeeper.matchfile import match_document
from scorekeeper.money import point_value
from scorekeeper.phrases import Phrase
from scorekeeper.record import hand_record
from scorekeeper.words import told

WORDED = ("summary", "penalty")
"""The outcome's fields that say something (a phrase, or an older table's text)."""


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


def as_words(payload: Any, names: tuple[str, ...] | list[str]) -> Any:
    """A hand's payload with what its outcome says (summary, penalty, why play stopped)
    in words with ``names``, whether it was pushed as phrases or by an older table as
    text: two payloads that say the same are then equal."""
    if not isinstance(payload, dict) or not isinstance(payload.get("outcome"), dict):
        return payload
    outcome = dict(payload["outcome"])
    try:
        for key in WORDED:
            if outcome.get(key) is not None:
                outcome[key] = told(Phrase.from_json(outcome[key]), names)
        said: dict[str, Any] = {"outcome": outcome}
        for place, holder in (("outcome", outcome), ("record", payload.get("record"))):
            details = holder.get("details") if isinstance(holder, dict) else None
            if isinstance(holder, dict) and isinstance(details, dict) and "why" in details:
                why = told(Phrase.from_json(details["why"]), names)
                said[place] = {**said.get(place, holder), "details": {**details, "why": why}}
    except (ValueError, KeyError, TypeError, IndexError):
        return payload  # not an outcome any version wrote: compared as it is
    return {**payload, **said}


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
