"""A table's calls to the director: a renege claimed, the director called, a hand the
other side did not agree to (with both versions). Each holds its evidence in words, in
the players' names, as the table sent it. A table writes its own in its open round, with
its own login (a call sent again with the same key is one call); the director's desk
reads those of the round not yet answered, and answers them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import psycopg
from psycopg.types.json import Jsonb

from scorekeeper.club.schema import MAX_CALL_LINES

RENEGE, DIRECTOR, DISAGREEMENT = "renege", "director", "disagreement"
KIND_WORDS = {
    RENEGE: "a renege is claimed",
    DIRECTOR: "the director is called",
    DISAGREEMENT: "a hand is not agreed",
}


@dataclass(frozen=True)
class Call:
    id: int
    table: int
    kind: str
    lines: tuple[str, ...]
    made: datetime


def make_call(
    conn: psycopg.Connection,
    event: str,
    round_no: int,
    table: int,
    kind: str,
    lines: Sequence[str],
    key: str,
) -> None:
    """Send the call (once per ``key``); evidence past :data:`MAX_CALL_LINES` lines is
    counted in the last line."""
    if len(lines) > MAX_CALL_LINES:
        left = len(lines) - MAX_CALL_LINES + 1
        lines = [*lines[: MAX_CALL_LINES - 1], f"… and {left} more lines"]
    conn.execute(
        "INSERT INTO club.calls (event_id, round_no, table_no, kind, lines, call_key) "
        "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
        (event, round_no, table, kind, Jsonb(list(lines)), key),
    )


def open_calls(
    conn: psycopg.Connection, event: str, round_no: int, table: int | None = None
) -> list[Call]:
    """The round's calls not yet answered (of one table, or of all), oldest first."""
    rows = conn.execute(
        "SELECT call_id, table_no, kind, lines, made FROM club.calls "
        "WHERE event_id = %s AND round_no = %s AND answered IS NULL "
        "AND (%s::integer IS NULL OR table_no = %s) ORDER BY made, call_id",
        (event, round_no, table, table),
    ).fetchall()
    return [Call(i, t, kind, tuple(lines), made) for i, t, kind, lines, made in rows]


def answer_call(conn: psycopg.Connection, call_id: int) -> None:
    """The director has answered the call: the desk lists it no more."""
    conn.execute(
        "UPDATE club.calls SET answered = now() WHERE call_id = %s AND answered IS NULL",
        (call_id,),
    )


def call_words(call: Call, names: Sequence[str]) -> str:
    """The call as the desk lists it: the table, its players, the time, what it is, and
    each line of its evidence."""
    heading = f"Table {call.table} ({', '.join(names)}) at {call.made.astimezone():%H:%M}"
    return "\n".join([f"{heading}: {KIND_WORDS[call.kind]}", *(f"  {line}" for line in call.lines)])
