"""A table's page, behind its token: the round's match read and written with the
table's own login, hands entered by quick entry (or card by card, see
:mod:`~scorekeeper.club.web.cards`) and counted once the other side confirms.

The server keeps each table's login (in the director's data folder) and acts as it, so
the club database's row-level security and the referee judge a phone's hand exactly as
a laptop's. A hand entered waits here, in the server's own store, until a player of
another side confirms it (so do the steps of a hand being played card by card); only
then is it sent to the club database (the table's revision 1 of that hand, never
another: after that only the director can change it).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from scorekeeper import database_files
from scorekeeper.club import tournament
from scorekeeper.club.admin import EventCredentials, current_round, withdrawn_tables
from scorekeeper.club.board import read_board
from scorekeeper.club.formats.board import BoardData
from scorekeeper.club.record import hand_payload, match_payload
from scorekeeper.club.referee import replay, stored_chain
from scorekeeper.club.table import Seating, seating
from scorekeeper.club.web import tokens
from scorekeeper.club.web.clock import RoundClock, read_clock
from scorekeeper.club.web.form import posted_result
from scorekeeper.club.web.logins import Logins
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo

WAITING, CONFIRMED, DECLINED = "waiting", "confirmed", "declined"
MATCHES = uuid.UUID("7d1c8e52-52b5-4c1e-9a55-0c3f2b6c1a90")  # the web matches' ids, by name

STORE = """
PRAGMA journal_mode = WAL;
CREATE TABLE IF NOT EXISTS entries (
    id INTEGER PRIMARY KEY,
    event TEXT NOT NULL, round INTEGER NOT NULL, tbl INTEGER NOT NULL,
    key TEXT NOT NULL, hand INTEGER NOT NULL, data TEXT NOT NULL,
    entered_by INTEGER NOT NULL, state TEXT NOT NULL, answered_by INTEGER,
    UNIQUE (event, round, tbl, key)
);
CREATE UNIQUE INDEX IF NOT EXISTS one_waiting ON entries (event, round, tbl)
    WHERE state = 'waiting';
CREATE TABLE IF NOT EXISTS plays (
    id INTEGER PRIMARY KEY,
    event TEXT NOT NULL, round INTEGER NOT NULL, tbl INTEGER NOT NULL,
    key TEXT NOT NULL, hand INTEGER NOT NULL, step INTEGER NOT NULL, events TEXT NOT NULL,
    UNIQUE (event, round, tbl, key), UNIQUE (event, round, tbl, hand, step)
);
"""
PLAYED = "card_by_card"  # an entry's key for the events of a hand played card by card


# the open round, and whether it has started
OPEN_ROUND = (
    "SELECT round_no, started IS NOT NULL FROM club.rounds WHERE event_id = %s AND open "
    "ORDER BY round_no DESC LIMIT 1"
)


class Refusal(ValueError):
    """What a table's page may not do, in one plain line."""


class NotFound(LookupError):
    """A token that names no table page of this night (or no longer does)."""


@dataclass(frozen=True)
class Entry:
    """A hand entered on a table's page."""

    id: int
    hand: int
    data: dict[str, Any]
    entered_by: int
    state: str
    answered_by: int | None = None  # who confirmed it, or did not agree


