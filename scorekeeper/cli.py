"""The ``scorekeeper`` command's commands (check, import, export, list, report); with no
command, or with ``--self-test``, the app's launcher starts the app instead.

Exit status: 0 done (``check``: no rule was broken), 1 ``check`` found violations,
2 the input, the database or a standard stream could not be used (one line says why;
nothing was changed), 130 interrupted (Ctrl+C; nothing was left half-written).

The data folder's option, ``--data-dir``, may come before or after the command. Commands
that only read the database (``list``, ``export``, ``report``) open it read-only: they
never write to it and never make a folder or a database.
"""

from __future__ import annotations

import argparse
import errno
import io
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TextIO, cast

from scorekeeper import __version__
from scorekeeper.adjudicator import Refused
from scorekeeper.club.cli import add_club_command
from scorekeeper.explain import explain_lines
from scorekeeper.games import get_game
from scorekeeper.ledger import MatchReading, SettledHand
from scorekeeper.matchfile import (
    MAX_FILE_BYTES,
    MatchFileError,
    checked_file,
    load_match,
    read_match,
)
from scorekeeper.outfile import STDOUT, check_target, output_problem, write_output
from scorekeeper.paths import data_dir_problem, database_path
from scorekeeper.progress import TerminalProgress
from scorekeeper.quote import terminal_safe
from scorekeeper.record import Findings
from scorekeeper.rules_help import add_command as add_rules_command
from scorekeeper.storage import StorageError, Store
from scorekeeper.words import side_names

if TYPE_CHECKING:
    from scorekeeper.club.commands import BoardWindow

CLEAN, VIOLATIONS, UNUSABLE, INTERRUPTED = 0, 1, 2, 130
HELD_IN_MEMORY = 32 * 2**20  # bytes of check's findings held in memory, the rest on disk
MATCH_FILE = f"a match file (.json, at most {MAX_FILE_BYTES // 2**20} MB)"
APP_OPTIONS = ("--data-dir", "--scheme")
SELF_TEST = "--self-test"


class Unusable(Exception):
    """The command cannot go on; the message is printed and the exit status is 2."""


