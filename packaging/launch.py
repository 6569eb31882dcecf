"""The bundle's entry point: the ``scorekeeper`` command, as the installed script runs it."""

import sys

from scorekeeper_app.launcher import main

if __name__ == "__main__":
    sys.exit(main())
