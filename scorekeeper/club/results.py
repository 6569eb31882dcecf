"""A player's own results, read with a code of the player's own (on the player's score
card) that reads nothing else.

The club database keeps a random key per player (``club.player_keys``) and each player's
night (``club.player_nights``: rounds, tables, partners, opponents, each hand's points,
the place so far), written from the director's side, where the format's standings are
computed. An event's readers' login may do one thing: call ``club.player_night(key)``,
which gives the night of the player whose key it is, for that login's own event. The
login's password is on every card of the event, the key on one player's card only.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import psycopg
from psycopg.types.json import Jsonb

from scorekeeper.club import tournament
from scorekeeper.club.admin import EventCredentials
from scorekeeper.club.formats.schedule import Round
from scorekeeper.club.formats.standings import Standing
from scorekeeper.club.joincode import (
    CODE_PREFIX,
    JoinCode,
    JoinCodeError,
    pack,
    parse,
    unpack,
)
from scorekeeper.club.schema import CHANNEL
from scorekeeper.words import counted

RESULTS_PREFIX = "SKP1-"
WEB_ADDRESS = "web-address"  # in the club's data folder: where ``club serve`` serves pages
KEY_LENGTH = 32  # hexadecimal digits of a player's key


@dataclass(frozen=True)
class ResultsCode:
    """Where a player's results are read (the event's readers' login) and the player's
    own key."""

    login: JoinCode
    key: str

    def url(self) -> str:
        return f"{self.login.url()}&player={self.key}"

    def code(self) -> str:
        """The code ``club results`` reads the player's night with."""
        return RESULTS_PREFIX + pack(self.url())

    def page(self, web: str) -> str:
        """The address of the player's own page on the web pages served at ``web``, as
        the score card's QR code holds it: a phone opens it; after its ``#`` (which a
        browser never sends) the code, which ``club results`` reads as well."""
        return f"{web}/p/{self.key}#{self.code()}"


def served_pages(folder: Path) -> str | None:
    """The address ``club serve`` last served the web pages at, as it noted it in the
    club's data folder ``folder`` (None: it has not served them from there)."""
    noted = folder / WEB_ADDRESS
    return noted.read_text(encoding="utf-8").strip() if noted.exists() else None


def parse_results(text: str) -> ResultsCode:
    """A player's results code as typed, pasted or scanned (or the address of the
    player's page that holds it)."""
    text = text.strip()
    if text.startswith(("http://", "https://")) and "#" in text:
        text = text.split("#", 1)[1]
    if text.startswith(CODE_PREFIX):
        raise JoinCodeError("this is a table's or a board's join code, not a player's results code")
    if not text.startswith(RESULTS_PREFIX):
        raise JoinCodeError(
            f"this is not a player's results code: it should start with {RESULTS_PREFIX}"
        )
    url = unpack(text[len(RESULTS_PREFIX) :], "results code")
    key = parse_qs(urlsplit(url).query).get("player", [""])[0]
    if len(key) != KEY_LENGTH or any(c not in "0123456789abcdef" for c in key):
        raise JoinCodeError("the results code is damaged: check it was copied whole")
    return ResultsCode(parse(url), key)


def player_keys(conn: psycopg.Connection, event: str) -> dict[int, str]:
    """Every registered player's key, by register number (made for those who have none
    yet, by the database). The director's connection (or the administrator's)."""
    with conn.transaction():
        conn.execute(
            "INSERT INTO club.player_keys (event_id, player_no) SELECT event_id, player_no "
            "FROM club.players WHERE event_id = %s ON CONFLICT DO NOTHING",
            (event,),
        )
        rows = conn.execute(
            "SELECT player_no, key FROM club.player_keys WHERE event_id = %s", (event,)
        ).fetchall()
    return dict(rows)


def results_codes(
    event: EventCredentials,
    where: tuple[str, int, str, str | None],
    keys: Mapping[int, str],
    web: str | None = None,
) -> dict[int, str]:
    """Each player's results code, by register number: the event's readers' login at
    ``where`` (host, port, database, certificate pin) and the player's key; within the
    address of the player's own page when the web pages are served at ``web``."""
    if event.reader is None:
        raise ValueError("the event has no readers' login yet")
    host, port, database, pin = where
    login = JoinCode(
        host, port, database, event.event, event.reader.role, event.reader.password, None, pin
    )
    codes = {player: ResultsCode(login, key) for player, key in keys.items()}
    return {player: code.page(web) if web else code.code() for player, code in codes.items()}