class _Parser(argparse.ArgumentParser):
    """Keeps the line breaks of the descriptions and examples in ``--help``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)


_DATA_DIR_HELP = (
    "the folder of the match database, which must exist (default: $SCOREKEEPER_DATA_DIR, "
    "which must exist too, else the user's data folder); before or after the command"
)


def build_parser(board_window: BoardWindow | None = None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="scorekeeper",
        description="Keep score, money and rulings for card games played at a real table.\n"
        "With no command, the app opens (app options: --data-dir FOLDER, --scheme light|dark).\n"
        f"{SELF_TEST}: record a hand of each game in the app, offscreen; exit 0 if all worked.",
        epilog="examples:\n  scorekeeper\n  scorekeeper check friday.json\n"
        "  scorekeeper --data-dir ~/club list\n\n"
        "exit status: 0 done (check: no rule broken), 1 check found rules broken,\n"
        "  2 the input, the database or a standard stream cannot be used (one line says why),\n"
        "  130 interrupted (Ctrl+C); nothing is left half-written",
    )
    parser.add_argument("--version", action="version", version=f"scorekeeper {__version__}")
    parser.add_argument("--data-dir", metavar="FOLDER", help=_DATA_DIR_HELP)
    parser.add_argument("--scheme", metavar="SCHEME", help="the app's colours (no command)")
    parser.set_defaults(uses_data_dir=False)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    store_options = _Parser(add_help=False)
    store_options.add_argument(  # before the command too: then the top level's
        "--data-dir", metavar="FOLDER", default=argparse.SUPPRESS, help=_DATA_DIR_HELP
    )
    store_options.set_defaults(uses_data_dir=True)
    output_options = _Parser(add_help=False)
    output_options.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="the file to write; - for stdout"
    )
    output_options.add_argument(
        "--force",
        action="store_true",
        help="replace a read-only file, or the file a symbolic link leads to",
    )

    check = commands.add_parser(
        "check",
        help="adjudicate and score a match file",
        description="Replay every event of a match file through the rules; print every "
        "ruling and the totals. Exit 0 when no rule was broken, 1 when some were, 2 when "
        "the file cannot be used.",
        epilog="examples:\n  scorekeeper check friday.json --json\n"
        "  scorekeeper check friday.json --explain 3",
    )
    check.add_argument("file", metavar="FILE", type=Path, help=MATCH_FILE)
    check.add_argument("--json", action="store_true", help="print the findings as JSON")
    check.add_argument(
        "--explain",
        type=int,
        metavar="HAND",
        help="tell hand HAND (counting from 1) trick by trick: who led, who won and why, "
        "and each ruling beside its trick",
    )
    check.set_defaults(run=run_check)

    imported = commands.add_parser(
        "import",
        parents=[store_options],
        help="add a match file to the database as a new match",
        description="Check a match file and add it to the database as a new match. A match "
        "already stored exactly so is not added twice unless --as-new is given.",
        epilog="example:\n  scorekeeper import friday.json",
    )
    imported.add_argument("file", metavar="FILE", type=Path, help=MATCH_FILE)
    imported.add_argument(
        "--as-new", action="store_true", help="add it even if the same match is stored"
    )
    imported.set_defaults(run=run_import)

    export = commands.add_parser(
        "export",
        parents=[store_options, output_options],
        help="write a stored match to a match file",
        description="Write a stored match to a match file (given by its id or exact name).",
        epilog='example:\n  scorekeeper export 7 -o friday.json\n  scorekeeper export "Friday night" -o friday.json',
    )
    export.add_argument("match", metavar="MATCH", help="the match's id or exact name")
    export.set_defaults(run=run_export)

    listed = commands.add_parser(
        "list",
        parents=[store_options],
        help="list the stored matches",
        description="List the stored matches, last changed first.",
        epilog="example:\n  scorekeeper list --all",
    )
    which = listed.add_mutually_exclusive_group()
    which.add_argument("--archived", action="store_true", help="only archived matches")
    which.add_argument("--all", action="store_true", help="archived matches too")
    listed.set_defaults(run=run_list)

    report = commands.add_parser(
        "report",
        parents=[store_options, output_options],
        help="print a score sheet or a hand report as PDF",
        description="Make a PDF score sheet of a match file or a stored match, or with "
        "--hand the report of one hand.",
        epilog="examples:\n  scorekeeper report friday.json -o friday.pdf\n"
        "  scorekeeper report 7 --hand 3 --paper a4 -o hand3.pdf",
    )
    report.add_argument(
        "source", metavar="FILE_OR_MATCH", help=f"{MATCH_FILE}, or a match id or name"
    )
    report.add_argument("--hand", type=int, metavar="N", help="only hand N (counting from 1)")
    report.add_argument("--paper", choices=("letter", "a4"), default="letter")
    report.set_defaults(run=run_report)
    add_rules_command(commands)
    add_club_command(commands, store_options, board_window)
    for command in commands.choices.values():
        command.set_defaults(usage=command)  # its own usage on a wrong option
    return parser


def main(argv: Sequence[str] | None = None, board_window: BoardWindow | None = None) -> int:
    """Run the command ``argv`` asks for; the app and its self-test are started by the
    app's launcher, which hands every other command line to this function, with
    ``board_window`` to open the standings board's window (``club board``)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    output_closed = fill_closed_streams()
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")  # names in any script, any console
    with _terminal_safe_streams():
        try:
            return _command(argv, output_closed, board_window)
        except KeyboardInterrupt:
            print("scorekeeper: interrupted", file=sys.stderr)
            return INTERRUPTED


def _command(argv: list[str], output_closed: bool, board_window: BoardWindow | None) -> int:
    parser = build_parser(board_window)
    options, unknown = parser.parse_known_args(argv)
    if options.command is None:
        if unknown:
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        parser.print_help()
        return UNUSABLE
    if unknown:  # the command's own usage, not the top level's
        options.usage.error(f"unrecognized arguments: {' '.join(unknown)}")
    try:
        _refuse_unusable_setup(options, output_closed)
        status: int = options.run(options)
        sys.stdout.flush()  # a reader that left early is noticed here, not at exit
        return status
    except BrokenPipeError:
        return _reader_went_away()
    except (Unusable, MatchFileError, StorageError, Refused, OSError) as error:
        print(f"scorekeeper {options.command}: {_message(error)}", file=sys.stderr)
        return UNUSABLE


def _refuse_unusable_setup(options: argparse.Namespace, output_closed: bool) -> None:
    """Before any work: standard output must be open, ``--scheme`` is the app's, and a
    data folder the user named must exist."""
    if output_closed:
        raise Unusable("standard output is closed, so nothing could be printed; nothing was done")
    if options.scheme is not None:
        raise Unusable("--scheme sets the app's colours; it is given with no command")
    if options.uses_data_dir and (problem := data_dir_problem(options.data_dir)):
        raise Unusable(problem)


