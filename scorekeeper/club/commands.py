"""The actions of ``scorekeeper club`` (:mod:`scorekeeper.club.cli` declares them): serve a
club night with its referee, open the next round, check the tables' hands, withdraw a
table's pass, read a player's results and open the standings board. They load the club
database's driver, so they are loaded only when a club action runs."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from scorekeeper.club.admin import (
    EventCredentials,
    add_tables,
    create_event,
    ensure_reader,
    open_round,
    revoke_table,
    withdrawn_tables,
)
from scorekeeper.club.joincode import JoinCodeError, is_local
from scorekeeper.club.referee import Referee, judge_pending
from scorekeeper.club.replay import check_event
from scorekeeper.club.results import (
    WEB_ADDRESS,
    Publisher,
    night_lines,
    parse_results,
    read_night,
)
from scorekeeper.club.schema import NewerSchemaError, migrate
from scorekeeper.club.server import (
    DATABASE,
    EmbeddedServer,
    ServerError,
    lan_address,
    pem_fingerprint,
)
from scorekeeper.paths import data_dir

if TYPE_CHECKING:
    from scorekeeper.club.web.tables import Served
    from scorekeeper.club.web.tls import Tls

UNUSABLE = 2

# opens the board's window: (connection string, event id, event name, the options), the
# exit status once it is closed
BoardWindow = Callable[[str, str, str, argparse.Namespace], int]


@dataclass(frozen=True)
class Place:
    """Where tables reach the club database, and the administrator's connection."""

    conn: psycopg.Connection
    host: str
    port: int
    database: str
    pin: str | None


def _folder(options: argparse.Namespace) -> Path:
    return data_dir(options.data_dir) / "club"


@contextmanager
def _place(options: argparse.Namespace, start: bool) -> Iterator[Place]:
    """Connect as administrator: to ``--db``, or to the embedded server (started when
    ``start``, else it must be running)."""
    if options.db:
        with psycopg.connect(options.db, autocommit=True) as conn:
            migrate(conn)
            params = conninfo_to_dict(options.db)
            host = str(params.get("host") or "localhost")
            yield Place(conn, host, int(params.get("port") or 5432), conn.info.dbname, None)
        return
    server = EmbeddedServer(_folder(options) / "server", host="127.0.0.1")
    if start:
        server.port = options.port
    elif server.running:
        server.port = server.running_port
    else:
        raise ServerError("the club server is not running: start it with `scorekeeper club serve`")
    port = server.port
    gateway = None
    if start:
        server.start()
        host = getattr(options, "listen", None) or lan_address()
        if not is_local(host):
            from scorekeeper.club.gateway import TlsGateway

            gateway = TlsGateway(
                host, port, port, server.pgdata / "server.crt", server.pgdata / "server.key"
            )
            gateway.start()
    else:
        host = "127.0.0.1"
    pin = None if is_local(host) else pem_fingerprint(server.certificate_pem)
    try:
        with psycopg.connect(server.admin_url(), autocommit=True) as conn:
            migrate(conn)
            yield Place(conn, host, port, DATABASE, pin)
    finally:
        if gateway is not None:
            gateway.stop()
        if start:
            server.stop()


def _events(options: argparse.Namespace) -> Path:
    return _folder(options) / "events"


def _current_event(options: argparse.Namespace) -> EventCredentials | None:
    saved = sorted(_events(options).glob("*.json"), key=lambda path: path.stat().st_mtime)
    return EventCredentials.load(saved[-1]) if saved else None


def _guarded(command: str, action: Callable[[], int]) -> int:
    try:
        return action()
    except (ServerError, NewerSchemaError, JoinCodeError, psycopg.Error, OSError) as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        print(f"scorekeeper club {command}: {first}", file=sys.stderr)
        return UNUSABLE


def run_serve(options: argparse.Namespace) -> int:
    try:
        tls = _tls(options)  # before anything starts
    except ValueError as refused:
        print(f"scorekeeper club serve: {refused}", file=sys.stderr)
        return UNUSABLE

    def serve() -> int:
        with _place(options, start=True) as place:
            event = None if options.new_event else _current_event(options)
            if event is None:
                event = create_event(place.conn, options.name, options.tables)
            elif len(event.tables) < options.tables:
                event.tables.update(
                    add_tables(place.conn, event, options.tables - len(event.tables))
                )
            ensure_reader(place.conn, event, None)  # an event made before results codes
            saved = event.save(_events(options))
            referee = Referee.like(place.conn)  # every table's hand replayed as it arrives
            referee.start()
            publisher = Publisher(referee.conninfo)  # each player's night kept current
            publisher.start()
            from scorekeeper.club.web.server import WebServer  # the pages load with serve only

            served = _served(options, saved, referee.conninfo)
            web = WebServer(served, options.listen or lan_address(), options.web_port, tls)
            try:
                web.start_serving()
                _web_address(options).write_text(web.address(), encoding="utf-8")
                _print_codes(place, event)
                _print_pages(place.conn, served, web.address())
                print("Press Ctrl+C to stop the server.", flush=True)
                _wait_for_stop()
            finally:
                web.stop()
                publisher.stop()
                referee.stop()
            print("\nStopping the club server…", flush=True)
        print(
            f"The club server stopped. Its data stays in {_folder(options)}; "
            "`scorekeeper club serve` resumes this night.",
            flush=True,
        )
        return 0

    return _guarded("serve", serve)


