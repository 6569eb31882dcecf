"""The standings board's way in and its reads.

:func:`board_code` reads the code ``scorekeeper club serve`` prints for the board (or,
given nothing, makes the one of the night served on this machine); :func:`check`
connects with it. A :class:`BoardReader` then reads what the board shows again and again,
each time asking the club database only for what changed since its read before.

How it knows what changed: the points rows of a hand (``club.hand_points``) are written
afresh whenever the hand's latest record changes, in the transaction that changed it,
and so are the running totals of its players (``club.player_totals``). A read remembers
the oldest transaction still running when it read (its snapshot's ``xmin``); every row
written since, or by a transaction then still running, has that transaction or a later
one as its ``xmin``. The next read finds the players whose totals were written so (one
row per player), then those players' points rows written so, and asks for their hands
alone. A hand withdrawn since (its rows gone, none written) shows as fewer rows than the
totals count, and the reader then reads everything afresh. Notifications play no part
in what is read: whatever they say, the reader asks the database.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import psycopg
from psycopg.pq import TransactionStatus

from scorekeeper.club import tournament
from scorekeeper.club.director import first_line, saved_events
from scorekeeper.club.formats.base import Format
from scorekeeper.club.formats.board import BoardData, Stage, board_data
from scorekeeper.club.formats.schedule import Round
from scorekeeper.club.formats.standings import RoundResult
from scorekeeper.club.joincode import JoinCode, JoinCodeError, parse
from scorekeeper.club.server import DATABASE, EmbeddedServer
from scorekeeper.games import get_game

LATEST_BIG_HANDS = 5

# the event's counted hands (the accepted latest record of each, of the event's seats,
# see club.counted_hands), with the time that revision was received
HANDS = (
    "SELECT h.match_id, h.hand_no, h.round_no, h.table_no, h.record -> 'players', "
    "coalesce(h.record #> '{outcome,details}', '{}'), r.received "
    "FROM club.counted_hands h JOIN club.hand_revisions r USING (match_id, hand_no, revision) "
    "WHERE h.event_id = %s AND h.lines = %s"
)
# each hand's points rows (all the event's, or those a transaction wrote since the one
# given for the players given)
ROWS = (
    "SELECT match_id::text, hand_no, count(*) FROM club.hand_points WHERE event_id = %s "
    "GROUP BY 1, 2"
)
CHANGED_ROWS = (
    "SELECT match_id::text, hand_no, count(*) FROM club.hand_points WHERE event_id = %s "
    "AND player = ANY(%s) AND age(xmin) <= age(%s::xid) GROUP BY 1, 2"
)
CHANGED_HANDS = (
    f"{HANDS} AND (h.match_id, h.hand_no) IN (SELECT * FROM unnest(%s::uuid[], %s::int[]))"
)


class BoardError(Exception):
    """The board could not open; the message says why in plain words."""


def board_code(text: str, data_folder: Path) -> JoinCode:
    """The board's code from what was typed or pasted; blank: the board of the night
    ``scorekeeper club serve`` last started on this machine. A table's code is refused,
    saying so."""
    if not text.strip():
        return _local_code(data_folder)
    try:
        code = parse(text)
    except JoinCodeError as error:
        raise BoardError(str(error)) from None
    if code.table is not None:
        raise BoardError(
            f"this is table {code.table}'s join code, not the standings board's: the board's "
            "is the last code `scorekeeper club serve` prints, after “Standings board”"
        )
    return code


def _local_code(data_folder: Path) -> JoinCode:
    events = saved_events(data_folder)
    if not events:
        raise BoardError(
            "no club night was served on this machine: paste the board's code, or start "
            "one with `scorekeeper club serve`"
        )
    server = EmbeddedServer(data_folder / "club" / "server", host="127.0.0.1")
    if not server.running:
        raise BoardError(
            "the club server on this machine is not running: start it with "
            "`scorekeeper club serve`, or paste the board's code"
        )
    return events[0].join_code("127.0.0.1", server.running_port, DATABASE, None, None)


def check(code: JoinCode, certificate_folder: Path) -> tuple[str, str]:
    """Connect with the board's ``code``: the connection string and the event's name."""
    try:
        conninfo = code.conninfo(certificate_folder)
        with psycopg.connect(conninfo) as conn:
            row = conn.execute(
                "SELECT name FROM club.events WHERE event_id = %s", (code.event,)
            ).fetchone()
    except JoinCodeError as error:
        raise BoardError(str(error)) from None
    except psycopg.Error as error:
        raise BoardError(
            f"the club database at {code.host}:{code.port} refused or did not answer "
            f"({first_line(error, 'no answer')})"
        ) from None
    if row is None:
        raise BoardError("the club database does not know this code's event")
    return conninfo, row[0]


@dataclass(frozen=True)
class Hand:
    """A hand on record as the board counts it."""

    round: int
    table: int
    points: dict[int, int]  # each register number's points (tournament.hand_points)
    received: datetime  # when its latest revision arrived
    words: str | None  # the board's words for it, when it is a big hand


def big_hand_words(fmt: Format, players: Sequence[Mapping[str, Any]], outcome: Any) -> str | None:
    """The format's words for a hand worth showing (None: an ordinary hand, or one whose
    details the format cannot read)."""
    names = [line["player"] for line in sorted(players, key=lambda line: line["seat"])]
    try:
        return fmt.big_hand(outcome, names)
    except (LookupError, TypeError, ValueError, AttributeError):
        return None


@dataclass(frozen=True)
class Counting:
    """What the hands' points are counted with: the format, its settings, the register."""

    fmt: Format
    settings: Mapping[str, Any]
    numbers: Mapping[str, int]  # tournament.register_numbers

    @property
    def seats(self) -> int:
        """The players' lines a hand of the night has."""
        return get_game(self.fmt.game).seats


