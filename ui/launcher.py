"""The ``scorekeeper`` command: the app with no command (or only app options), the app's
self-test with ``--self-test``, else the engine's commands (:mod:`scorekeeper.cli`), whose
options may come before the command (``scorekeeper --data-dir D list``), and which open the
standings board's window (``club board``) through this module.

It lives in the app package because it starts both; the engine never imports the app.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run what ``argv`` (else the command line) asks for; the exit status. Ctrl+C, even
    while the code loads, ends it with status 130 and no traceback."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        from scorekeeper import cli  # loaded here, so that Ctrl+C meanwhile is answered

        if argv[:1] == [cli.SELF_TEST]:
            from . import self_test  # Qt loads only for the app

            cli.fill_closed_streams()
            return self_test.main(argv[1:])
        if cli.opens_app(argv):
            from . import app

            cli.fill_closed_streams()
            return app.run(argv)
        return cli.main(argv, board_window)
    except KeyboardInterrupt:
        print("scorekeeper: interrupted", file=sys.stderr)
        return INTERRUPTED


def run() -> NoReturn:
    """The installed ``scorekeeper`` command: :func:`main`, then exit with its status.
    Interrupted, it leaves at once with 130: Python would otherwise end the process by
    SIGINT when the Ctrl+C had landed while a compiled module was loading, caught or not."""
    status = main()
    if status == INTERRUPTED:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(INTERRUPTED)
    sys.exit(status)


def board_window(conninfo: str, event: str, name: str, options: argparse.Namespace) -> int:
    """``scorekeeper club board``: the board's window until it is closed."""
    from .board_open import run_board  # Qt loads only for the window

    return run_board(conninfo, event, name, options.dark, not options.window)


if __name__ == "__main__":
    run()
