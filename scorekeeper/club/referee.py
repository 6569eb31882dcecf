"""The referee: every hand a table pushes is replayed through the engine before it counts.

A table's revision arrives as *pending* (the database sets who sent it, when, and the
server's revision number). :func:`judge_pending` replays each waiting revision from the
match the table sent and the table's own latest record of every hand before it, and
compares: the record must be exactly what the engine makes of its events, the match the
event's game with the players drawn to that table, and within the round's hands. It is
then *accepted* (and counts) or *refused* with its reason (kept, never counted); one a
later revision of the same table replaced before it was judged is *superseded*.
``club serve`` runs a :class:`Referee` that judges on each arrival; ``club check`` judges
whatever is waiting before it checks.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import psycopg
from psycopg.conninfo import make_conninfo

from scorekeeper.adjudicator import Refused
from scorekeeper.club import tournament
from scorekeeper.club.record import as_words, hand_payload
from scorekeeper.club.schema import ARRIVALS
from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.matchfile import MatchFileError, parse_match

PENDING, ACCEPTED, REFUSED, SUPERSEDED = "pending", "accepted", "refused", "superseded"

DIFFERS = "its record is not what the rules make of its events"
GAP = "an earlier hand of its match is missing or refused"
UNREADABLE = "its match could not be read"
UNPLAYABLE = "its match could not be replayed"
NOT_DRAWN = "its players are not those the director drew to this table"
SUPERSEDED_WHY = "a later revision of this hand from this table arrived"
LONGEST_REASON = 300
SETTLE = 0.05  # seconds without an arrival before the referee judges what arrived
SETTLE_MOST = 0.25  # seconds it waits for that, at most


@dataclass(frozen=True)
class Sent:
    """A table's latest record of one hand of a match (any JSON, as stored)."""

    hand: int
    record: Any


@dataclass(frozen=True)
class Replay:
    """A match replayed from a table's records: the hands that replay, and why the one
    after them does not (None: all do)."""

    ledger: Ledger | None
    replayed: int
    why: str | None

    def expected(self, hand: int) -> dict[str, Any] | None:
        """The record the engine makes of ``hand`` (None: the match does not replay that
        far; past the hands that replay, a hand no longer on record)."""
        if self.ledger is None:
            return None
        expected: dict[str, Any] = json.loads(json.dumps(hand_payload(self.ledger, hand)))
        return expected

    def verdict(self, hand: int, record: Any) -> str | None:
        """Why the table's ``record`` of ``hand`` is refused (None: it is right). A hand
        no longer on record may follow the hands that replay."""
        if self.ledger is None:
            return self.why or UNREADABLE
        if hand >= self.replayed and not _removal(record):
            return (self.why or GAP) if hand == self.replayed else GAP
        expected = self.expected(hand)
        if record == expected:
            return None
        names = self.ledger.info.players
        return None if as_words(record, names) == as_words(expected, names) else DIFFERS


def _removal(record: Any) -> bool:
    """A hand no longer on record (a record without events)."""
    return isinstance(record, dict) and record.get("events") == []


def _has_events(record: Any) -> bool:
    return (
        isinstance(record, dict)
        and isinstance(record.get("events"), list)
        and bool(record["events"])
    )


def _engine_words(error: Exception) -> str:
    """What the engine said, without the place in the match file it names."""
    said = str(error).strip().splitlines()[0] if str(error).strip() else "no reason given"
    return re.sub(r"^[\w\[\].]+: ", "", said)


def replay(info: Any, chain: Sequence[Sent]) -> Replay:
    """Replay the match ``info`` (as the table sent it) with the table's latest records of
    its hands in order, up to the first that is missing, no longer on record, or refused
    by the rules (found by halving: a longer match never replays when a shorter fails)."""
    hands: list[dict[str, Any]] = []
    for number, sent in enumerate(sorted(chain, key=lambda s: s.hand)):
        if sent.hand != number or not _has_events(sent.record):
            break
        hands.append({"dealer": sent.record.get("dealer"), "events": sent.record["events"]})
    if not isinstance(info, dict):
        return Replay(None, 0, UNREADABLE)

    def attempt(count: int) -> Ledger | str:
        try:
            return Ledger(*parse_match({**info, "hands": hands[:count]}))
        except (MatchFileError, Refused) as error:
            return f"the rules refuse it: {_engine_words(error)}"

    whole = attempt(len(hands))
    if not isinstance(whole, str):
        return Replay(whole, len(hands), None)
    best = attempt(0)
    if isinstance(best, str):
        return Replay(None, 0, UNREADABLE)
    low, high, why = 0, len(hands) - 1, whole  # ``low`` replays; more than ``high`` does not
    while low < high:
        middle = (low + high + 1) // 2
        found = attempt(middle)
        if isinstance(found, str):
            high, why = middle - 1, found
        else:
            low, best = middle, found
    return Replay(best, low, why)


