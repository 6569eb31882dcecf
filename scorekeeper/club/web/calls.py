"""A table's page calls the director: a player claims a renege (with the accused player's
cards of the hand and the adjudicator's rulings as evidence) or calls the director to the
table (with where the hand stands), and a hand whose second version is not agreed either
goes to the director with both. Sent with the table's own login, in players' words."""

from __future__ import annotations

import copy
from collections.abc import Sequence

import psycopg

from scorekeeper.adjudicator import HandLog
from scorekeeper.club.calls import DIRECTOR, DISAGREEMENT, RENEGE, Call, make_call, open_calls
from scorekeeper.club.web.cards import in_play
from scorekeeper.club.web.tables import DECLINED, Entry, Refusal, Table, result_of, side_of
from scorekeeper.club.web.view import entered, result_words
from scorekeeper.words import evidence_text, hand_heading, violation_heading


def claim_renege(table: Table, key: str, by: int, accused: int, hand: int | None) -> None:
    """``by`` claims that ``accused``, of the other side, reneged in hand ``hand`` (from 1;
    None: the hand being played, or the one just played, waiting to be confirmed)."""
    with table.lock:
        ledger = table.ledger()
        table.check_seat(ledger, by)
        table.check_seat(ledger, accused)
        names = ledger.info.players
        if side_of(ledger, by) == side_of(ledger, accused):
            raise Refusal(
                f"{names[by]} claims a renege against the other side, not {names[accused]}"
            )
        current = len(ledger.hands)  # the hand being played, from 0
        index = current if hand is None else hand - 1
        if not 0 <= index <= current:
            raise Refusal("choose one of this table's hands")
        log = in_play(table, ledger)[1] if index == current else ledger.hands[index]
        lines = [f"{names[by]} claims that {names[accused]} reneged in hand {index + 1}."]
        if log is None or not log.events:
            lines.append(f"Hand {index + 1} has no cards entered on the table's page.")
        elif (result := result_of(ledger, index)) is not None:
            said = result_words(ledger, result)
            lines.append(f"Hand {index + 1} was entered by its result, without cards: {said}.")
        else:
            lines += _cards_of(log, accused, names)
        _send(table, RENEGE, lines, key)


def _cards_of(log: HandLog, seat: int, names: Sequence[str]) -> list[str]:
    """What ``seat`` played in each trick of the hand, and each ruling the adjudicator
    made in it, in words."""
    state = log.state
    tricks = [*state.tricks, *([state.current] if state.current and state.current.cards else [])]
    lines = [
        f"Trick {number}: {names[trick.leader]} led {trick.cards[0]}; {names[seat]} played {card}."
        for number, trick in enumerate(tricks, 1)
        if (card := trick.card_of(seat)) is not None
    ]
    for violation in log.violations():
        lines.append(f"Ruled: {violation_heading(violation, names)}")
        lines += [evidence_text(item, names) for item in violation.evidence]
    return lines


def call_director(table: Table, key: str, by: int) -> None:
    """``by`` calls the director to the table: where the hand stands goes with the call."""
    with table.lock:
        ledger = table.ledger()
        table.check_seat(ledger, by)
        names = ledger.info.players
        waiting = table.waiting(ledger)
        lines = [f"{names[by]} calls the director to table {table.seating.table}."]
        if waiting is not None:
            shown = entered(ledger, waiting)
            lines.append(f"Hand {shown.number}, waiting to be confirmed: {shown.said}")
        else:
            number = len(ledger.hands) + 1
            _, log = in_play(table, ledger)
            if log is not None and not ledger.game_over:
                lines.append(hand_heading(number, log.state, names))
            else:
                lines.append(f"Hand {number} is not started.")
        _send(table, DIRECTOR, lines, key)


def disagreement(table: Table, declined: Entry) -> None:
    """When a hand's second version is not agreed either, both versions go to the
    director: who entered each, who did not agree, what each says and scores."""
    with table.lock:
        rows = table.entries.execute(
            "SELECT id FROM entries WHERE event = ? AND round = ? AND tbl = ? AND hand = ? "
            "AND state = ? AND id < ? ORDER BY id DESC LIMIT 1",
            (*table.scope, declined.hand, DECLINED, declined.id),
        ).fetchall()
        if not rows:
            return  # the first version not agreed: the table enters it again
        ledger = table.ledger()
        if len(ledger.hands) != declined.hand:
            return  # the hand counts already (a version was confirmed since)
        earlier = table.entry(rows[0][0])
        names = ledger.info.players
        lines = [f"Hand {declined.hand + 1} is not agreed: two versions, neither confirmed."]
        for number, entry in enumerate((earlier, declined), 1):
            shown = entered(copy.deepcopy(ledger), entry)
            points = ", ".join(
                f"{side} {points:+d}"
                for side, points in zip(ledger.side_names, shown.points, strict=True)
            )
            refused = "" if entry.answered_by is None else names[entry.answered_by]
            lines.append(
                f"Version {number}, entered by {shown.entered_by}, not agreed by {refused}: "
                f"{shown.said}; points: {points}."
            )
        _send(table, DISAGREEMENT, lines, f"disagreement-{declined.id}")


def _send(table: Table, kind: str, lines: Sequence[str], key: str) -> None:
    seats = table.seating
    try:
        make_call(table.conn, table.event, seats.round, seats.table, kind, lines, key)
    except psycopg.errors.InsufficientPrivilege:
        raise Refusal(f"round {seats.round} is closed: ask the director at the desk") from None


def table_calls(table: Table) -> list[Call]:
    """The table's calls the director has not answered yet."""
    seats = table.seating
    return open_calls(table.conn, table.event, seats.round, seats.table)
