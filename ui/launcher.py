"""The ``scorekeeper`` command: the app with no command (or only app options), the app's
self-test with ``--self-test``, else the engine's commands (:mod:`scorekeeper.cli`), whose
options may come before the command (``scorekeeper --data-dir D list``).

It lives in the app package because it starts both; the engine never imports the app.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

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
        return cli.main(argv)
    except KeyboardInterrupt:
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