def opens_app(argv: Sequence[str]) -> bool:
    """Whether ``argv`` holds only the app's options (and their values): the app opens.
    Anything else, such as ``--data-dir D list``, is a command."""
    rest = list(argv)
    while rest:
        option, given, _ = rest[0].partition("=")
        if option not in APP_OPTIONS:
            return False
        rest = rest[1:] if given else rest[2:]
    return True


def fill_closed_streams() -> bool:
    """Put the null device where a standard stream is closed (``>&-``), so that no file
    opened later takes its number and receives what is printed; whether standard output
    was closed."""
    output_closed = sys.stdout is None  # Python leaves it unset when it found it closed
    for number, name in enumerate(("stdin", "stdout", "stderr")):
        try:
            os.fstat(number)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != number:
                os.dup2(null, number)
                os.close(null)
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "r+", encoding="utf-8"))  # noqa: SIM115
    return output_closed


class _TerminalSafe:
    """A standard stream that writes what a terminal would act on (an escape sequence in
    a stored name) as its escape, so that it is seen, never obeyed."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(terminal_safe(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def _terminal_safe_streams() -> Iterator[None]:
    saved = sys.stdout, sys.stderr
    sys.stdout = cast(TextIO, _TerminalSafe(sys.stdout))
    sys.stderr = cast(TextIO, _TerminalSafe(sys.stderr))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def _reader_went_away() -> int:
    """``scorekeeper list | head -1``: the reader has all it wanted, so say nothing."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())  # the unflushed rest goes nowhere at exit
    return CLEAN


def _message(error: Exception) -> str:
    """The error in one line; a failed write says what stopped it (a full disk, the
    file-size limit)."""
    if isinstance(error, OSError) and error.strerror:
        where = error.filename or ("standard output" if error.errno in _FULL else "")
        return f"{where}: {output_problem(error)}".lstrip(": ")
    return str(error).replace("\n", " ")


_FULL = (errno.ENOSPC, errno.EFBIG, errno.EDQUOT)


def _open_store(options: argparse.Namespace) -> Store:
    """The database, to write to; the user's data folder is made when it is missing (a
    folder the user named must exist: :func:`_refuse_unusable_setup`)."""
    return Store(database_path(options.data_dir))


def _read_store(options: argparse.Namespace) -> Store:
    """The database, only to read: nothing is written and nothing made."""
    return Store.reader(database_path(options.data_dir))


def _protected(options: argparse.Namespace, read: Path | None = None) -> list[tuple[Path, str]]:
    """What an output file may never be: the match file read and the match database."""
    kept = [(database_path(options.data_dir), "the match database")]
    return kept + ([(read, "the match file being read")] if read is not None else [])


# -- check -------------------------------------------------------------------------------


def run_check(options: argparse.Namespace) -> int:
    if options.json and options.explain is not None:
        raise Unusable(
            "--json and --explain cannot be given together: --json holds every hand's "
            "tricks card by card as data; --explain tells one hand in words"
        )
    try:
        with TerminalProgress("Checking") as progress:
            reading, hands = read_match(options.file, progress)
            if options.explain is not None:
                return _explain(options.explain, reading, hands)
            findings = Findings(reading)
            with _held_output() as held:
                for piece in findings.json(hands) if options.json else findings.text(hands):
                    held.write(piece.encode())
    except MatchFileError as error:
        if options.json:
            print(json.dumps(unusable_findings(options.file, error), ensure_ascii=False, indent=2))
        raise
    return VIOLATIONS if findings.violations else CLEAN


@contextmanager
def _held_output() -> Iterator[IO[bytes]]:
    """Where ``check`` writes its findings (UTF-8): held until the last hand was
    replayed, then printed, so that a file found unusable at its last hand prints nothing
    but the error. What is held past :data:`HELD_IN_MEMORY` waits in a temporary file."""
    with tempfile.SpooledTemporaryFile(HELD_IN_MEMORY) as held:
        yield held
        held.seek(0)
        shutil.copyfileobj(io.TextIOWrapper(held, encoding="utf-8"), sys.stdout)