@dataclass
class Served:
    """What the server serves the pages of: the event (its saved file, read again when
    it changes, so a pass the desk issues counts at once), how it reaches the club
    database, its signing secret and its store of entries waiting for confirmation.

    What every request would otherwise read again is kept: the store's connections (one
    per request under way, kept for the next), the event's file until it changes, a
    started round's seats (a round's seats are drawn again only before it starts) and
    each match's info once the club database has it."""

    event_file: Path
    conninfo: str  # the administrator's: where the club database is
    secret: bytes
    store: Path
    logins: Logins = field(init=False)
    locks: dict[tuple[str, int, int], threading.Lock] = field(init=False, default_factory=dict)
    _stores: list[sqlite3.Connection] = field(init=False, default_factory=list)
    _kept: threading.Lock = field(init=False, default_factory=threading.Lock)
    _event: tuple[tuple[Path, int, int], EventCredentials] | None = field(init=False, default=None)
    _seats: dict[tuple[str, int, int], Seating] = field(init=False, default_factory=dict)
    _infos: dict[str, dict[str, Any]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.logins = Logins(self.conninfo)
        with self.entries() as entries:
            entries.executescript(STORE)

    def event(self) -> EventCredentials:
        path = self.event_file
        status = path.stat()
        mark = (path, status.st_mtime_ns, status.st_size)
        if self._event is None or self._event[0] != mark:
            self._event = (mark, EventCredentials.load(path))
        return self._event[1]

    @contextmanager
    def entries(self) -> Iterator[sqlite3.Connection]:
        """A connection to the store (in WAL mode: pages read while another table's entry
        is written), this request's alone while it lasts."""
        with self._kept:
            conn = self._stores.pop() if self._stores else None
        if conn is None:
            conn = database_files.connect(
                self.store, timeout=10, isolation_level=None, check_same_thread=False
            )
        try:
            yield conn
        finally:
            with self._kept:
                self._stores.append(conn)

    def close(self) -> None:
        """Close every connection kept."""
        self.logins.close()
        with self._kept:
            kept, self._stores = self._stores, []
        for conn in kept:
            conn.close()

    def _seating(self, conn: psycopg.Connection, event: str, scope: tokens.Scope) -> Seating:
        """The table's seats in the open round ``scope`` names; :class:`NotFound` when
        another round is open."""
        row = conn.execute(OPEN_ROUND, (event,)).fetchone()
        if row is None or row[0] != scope.round:
            raise NotFound(f"round {scope.round} is over: ask the director for this round's page")
        key = (event, scope.round, scope.table)
        seats = self._seats.get(key)
        if seats is None:
            seats = seating(conn, event, scope.round, scope.table)
            if row[1] and seats.players:  # started: its seats are the round's for good
                self._seats[key] = seats
        return seats

    @contextmanager
    def table(self, token: str) -> Iterator[Table]:
        """The table page ``token`` opens, with the table's login; :class:`NotFound`
        when the token is not the server's, names a withdrawn pass or another round."""
        scope = tokens.read(token)
        event = self.event()
        login = event.tables.get(scope.table) if scope else None
        if (
            scope is None
            or login is None
            or not tokens.valid(self.secret, event.event, scope, login.role)
        ):
            raise NotFound("this page's address is not one the club server gave")
        with ExitStack() as stack:
            try:
                conn = stack.enter_context(self.logins.connection(login))
            except psycopg.OperationalError:
                raise NotFound("this table's pass was withdrawn: ask the director") from None
            entries = stack.enter_context(self.entries())
            seats = self._seating(conn, event.event, scope)
            lock = self.locks.setdefault((event.event, scope.round, scope.table), threading.Lock())
            yield Table(conn, entries, event.event, seats, lock, self._infos)

    def board(self, token: str) -> tuple[BoardData, RoundClock | None]:
        """What the standings board page ``token`` shows now, and the round's clock, read
        with the event's board login (its standings, nothing else); :class:`NotFound` for
        another token."""
        event = self.event()
        if not tokens.board_valid(self.secret, event.event, event.board.role, token):
            raise NotFound("this page's address is not one the club server gave")
        with self.logins.connection(event.board) as conn:
            try:
                return read_board(conn, event.event), read_clock(conn, event.event)
            except tournament.TournamentError:
                raise NotFound("the director has not chosen the night's format yet") from None


def page_tokens(conn: psycopg.Connection, served: Served) -> dict[int, str]:
    """Each table's token for the open round (none for a withdrawn pass), read with
    ``conn`` (the administrator's or the director's)."""
    event = served.event()
    round_no = current_round(conn, event.event)
    if round_no is None:
        return {}
    withdrawn = withdrawn_tables(conn, event.event)
    return {
        number: tokens.issue(served.secret, event.event, number, round_no, login.role)
        for number, login in sorted(event.tables.items())
        if number not in withdrawn
    }


class Table:
    """One table in the open round, as its page reads and writes it."""

    def __init__(
        self,
        conn: psycopg.Connection,
        entries: sqlite3.Connection,
        event: str,
        seats: Seating,
        lock: threading.Lock,
        infos: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        self.conn = conn
        self.infos = {} if infos is None else infos  # the matches' info read so far, by id
        self.entries = entries
        self.lock = lock  # one entry or answer at a time per table (the server is one process)
        self.event = event
        self.seating = seats
        self.match = str(uuid.uuid5(MATCHES, f"{event}/{seats.round}/{seats.table}"))
        self.scope = (event, seats.round, seats.table)

    @property
    def drawn(self) -> bool:
        return bool(self.seating.players and self.seating.game)

    def info(self) -> dict[str, Any]:
        """The match as sent to the club database (made from the draw the first time);
        once there, kept (a match's info is never changed)."""
        if self.match in self.infos:
            return self.infos[self.match]
        row = self.conn.execute(
            "SELECT info FROM club.matches WHERE match_id = %s", (self.match,)
        ).fetchone()
        if row is not None:
            stored: dict[str, Any] = row[0]
            self.infos[self.match] = stored
            return stored
        seats = self.seating
        assert seats.game is not None  # a page enters hands only once the round is drawn
        game = get_game(seats.game)
        info = MatchInfo(
            f"{seats.event_name}, round {seats.round}, table {seats.table}",
            game.id,
            game.settings(**seats.options),
            seats.players,
        )
        return match_payload(Ledger(info))

    def ledger(self) -> Ledger:
        """The match with its hands confirmed so far, replayed by the engine."""
        played = replay(self.info(), stored_chain(self.conn, self.match))
        if played.ledger is None:
            raise Refusal("this table's hands cannot be read back: call the director")
        return played.ledger

    def verdicts(self) -> dict[int, tuple[str, str | None]]:
        """Each hand's verdict of the club database's referee, and its reason."""
        rows = self.conn.execute(
            "SELECT DISTINCT ON (hand_no) hand_no, verdict, reason FROM club.hand_revisions "
            "WHERE match_id = %s ORDER BY hand_no, revision DESC",
            (self.match,),
        ).fetchall()
        return {hand: (verdict, reason) for hand, verdict, reason in rows}

    def waiting(self, ledger: Ledger) -> Entry | None:
        """The hand entered and not yet confirmed. One whose hand is on record already
        (sent, and the server stopped before it noted so) is noted now: confirmed when
        the hand on record is its result, else set aside."""
        row = self.entries.execute(
            "SELECT id, hand, data, entered_by, state, answered_by FROM entries "
            "WHERE event = ? AND round = ? AND tbl = ? AND state = 'waiting'",
            self.scope,
        ).fetchone()
        entry = _entry(row)
        if entry is None or entry.hand >= len(ledger.hands):
            return entry
        sent = entry_of(ledger, entry.hand) == entry.data
        self._note(entry, CONFIRMED if sent else DECLINED, None)
        return None

    def set_aside(self, ledger: Ledger) -> Entry | None:
        """The last version of the next hand a player did not agree with (asked while
        nothing waits): the page says it was set aside, to be entered again."""
        row = self.entries.execute(
            "SELECT id, hand, data, entered_by, state, answered_by FROM entries "
            "WHERE event = ? AND round = ? AND tbl = ? AND hand = ? AND state = 'declined' "
            "AND answered_by IS NOT NULL ORDER BY id DESC LIMIT 1",
            (*self.scope, len(ledger.hands)),
        ).fetchone()
        return _entry(row)

    def _note(self, entry: Entry, state: str, by: int | None) -> None:
        self.entries.execute(
            "UPDATE entries SET state = ?, answered_by = ? WHERE id = ? AND state = 'waiting'",
            (state, by, entry.id),
        )

    def entry(self, entry_id: int) -> Entry:
        row = self.entries.execute(
            "SELECT id, hand, data, entered_by, state, answered_by FROM entries "
            "WHERE event = ? AND round = ? AND tbl = ? AND id = ?",
            (*self.scope, entry_id),
        ).fetchone()
        found = _entry(row)
        if found is None:
            raise Refusal("there is no such hand at this table")
        return found

    def again(self, key: str) -> Entry | None:
        """The entry a request with ``key`` made already (sent again, it makes no other)."""
        row = self.entries.execute(
            "SELECT id FROM entries WHERE event = ? AND round = ? AND tbl = ? AND key = ?",
            (*self.scope, key),
        ).fetchone()
        return None if row is None else self.entry(row[0])

    def ready_for_a_hand(self, ledger: Ledger) -> None:
        """Refuses a new hand while one waits to be confirmed, or once the round's hands
        are all entered."""
        if (waiting := self.waiting(ledger)) is not None:
            raise Refusal(f"hand {waiting.hand + 1} waits to be confirmed first")
        if self.round_played(ledger):
            seats = self.seating
            raise Refusal(f"all {seats.hands} hands of round {seats.round} are entered")

    def round_played(self, ledger: Ledger) -> bool:
        """Whether the table has entered every hand of the round (``ledger``: its hands
        confirmed), where the format plays a number of hands a round."""
        hands = self.seating.hands
        return hands is not None and len(ledger.hands) >= hands

    def enter(self, key: str, form_id: str, posted: Mapping[str, Sequence[str]], by: int) -> Entry:
        """Enter the next hand's result (checked by the engine)."""

        def result(ledger: Ledger) -> dict[str, Any]:
            data = posted_result(ledger, form_id, posted)
            ledger.quick(data)  # the engine's refusal, as on the laptop, in one line
            return data

        return self.new_hand(key, by, result)

    def new_hand(self, key: str, by: int, read: Callable[[Ledger], dict[str, Any]]) -> Entry:
        """The next hand, entered by ``by``, waiting for the other side: ``read(ledger)``
        records it into ``ledger`` (so the engine judges it) and gives what is stored of
        it. A request sent again with the same ``key`` enters nothing more."""
        with self.lock:
            if (again := self.again(key)) is not None:
                return again
            ledger = self.ledger()
            self.check_seat(ledger, by)
            self.ready_for_a_hand(ledger)
            data = read(ledger)
            return self._insert(key, len(ledger.hands) - 1, data, by)

    def _insert(self, key: str, hand: int, data: dict[str, Any], by: int) -> Entry:
        """A hand entered (its result, or its events), waiting for the other side."""
        cursor = self.entries.execute(
            "INSERT INTO entries (event, round, tbl, key, hand, data, entered_by, state) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, 'waiting')",
            (*self.scope, key, hand, json.dumps(data), by),
        )
        assert cursor.lastrowid is not None
        return self.entry(cursor.lastrowid)

    def answer(self, entry_id: int, by: int, agreed: bool) -> Entry:
        """A player of another side confirms the waiting hand (it is sent to the club
        database and counts once the referee accepts it) or does not agree (it is set
        aside, to be entered again)."""
        with self.lock:
            ledger = self.ledger()
            self.waiting(ledger)  # one sent already is noted first
            entry = self.entry(entry_id)
            self.check_seat(ledger, by)
            if entry.state != WAITING:
                if entry.state == CONFIRMED and agreed:
                    return entry  # confirmed already: a request sent again changes nothing
                raise Refusal(f"hand {entry.hand + 1} is already {entry.state}")
            if side_of(ledger, by) == side_of(ledger, entry.entered_by):
                names = ledger.info.players
                raise Refusal(
                    f"{names[entry.entered_by]} entered this hand: a player of another side "
                    f"answers for it, not {names[by]}"
                )
            if agreed:
                record_entry(ledger, entry.data)
                self._send(ledger, entry.hand)
            self._note(entry, CONFIRMED if agreed else DECLINED, by)
            return self.entry(entry.id)

    def check_seat(self, ledger: Ledger, seat: int) -> None:
        if not 0 <= seat < len(ledger.info.players):
            raise Refusal("choose who you are from this table's players")

    def _send(self, ledger: Ledger, hand: int) -> None:
        """The match (once) and the hand's record, with the table's own login."""
        seats = self.seating
        try:
            with self.conn.transaction():
                self.conn.execute(
                    "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
                    "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (match_id) DO NOTHING",
                    (self.match, self.event, seats.round, seats.table, Jsonb(self.info())),
                )
                self.conn.execute(
                    "INSERT INTO club.hand_revisions (match_id, hand_no, table_revision, "
                    "record) VALUES (%s, %s, 1, %s) ON CONFLICT DO NOTHING",
                    (self.match, hand, Jsonb(hand_payload(ledger, hand))),
                )
        except psycopg.errors.InsufficientPrivilege:
            raise Refusal(f"round {seats.round} is closed: this hand was not counted") from None


def _entry(row: Any) -> Entry | None:
    if row is None:
        return None
    entry_id, hand, data, entered_by, state, answered_by = row
    return Entry(entry_id, hand, json.loads(data), entered_by, state, answered_by)


def result_of(ledger: Ledger, hand: int) -> dict[str, Any] | None:
    """The quick-entry result hand ``hand`` was recorded with (None: played otherwise)."""
    events = ledger.hands[hand].events
    return events[0].data if len(events) == 1 and events[0].kind == "result" else None


def entry_of(ledger: Ledger, hand: int) -> dict[str, Any]:
    """What an entry of hand ``hand`` as recorded holds: its result, or its events."""
    result = result_of(ledger, hand)
    if result is not None:
        return result
    return {PLAYED: [event.to_json() for event in ledger.hands[hand].events]}


def record_entry(ledger: Ledger, data: dict[str, Any]) -> None:
    """Record an entry's hand into ``ledger`` (the engine refuses what cannot be)."""
    if PLAYED in data:
        for raw in data[PLAYED]:
            ledger.record(Event.from_json(raw))
    else:
        ledger.quick(data)


def side_of(ledger: Ledger, seat: int) -> int:
    """The side ``seat`` plays on."""
    return next(side for side, seats in enumerate(ledger.sides) if seat in seats)


def board_token(served: Served) -> str:
    """The standings board page's token."""
    event = served.event()
    return tokens.board(served.secret, event.event, event.board.role)