@lru_cache(maxsize=64)
def _replayed(sent: str) -> Replay:
    info, records = json.loads(sent)
    return replay(info, [Sent(hand, record) for hand, record in records])


def replay_once(info: Any, chain: Sequence[Sent]) -> Replay:
    """:func:`replay`, done once for the same match and records (a table sends a hand
    again unchanged; the referee and the check meet the same match)."""
    records = [(sent.hand, sent.record) for sent in chain]
    return _replayed(json.dumps([info, records], sort_keys=True))


def stored_chain(conn: psycopg.Connection, match: str) -> list[Sent]:
    """The table's latest record of each hand of ``match``."""
    rows = conn.execute(
        "SELECT DISTINCT ON (hand_no) hand_no, record FROM club.hand_revisions "
        "WHERE match_id = %s AND table_revision IS NOT NULL ORDER BY hand_no, table_revision DESC",
        (match,),
    ).fetchall()
    return [Sent(hand, record) for hand, record in rows]


@dataclass(frozen=True)
class Match:
    id: str
    event: str
    round: int
    table: int
    info: Any


def match_refusal(conn: psycopg.Connection, match: Match) -> str | None:
    """Why every hand of the match is refused (None: the match is one the night plays):
    the event's game, with the players drawn to that table when the round is drawn."""
    try:
        fmt, _, _ = tournament.event_format(conn, match.event)
    except tournament.TournamentError:
        return None  # a night without a tournament: any game, any players
    info = match.info if isinstance(match.info, dict) else {}
    if info.get("game") != fmt.game:
        return f"the night plays {get_game(fmt.game).title}, and its match another game"
    return players_refusal(conn, match, info.get("players"))


def players_refusal(conn: psycopg.Connection, match: Match, players: Any) -> str | None:
    """Why ``players`` are not those the director drew to the match's table (None: they
    are, or the round is not drawn)."""
    drawn = tournament.seating(conn, match.event, match.round)
    if drawn is None:
        return None
    table = next((t for t in drawn.tables if t.number == match.table), None)
    names = tournament.table_players(conn, match.event, table) if table else []
    if not isinstance(players, list) or sorted(map(str, players)) != sorted(names):
        return NOT_DRAWN
    return None


def _round_room(conn: psycopg.Connection, match: Match) -> tuple[int, int] | None:
    """The round's hands and how many of them this match may have (the table's other
    matches of the round counted first); None when the round has no number of hands."""
    try:
        fmt, settings, _ = tournament.event_format(conn, match.event)
    except tournament.TournamentError:
        return None
    limit = fmt.round_hands(settings)
    if limit is None:
        return None
    row = conn.execute(
        "SELECT count(*) FROM club.counted_hands WHERE event_id = %s AND round_no = %s "
        "AND table_no = %s AND match_id <> %s AND lines > 0",
        (match.event, match.round, match.table, match.id),
    ).fetchone()
    return limit, limit - (row[0] if row else 0)


Verdicts = dict[tuple[int, int], tuple[str, str | None]]  # (hand, table revision): ...