def _tls(options: argparse.Namespace) -> Tls | None:
    """The web pages' HTTPS, when ``--web-cert`` and ``--web-key`` are given (checked:
    ``ValueError`` says what is wrong)."""
    if options.web_cert is None and options.web_key is None:
        if options.web_host:
            raise ValueError("--web-host names the host of an HTTPS certificate: give --web-cert")
        return None
    if options.web_cert is None or options.web_key is None:
        raise ValueError("HTTPS needs both --web-cert and --web-key")
    from scorekeeper.club.web.tls import load_tls

    listen = options.listen or lan_address()
    return load_tls(options.web_cert, options.web_key, listen, options.web_host)


def _wait_for_stop() -> None:
    """Until Ctrl+C (or a termination request); a second one does not cut the shutdown."""
    stop = threading.Event()

    def request(signum: int, frame: object) -> None:
        stop.set()

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, request)
    while not stop.wait(0.5):
        pass
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_IGN)


def _served(options: argparse.Namespace, event_file: Path, conninfo: str) -> Served:
    """The night's table pages: the event saved in the data folder, the server's secret."""
    from scorekeeper.club.web.tables import Served
    from scorekeeper.club.web.tokens import SECRET_FILE, load_secret

    folder = _folder(options)
    return Served(event_file, conninfo, load_secret(folder / SECRET_FILE), folder / "phones.sqlite")


def _web_address(options: argparse.Namespace) -> Path:
    """Where ``serve`` notes the address of the pages it serves (for ``club round``)."""
    return _folder(options) / WEB_ADDRESS


def _print_pages(conn: psycopg.Connection, served: Served, address: str) -> None:
    """Each table's page for the open round (a phone opens it; it works this round only),
    and the standings board's page (for a TV)."""
    from scorekeeper.club.web.tables import board_token, page_tokens

    print("Table pages for the players' phones, this round only (on the local network):")
    for number, token in page_tokens(conn, served).items():
        print(f"  Table {number}: {address}/t/{token}")
    print(f"  Standings board (for a TV): {address}/b/{board_token(served)}", flush=True)


def _print_codes(place: Place, event: EventCredentials) -> None:
    print(f"Club night “{event.name}” on {place.host}:{place.port}")
    secure = "encrypted, the server's certificate pinned" if place.pin else "on this machine"
    print(f"Tables join with these codes (or the URLs under them), {secure}:")
    withdrawn = withdrawn_tables(place.conn, event.event)
    for number in sorted(event.tables):
        if number in withdrawn:
            print(f"  Table {number}: its pass is withdrawn (the director's desk issues a new one)")
            continue
        code = event.join_code(place.host, place.port, place.database, number, place.pin)
        print(f"  Table {number}: {code.code()}\n           {code.url()}")
    board = event.join_code(place.host, place.port, place.database, None, place.pin)
    print(f"  Standings board: {board.code()}\n           {board.url()}")
    print(
        "The board opens with `scorekeeper club board` and its code (on this machine, "
        "without), or in the app: Club night → Standings board.",
        flush=True,
    )


def _with_event(
    options: argparse.Namespace, command: str, action: Callable[[Place, EventCredentials], int]
) -> int:
    def run() -> int:
        event = _current_event(options)
        if event is None:
            print(
                f"scorekeeper club {command}: no club night yet: start one with "
                "`scorekeeper club serve`",
                file=sys.stderr,
            )
            return UNUSABLE
        with _place(options, start=False) as place:
            return action(place, event)

    return _guarded(command, run)


def run_round(options: argparse.Namespace) -> int:
    def action(place: Place, event: EventCredentials) -> int:
        print(f"Round {open_round(place.conn, event.event)} is open; the others are closed.")
        web = _web_address(options)
        saved = _events(options) / f"{event.event}.json"
        if web.exists() and saved.exists():
            served = _served(
                options,
                saved,
                make_conninfo(place.conn.info.dsn, password=place.conn.info.password),
            )
            _print_pages(place.conn, served, web.read_text(encoding="utf-8").strip())
        return 0

    return _with_event(options, "round", action)


def run_check(options: argparse.Namespace) -> int:
    def action(place: Place, event: EventCredentials) -> int:
        judge_pending(place.conn)  # what the referee has not judged yet, first
        flags = check_event(place.conn, event.event)
        for flag in flags:
            print(f"Round {flag.round}, table {flag.table}, hand {flag.hand + 1}: {flag.why}")
        print(
            "Every hand that counts agrees with the rules."
            if not flags
            else f"{len(flags)} flagged."
        )
        return 1 if flags else 0

    return _with_event(options, "check", action)


def run_results(options: argparse.Namespace) -> int:
    def read() -> int:
        code = parse_results(options.code)
        for line in night_lines(read_night(code, _folder(options))):
            print(line)
        return 0

    return _guarded("results", read)


def run_revoke(options: argparse.Namespace) -> int:
    def action(place: Place, event: EventCredentials) -> int:
        if options.table not in event.tables:
            print(f"scorekeeper club revoke: there is no table {options.table}", file=sys.stderr)
            return UNUSABLE
        revoke_table(place.conn, event.event, options.table)
        print(f"Table {options.table}'s pass is withdrawn: it can no longer send hands.")
        return 0

    return _with_event(options, "revoke", action)


def run_board(window: BoardWindow, options: argparse.Namespace) -> int:
    from scorekeeper.club.board import BoardError, board_code, check

    folder = data_dir(options.data_dir)
    try:
        code = board_code(options.code, folder)
        conninfo, name = check(code, folder)
    except BoardError as error:
        print(f"scorekeeper club board: {error}", file=sys.stderr)
        return UNUSABLE
    return window(conninfo, code.event, name, options)