class BoardReader:
    """Reads the board of ``event`` again and again, each time only what changed."""

    def __init__(self, event: str) -> None:
        self.event = event
        self.counting: Counting | None = None
        self.since: str | None = None  # the oldest transaction running at the last read
        self.rows: dict[tuple[str, int], int] = {}  # each hand's points rows, as last read
        self.hands: dict[tuple[str, int], Hand] = {}  # the hands that count
        self.tables: dict[tuple[int, int], dict[int, int]] = {}  # points at each table
        self.drawn: dict[int, Round] = {}  # the seats of rounds started (they stay)
        self.results: dict[int, list[RoundResult]] = {}  # each round's, when still right
        self.fetched = 0  # the hands whose records the last read fetched

    def read(self, conn: psycopg.Connection) -> BoardData:
        """What the board shows now, read at one moment (in a transaction of its own when
        ``conn`` is not in one)."""
        alone = conn.info.transaction_status == TransactionStatus.IDLE
        with conn.transaction():
            if alone:
                conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            fmt, settings, _ = tournament.event_format(conn, self.event)
            name, stage, started, drawn_rounds = self._stage(conn, settings)
            register = tournament.players(conn, self.event)
            numbers = tournament.register_numbers(register, tournament.partners(conn, self.event))
            counting = Counting(fmt, settings, numbers)
            if counting != self.counting:  # counted afresh
                self._forget()
                self.counting = counting
            self._read_hands(conn, counting)
            played = {hand.round for hand in self.hands.values()}
            wanted = (played | {stage.upcoming or 0}) & drawn_rounds
            rounds = self._rounds(conn, wanted, started)
        drawn = [rounds[n] for n in sorted(played) if n in rounds]
        standings = tournament.ranked(
            fmt,
            settings,
            [p.number for p in register],
            drawn,
            [result for each in drawn for result in self._results(fmt, each)],
        )
        latest = heapq.nlargest(
            LATEST_BIG_HANDS,
            (hand for hand in self.hands.values() if hand.words),
            key=lambda hand: hand.received,
        )
        return board_data(
            fmt,
            name,
            stage,
            standings,
            [p.name for p in register],
            rounds.get(stage.upcoming or 0),
            [hand.words for hand in latest if hand.words],
        )

    def _forget(self) -> None:
        self.since = None
        for kept in (self.rows, self.hands, self.tables, self.results):
            kept.clear()

    def _stage(
        self, conn: psycopg.Connection, settings: Mapping[str, Any]
    ) -> tuple[str, Stage, set[int], set[int]]:
        """The event's name, where the night is, the rounds started and those drawn."""
        row = conn.execute(
            "SELECT e.name, max(r.round_no) FILTER (WHERE r.open AND r.started IS NOT NULL), "
            "coalesce(array_agg(r.round_no) FILTER (WHERE r.started IS NOT NULL), '{}'), "
            "array(SELECT round_no FROM club.seats s WHERE s.event_id = e.event_id "
            "UNION SELECT round_no FROM club.byes b WHERE b.event_id = e.event_id) "
            "FROM club.events e LEFT JOIN club.rounds r USING (event_id) "
            "WHERE e.event_id = %s GROUP BY e.event_id, e.name",
            (self.event,),
        ).fetchone()
        if row is None:
            raise tournament.TournamentError("the club database does not know this event")
        name, playing, started, drawn = row
        stage = Stage(playing, max(started, default=0), settings.get("rounds"))
        return name, stage, set(started), set(drawn)

    def _read_hands(self, conn: psycopg.Connection, counting: Counting) -> None:
        """The hands changed since the last read (all of them at the first, or after a
        hand was withdrawn): those of the players whose totals changed."""
        row = conn.execute(
            "SELECT pg_snapshot_xmin(pg_current_snapshot())::xid::text, "
            "coalesce(sum(hands), 0), coalesce(array_agg(player) "
            "FILTER (WHERE age(xmin) <= age(%s::xid)), '{}') "
            "FROM club.player_totals WHERE event_id = %s",
            (self.since, self.event),
        ).fetchone()
        assert row is not None  # an aggregate gives one row
        since, lines, players = row
        changed, records = [], []
        if self.since is None:
            changed = conn.execute(ROWS, (self.event,)).fetchall()
            records = conn.execute(HANDS, (self.event, counting.seats)).fetchall()
        elif players:
            changed = conn.execute(CHANGED_ROWS, (self.event, players, self.since)).fetchall()
            keys = ([match for match, _, _ in changed], [hand for _, hand, _ in changed])
            records = conn.execute(CHANGED_HANDS, (self.event, counting.seats, *keys)).fetchall()
        self.fetched = len(records)
        for match, hand, count in changed:
            self.rows[match, hand] = count
            self._count((match, hand), None)
        for match, hand, round_no, table, seated, outcome, received in records:
            points = tournament.hand_points(
                counting.fmt, counting.settings, counting.numbers, seated, outcome
            )
            if points is not None:  # else the format cannot read it: it counts nowhere
                words = big_hand_words(counting.fmt, seated, outcome)
                self._count((str(match), hand), Hand(round_no, table, points, received, words))
        self.since = since
        if sum(self.rows.values()) != lines:  # a hand withdrawn since: read them all again
            self._forget()
            self._read_hands(conn, counting)

    def _count(self, key: tuple[str, int], hand: Hand | None) -> None:
        """``hand`` in place of the one at ``key`` (None: none counts there now)."""
        for sign, counted in ((-1, self.hands.pop(key, None)), (1, hand)):
            if counted is not None:
                self.results.pop(counted.round, None)
                table = self.tables.setdefault((counted.round, counted.table), {})
                for player, figure in counted.points.items():
                    table[player] = table.get(player, 0) + sign * figure
        if hand is not None:
            self.hands[key] = hand

    def _rounds(
        self, conn: psycopg.Connection, wanted: set[int], started: set[int]
    ) -> dict[int, Round]:
        """The seats of the ``wanted`` rounds; those of a round started are read once."""
        missing = sorted(n for n in wanted if n not in self.drawn)
        found = tournament.seatings(conn, self.event, missing) if missing else {}
        for number in found.keys() - started:  # its seats may yet be drawn again
            self.results.pop(number, None)
        self.drawn.update({n: drawn for n, drawn in found.items() if n in started})
        return {**found, **{n: self.drawn[n] for n in wanted if n in self.drawn}}

    def _results(self, fmt: Format, drawn: Round) -> list[RoundResult]:
        """The results of ``drawn``'s tables, worked out again when they changed."""
        if drawn.number not in self.results:
            hands = [
                (round_no, table, points)
                for (round_no, table), points in self.tables.items()
                if round_no == drawn.number
            ]
            self.results[drawn.number] = tournament.table_results(fmt, [drawn], hands)
        return self.results[drawn.number]


def read_board(conn: psycopg.Connection, event: str) -> BoardData:
    """What the board of ``event`` shows now, read from nothing."""
    return BoardReader(event).read(conn)
