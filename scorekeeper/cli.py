"""The ``scorekeeper`` command: with no arguments it opens the app."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        from ui.app import run

        return run()
    print(f"scorekeeper: unknown command {argv[0]!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
