"""The bundle's entry point: the ``scorekeeper`` command, as the installed script runs it."""

from scorekeeper_app.launcher import run

if __name__ == "__main__":
    run()
