"""Where Scorekeeper keeps its database (the user's data folder, or a folder the user
names), and what a path that is not a regular file is, in words."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from platformdirs import user_data_dir

APP_NAME = "scorekeeper"
DATA_DIR_VARIABLE = "SCOREKEEPER_DATA_DIR"
DATABASE_NAME = "scorekeeper.sqlite3"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The data folder: ``override`` (``--data-dir``), else ``$SCOREKEEPER_DATA_DIR``,
    else the platform's user data folder."""
    chosen = override or os.environ.get(DATA_DIR_VARIABLE) or user_data_dir(APP_NAME, False)
    return Path(chosen).expanduser()


def database_path(override: str | os.PathLike[str] | None = None) -> Path:
    """The match database inside :func:`data_dir`."""
    return data_dir(override) / DATABASE_NAME


def data_dir_problem(override: str | os.PathLike[str] | None = None) -> str | None:
    """Why the data folder the user named (``override``, else ``$SCOREKEEPER_DATA_DIR``)
    cannot be used: it must exist and be a folder, so that a mistyped name never becomes a
    new, empty database. ``None`` when it can, or when it is the user's data folder (made
    by the app or ``import`` on first use)."""
    if override:
        named = f"--data-dir {os.fspath(override)}"
    elif os.environ.get(DATA_DIR_VARIABLE):
        named = f"${DATA_DIR_VARIABLE} {os.environ[DATA_DIR_VARIABLE]}"
    else:
        return None
    try:
        found = data_dir(override).stat()
    except (FileNotFoundError, NotADirectoryError):
        return f"{named}: no such folder"
    except OSError as error:
        return f"{named}: {error.strerror}"
    if stat.S_ISDIR(found.st_mode):
        return None
    if stat.S_ISREG(found.st_mode):
        return f"{named}: it is a file, not a folder"
    return f"{named}: it is not a folder"


def what_it_is(mode: int) -> str:
    """A file that is not a regular file, in words."""
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "it is a named pipe, not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a regular file"
    return "it is not a regular file"
