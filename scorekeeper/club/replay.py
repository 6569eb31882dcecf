"""The director's check: replay every hand a table has on record through the engine, as
the referee does, and flag a table whose stored record disagrees with what the rules make
of its events (a record stored before the referee, or damaged since). No row, however
malformed, stops the check: it is flagged."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from scorekeeper.club.referee import DIFFERS, Replay, replay_once, stored_chain

COMPARED = ("outcome", "score", "players")


@dataclass(frozen=True)
class Disagreement:
    match_id: str
    table: int
    hand: int
    revision: int
    stored: dict[str, Any]
    replayed: dict[str, Any]


def _compared(record: Any) -> dict[str, Any]:
    if not isinstance(record, dict):
        return {"record": record}
    return {key: record.get(key) for key in COMPARED}


def _disagreement(
    conn: psycopg.Connection, match: str, table: int, hand: int, revision: int, record: Any,
    played: Replay,
) -> Disagreement | None:  # fmt: skip
    """Hand ``hand``'s stored record against the replay; a disagreement is recorded in
    ``club.flags`` and returned."""
    why = played.verdict(hand, record)
    if why is None:
        return None
    stored = _compared(record)
    replayed = _compared(played.expected(hand)) if why == DIFFERS else {"refused": why}
    conn.execute(
        "INSERT INTO club.flags (match_id, hand_no, revision, stored, replayed) "
        "VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
        (match, hand, revision, Jsonb(stored), Jsonb(replayed)),
    )
    return Disagreement(match, table, hand, revision, stored, replayed)


def check_event(conn: psycopg.Connection, event: str) -> list[Disagreement]:
    """Replay every stored hand a table recorded (each match from the table's own latest
    records); the disagreements. The director's own records (score cards, corrections)
    are the director's, not replayed."""
    rows = conn.execute(
        "SELECT h.match_id::text, m.table_no, m.info, h.hand_no, h.revision, h.record "
        "FROM club.hands h JOIN club.matches m USING (match_id) "
        "JOIN club.hand_revisions r USING (match_id, hand_no, revision) "
        "WHERE m.event_id = %s AND r.table_revision IS NOT NULL ORDER BY 1, 4",
        (event,),
    ).fetchall()
    flags = []
    played: Replay | None = None
    for k, (match, table, info, hand, revision, record) in enumerate(rows):
        if k == 0 or rows[k - 1][0] != match:
            played = replay_once(info, stored_chain(conn, match))
        assert played is not None  # replayed at the match's first row
        flag = _disagreement(conn, match, table, hand, revision, record, played)
        if flag is not None:
            flags.append(flag)
    return flags
