"""The director's check: replay a stored hand through the engine and flag a table whose
stored outcome disagrees with what the rules make of its events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from scorekeeper.adjudicator import Refused
from scorekeeper.club.record import hand_payload
from scorekeeper.ledger import Ledger
from scorekeeper.matchfile import MatchFileError, parse_match

COMPARED = ("outcome", "score", "players")


@dataclass(frozen=True)
class Disagreement:
    match_id: str
    table: int
    hand: int
    revision: int
    stored: dict[str, Any]
    replayed: dict[str, Any]


def replay_hand(conn: psycopg.Connection, match_id: str, hand: int) -> Disagreement | None:
    """Replay hand ``hand`` of the stored match from its events (and those of the hands
    before it); a disagreement is recorded in ``club.flags`` and returned."""
    row = conn.execute(
        "SELECT info, table_no FROM club.matches WHERE match_id = %s", (match_id,)
    ).fetchone()
    assert row is not None, f"no stored match {match_id}"
    info, table = row
    rows = conn.execute(
        "SELECT hand_no, revision, record FROM club.hands "
        "WHERE match_id = %s AND hand_no <= %s ORDER BY hand_no",
        (match_id, hand),
    ).fetchall()
    revision, record = rows[-1][1], rows[-1][2]
    stored = {key: record.get(key) for key in COMPARED}
    document = {
        **info,
        "hands": [{"dealer": r["dealer"], "events": r["events"]} for _, _, r in rows],
    }
    try:
        ledger = Ledger(*parse_match(document))
        replayed = {key: hand_payload(ledger, hand)[key] for key in COMPARED}
    except (MatchFileError, Refused) as error:
        replayed = {"refused": str(error)}
    if replayed == stored:
        return None
    conn.execute(
        "INSERT INTO club.flags (match_id, hand_no, revision, stored, replayed) "
        "VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
        (match_id, hand, revision, Jsonb(stored), Jsonb(replayed)),
    )
    return Disagreement(match_id, table, hand, revision, stored, replayed)


def check_event(conn: psycopg.Connection, event: str) -> list[Disagreement]:
    """Replay every stored hand of the event; the disagreements."""
    hands = conn.execute(
        "SELECT h.match_id::text, h.hand_no FROM club.hands h JOIN club.matches m USING (match_id) "
        "WHERE m.event_id = %s ORDER BY 1, 2",
        (event,),
    ).fetchall()
    found = (replay_hand(conn, match, hand) for match, hand in hands)
    return [flag for flag in found if flag is not None]
