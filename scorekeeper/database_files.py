"""The database files this process has open through SQLite.

SQLite's locks are POSIX advisory locks, and those belong to a process and a file: closing
*any* descriptor of a database file drops every lock the process holds on it. Another
program that then closes its own connection believes it was the last one, checkpoints and
deletes the write-ahead log that this process is still writing into. So while SQLite has a
database open here, nothing else in this process may open a descriptor of that file (or of
its ``-wal``, ``-shm`` or ``-journal``): every connection is made by :func:`connect`, which
counts it, the few places that read or write files by path ask :func:`held_here` first,
and a database's header is read by :func:`read_start`.

SQLite itself shares one set of locks between all its connections to the same file, so any
number of connections, in any number of threads, are safe with one another.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import weakref
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import unquote, urlsplit

_SIDE_FILES = ("-wal", "-shm", "-journal")

_opening = threading.RLock()
_held: Counter[tuple[int, int]] = Counter()


def _key(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """The file's identity (device, inode), or ``None`` when it cannot be found."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def held_here(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a database this process has open through SQLite, or its
    ``-wal``, ``-shm`` or ``-journal``: a file nothing here may open by itself."""
    text = os.fspath(path)
    candidates = [text] + [text[: -len(end)] for end in _SIDE_FILES if text.endswith(end)]
    with _opening:
        return any((key := _key(candidate)) is not None and _held[key] for candidate in candidates)


class HeldConnection(sqlite3.Connection):
    """An SQLite connection counted in :data:`_held` until it is closed or collected."""

    _release: Callable[[], Any]

    def close(self) -> None:
        super().close()
        self._release()


def _let_go(key: tuple[int, int]) -> None:
    with _opening:
        _held[key] -= 1
        if _held[key] <= 0:
            del _held[key]


@contextmanager
def opening() -> Iterator[None]:
    """Held while a file is inspected and connected to, so that no other thread's check
    reads the file by itself between the two."""
    with _opening:
        yield


def connect(path: str | os.PathLike[str], **options: Any) -> HeldConnection:
    """An SQLite connection to the database at ``path`` (or to the file a ``file:`` URI
    names, with ``uri=True``), counted as held until it is closed."""
    with _opening:
        connection = sqlite3.connect(path, factory=HeldConnection, **options)
        key = _key(_file_of(path, options.get("uri", False)))
        if key is None:  # a read-only connection to a file that is not there
            connection._release = lambda: None
        else:
            _held[key] += 1
            connection._release = weakref.finalize(connection, _let_go, key)
        return connection


def read_start(path: str | os.PathLike[str], size: int) -> bytes | None:
    """The first ``size`` bytes of the file at ``path``, read by a descriptor of its own;
    ``None`` (nothing opened) when this process holds it through SQLite. No connection can
    be made here between the check and the read."""
    with _opening:
        if held_here(path):
            return None
        with open(path, "rb") as file:
            return file.read(size)


def _file_of(path: str | os.PathLike[str], uri: bool) -> str:
    """The file a connection string names (the path of a ``file:`` URI)."""
    text = os.fspath(path)
    return unquote(urlsplit(text).path) if uri else text
