"""The match database: SQLite in WAL mode, one transaction per recorded event.

Durability: ``journal_mode=WAL`` with ``synchronous=FULL``. In WAL mode, FULL syncs the
write-ahead log at every commit, so an event is on disk (not only handed to the operating
system) before :meth:`Store.append_event` returns; a killed process or a dead battery loses
nothing that was reported recorded. NORMAL would survive a killed process but could lose
the last commits on power loss, so it is not used.

The schema version is SQLite's ``user_version``. :data:`MIGRATIONS` holds every step from
an empty file; a database written by an earlier version is brought up to date in one
transaction, and one written by a newer version is refused before anything is written.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import stat
import struct
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from functools import lru_cache, wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from scorekeeper import __version__, database_files
from scorekeeper.events import Event, EventError
from scorekeeper.games import get_game
from scorekeeper.games.base import Game, Settings
from scorekeeper.games.outcome import OUTCOME_FORMAT, HandOutcome
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.names import check_name, name_key, name_problem
from scorekeeper.outfile import file_size_limit
from scorekeeper.paths import what_it_is
from scorekeeper.progress import Tell, told
from scorekeeper.quote import cut, shown

if TYPE_CHECKING:
    from scorekeeper.ledger import Ledger, StoredHand

_ENGINE = f"{__version__}+outcome{OUTCOME_FORMAT}"
"""The key stored outcomes are kept under: another engine replays the hands."""

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: matches and their events
    (
        """CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            game TEXT NOT NULL,
            preset TEXT NOT NULL,
            options TEXT NOT NULL,
            players TEXT NOT NULL,
            first_dealer INTEGER NOT NULL,
            played_on TEXT NOT NULL,
            created TEXT NOT NULL
        )""",
        """CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            hand INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            dealer INTEGER NOT NULL,
            event TEXT NOT NULL,
            UNIQUE (match_id, hand, seq)
        )""",
    ),
    # 2: place, archive flag, last change, and the roster of players kept across matches
    (
        "ALTER TABLE matches ADD COLUMN place TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE matches ADD COLUMN archived INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE matches ADD COLUMN updated TEXT NOT NULL DEFAULT ''",
        "UPDATE matches SET updated = created",
        "CREATE TABLE players (name TEXT PRIMARY KEY, last_played TEXT NOT NULL)",
        """INSERT OR IGNORE INTO players (name, last_played)
            SELECT seat.value, matches.created FROM matches, json_each(matches.players) AS seat""",
    ),
    # 3: each finished hand's outcome, kept so that a long match opens without replaying
    # every event; any change to a hand's events drops its row (the triggers)
    (
        """CREATE TABLE hand_outcomes (
            match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            hand INTEGER NOT NULL,
            engine TEXT NOT NULL,
            outcome TEXT NOT NULL,
            PRIMARY KEY (match_id, hand)
        )""",
        """CREATE TRIGGER hand_changed_by_insert AFTER INSERT ON events BEGIN
            DELETE FROM hand_outcomes WHERE match_id = NEW.match_id AND hand = NEW.hand;
        END""",
        """CREATE TRIGGER hand_changed_by_update AFTER UPDATE ON events BEGIN
            DELETE FROM hand_outcomes WHERE match_id = OLD.match_id AND hand = OLD.hand;
            DELETE FROM hand_outcomes WHERE match_id = NEW.match_id AND hand = NEW.hand;
        END""",
        """CREATE TRIGGER hand_changed_by_delete AFTER DELETE ON events BEGIN
            DELETE FROM hand_outcomes WHERE match_id = OLD.match_id AND hand = OLD.hand;
        END""",
    ),
    # 4: club nights: the event this table joined, its matches there, and the outbox of
    # hands to push; any change to a hand raises its revision and those of the later
    # hands of the match (their totals follow it), in the same transaction as the change
    (
        """CREATE TABLE club_link (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            code TEXT NOT NULL,
            round INTEGER NOT NULL,
            active INTEGER NOT NULL DEFAULT 1,
            joined TEXT NOT NULL
        )""",
        """CREATE TABLE club_matches (
            match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
            remote_id TEXT NOT NULL UNIQUE,
            event TEXT NOT NULL,
            round INTEGER NOT NULL,
            table_no INTEGER NOT NULL,
            pushed INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE club_outbox (
            match_id INTEGER NOT NULL REFERENCES club_matches (match_id) ON DELETE CASCADE,
            hand INTEGER NOT NULL,
            revision INTEGER NOT NULL,
            pushed INTEGER NOT NULL DEFAULT 0,
            refused TEXT,
            PRIMARY KEY (match_id, hand)
        )""",
        """CREATE TRIGGER club_hand_inserted AFTER INSERT ON events
            WHEN NEW.match_id IN (SELECT match_id FROM club_matches) BEGIN
            INSERT OR IGNORE INTO club_outbox (match_id, hand, revision)
                VALUES (NEW.match_id, NEW.hand, 0);
            UPDATE club_outbox SET revision = revision + 1
                WHERE match_id = NEW.match_id AND hand >= NEW.hand;
        END""",
        """CREATE TRIGGER club_hand_updated AFTER UPDATE ON events
            WHEN NEW.match_id IN (SELECT match_id FROM club_matches) BEGIN
            UPDATE club_outbox SET revision = revision + 1
                WHERE match_id = NEW.match_id AND hand >= min(OLD.hand, NEW.hand);
        END""",
        """CREATE TRIGGER club_hand_deleted AFTER DELETE ON events
            WHEN OLD.match_id IN (SELECT match_id FROM club_matches) BEGIN
            UPDATE club_outbox SET revision = revision + 1
                WHERE match_id = OLD.match_id AND hand >= OLD.hand;
        END""",
    ),
    # 5: where an imported record ended (a ruling undecided there stands, as when a hand
    # follows) until an event before that end is taken back or rewritten; and each match's
    # undo history, kept so that undo after a restart is the undo before it
    (
        """CREATE TABLE record_ends (
            match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            hand INTEGER NOT NULL,
            events INTEGER NOT NULL,
            PRIMARY KEY (match_id, hand)
        )""",
        """CREATE TRIGGER record_end_taken_back AFTER DELETE ON events BEGIN
            DELETE FROM record_ends
                WHERE match_id = OLD.match_id AND hand = OLD.hand AND events > OLD.seq;
        END""",
        """CREATE TRIGGER record_end_rewritten AFTER UPDATE ON events BEGIN
            DELETE FROM record_ends
                WHERE match_id = OLD.match_id AND hand = OLD.hand AND events > OLD.seq;
        END""",
        """CREATE TABLE undo_steps (
            match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            done INTEGER NOT NULL,
            hand INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            dealer INTEGER NOT NULL,
            event TEXT NOT NULL,
            PRIMARY KEY (match_id, step)
        )""",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)

_HEADER = b"SQLite format 3\x00"


class StorageError(Exception):
    """The database cannot be used as asked; the message says why. Nothing was changed."""


class NewerDatabaseError(StorageError):
    """The database was written by a newer Scorekeeper; it is left exactly as it is."""


@dataclass(frozen=True)
class MatchSummary:
    """A line of the match list."""

    id: int
    name: str
    game: str
    preset: str
    players: tuple[str, ...]
    played_on: str
    place: str
    archived: bool
    created: str
    updated: str
    hands: int


@dataclass
class StoredMatch:
    """A match as stored: its settings and every hand's events, ready for the ledger."""

    id: int
    info: MatchInfo
    hands: list[HandRecord]
    archived: bool = False


UNDO_STEPS = 1000
"""How many steps of each match's undo history are kept (the oldest go first)."""


@dataclass(frozen=True)
class UndoStep:
    """One action of a match's undo history: the event it recorded at
    ``hands[hand].events[seq]``, done (Undo takes it back) or undone (Redo puts it back).
    Every action of the app records one event, so this is all it takes to reverse it."""

    number: int
    hand: int
    seq: int
    dealer: int
    event: Event
    done: bool


_EVENT_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def encode_event(event: Event) -> str:
    return _EVENT_ENCODER.encode(event.to_json())


@lru_cache(maxsize=8192)
def _decode_event(text: str) -> Event:
    """Events repeat across hands (the same play, the same pass), so reading is cached."""
    return Event.from_json(json.loads(text, parse_constant=_no_constant))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def inspect_database_file(path: Path) -> bool:
    """Whether ``path`` holds a database (``False`` for a missing or empty file).

    Reads the header only, so a file that is not a database, or is cut short with no
    write-ahead log that could complete it, is refused without SQLite touching it. With a
    log beside it (after a crash or a full disk), SQLite recovers the log first and the
    store then checks integrity. A file this process already has open through SQLite is
    not read (closing the descriptor would drop SQLite's locks): it was checked when it
    was first opened, and SQLite's own connection keeps it whole since.
    """
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise StorageError(f"{path} cannot be opened: {what_it_is(info.st_mode)}")
        if info.st_size == 0:
            return False
        header = database_files.read_start(path, 100)
        if header is None:  # held here: checked when it was first opened
            return True
    except FileNotFoundError:
        return False
    except OSError as error:
        raise StorageError(f"{path} cannot be read: {error.strerror}") from None
    size = info.st_size
    if not header.startswith(_HEADER):
        raise StorageError(f"{path} is not a Scorekeeper database (it is not an SQLite file)")
    if len(header) < 100:
        raise StorageError(f"{path} is damaged: it is cut short ({size} bytes)")
    (page_size,) = struct.unpack(">H", header[16:18])
    page_size = 65536 if page_size == 1 else page_size
    change_counter, pages = struct.unpack(">II", header[24:32])
    (valid_for,) = struct.unpack(">I", header[92:96])
    if page_size < 512 or page_size & (page_size - 1):
        raise StorageError(f"{path} is damaged: its header is not readable")
    if has_log(path):
        return True
    if size % page_size or (valid_for == change_counter and size < pages * page_size):
        raise StorageError(
            f"{path} is damaged: it is cut short ({size} bytes, expected {pages * page_size})"
        )
    return True


def in_use(path: Path) -> bool:
    """Whether a program may have the database open: a write-ahead log or a rollback
    journal lies beside it (SQLite makes one while a connection is open or writing)."""
    return any(Path(f"{path}{end}").exists() for end in ("-wal", "-journal"))


def has_log(path: Path) -> bool:
    """Whether a write-ahead log with content lies beside the database."""
    try:
        return Path(f"{path}-wal").stat().st_size > 0
    except OSError:
        return False


def database_problem(path: Path, error: sqlite3.Error) -> StorageError:
    """SQLite's error as a true message: damage, a full disk, a lock or a read-only file."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    if code == sqlite3.SQLITE_FULL or (code == sqlite3.SQLITE_IOERR and "disk I/O" in str(error)):
        limit = file_size_limit()
        if limit is not None:  # SQLite does not say which; a set limit is the likelier
            return StorageError(
                f"{path} could not be written: it reached the file-size limit (ulimit -f, "
                f"{limit:,} bytes), or the disk is full or failing. Nothing was changed; "
                "raise the limit or free some space and try again."
            )
        return StorageError(
            f"{path} could not be written: the disk is full or failing. "
            "Nothing was changed; free some space and try again."
        )
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StorageError(
            f"{path} is in use by another program (it is locked); "
            "close the other program and try again"
        )
    if code == sqlite3.SQLITE_READONLY:
        return StorageError(
            f"{path} is read-only: Scorekeeper needs to write to it and its folder "
            "(check their permissions)"
        )
    if code == sqlite3.SQLITE_CANTOPEN:
        return StorageError(f"{path} cannot be opened: {error}")
    return StorageError(f"{path} is damaged: {error}")


def connect_database(
    path: Path, read_only: bool = False, check_same_thread: bool = True, unused: bool = False
) -> sqlite3.Connection:
    """A connection to the database at ``path``, made the one way every part of the app
    connects (autocommit, a wait for another program's write), and held while it is open
    (:mod:`scorekeeper.database_files`). ``unused`` (read-only, and no program has the file
    open: :func:`in_use` is false) reads it as it lies, without SQLite's lock and log
    files, so that reading makes no file beside it."""
    uri = f"file:{urllib.parse.quote(str(path.absolute()))}?mode={'ro' if read_only else 'rwc'}"
    uri += "&immutable=1" if unused and read_only else ""
    try:
        return database_files.connect(
            uri,
            uri=True,
            isolation_level=None,
            timeout=Store.busy_timeout_s,
            check_same_thread=check_same_thread,
        )
    except sqlite3.Error as error:
        raise database_problem(path, error) from None


def _damaged(match_id: int, column: str, problem: str) -> StorageError:
    return StorageError(f"match {match_id} is damaged: its {column} column: {problem}")


def _text(match_id: int, column: str, value: object) -> str:
    """A text column's value; anything else stored there is damage."""
    if not isinstance(value, str):
        raise _damaged(match_id, column, "expected text")
    return value


def _json(match_id: int, column: str, text: object) -> Any:
    try:
        return json.loads(_text(match_id, column, text), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise _damaged(match_id, column, "it is not readable JSON") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _players(match_id: int, text: object) -> tuple[str, ...]:
    """The players column: a list of usable names."""
    players = _json(match_id, "players", text)
    if not isinstance(players, list):
        raise _damaged(match_id, "players", "expected a list of names")
    for seat, player in enumerate(players):
        problem = name_problem(player)
        if problem:
            raise _damaged(match_id, "players", f"players[{seat}]: {problem}")
    return tuple(players)


def _options(match_id: int, text: object) -> dict[str, Any]:
    """The options column: an object of plain values (the game checks the choices)."""
    options = _json(match_id, "options", text)
    if not isinstance(options, dict) or not all(
        isinstance(value, bool | int | float | str) for value in options.values()
    ):
        raise _damaged(match_id, "options", "expected house options and their values")
    return options


def _game(match_id: int, game_id: object) -> Game[Any]:
    """The game column: a game of this version."""
    try:
        return get_game(_text(match_id, "game", game_id))
    except (ImportError, ValueError):
        raise _damaged(match_id, "game", f"{shown(game_id)} is not a game") from None


def _preset(match_id: int, game: Game[Any], preset: object) -> str:
    """The preset column: a preset of the game."""
    named = _text(match_id, "preset", preset)
    if named not in game.preset_ids:
        raise _damaged(match_id, "preset", f"{shown(named)} is not a {game.title} preset")
    return named


def _settings(match_id: int, game: Game[Any], preset: object, options: object) -> Settings:
    """The preset and options columns: a preset of the game and choices it offers."""
    named = _preset(match_id, game, preset)
    chosen = _options(match_id, options)
    try:
        return game.settings(named, **chosen)
    except ValueError:
        problem = f"{shown(chosen)} does not fit {game.title}'s house options"
        raise _damaged(match_id, "options", problem) from None


def _is_id(text: str) -> bool:
    """Whether ``text`` is written as a match id: ASCII digits that SQLite's integer holds."""
    return text.isascii() and text.isdecimal() and int(text) < 2**63


def _version(db: sqlite3.Connection) -> int:
    """The schema version of a database (SQLite's ``user_version``)."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _dealer(match_id: int, hand: int, dealer: object, info: MatchInfo) -> int:
    """A hand's dealer column: a seat at the table."""
    if type(dealer) is not int or not 0 <= dealer < len(info.players):
        raise StorageError(f"match {match_id} is damaged: hands[{hand}].dealer is not a seat")
    return dealer


def _replayed(hand: HandRecord | StoredHand) -> bool:
    """Whether opening the match replays ``hand`` (its outcome is not kept)."""
    return isinstance(hand, HandRecord)


def _cached_outcome(text: object) -> HandOutcome | None:
    """A kept outcome, or ``None`` when it cannot be read (the hand is then replayed)."""
    try:
        return HandOutcome.from_json(json.loads(text))  # type: ignore[arg-type]
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
        return None


P = ParamSpec("P")
R = TypeVar("R")


def _guarded(method: Callable[Concatenate[Store, P], R]) -> Callable[Concatenate[Store, P], R]:
    """SQLite's own errors become a ``StorageError`` with the file named and the cause told."""

    @wraps(method)
    def guarded(store: Store, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(store, *args, **kwargs)
        except sqlite3.Error as error:
            raise database_problem(store.path, error) from None

    return guarded


def _new_row_id(cursor: sqlite3.Cursor) -> int:
    """The id of the row an ``INSERT`` just made (SQLite gives one for every ``INSERT``)."""
    row_id = cursor.lastrowid
    if row_id is None:
        raise StorageError("the database made no row for a new record")
    return row_id


class Store:
    """One match database. Every method that changes it is one transaction."""

    busy_timeout_s = 5.0  # how long to wait for another program's write to finish

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        with database_files.opening():
            held = database_files.held_here(self.path)
            exists = inspect_database_file(self.path)
            recovering = exists and not held and has_log(self.path)
            if exists:
                self._refuse_newer(self._read_version())
            elif not self.path.parent.is_dir():
                try:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as error:
                    raise StorageError(
                        f"{self.path.parent} cannot be made: {error.strerror}"
                    ) from None
            self._db = connect_database(self.path)
        try:
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            self._refuse_newer(version)
            if (
                version == 0
                and self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            ):
                raise StorageError(f"{self.path} is an SQLite file but not a Scorekeeper database")
            if recovering:
                problems = [row[0] for row in self._db.execute("PRAGMA quick_check")]
                if problems != ["ok"]:
                    raise StorageError(f"{self.path} is damaged: {problems[0]}")
            self._db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_s * 1000)}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
            self._db.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except sqlite3.Error as error:
            self._db.close()
            raise database_problem(self.path, error) from None
        except StorageError:
            self._db.close()
            raise

    def _read_version(self) -> int:
        """The schema version, read through a read-only connection: SQLite sees the
        write-ahead log but neither recovers it into the file nor writes anything."""
        reader = connect_database(self.path, read_only=True)
        try:
            return int(reader.execute("PRAGMA user_version").fetchone()[0])
        except sqlite3.Error as error:
            raise database_problem(self.path, error) from None
        finally:
            reader.close()

    def _refuse_newer(self, version: int | None) -> None:
        if version is not None and version > SCHEMA_VERSION:
            raise NewerDatabaseError(
                f"{self.path} was written by a newer Scorekeeper (schema {version}; this "
                f"version reads schemas up to {SCHEMA_VERSION}). It was left unchanged: "
                "open it with the newer version."
            )
        if version is not None and version < 0:
            raise StorageError(f"{self.path} is not a Scorekeeper database (schema {version})")

    def _migrate(self) -> None:
        with self._transaction():
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            for statements in MIGRATIONS[version:]:
                for statement in statements:
                    self._db.execute(statement)
            if version != SCHEMA_VERSION:
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    # -- lifecycle -------------------------------------------------------------

    read_only = False

    @classmethod
    def reader(cls, path: str | os.PathLike[str]) -> Store:
        """The database opened only to read (``list``, ``export``, ``report``): SQLite's
        read-only mode, so nothing is written to it, and nothing is made where it is missing.
        A missing or empty file reads as a database without matches, and one of an older
        schema through an updated copy in memory."""
        store = cls.__new__(cls)
        store.path = Path(path)
        store.read_only = True
        try:
            with database_files.opening():
                found = store._open_to_read() if inspect_database_file(store.path) else None
            if found is not None and _version(found) == SCHEMA_VERSION:
                store._db = found
                return store
            store._db = sqlite3.connect(":memory:", isolation_level=None)
            if found is not None:
                with closing(found):
                    found.backup(store._db)
            store._migrate()
        except sqlite3.Error as error:
            raise database_problem(store.path, error) from None
        return store

    def _open_to_read(self) -> sqlite3.Connection:
        """A read-only connection to the file, which must be a database this version reads."""
        found = connect_database(self.path, read_only=True, unused=not in_use(self.path))
        try:
            version = _version(found)
            self._refuse_newer(version)
            if version == 0 and found.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise StorageError(f"{self.path} is an SQLite file but not a Scorekeeper database")
        except BaseException:
            found.close()
            raise
        return found

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; any error rolls back and nothing is changed."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    @_guarded
    def integrity_problems(self) -> list[str]:
        """``PRAGMA integrity_check``'s findings; empty when the database is sound."""
        rows = [row[0] for row in self._db.execute("PRAGMA integrity_check")]
        return [] if rows == ["ok"] else rows

    # -- matches ---------------------------------------------------------------

    @_guarded
    def create_match(
        self, info: MatchInfo, hands: Sequence[HandRecord] = (), ended: bool = False
    ) -> int:
        """Store a new match (and, for an import, its hands) in one transaction; its id.
        ``ended``: the record of ``hands`` ended there (a file), so a ruling undecided at
        the end of the last hand stands, as when a hand follows (see ``record_ends``)."""
        check_name(info.name, "name")
        for seat, player in enumerate(info.players):
            check_name(player, f"players[{seat}]")
        if any(0xD800 <= ord(char) <= 0xDFFF for char in info.place):
            raise StorageError("place: it holds half of a character (a lone surrogate)")
        now = _now()
        with self._transaction() as db:
            cursor = db.execute(
                """INSERT INTO matches (name, game, preset, options, players, first_dealer,
                    played_on, place, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    info.name,
                    info.game,
                    info.settings.preset,
                    json.dumps(info.settings.options, sort_keys=True),
                    json.dumps(list(info.players), ensure_ascii=False),
                    info.first_dealer,
                    info.played_on,
                    info.place,
                    now,
                    now,
                ),
            )
            match_id = _new_row_id(cursor)
            self._insert_hands(match_id, 0, hands)
            stored = [hand for hand in hands if hand.events]  # the last may be empty
            if ended and stored:
                db.execute(
                    "INSERT INTO record_ends (match_id, hand, events) VALUES (?, ?, ?)",
                    (match_id, len(stored) - 1, len(stored[-1].events)),
                )
            db.executemany(
                "INSERT OR REPLACE INTO players (name, last_played) VALUES (?, ?)",
                [(self._roster_name(player), now) for player in info.players],
            )
        return match_id

    @_guarded
    def matches(self, archived: bool | None = False) -> list[MatchSummary]:
        """The matches, last changed first: unarchived (default), archived, or all (``None``)."""
        rows = self._db.execute(
            """SELECT m.id, m.name, m.game, m.players, m.played_on, m.place, m.archived,
                      m.created, m.updated,
                      (SELECT count(DISTINCT hand) FROM events WHERE match_id = m.id),
                      m.preset
               FROM matches AS m WHERE ? IS NULL OR m.archived = ?
               ORDER BY m.updated DESC, m.id DESC""",
            (archived, archived),
        ).fetchall()
        return [
            MatchSummary(
                id=row[0],
                name=_text(row[0], "name", row[1]),
                game=_game(row[0], row[2]).id,
                preset=_preset(row[0], _game(row[0], row[2]), row[10]),
                players=_players(row[0], row[3]),
                played_on=_text(row[0], "played_on", row[4]),
                place=_text(row[0], "place", row[5]),
                archived=bool(row[6]),
                created=_text(row[0], "created", row[7]),
                updated=_text(row[0], "updated", row[8]),
                hands=row[9],
            )
            for row in rows
        ]

    @_guarded
    def find(self, text: str) -> int:
        """The id of the match named by ``text``: its id, or its exact name when unique."""
        if _is_id(text) and self._exists(int(text)):
            return int(text)
        named = "SELECT id FROM matches WHERE name = ?"
        try:
            ids = [row[0] for row in self._db.execute(named, (text,))]
        except UnicodeEncodeError:  # half a character (from a command line): no name has it
            ids = []
        if len(ids) == 1:
            return int(ids[0])
        if ids:
            raise StorageError(
                f"{len(ids)} matches are named {shown(text)}; give the id instead "
                f"({', '.join(map(str, ids))})"
            )
        raise StorageError(f"no match with id or name {shown(text)} (see `scorekeeper list`)")

    def _exists(self, match_id: int) -> bool:
        return (
            self._db.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone()
            is not None
        )

    def _info(self, match_id: int) -> tuple[MatchInfo, bool]:
        row = self._db.execute(
            """SELECT name, game, preset, options, players, first_dealer, played_on, place,
                      archived FROM matches WHERE id = ?""",
            (match_id,),
        ).fetchone()
        if row is None:
            raise StorageError(f"no match with id {match_id}")
        name, game_id, preset, options, players, first_dealer, played_on, place, archived = row
        game = _game(match_id, game_id)
        settings = _settings(match_id, game, preset, options)
        if problem := name_problem(_text(match_id, "name", name)):
            raise _damaged(match_id, "name", problem)
        seated = _players(match_id, players)
        if len(seated) != game.seats:
            raise _damaged(match_id, "players", f"{game.title} needs {game.seats} players")
        if type(first_dealer) is not int or not 0 <= first_dealer < game.seats:
            raise _damaged(match_id, "first_dealer", f"{shown(first_dealer)} is not a seat")
        try:
            date.fromisoformat(_text(match_id, "played_on", played_on))
        except ValueError:
            raise _damaged(match_id, "played_on", f"{shown(played_on)} is not a date") from None
        info = MatchInfo(
            name=_text(match_id, "name", name),
            game=game_id,
            settings=settings,
            players=seated,
            first_dealer=first_dealer,
            played_on=_text(match_id, "played_on", played_on),
            place=_text(match_id, "place", place),
        )
        return info, bool(archived)

    @_guarded
    def load(self, match_id: int) -> StoredMatch:
        """A match's settings and every hand's events, in order."""
        info, archived = self._info(match_id)
        hands: list[HandRecord] = []
        rows = self._db.execute(
            "SELECT hand, seq, dealer, event FROM events WHERE match_id = ? ORDER BY hand, seq",
            (match_id,),
        )
        for hand, seq, dealer, text in rows:
            if not hands or hand != len(hands) - 1:
                if hand != len(hands):
                    raise StorageError(f"match {match_id} is damaged: hand {len(hands)} is missing")
                hands.append(HandRecord(_dealer(match_id, hand, dealer, info)))
            record = hands[-1]
            if seq != len(record.events):
                raise StorageError(f"match {match_id} is damaged: hands[{hand}].events[{seq}]")
            record.events.append(self._decode(match_id, hand, seq, text))
        return StoredMatch(match_id, info, hands, archived=archived)

    def _decode(self, match_id: int, hand: int, seq: int, text: str) -> Event:
        try:
            return _decode_event(text)
        except (ValueError, TypeError, KeyError, EventError) as error:
            raise StorageError(
                f"match {match_id} is damaged at hands[{hand}].events[{seq}]: {cut(str(error), 200)}"
            ) from None

    @_guarded
    def hand_events(self, match_id: int, hand: int) -> list[Event]:
        """One hand's events, in order."""
        rows = self._db.execute(
            "SELECT seq, event FROM events WHERE match_id = ? AND hand = ? ORDER BY seq",
            (match_id, hand),
        ).fetchall()
        return [self._decode(match_id, hand, seq, text) for seq, text in rows]

    @_guarded
    def find_identical(self, info: MatchInfo, hands: Sequence[HandRecord]) -> int | None:
        """The id of a stored match equal to this one in every setting and event, if any
        (an import of a file already imported)."""
        candidates = self._db.execute(
            "SELECT id FROM matches WHERE name = ? AND game = ? AND played_on = ? ORDER BY id",
            (info.name, info.game, info.played_on),
        ).fetchall()
        wanted = [(hand.dealer, hand.events) for hand in hands]
        for (match_id,) in candidates:
            stored = self.load(match_id)
            if stored.info == info and [(h.dealer, h.events) for h in stored.hands] == wanted:
                return int(match_id)
        return None

    def import_ledger(self, ledger: Ledger) -> int:
        """Store a match that was replayed in full (an imported file), with its outcomes."""
        match_id = self.create_match(ledger.info, ledger.records(), ended=True)
        self.record_outcomes(match_id, ledger)
        return match_id

    @_guarded
    def record_outcomes(
        self, match_id: int, ledger: Ledger, hands: Sequence[int] | None = None
    ) -> None:
        """Keep the outcomes of the ledger's finished hands (all, or those named), so that
        the next open need not replay them. Only a hand whose events stay unchanged keeps
        its row: the triggers drop it at any change."""
        if self.read_only:
            return  # kept only by a store that may write
        numbers = range(len(ledger.hands)) if hands is None else hands
        finished = [
            (number, outcome)
            for number in numbers
            if (outcome := ledger.outcome(number)) is not None
        ]
        if finished:
            with self._transaction():
                self._keep_outcomes(match_id, finished)

    def _keep_outcomes(self, match_id: int, outcomes: Sequence[tuple[int, HandOutcome]]) -> None:
        """Write the outcomes of finished hands, in a transaction."""
        self._db.executemany(
            "INSERT OR REPLACE INTO hand_outcomes (match_id, hand, engine, outcome) "
            "VALUES (?, ?, ?, ?)",
            [
                (match_id, number, _ENGINE, json.dumps(outcome.to_json(), ensure_ascii=False))
                for number, outcome in outcomes
            ],
        )

    @_guarded
    def open_ledger(self, match_id: int, replaying: Tell | None = None) -> Ledger:
        """The match's ledger. Finished hands whose outcome is on record are not replayed
        (their events are read when something asks for them); the others are, and their
        outcomes are recorded for the next time. ``replaying(done, total)`` is told of
        the hands replayed, before each and at the end."""
        from scorekeeper.ledger import Ledger, StoredHand  # the engine loads with a match

        info, _ = self._info(match_id)
        cached = {
            hand: outcome
            for hand, text in self._db.execute(
                "SELECT hand, outcome FROM hand_outcomes WHERE match_id = ? AND engine = ?",
                (match_id, _ENGINE),
            )
            if (outcome := _cached_outcome(text)) is not None
        }
        hands: list[HandRecord | StoredHand] = []
        for hand, dealer in self._db.execute(
            "SELECT hand, dealer FROM events WHERE match_id = ? AND seq = 0 ORDER BY hand",
            (match_id,),
        ).fetchall():
            if hand != len(hands):
                raise StorageError(f"match {match_id} is damaged: hand {len(hands)} is missing")
            dealer = _dealer(match_id, hand, dealer, info)
            if hand in cached:
                read = functools.partial(self.hand_events, match_id, hand)
                hands.append(StoredHand(dealer, cached[hand], read))
            else:
                hands.append(HandRecord(dealer, self.hand_events(match_id, hand)))
        ends = self._db.execute(
            "SELECT hand, events FROM record_ends WHERE match_id = ?", (match_id,)
        ).fetchall()
        replayed = hands if replaying is None else told(hands, replaying, counted=_replayed)
        ledger = Ledger(info, replayed, dict(ends))
        self.record_outcomes(
            match_id, ledger, [n for n, hand in enumerate(hands) if isinstance(hand, HandRecord)]
        )
        return ledger

    @_guarded
    def rename(self, match_id: int, name: str) -> None:
        check_name(name, "name")
        self._update_match(match_id, "name = ?", name)

    @_guarded
    def archive(self, match_id: int, archived: bool = True) -> None:
        self._update_match(match_id, "archived = ?", int(archived))

    @_guarded
    def delete(self, match_id: int) -> None:
        with self._transaction() as db:
            self._require(match_id)
            db.execute("DELETE FROM events WHERE match_id = ?", (match_id,))
            db.execute("DELETE FROM matches WHERE id = ?", (match_id,))

    def _update_match(self, match_id: int, assignment: str, value: object) -> None:
        with self._transaction() as db:
            self._require(match_id)
            db.execute(
                f"UPDATE matches SET {assignment}, updated = ? WHERE id = ?",
                (value, _now(), match_id),
            )

    def _require(self, match_id: int) -> None:
        if not self._exists(match_id):
            raise StorageError(f"no match with id {match_id}")

    # -- events ----------------------------------------------------------------
    # A change made here outside the undo history ends the match's history: its steps
    # would no longer fit the record.

    @_guarded
    def append_event(self, match_id: int, hand: int, dealer: int, event: Event) -> int:
        """Record ``event`` at the end of ``hand`` (a hand on record, or a new one after the
        last; a correction goes to the hand it corrects) and commit; the event's id."""
        with self._transaction():
            event_id, _ = self._append(match_id, hand, dealer, event)
            self._forget_history(match_id)
        return event_id

    @_guarded
    def remove_last_event(self, match_id: int, hand: int | None = None) -> Event | None:
        """Undo: delete the last event of ``hand`` (default: the last hand); it, or ``None``
        when there was none. Only the last hand may be left without events."""
        with self._transaction():
            taken = self._take_back(match_id, hand)
            self._forget_history(match_id)
        return None if taken is None else taken[3]

    @_guarded
    def replace_event(self, match_id: int, hand: int, index: int, event: Event) -> None:
        """A correction: ``hands[hand].events[index]`` becomes ``event``."""
        with self._transaction() as db:
            changed = db.execute(
                "UPDATE events SET event = ? WHERE match_id = ? AND hand = ? AND seq = ?",
                (encode_event(event), match_id, hand, index),
            ).rowcount
            if not changed:
                raise StorageError(f"match {match_id} has no hands[{hand}].events[{index}]")
            self._forget_history(match_id)
            self._touch(match_id)

    @_guarded
    def replace_hands(self, match_id: int, first: int, hands: Sequence[HandRecord]) -> None:
        """Rewrite every hand from ``first`` on with ``hands`` (a correction that changed
        more than one event), in one transaction."""
        with self._transaction() as db:
            self._require(match_id)
            db.execute("DELETE FROM events WHERE match_id = ? AND hand >= ?", (match_id, first))
            self._insert_hands(match_id, first, hands)
            self._forget_history(match_id)
            self._touch(match_id)

    def _append(self, match_id: int, hand: int, dealer: int, event: Event) -> tuple[int, int]:
        """Insert ``event`` at the end of ``hand``, within a transaction; its id and seq."""
        db = self._db
        last_seq, hand_dealer = db.execute(
            "SELECT max(seq), dealer FROM events WHERE match_id = ? AND hand = ?",
            (match_id, hand),
        ).fetchone()
        if last_seq is not None:
            if dealer != hand_dealer:
                raise StorageError(f"hand {hand} was dealt by seat {hand_dealer}, not {dealer}")
            seq = last_seq + 1
        else:
            self._require(match_id)
            (last_hand,) = db.execute(
                "SELECT coalesce(max(hand), -1) FROM events WHERE match_id = ?", (match_id,)
            ).fetchone()
            if hand != last_hand + 1:
                raise StorageError(f"hand {hand} does not follow hand {last_hand}")
            seq = 0
        cursor = db.execute(
            "INSERT INTO events (match_id, hand, seq, dealer, event) VALUES (?, ?, ?, ?, ?)",
            (match_id, hand, seq, dealer, encode_event(event)),
        )
        self._touch(match_id)
        return _new_row_id(cursor), seq

    def _take_back(self, match_id: int, hand: int | None) -> tuple[int, int, int, Event] | None:
        """Delete the last event of ``hand`` (default: the last hand), within a transaction:
        its hand and seq, the hand's dealer and the event, or ``None`` when there was none."""
        db = self._db
        if hand is None:
            (hand,) = db.execute(
                "SELECT max(hand) FROM events WHERE match_id = ?", (match_id,)
            ).fetchone()
        row = db.execute(
            "SELECT id, seq, dealer, event FROM events WHERE match_id = ? AND hand = ? "
            "ORDER BY seq DESC LIMIT 1",
            (match_id, hand),
        ).fetchone()
        if row is None:
            return None
        later = db.execute(
            "SELECT 1 FROM events WHERE match_id = ? AND hand > ? LIMIT 1", (match_id, hand)
        ).fetchone()
        if row[1] == 0 and later:
            raise StorageError(f"hand {hand} cannot be emptied while later hands exist")
        db.execute("DELETE FROM events WHERE id = ?", (row[0],))
        self._touch(match_id)
        return hand, row[1], row[2], _decode_event(row[3])

    def _touch(self, match_id: int) -> None:
        self._db.execute("UPDATE matches SET updated = ? WHERE id = ?", (_now(), match_id))

    # -- the undo history ------------------------------------------------------
    # Each step is written in the transaction of the change it records, so the history
    # and the record never disagree.

    @_guarded
    def undo_steps(self, match_id: int) -> list[UndoStep]:
        """The match's undo history, oldest first: the done steps, then the undone ones."""
        rows = self._db.execute(
            "SELECT step, hand, seq, dealer, event, done FROM undo_steps WHERE match_id = ? "
            "ORDER BY step",
            (match_id,),
        ).fetchall()
        return [
            UndoStep(number, hand, seq, dealer, self._step_event(match_id, event), bool(done))
            for number, hand, seq, dealer, event, done in rows
        ]

    @_guarded
    def record_step(
        self,
        match_id: int,
        hand: int,
        dealer: int,
        event: Event,
        outcome: HandOutcome | None = None,
    ) -> UndoStep:
        """Record ``event`` at the end of ``hand`` as the newest step of the undo history;
        the steps undone before it can no longer be redone, and only the newest
        :data:`UNDO_STEPS` are kept. ``outcome``, the hand's when the event leaves it
        finished, is kept with it: opening the match need not replay the hand."""
        with self._transaction() as db:
            _, seq = self._append(match_id, hand, dealer, event)
            if outcome is not None:
                self._keep_outcomes(match_id, [(hand, outcome)])
            db.execute("DELETE FROM undo_steps WHERE match_id = ? AND done = 0", (match_id,))
            (number,) = db.execute(
                "SELECT coalesce(max(step) + 1, 0) FROM undo_steps WHERE match_id = ?",
                (match_id,),
            ).fetchone()
            step = UndoStep(number, hand, seq, dealer, event, True)
            self._write_step(match_id, step)
            db.execute(  # the oldest steps give way to it
                "DELETE FROM undo_steps WHERE match_id = ? AND step <= ?",
                (match_id, number - UNDO_STEPS),
            )
        return step

    @_guarded
    def undo_step(self, match_id: int, number: int | None = None) -> UndoStep | None:
        """Take back the newest done step (``number``, when given, must be it). With none
        left, the last stored event is taken back and kept as the oldest step, undone (so
        undo reaches before the kept history, and redo puts it back). The step, or
        ``None`` when nothing is recorded."""
        with self._transaction() as db:
            row = self._next_step(match_id, done=True)
            if row is None and number is None:
                taken = self._take_back(match_id, None)
                if taken is None:
                    return None
                (first,) = db.execute(
                    "SELECT coalesce(min(step), 0) FROM undo_steps WHERE match_id = ?",
                    (match_id,),
                ).fetchone()
                step = UndoStep(first - 1, *taken, done=False)
                self._write_step(match_id, step)
                db.execute(  # the newest undone steps give way to it
                    "DELETE FROM undo_steps WHERE match_id = ? AND step >= ?",
                    (match_id, step.number + UNDO_STEPS),
                )
                return step
            step = self._step(match_id, row, number)
            expected = (step.hand, step.seq, step.dealer, step.event)
            if self._take_back(match_id, step.hand) != expected:
                raise self._unfit(match_id)
            return self._mark(match_id, step, done=False)

    @_guarded
    def redo_step(self, match_id: int, number: int | None = None) -> UndoStep | None:
        """Put back the oldest undone step (``number``, when given, must be it); the step,
        or ``None`` when there is none."""
        with self._transaction():
            row = self._next_step(match_id, done=False)
            if row is None and number is None:
                return None
            step = self._step(match_id, row, number)
            if self._append(match_id, step.hand, step.dealer, step.event)[1] != step.seq:
                raise self._unfit(match_id)
            return self._mark(match_id, step, done=True)

    def _next_step(self, match_id: int, done: bool) -> tuple[Any, ...] | None:
        """The row of the step that undo (``done``: the newest done step) or redo (the
        oldest undone step) moves next."""
        order = "DESC" if done else "ASC"
        row: tuple[Any, ...] | None = self._db.execute(
            "SELECT step, hand, seq, dealer, event FROM undo_steps "
            f"WHERE match_id = ? AND done = ? ORDER BY step {order} LIMIT 1",
            (match_id, int(done)),
        ).fetchone()
        return row

    def _mark(self, match_id: int, step: UndoStep, done: bool) -> UndoStep:
        self._db.execute(
            "UPDATE undo_steps SET done = ? WHERE match_id = ? AND step = ?",
            (int(done), match_id, step.number),
        )
        return replace(step, done=done)

    def _step(self, match_id: int, row: tuple[Any, ...] | None, number: int | None) -> UndoStep:
        """The step a row holds, which must be step ``number`` when one is asked for."""
        if row is None or (number is not None and row[0] != number):
            raise self._unfit(match_id)
        step, hand, seq, dealer, event = row
        return UndoStep(step, hand, seq, dealer, self._step_event(match_id, event), False)

    def _step_event(self, match_id: int, text: str) -> Event:
        try:
            return _decode_event(text)
        except (ValueError, TypeError, KeyError, EventError) as error:
            raise StorageError(
                f"match {match_id} is damaged: its undo history: {cut(str(error), 200)}"
            ) from None

    def _unfit(self, match_id: int) -> StorageError:
        return StorageError(
            f"match {match_id}'s undo history does not fit its record; nothing was changed"
        )

    def _write_step(self, match_id: int, step: UndoStep) -> None:
        self._db.execute(
            "INSERT INTO undo_steps (match_id, step, done, hand, seq, dealer, event) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                match_id,
                step.number,
                int(step.done),
                step.hand,
                step.seq,
                step.dealer,
                encode_event(step.event),
            ),
        )

    def _forget_history(self, match_id: int) -> None:
        self._db.execute("DELETE FROM undo_steps WHERE match_id = ?", (match_id,))

    def _insert_hands(self, match_id: int, first: int, hands: Sequence[HandRecord]) -> None:
        """A hand is stored as its events, so only the last hand (one just begun) may be empty."""
        if any(not record.events for record in hands[:-1]):
            raise StorageError("only the last hand of a match can be without events")
        self._db.executemany(
            "INSERT INTO events (match_id, hand, seq, dealer, event) VALUES (?, ?, ?, ?, ?)",
            (
                (match_id, number, seq, record.dealer, encode_event(event))
                for number, record in enumerate(hands, start=first)
                for seq, event in enumerate(record.events)
            ),
        )

    # -- the roster ------------------------------------------------------------

    @_guarded
    def roster(self) -> list[str]:
        """Every player's name ever seated or added, most recently played first."""
        return [
            row[0]
            for row in self._db.execute("SELECT name FROM players ORDER BY last_played DESC, name")
        ]

    @_guarded
    def add_player(self, name: str) -> None:
        check_name(name, "player")
        with self._transaction() as db:
            db.execute(
                "INSERT OR IGNORE INTO players (name, last_played) VALUES (?, ?)",
                (self._roster_name(name), _now()),
            )

    def _roster_name(self, name: str) -> str:
        """The roster's spelling of ``name`` when the roster has a name that looks the same
        ("Zoë" typed another way, "Ann" with an invisible mark), else ``name`` itself."""
        key = name_key(name)
        for (known,) in self._db.execute("SELECT name FROM players"):
            if isinstance(known, str) and name_key(known) == key:
                return known
        return name

    @_guarded
    def remove_player(self, name: str) -> None:
        """Drop a name from the roster; matches that seated the player keep the name."""
        with self._transaction() as db:
            db.execute("DELETE FROM players WHERE name = ?", (name,))
