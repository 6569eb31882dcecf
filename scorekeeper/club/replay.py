"""The director's check (``scorekeeper club check``): every hand that counts is judged by
what its record carries, whoever stored it and whenever (a row older than the referee, a
table's row stored under the director's name, the director's own records):

- a record of play (a table's: its dealer and events) is replayed through the engine
  with the match's other hands, as the referee replays it, and must be exactly what the
  rules make of its events, points included; a hand taken back (no events) or still
  under way is a record of play like any other;
- a record of points alone (a paper score card typed at the desk, a correction) has no
  events: it must have a line for each seat, the players drawn to that table, and points
  one hand of the night's game can give (:mod:`scorekeeper.club.score_card`);
- no table has more hands than the round's.

Each disagreement is kept in ``club.flags``. No row, however malformed, stops the check:
it is flagged.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from scorekeeper.club import tournament
from scorekeeper.club.formats.base import Format
from scorekeeper.club.referee import (
    DIFFERS,
    UNPLAYABLE,
    Match,
    Replay,
    Sent,
    match_refusal,
    players_refusal,
    replay_once,
)
from scorekeeper.club.score_card import impossible_points

COMPARED = ("outcome", "score", "players")
MISSHAPEN = "its record does not have the shape of a hand of this night (a line for each seat)"


@dataclass(frozen=True)
class Disagreement:
    match_id: str
    round: int
    table: int
    hand: int  # from 0, within its match
    revision: int
    why: str  # in words
    stored: dict[str, Any]
    replayed: dict[str, Any]


@dataclass(frozen=True)
class Counted:
    """A hand's latest accepted record, as the check reads it."""

    match: Match
    hand: int
    revision: int
    record: Any
    shaped: bool  # a line for each of the night's seats (or none), each of the right types

    @property
    def played(self) -> bool:
        """Whether the record is one of play (events to replay), not points alone."""
        return isinstance(self.record, dict) and "events" in self.record

    @property
    def lines(self) -> list[dict[str, Any]]:
        """The players' lines in seat order (a shaped record's)."""
        return sorted(self.record["players"], key=lambda line: line["seat"])


def check_event(conn: psycopg.Connection, event: str) -> list[Disagreement]:
    """Judge every hand that counts in ``event``; the disagreements, in the order played."""
    try:
        fmt, settings, _ = tournament.event_format(conn, event)
        limit = fmt.round_hands(settings)
    except tournament.TournamentError:
        fmt, settings, limit = None, {}, None  # a night without a tournament
    matches: dict[str, list[Counted]] = {}
    for match, round_no, table, info, hand, revision, record, shaped in conn.execute(
        "SELECT m.match_id::text, m.round_no, m.table_no, m.info, h.hand_no, h.revision, "
        "h.record, club.hand_record_ok(h.record, coalesce(m.seats, f.seats)) "
        "FROM club.hands h JOIN club.matches m USING (match_id) "
        "LEFT JOIN club.event_formats f USING (event_id) WHERE m.event_id = %s "
        "ORDER BY m.round_no, m.table_no, m.created, m.match_id, h.hand_no",
        (event,),
    ).fetchall():
        at = Match(match, event, round_no, table, info)
        matches.setdefault(match, []).append(Counted(at, hand, revision, record, shaped))
    flags: dict[tuple[str, int], Disagreement] = {}
    for hands in matches.values():
        for counted, why, replayed in _judged(conn, fmt, settings, hands):
            flags[counted.match.id, counted.hand] = _flag(counted, why, replayed)
    for counted in _past_the_round(matches.values(), limit):
        key = (counted.match.id, counted.hand)
        flags.setdefault(key, _flag(counted, f"the round is {limit} hands at each table", None))
    found = [_keep(conn, flag) for flag in flags.values()]
    order = {match: k for k, match in enumerate(matches)}
    return sorted(found, key=lambda flag: (order[flag.match_id], flag.hand))


Wrong = tuple[Counted, str, dict[str, Any] | None]  # a hand, why, what the rules make of it


