"""The ``scorekeeper`` command: the app with no command (or only app options), the app's
self-test with ``--self-test``, else the engine's commands (:mod:`scorekeeper.cli`), which
open the standings board's window (``club board``) through this module.

It lives in the app package because it starts both; the engine never imports the app.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from scorekeeper.cli import APP_OPTIONS, SELF_TEST
from scorekeeper.cli import main as command


def main(argv: Sequence[str] | None = None) -> int:
    """Run what ``argv`` (else the command line) asks for; the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == [SELF_TEST]:
        from . import self_test  # Qt loads only for the app

        return self_test.main(argv[1:])
    if not argv or argv[0].split("=")[0] in APP_OPTIONS:
        from . import app

        return app.run(argv)
    return command(argv, board_window)


def board_window(conninfo: str, event: str, name: str, options: argparse.Namespace) -> int:
    """``scorekeeper club board``: the board's window until it is closed."""
    from .board_open import run_board  # Qt loads only for the window

    return run_board(conninfo, event, name, options.dark, not options.window)


if __name__ == "__main__":
    sys.exit(main())