def _verdicts(
    conn: psycopg.Connection, match: Match, waiting: Sequence[tuple[int, int, Any]]
) -> Verdicts:
    """The verdict and its reason for each waiting ``(hand, table revision, record)``."""
    newest: dict[int, int] = dict(
        conn.execute(
            "SELECT hand_no, max(table_revision) FROM club.hand_revisions WHERE match_id = %s "
            "GROUP BY hand_no",
            (match.id,),
        ).fetchall()
    )
    refused = match_refusal(conn, match)
    played = replay_once(match.info, stored_chain(conn, match.id)) if refused is None else None
    room = _round_room(conn, match)
    verdicts: Verdicts = {}
    for hand, table_revision, record in waiting:
        if table_revision < newest[hand]:
            verdicts[hand, table_revision] = (SUPERSEDED, SUPERSEDED_WHY)
            continue
        why = refused or (played.verdict(hand, record) if played else UNREADABLE)
        if why is None and room is not None and _has_events(record) and hand >= room[1]:
            why = f"the round is {room[0]} hands"
        verdicts[hand, table_revision] = (
            (REFUSED, why[:LONGEST_REASON]) if why else (ACCEPTED, None)
        )
    return verdicts


def judge_match(conn: psycopg.Connection, match_id: str) -> int:
    """Judge the revisions of ``match_id`` waiting for the referee; how many. A match
    the engine cannot replay at all (whatever the reason) has them refused, so that no
    row can hold the queue."""
    with conn.transaction():
        waiting = conn.execute(
            "SELECT hand_no, table_revision, record FROM club.hand_revisions "
            "WHERE match_id = %s AND verdict = 'pending' ORDER BY hand_no, table_revision "
            "FOR UPDATE",
            (match_id,),
        ).fetchall()
        if not waiting:
            return 0
        row = conn.execute(
            "SELECT event_id, round_no, table_no, info FROM club.matches WHERE match_id = %s",
            (match_id,),
        ).fetchone()
        assert row is not None  # a hand's match is on record (a foreign key)
        try:
            verdicts = _verdicts(conn, Match(match_id, *row), waiting)
        except psycopg.Error:
            raise
        except Exception:  # a table's data the engine fails on: refused, never retried
            verdicts = {(hand, rev): (REFUSED, UNPLAYABLE) for hand, rev, _ in waiting}
        with conn.cursor() as cursor:
            cursor.executemany(
                "UPDATE club.hand_revisions SET verdict = %s, reason = %s WHERE match_id = %s "
                "AND hand_no = %s AND table_revision = %s AND verdict = 'pending'",
                [(v, why, match_id, hand, rev) for (hand, rev), (v, why) in verdicts.items()],
            )
    return len(waiting)


def judge_pending(conn: psycopg.Connection) -> int:
    """Judge every revision waiting for the referee, match by match; how many. ``conn``
    is the administrator's (it sets verdicts)."""
    matches = conn.execute(
        "SELECT DISTINCT match_id::text FROM club.hand_revisions WHERE verdict = 'pending'"
    ).fetchall()
    return sum(judge_match(conn, match) for (match,) in matches)


class Referee(threading.Thread):
    """Judges every waiting revision as it arrives (and every ``every`` seconds), until
    :meth:`stop`; a lost connection is opened again."""

    def __init__(self, conninfo: str, every: float = 0.5) -> None:
        super().__init__(name="club referee", daemon=True)
        self.conninfo = conninfo
        self.every = every
        self.judged = 0
        self._stopped = threading.Event()

    @classmethod
    def like(cls, conn: psycopg.Connection) -> Referee:
        """A referee with the same login as ``conn`` (the administrator's)."""
        return cls(make_conninfo(conn.info.dsn, password=conn.info.password))

    def stop(self, timeout: float = 10) -> None:
        self._stopped.set()
        self.join(timeout)

    def _settle(self, conn: psycopg.Connection) -> None:
        """Take the arrivals that follow closely (a table pushing card by card, many
        tables at once) together: until ``SETTLE`` seconds pass without one, at most
        ``SETTLE_MOST``; a revision replaced meanwhile is judged superseded, not replayed."""
        deadline = time.monotonic() + SETTLE_MOST
        while time.monotonic() < deadline and list(conn.notifies(timeout=SETTLE, stop_after=1)):
            pass

    def run(self) -> None:
        while not self._stopped.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as conn:
                    # a verdict lost in a crash leaves its hand waiting, judged again: the
                    # referee need not wait for the disk (the tables' pushes do)
                    conn.execute("SET synchronous_commit = off")
                    conn.execute(f"LISTEN {ARRIVALS}")
                    while not self._stopped.is_set():
                        self.judged += judge_pending(conn)
                        if list(conn.notifies(timeout=self.every, stop_after=1)):
                            self._settle(conn)
            except psycopg.Error:
                self._stopped.wait(1)