def _explain(number: int, reading: MatchReading, hands: Iterable[SettledHand]) -> int:
    """``check --explain N``: every hand is replayed, and hand N told trick by trick."""
    told = None
    count = 0
    for settled in hands:
        count += 1
        if settled.number == number - 1:
            told = settled
    if told is None:
        raise Unusable(f"--explain {number}: the match has hands 1 to {count}")
    info = reading.info
    sides = side_names(info.rules.sides(info.settings), info.players)
    print("\n".join(explain_lines(told, info.players, sides)))
    return VIOLATIONS if told.log.violations() else CLEAN


_PLACE = re.compile(r"^([a-z_]+(?:\[\d+\]|\.[a-z_]+)*): ")


def unusable_findings(path: Path, error: MatchFileError) -> dict[str, Any]:
    """What ``check --json`` prints for a file it cannot use: the error and its place
    (``hands[0].events[3]``; ``null`` when the file as a whole is wrong)."""
    message = str(error)
    place = _PLACE.match(message)
    return {
        "file": str(path),
        "usable": False,
        "error": message[place.end() :] if place else message,
        "place": place.group(1) if place else None,
    }


# -- the database ------------------------------------------------------------------------


def run_import(options: argparse.Namespace) -> int:
    with TerminalProgress("Reading") as progress:
        ledger = load_match(options.file, progress)
    with _open_store(options) as store:
        same = None if options.as_new else store.find_identical(ledger.info, ledger.records())
        if same is not None:
            raise Unusable(
                f"{options.file}: this match is already stored as match {same}; "
                "give --as-new to add it again"
            )
        match_id = store.import_ledger(ledger)
    print(f"Imported {ledger.info.name} as match {match_id} ({len(ledger.hands)} hands)")
    return CLEAN


def run_export(options: argparse.Namespace) -> int:
    check_target(options.output, _protected(options), options.force)
    with _read_store(options) as store:
        stored = store.load(store.find(options.match))
    try:
        data = checked_file(stored.info, stored.hands)
    except MatchFileError as error:
        raise Unusable(
            f"match {stored.id} cannot be exported: {error}; it would make a file that "
            "check refuses, so nothing was written"
        ) from None
    write_output(options.output, data)
    _done(options, f"Exported match {stored.id} ({stored.info.name}) to {options.output}")
    return CLEAN


def _done(options: argparse.Namespace, words: str) -> None:
    """Say what was written: on stdout, or on stderr when stdout is the file itself."""
    print(words, file=sys.stderr if options.output == STDOUT else sys.stdout)


def run_list(options: argparse.Namespace) -> int:
    with _read_store(options) as store:
        matches = store.matches(None if options.all else options.archived)
    if not matches:
        print("No matches")
    for match in matches:
        flag = "  (archived)" if match.archived else ""
        print(
            f"{match.id:>5}  {match.played_on}  {get_game(match.game).title:<15}  "
            f"{match.hands:>4} hands  "
            f"{match.name}  [{', '.join(match.players)}]{flag}"
        )
    return CLEAN


def run_report(options: argparse.Namespace) -> int:
    from scorekeeper.reports import hand_report_bytes, score_sheet_bytes

    source = Path(options.source)
    is_file = bool(options.source) and os.path.lexists(source)
    check_target(options.output, _protected(options, source if is_file else None), options.force)
    with TerminalProgress("Reading") as progress:
        if is_file:  # a folder or a pipe is refused as check refuses it
            ledger = load_match(source, progress)
        else:
            with _read_store(options) as store:
                ledger = store.open_ledger(_find(store, options.source), progress)
                ledger.records()  # read every hand while the database is open
    if options.hand is None:
        with TerminalProgress("Laying out the score sheet") as laying:
            data = score_sheet_bytes(ledger, options.paper, laying.page)
    elif 1 <= options.hand <= len(ledger.hands):
        data = hand_report_bytes(ledger, options.hand - 1, paper=options.paper)
    else:
        raise Unusable(f"--hand {options.hand}: the match has hands 1 to {len(ledger.hands)}")
    write_output(options.output, data)
    _done(options, f"Wrote {options.output}")
    return CLEAN


def _find(store: Store, text: str) -> int:
    """A stored match by id or name; a name that looks like a path is said to be neither."""
    try:
        return store.find(text)
    except StorageError:
        if text.lower().endswith(".json") or os.sep in text:
            raise Unusable(f"{text}: no such file, and no stored match by that name") from None
        raise


if __name__ == "__main__":
    sys.exit(main())
