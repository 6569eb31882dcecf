"""The structured record of a match: what ``scorekeeper check --json`` prints.

Every hand as data (dealer, roles, trump or call, bids, tricks card by card, tricks and
card points per seat, points, penalties, rulings with their evidence), then the running
totals and money. Seats count from 0 as in match files, with each player's name beside
them; ``resources/check.schema.json`` describes the whole. The words a person reads
(``summary``, ``notes``, a ruling's ``lines``) come from :mod:`scorekeeper.words`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.adjudicator import HandLog
from scorekeeper.evidence import evidence_json
from scorekeeper.games.base import Violation
from scorekeeper.games.report import ReportHand
from scorekeeper.ledger import Ledger
from scorekeeper.money import amount, balances, hand_money, point_value, settle
from scorekeeper.words import (
    house_option_words,
    penalty_line,
    player,
    ruling_place,
    signed,
    told,
    violation_lines,
)

ROLES = ("maker", "picker", "partner", "caller", "declarer", "winner")
"""Seats a hand's outcome may name by role, in any game that has them."""
_PLAIN = ("trump", "call", "alone", "defender_alone", "bids", "bags", "result", "type")
"""Outcome fields the record lifts to the top of a hand, when a game has them."""


def ruling_record(
    log: HandLog, number: int, violation: Violation, names: Sequence[str]
) -> dict[str, Any]:
    """One ruling: the rule, the seat and player, the events, the evidence as data."""
    return {
        "place": f"hands[{number}].events[{violation.event_index}]",
        "where": ruling_place(violation, _kind(log, violation.event_index), names),
        "event": violation.event_index,
        "proved_by": violation.proved_by,
        "rule": violation.rule.id,
        "rule_title": violation.rule.title,
        "seat": violation.seat,
        "player": player(violation.seat, names) if violation.seat is not None else None,
        "card": violation.card.code if violation.card is not None else None,
        "trick": violation.trick,
        "decision": decision_of(log, violation),
        "evidence": [evidence_json(item) for item in violation.evidence],
        "lines": violation_lines(violation, names),
    }


def _kind(log: HandLog, index: int | None) -> str | None:
    """The kind of the event at ``index`` in the hand's log."""
    return log.events[index].kind if index is not None and index < len(log.events) else None


def _tricks(log: HandLog) -> list[dict[str, Any]]:
    return [
        {
            "number": number,
            "leader": trick.leader,
            "cards": [
                {"seat": seat, "card": card.code}
                for seat, card in zip(trick.seats, trick.cards, strict=True)
            ],
            "winner": trick.winner,
            "points": trick.points,
        }
        for number, trick in enumerate(log.state.tricks, start=1)
    ]


def _per_seat(log: HandLog, names: Sequence[str]) -> list[dict[str, Any]]:
    won = [0] * len(names)
    points = [0] * len(names)
    for trick in log.state.tricks:
        if trick.winner is not None:
            won[trick.winner] += 1
            points[trick.winner] += trick.points
    return [
        {"seat": seat, "player": name, "tricks": won[seat], "card_points": points[seat]}
        for seat, name in enumerate(names)
    ]


def hand_record(ledger: Ledger, number: int) -> dict[str, Any]:
    """Hand ``number`` (from 0) as data."""
    names = ledger.info.players
    log = ledger.hands[number]
    outcome = ledger.outcome(number)
    scores = ledger.scores
    details = outcome.details if outcome is not None else {}
    hand: dict[str, Any] = {
        "hand": number + 1,
        "dealer": log.dealer,
        "dealer_name": names[log.dealer],
        "entered_as_result": log.is_quick,
        "finished": outcome is not None,
        "scored": number < len(scores),
        "roles": {
            role: {"seat": details[role], "player": names[details[role]]}
            for role in ROLES
            if isinstance(details.get(role), int) and 0 <= details[role] < len(names)
        },
        **{key: details[key] for key in _PLAIN if key in details},
        "tricks": _tricks(log),
        "seats": _per_seat(log, names),
        "penalties": [ruling_record(log, number, v, names) for v in log.state.penalties],
        "rulings": [ruling_record(log, number, v, names) for v in log.violations()],
        "details": details,
        "summary": _summary(ledger, number, names),
    }
    if outcome is not None:
        hand["hand_points"] = list(outcome.points)
        hand["penalty"] = told(outcome.penalty, names) if outcome.penalty else None
    if number < len(scores):
        score = scores[number]
        hand.update(
            points=list(score.points),
            totals=list(score.totals),
            notes=[told(note, names) for note in score.notes],
        )
        if point_value(ledger):
            hand["money"] = list(hand_money(ledger, number))
    return hand


def _summary(ledger: Ledger, number: int, names: tuple[str, ...]) -> str:
    outcome = ledger.outcome(number)
    if number in ledger.hands_after_end:
        return "played after the game ended (not scored)"
    if outcome is not None:
        return told(outcome.summary, names)
    if question := ledger.hands[number].needs_answer():
        return f"needs an answer: {told(str(question), names)}"
    return "not finished"