def read_night(code: ResultsCode, certificate_folder: Path) -> dict[str, Any]:
    """The night of the player whose code it is, read with the code's own login (its
    server's certificate pinned when it is another machine's)."""
    login = code.login
    try:
        with psycopg.connect(login.conninfo(certificate_folder), autocommit=True) as conn:
            row = conn.execute("SELECT club.player_night(%s)", (code.key,)).fetchone()
    except psycopg.OperationalError:
        raise JoinCodeError(
            f"the club database at {login.host}:{login.port} did not answer, or no longer "
            "takes this code (the director may have printed new score cards)"
        ) from None
    if row is None or row[0] is None:
        raise JoinCodeError("no player's results have this code: check it was copied whole")
    return dict(row[0])


# -- the nights, as the director's side writes them ----------------------------------------


def nights(conn: psycopg.Connection, event: str) -> dict[int, dict[str, Any]]:
    """Each registered player's night so far, by register number: the place and points,
    and every round drawn with the table, partners, opponents (by side), each hand's
    points and the round's result (or that the player sits out or is not playing)."""
    fmt, settings, _ = tournament.event_format(conn, event)
    names = {p.number: p.name for p in tournament.players(conn, event)}
    title = conn.execute("SELECT name FROM club.events WHERE event_id = %s", (event,)).fetchone()
    drawn = [
        found
        for (number,) in conn.execute(
            "SELECT round_no FROM club.seats WHERE event_id = %s UNION "
            "SELECT round_no FROM club.byes WHERE event_id = %s ORDER BY 1",
            (event, event),
        ).fetchall()
        if (found := tournament.seating(conn, event, number)) is not None
    ]
    played: dict[tuple[int, int], list[dict[int, int]]] = {}
    for round_no, table, points in tournament._played(conn, event, fmt, settings)[1]:
        played.setdefault((round_no, table), []).append(points)
    ranked = tournament.event_standings(conn, event)
    standing = {s.player: s for s in ranked}
    return {
        player: {
            "event": title[0] if title else "",
            "player": name,
            **_place(standing.get(player), len(ranked)),
            "rounds": [_round(fmt.seating, r, player, names, played, standing) for r in drawn],
        }
        for player, name in names.items()
    }


def _place(standing: Standing | None, ranked: int) -> dict[str, Any]:
    if standing is None:
        return {"place": None, "tied": False, "of": ranked, "points": 0}
    return {"place": standing.place, "tied": standing.tied, "of": ranked, "points": standing.points}


def _round(
    seating: str,
    drawn: Round,
    player: int,
    names: Mapping[int, str],
    played: Mapping[tuple[int, int], list[dict[int, int]]],
    standing: Mapping[int, Standing],
) -> dict[str, Any]:
    """One round of ``player``'s night."""
    found: dict[str, Any] = {"round": drawn.number}
    table = drawn.table_of(player)
    if table is None:
        found["sits_out" if player in drawn.byes else "not_playing"] = True
    else:
        sides = table.sides(seating)
        own = next(side for side in sides if player in side)
        found["table"] = table.number
        found["partners"] = [names[p] for p in own if p != player]
        found["opponents"] = [[names[p] for p in side] for side in sides if side is not own]
        hands = played.get((drawn.number, table.number), [])
        found["hands"] = [points.get(player, 0) for points in hands]
    mine = standing.get(player)
    result = next((r for r in (mine.history if mine else ()) if r.round == drawn.number), None)
    if result is not None:
        found["points"], found["won"] = result.points, result.won
    return found


def publish(conn: psycopg.Connection, event: str) -> int:
    """Write every player's night of ``event`` (those unchanged are left as they are);
    how many. An event without a tournament format has none."""
    try:
        made = nights(conn, event)
    except tournament.TournamentError:
        return 0
    with conn.transaction(), conn.cursor() as cursor:
        cursor.executemany(
            "INSERT INTO club.player_nights AS n (event_id, player_no, night) "
            "VALUES (%s, %s, %s) ON CONFLICT (event_id, player_no) DO UPDATE "
            "SET night = EXCLUDED.night WHERE n.night IS DISTINCT FROM EXCLUDED.night",
            [(event, player, Jsonb(night)) for player, night in made.items()],
        )
    return len(made)


