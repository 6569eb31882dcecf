"""The structured record of a match: what ``scorekeeper check --json`` prints.

Every hand as data (dealer, roles, trump or call, bids, tricks card by card, tricks and
card points per seat, points, penalties, rulings with their evidence), then the running
totals and money. Seats count from 0 as in match files, with each player's name beside
them; ``resources/check.schema.json`` describes the whole (its enum of roles is the games'
declarations: ``python -m scorekeeper.record`` rewrites it). The words a person reads
(``summary``, ``notes``, a ruling's ``lines``) come from :mod:`scorekeeper.words`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from scorekeeper.adjudicator import HandLog
from scorekeeper.evidence import evidence_json
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.base import Violation
from scorekeeper.games.report import ReportHand
from scorekeeper.ledger import Ledger, Scoreboard, SettledHand
from scorekeeper.money import amount, balances, hand_money, point_value, settle
from scorekeeper.resources import resource_path
from scorekeeper.words import (
    house_option_words,
    penalty_line,
    player,
    ruling_place,
    signed,
    told,
    violation_lines,
)

SCHEMA = "check.schema.json"
ROOT = Path(__file__).resolve().parents[1]


def roles() -> list[str]:
    """Every role a game declares (``Game.roles``), each once, in the registry's order."""
    declared = (role for game_id in GAME_MODULES for role in get_game(game_id).roles)
    return list(dict.fromkeys(declared))


def check_schema() -> dict[str, Any]:
    """The schema of the record (``resources/check.schema.json``) as the games' declarations
    make it: the stored file with its enum of roles generated from them."""
    schema: dict[str, Any] = json.loads(resource_path(SCHEMA).read_text(encoding="utf-8"))
    hand = schema["$defs"]["record"]["properties"]["hands"]["items"]
    hand["properties"]["roles"]["propertyNames"]["enum"] = roles()
    return schema


def schema_text(schema: dict[str, Any]) -> str:
    """A schema as its file holds it."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_check_schema(root: Path = ROOT) -> None:
    """Rewrite the record's schema, in ``resources`` and ``docs``, from the declarations."""
    text = schema_text(check_schema())
    for folder in ("resources", "docs"):
        (root / folder / SCHEMA).write_text(text, encoding="utf-8")