def _money(ledger: Ledger) -> dict[str, Any] | None:
    cents = point_value(ledger)
    if not cents:
        return None
    owed = balances(ledger)
    sides = ledger.side_names
    return {
        "cents_per_point": cents,
        "balances": [{"side": sides[s], "cents": b} for s, b in enumerate(owed)],
        "payments": [
            {"from": sides[payer], "to": sides[payee], "cents": paid}
            for payer, payee, paid in settle(owed)
        ],
    }


def report_hands(ledger: Ledger) -> list[ReportHand]:
    """Every scored hand as the reports and the hand summary read it (see
    :mod:`scorekeeper.games.report`), the tally's running counts and money included."""
    tally = ledger.game.new_tally(ledger.settings)
    cents = point_value(ledger)
    before = (0,) * len(ledger.sides)
    hands = []
    for number, (outcome, score) in enumerate(
        zip(ledger.scored_outcomes, ledger.scores, strict=True)
    ):
        tally.add(outcome)
        hands.append(
            ReportHand(
                number,
                outcome,
                ledger.sides,
                score.points,
                score.totals,
                before,
                tally.counts(),
                tuple(points * cents for points in score.points) if cents else None,
            )
        )
        before = score.totals
    return hands


def match_record(ledger: Ledger) -> dict[str, Any]:
    """The whole match as data: its settings, every hand, the totals and money."""
    info = ledger.info
    hands = [hand_record(ledger, number) for number in range(len(ledger.hands))]
    tally = ledger.game.new_tally(ledger.settings)
    for number, outcome in enumerate(ledger.scored_outcomes):
        tally.add(outcome)
        hands[number]["running"] = tally.counts()
    return {
        "match": info.name,
        "game": ledger.game.id,
        "game_title": ledger.game.title,
        "preset": info.settings.preset,
        "preset_title": ledger.game.preset(info.settings.preset).title,
        "options": info.settings.options,
        "house_options": house_option_words(ledger.game, info.settings),
        "players": list(info.players),
        "sides": [
            {"seats": list(seats), "name": name}
            for seats, name in zip(ledger.sides, ledger.side_names, strict=True)
        ],
        "hands": hands,
        "totals": list(ledger.totals),
        "money": _money(ledger),
        "game_over": ledger.game_over,
        "winners": [ledger.side_names[side] for side in ledger.winners],
        "violations": sum(len(hand["rulings"]) for hand in hands),
    }


def check_lines(record: dict[str, Any]) -> list[str]:
    """``check``'s text: each hand's dealer, summary, rulings and points, then the totals."""
    options = "; ".join(record["house_options"])
    sides = [side["name"] for side in record["sides"]]
    lines = [
        f"{record['match']}: {record['game_title']}, {record['preset_title']}",
        f"House options: {options or 'none'}",
        "Players: " + ", ".join(record["players"]),
    ]
    for hand in record["hands"]:
        lines.append("")
        lines.append(f"Hand {hand['hand']} (dealer {hand['dealer_name']}): {hand['summary']}")
        for ruling in hand["rulings"]:
            lines.append(f"  Ruling on {ruling['where']} ({decision_words(ruling['decision'])}):")
            lines += [f"    {line}" for line in ruling["lines"]]
        if "points" in hand:
            lines.append(f"  Points: {_by_side(sides, [signed(p) for p in hand['points']])}")
            if "money" in hand:
                paid = [amount(cents, plus=True) for cents in hand["money"]]
                lines.append(f"  Money: {_by_side(sides, paid)}")
            lines += [f"  {note}" for note in hand["notes"]]
            if penalty := hand.get("penalty"):
                lines.append(f"  {penalty_line(penalty, record['players'])}")
    lines.append("")
    totals = [signed(total, plus=False) for total in record["totals"]]
    lines.append(f"Totals: {_by_side(sides, totals)}")
    if record["game_over"]:
        lines.append("Winner: " + " and ".join(record["winners"]))
    if money := record["money"]:
        lines.append(f"Money at {amount(money['cents_per_point'])} a point:")
        lines += [
            f"  {payment['from']} pays {payment['to']} {amount(payment['cents'])}"
            for payment in money["payments"]
        ] or ["  nobody owes anything"]
    count = record["violations"]
    lines.append(f"{count} rule{'s' if count != 1 else ''} broken" if count else "No rule broken")
    return lines


def decision_of(log: HandLog, violation: Violation) -> str:
    """The table's decision on ``violation``: ``stand``, ``take_back`` or ``undecided``."""
    index = violation.event_index
    return "undecided" if index is None else log.decisions.get(index, "undecided")


def decision_words(decision: str) -> str:
    return {"stand": "let stand", "take_back": "taken back"}.get(
        decision, "undecided: the play stands as recorded"
    )


def _by_side(sides: Sequence[str], values: Sequence[object]) -> str:
    return ", ".join(f"{side} {value}" for side, value in zip(sides, values, strict=True))