class Publisher(threading.Thread):
    """Keeps the players' nights current while ``club serve`` runs: an event whose
    standings change (its notification) is written again once ``settle`` seconds have
    passed, and at most every ``gap`` seconds (writing a night of 200 players takes a
    few tenths of a second, which the referee's replays come first); every event at the
    start and every ``every`` seconds (a draw or a change to the register notifies
    nobody). A lost connection is opened again."""

    def __init__(
        self, conninfo: str, every: float = 30, settle: float = 0.5, gap: float = 5
    ) -> None:
        super().__init__(name="club results", daemon=True)
        self.conninfo = conninfo
        self.every, self.settle, self.gap = every, settle, gap
        self.published = 0
        self._stopped = threading.Event()

    def stop(self, timeout: float = 10) -> None:
        self._stopped.set()
        self.join(timeout)

    def _publish(self, conn: psycopg.Connection, events: Iterable[str]) -> None:
        for event in events:
            try:
                self.published += publish(conn, event)
            except psycopg.Error:
                raise
            except Exception:  # one event's failure leaves the others current
                continue

    def _heard(self, conn: psycopg.Connection, wait: float) -> set[str]:
        """The events whose standings changed within ``wait`` seconds."""
        keys = [n.payload for n in conn.notifies(timeout=max(wait, 0.01), stop_after=1)]
        if not keys:
            return set()
        rows = conn.execute(
            "SELECT event_id FROM club.events WHERE notify_key = ANY(%s)", (keys,)
        ).fetchall()
        return {event for (event,) in rows}

    def _serve(self, conn: psycopg.Connection) -> None:
        due = 0.0  # when every event is written again
        written: dict[str, float] = {}  # when each event was last written
        waiting: dict[str, float] = {}  # events heard of, and when each may be written
        while not self._stopped.is_set():
            now = time.monotonic()
            if now >= due:
                every = conn.execute("SELECT event_id FROM club.event_formats").fetchall()
                self._publish(conn, [event for (event,) in every])
                written.update(dict.fromkeys((event for (event,) in every), now))
                due = now + self.every
            ready = [event for event, at in waiting.items() if at <= now]
            self._publish(conn, ready)
            for event in ready:
                written[event] = now
                del waiting[event]
            wait = min([due, *waiting.values(), now + 1]) - time.monotonic()
            for event in self._heard(conn, wait):
                after = max(time.monotonic() + self.settle, written.get(event, 0) + self.gap)
                waiting.setdefault(event, after)

    def run(self) -> None:
        while not self._stopped.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._serve(conn)
            except psycopg.Error:
                self._stopped.wait(1)


# -- in words -------------------------------------------------------------------------------


def night_lines(night: Mapping[str, Any]) -> list[str]:
    """A player's night as lines a person reads."""
    head = f"{night.get('player', '')}, {night.get('event', '')}: {place_words(night)}"
    return [head] + [_round_line(entry) for entry in night.get("rounds", [])]


def _round_line(entry: Mapping[str, Any]) -> str:
    said = round_words(entry)
    hands = entry.get("hands")
    if hands:
        said += f" (hands: {', '.join(map(str, hands))})"
    return said


def place_words(night: Mapping[str, Any]) -> str:
    """The player's place so far, in words."""
    place = night.get("place")
    if place is None:
        return "no standings yet"
    tied = "=" if night.get("tied") else ""
    return f"place {place}{tied} of {night.get('of')}, {counted(night.get('points', 0), 'point')}"


def round_words(entry: Mapping[str, Any]) -> str:
    """One round of a player's night in words: where, with and against whom, its points."""
    said = f"Round {entry['round']}"
    if entry.get("sits_out"):
        said += ": sits out"
    elif entry.get("not_playing"):
        said += ": not playing"
    else:
        said += f", table {entry['table']}"
        if entry.get("partners"):
            said += f", with {' & '.join(entry['partners'])}"
        sides = [" & ".join(side) for side in entry.get("opponents", [])]
        if sides:
            said += f", against {', '.join(sides)}"
    if "points" in entry:
        said += f": {counted(entry['points'], 'point')}" + (", won" if entry.get("won") else "")
    elif not entry.get("sits_out") and not entry.get("not_playing"):
        said += ": no hands yet"
    return said