def _judged(
    conn: psycopg.Connection, fmt: Format | None, settings: Mapping[str, Any], hands: list[Counted]
) -> list[Wrong]:
    """Each hand of one match that is wrong, with why and, for a record of play, what
    the rules make of it. A match the engine fails on (whatever the reason) has every
    hand flagged."""
    try:
        played = _replayed(conn, hands) if any(h.played for h in hands) else None
        wrong: list[Wrong] = []
        for counted in hands:
            if counted.played and played is not None:
                why = _play_refusal(conn, counted, played)
                expected = played.expected(counted.hand) if why else None
            else:
                why, expected = _points_refusal(conn, fmt, settings, counted), None
            if why is not None:
                makes = {key: expected.get(key) for key in COMPARED} if expected else None
                wrong.append((counted, why, makes))
        return wrong
    except psycopg.Error:
        raise
    except Exception:
        return [(counted, UNPLAYABLE, None) for counted in hands]


def _replayed(conn: psycopg.Connection, hands: list[Counted]) -> Replay:
    """The match replayed from the record of play of each hand: the one that counts, or
    where a record of points alone counts (the director corrected the points), the
    table's own latest (on which its later hands' totals rest)."""
    chain = {h.hand: h.record for h in hands if h.played}
    if len(chain) < len(hands):
        for hand, record in conn.execute(
            "SELECT DISTINCT ON (hand_no) hand_no, record FROM club.hand_revisions "
            "WHERE match_id = %s AND jsonb_typeof(record -> 'events') = 'array' "
            "ORDER BY hand_no, table_revision DESC NULLS LAST, revision DESC",
            (hands[0].match.id,),
        ):
            chain.setdefault(hand, record)
    return replay_once(hands[0].match.info, [Sent(hand, record) for hand, record in chain.items()])


def _play_refusal(conn: psycopg.Connection, counted: Counted, played: Replay) -> str | None:
    """Why a record of play is wrong: not of the night's game and players, or not what
    the rules make of its events (saying whose points differ)."""
    why = match_refusal(conn, counted.match) or played.verdict(counted.hand, counted.record)
    if why != DIFFERS or not counted.shaped:
        return why
    expected = played.expected(counted.hand) or {}
    makes = {line["player"]: line["points"] for line in expected.get("players", [])}
    differing = [
        f"{line['player']} {line['points']} points where the rules make {makes[line['player']]}"
        for line in counted.lines
        if line["player"] in makes and makes[line["player"]] != line["points"]
    ]
    return f"{why} (it gives {'; '.join(differing)})" if differing else why


def _points_refusal(
    conn: psycopg.Connection, fmt: Format | None, settings: Mapping[str, Any], counted: Counted
) -> str | None:
    """Why a record of points alone is wrong: its shape, its players, its points."""
    if not counted.shaped:
        return MISSHAPEN
    lines = counted.lines
    if not lines:
        return None  # a hand no longer on record
    names = [line["player"] for line in lines]
    refused = players_refusal(conn, counted.match, names)
    if refused is not None or fmt is None:
        return refused
    points = [line["points"] for line in lines]
    why = impossible_points(fmt, settings, points)
    if why is None:
        return None
    given = ", ".join(f"{name} {figure}" for name, figure in zip(names, points, strict=True))
    return f"{why} ({given})"


def _past_the_round(matches: Iterable[list[Counted]], limit: int | None) -> list[Counted]:
    """The hands each table has on record past the round's ``limit`` (its matches in the
    order they were started)."""
    if limit is None:
        return []
    kept: dict[tuple[int, int], int] = {}
    past = []
    for hands in matches:
        for counted in hands:
            if not counted.shaped or not counted.lines:
                continue  # not a hand on record
            at = (counted.match.round, counted.match.table)
            kept[at] = kept.get(at, 0) + 1
            if kept[at] > limit:
                past.append(counted)
    return past


def _flag(counted: Counted, why: str, replayed: dict[str, Any] | None) -> Disagreement:
    record = counted.record
    stored = {key: record.get(key) for key in COMPARED} if isinstance(record, dict) else {}
    match = counted.match
    return Disagreement(
        match.id,
        match.round,
        match.table,
        counted.hand,
        counted.revision,
        why,
        stored or {"record": record},
        replayed or {"refused": why},
    )


def _keep(conn: psycopg.Connection, flag: Disagreement) -> Disagreement:
    """``flag``, recorded in ``club.flags``."""
    conn.execute(
        "INSERT INTO club.flags (match_id, hand_no, revision, stored, replayed) "
        "VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
        (flag.match_id, flag.hand, flag.revision, Jsonb(flag.stored), Jsonb(flag.replayed)),
    )
    return flag