def ruling_record(
    log: HandLog, number: int, violation: Violation, names: Sequence[str]
) -> dict[str, Any]:
    """One ruling: the rule, the seat and player, the events, the evidence as data."""
    return {
        "place": f"hands[{number}].events[{violation.event_index}]",
        "where": ruling_place(log.game, violation, _kind(log, violation.event_index), names),
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
    return settled_record(ledger, ledger.settled(number))


def settled_record(board: Scoreboard, settled: SettledHand) -> dict[str, Any]:
    """A hand of ``board``'s match as data."""
    names = board.info.players
    number, log, outcome, score = settled.number, settled.log, settled.outcome, settled.score
    said = told_record(board, settled)
    details = outcome.details if outcome is not None else {}
    hand: dict[str, Any] = {
        "hand": said["hand"],
        "dealer": log.dealer,
        "dealer_name": said["dealer_name"],
        "entered_as_result": log.is_quick,
        "finished": outcome is not None,
        "scored": score is not None,
        "roles": {
            role: {"seat": details[role], "player": names[details[role]]}
            for role in board.game.roles
            if isinstance(details.get(role), int) and 0 <= details[role] < len(names)
        },
        **{key: details[key] for key in board.game.record_fields if key in details},
        "tricks": _tricks(log),
        "seats": _per_seat(log, names),
        "penalties": [ruling_record(log, number, v, names) for v in log.state.penalties],
        "rulings": said["rulings"],
        "details": details,
        "summary": said["summary"],
    }
    if outcome is not None:
        hand["hand_points"] = list(outcome.points)
        hand["penalty"] = said["penalty"]
    if score is not None:
        hand.update(points=said["points"], totals=list(score.totals), notes=said["notes"])
        if "money" in said:
            hand["money"] = said["money"]
    return hand


def told_record(board: Scoreboard, settled: SettledHand) -> dict[str, Any]:
    """The fields of :func:`settled_record` that ``check``'s text tells (:func:`hand_lines`):
    the hand's number, dealer, rulings and summary, its penalty once it is over, and once
    it is scored its points, notes and money."""
    names = board.info.players
    number, log, outcome, score = settled.number, settled.log, settled.outcome, settled.score
    said: dict[str, Any] = {
        "hand": number + 1,
        "dealer_name": names[log.dealer],
        "rulings": [ruling_record(log, number, v, names) for v in log.violations()],
        "summary": _summary(settled, names),
    }
    if outcome is not None:
        said["penalty"] = told(outcome.penalty, names) if outcome.penalty else None
    if score is not None:
        said["points"] = list(score.points)
        said["notes"] = [told(note, names) for note in score.notes]
        if point_value(board):
            said["money"] = list(hand_money(board, score))
    return said


def _summary(settled: SettledHand, names: tuple[str, ...]) -> str:
    outcome = settled.outcome
    if settled.after_end:
        return "played after the game ended (not scored)"
    if outcome is not None:
        return told(outcome.summary, names)
    if question := settled.log.needs_answer():
        return f"needs an answer: {told(question.said, names)}"
    return "not finished"


def _money(ledger: Scoreboard) -> dict[str, Any] | None:
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


class Findings:
    """The record of a match built as its hands are told, in order: :attr:`head` (the
    match and its settings), :meth:`hand` for each hand, then :meth:`tail` (the totals,
    money and winners). :meth:`text` and :meth:`json` write ``check``'s findings a piece
    at a time, so a long match is never held whole."""

    def __init__(self, board: Scoreboard) -> None:
        info, game = board.info, board.game
        self.board = board
        self.head: dict[str, Any] = {
            "match": info.name,
            "game": game.id,
            "game_title": game.title,
            "preset": info.settings.preset,
            "preset_title": game.preset(info.settings.preset).title,
            "options": info.settings.options,
            "house_options": house_option_words(game, info.settings),
            "players": list(info.players),
            "sides": [
                {"seats": list(seats), "name": name}
                for seats, name in zip(board.sides, board.side_names, strict=True)
            ],
        }
        self.violations = 0
        """The rulings of the hands told so far."""

    def hand(self, settled: SettledHand, whole: bool = True) -> dict[str, Any]:
        """The next hand as data, with the tally's running counts once it is scored; only
        the fields the text tells (:func:`told_record`) unless ``whole``."""
        hand = (settled_record if whole else told_record)(self.board, settled)
        if settled.running is not None:
            hand["running"] = settled.running
        self.violations += len(hand["rulings"])
        return hand

    def tail(self) -> dict[str, Any]:
        """What the match comes to once every hand is told."""
        board = self.board
        return {
            "totals": list(board.totals),
            "money": _money(board),
            "game_over": board.game_over,
            "winners": [board.side_names[side] for side in board.winners],
            "violations": self.violations,
        }

    def text(self, hands: Iterable[SettledHand]) -> Iterator[str]:
        """``check``'s text (:func:`check_lines`, a line each) a piece at a time."""
        sides = self.board.side_names
        yield _lines(head_lines(self.head))
        for settled in hands:
            yield _lines(hand_lines(self.hand(settled, whole=False), sides, self.head["players"]))
        yield _lines(tail_lines(self.tail(), sides))

    def json(self, hands: Iterable[SettledHand]) -> Iterator[str]:
        """``check --json``'s text a piece at a time: the record as
        ``json.dumps(record, ensure_ascii=False, indent=2)`` writes it, and a line break."""
        yield "{\n" + _members(self.head) + ',\n  "hands": ['
        told = False
        for settled in hands:
            hand = _JSON.encode(self.hand(settled)).replace("\n", "\n    ")
            yield (",\n    " if told else "\n    ") + hand
            told = True
        yield ("\n  ]" if told else "]") + ",\n" + _members(self.tail()) + "\n}\n"


_JSON = json.JSONEncoder(ensure_ascii=False, indent=2)


def _members(value: dict[str, Any]) -> str:
    """The members of a non-empty object, as :data:`_JSON` writes them at the top level."""
    return _JSON.encode(value)[2:-2]


def _lines(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def match_record(ledger: Ledger) -> dict[str, Any]:
    """The whole match as data: its settings, every hand, the totals and money."""
    findings = Findings(ledger)
    hands = [findings.hand(settled) for settled in ledger.settled_hands()]
    return {**findings.head, "hands": hands, **findings.tail()}


def check_lines(record: dict[str, Any]) -> list[str]:
    """``check``'s text: each hand's dealer, summary, rulings and points, then the totals."""
    sides = [side["name"] for side in record["sides"]]
    lines = head_lines(record)
    for hand in record["hands"]:
        lines += hand_lines(hand, sides, record["players"])
    return lines + tail_lines(record, sides)


def head_lines(head: dict[str, Any]) -> list[str]:
    """The first lines of ``check``'s text: the match, its house options, its players."""
    options = "; ".join(head["house_options"])
    return [
        f"{head['match']}: {head['game_title']}, {head['preset_title']}",
        f"House options: {options or 'none'}",
        "Players: " + ", ".join(head["players"]),
    ]


def hand_lines(hand: dict[str, Any], sides: Sequence[str], players: Sequence[str]) -> list[str]:
    """A hand in ``check``'s text: its dealer and summary, its rulings and its points."""
    lines = ["", f"Hand {hand['hand']} (dealer {hand['dealer_name']}): {hand['summary']}"]
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
            lines.append(f"  {penalty_line(penalty, players)}")
    return lines


def tail_lines(tail: dict[str, Any], sides: Sequence[str]) -> list[str]:
    """The last lines of ``check``'s text: the totals, the winner, money, rules broken."""
    totals = [signed(total, plus=False) for total in tail["totals"]]
    lines = ["", f"Totals: {_by_side(sides, totals)}"]
    if tail["game_over"]:
        lines.append("Winner: " + " and ".join(tail["winners"]))
    if money := tail["money"]:
        lines.append(f"Money at {amount(money['cents_per_point'])} a point:")
        lines += [
            f"  {payment['from']} pays {payment['to']} {amount(payment['cents'])}"
            for payment in money["payments"]
        ] or ["  nobody owes anything"]
    count = tail["violations"]
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


if __name__ == "__main__":
    write_check_schema()
