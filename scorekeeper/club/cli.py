"""``scorekeeper club``, declared: serve a club night (with its referee, which replays every
hand a table sends before it counts), open the next round, check the tables' hands,
withdraw a table's pass, and (started by the app's launcher, which opens windows) show the
standings board. The actions themselves are in :mod:`scorekeeper.club.commands`."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.club.server import DEFAULT_PORT, DEFAULT_WEB_PORT

if TYPE_CHECKING:
    from scorekeeper.club.commands import BoardWindow


def add_club_command(
    commands: argparse._SubParsersAction[Any],
    parent: argparse.ArgumentParser,
    board_window: BoardWindow | None = None,
) -> None:
    """The ``club`` command; ``board`` among its actions when the app can open windows
    (``board_window``)."""
    club = commands.add_parser(
        "club",
        help="run a club night: many tables, one database",
        description="Run a club night. `serve` starts the club database (an embedded "
        "PostgreSQL kept in the data folder, or --db an existing one) and prints the join "
        "codes; the other commands work on the night `serve` last printed.",
    )
    actions = club.add_subparsers(dest="club_command", metavar="ACTION", required=True)
    shared = argparse.ArgumentParser(add_help=False, parents=[parent])
    shared.add_argument(
        "--db",
        metavar="URL",
        help="an existing PostgreSQL server (postgresql://user:password@host/database); "
        "the user must be allowed to create roles",
    )
    serve = actions.add_parser(
        "serve", parents=[shared], help="start the club database and print the join codes"
    )
    serve.add_argument("--name", default="Club night", help="the event's name (a new event)")
    serve.add_argument("--tables", type=int, default=10, help="how many tables (a new event)")
    serve.add_argument("--new-event", action="store_true", help="start a new event")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT)
    serve.add_argument(
        "--web-port",
        type=int,
        default=DEFAULT_WEB_PORT,
        help="the port of the tables' web pages, for the players' phones",
    )
    serve.add_argument(
        "--listen",
        metavar="ADDRESS",
        help="the address tables reach (default: this machine's address on the local network)",
    )
    serve.add_argument(
        "--web-cert",
        metavar="FILE",
        type=Path,
        help="serve the web pages over HTTPS with this certificate (PEM, with any "
        "intermediate authorities after it), one the players' phones trust",
    )
    serve.add_argument(
        "--web-key", metavar="FILE", type=Path, help="the certificate's private key (PEM)"
    )
    serve.add_argument(
        "--web-host",
        metavar="NAME",
        help="the host the pages' addresses name over HTTPS (default: the listening "
        "address if the certificate is for it, else the first name it is for)",
    )
    serve.set_defaults(run=_loaded("run_serve"))
    actions.add_parser(
        "round", parents=[shared], help="close the round and open the next"
    ).set_defaults(run=_loaded("run_round"))
    actions.add_parser(
        "check",
        parents=[shared],
        help="judge every hand that counts (replayed, or a score card's points) and flag "
        "what is wrong",
    ).set_defaults(run=_loaded("run_check"))
    withdraw = actions.add_parser("revoke", parents=[shared], help="withdraw a table's pass")
    withdraw.add_argument("table", type=int)
    withdraw.set_defaults(run=_loaded("run_revoke"))
    results = actions.add_parser(
        "results",
        parents=[parent],
        help="a player's own results, read with the code on the player's score card",
    )
    results.add_argument("code", help="the player's results code (SKP1-…)")
    results.set_defaults(run=_loaded("run_results"))
    if board_window is None:
        return
    board = actions.add_parser(
        "board",
        parents=[parent],
        help="open the standings board, full screen",
        description="Open the standings board of a club night, full screen (Escape leaves "
        "full screen, F11 goes back, D switches light and dark, the arrow keys turn the "
        "pages). It reads the standings again as the tables' hands arrive.",
    )
    board.add_argument(
        "code",
        nargs="?",
        default="",
        help="the board's code or URL, as `serve` prints it after “Standings board” "
        "(default: the night `serve` last started on this machine)",
    )
    board.add_argument("--window", action="store_true", help="open in a window, not full screen")
    board.add_argument("--dark", action="store_true", help="light letters on dark")
    board.set_defaults(run=_loaded("run_board", board_window))


def _loaded(action: str, *first: BoardWindow) -> Callable[[argparse.Namespace], int]:
    """The club action ``action`` of :mod:`scorekeeper.club.commands`, loaded when it runs
    (with ``first`` before the options), so that other commands never load the club
    database's driver."""

    def run(options: argparse.Namespace) -> int:
        from scorekeeper.club import commands

        status: int = getattr(commands, action)(*first, options)
        return status

    return run
