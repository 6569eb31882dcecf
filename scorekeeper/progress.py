"""How far long work has gone: a count told as the items pass, and its line on a terminal.

``told(items, tell)`` passes items on, calling ``tell(done, total)`` before each one
counted and once at the end; the store's first open of a long match, ``check``,
``import`` and ``report`` take such a ``tell`` (and a score sheet's layout is told its
pages, whose number is not known beforehand). :class:`TerminalProgress` is one: a line
on standard error rewritten in place and wiped at the end, and nothing at all where
standard error is not a terminal (a pipe, a file, a log)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TextIO, TypeVar

T = TypeVar("T")

Tell = Callable[[int, int], object]
"""Told ``(done, total)``."""


def told(
    items: Iterable[T],
    tell: Tell,
    total: int | None = None,
    counted: Callable[[T], bool] = lambda _item: True,
) -> Iterator[T]:
    """``items`` one by one, ``tell(done, total)`` called before each one ``counted``
    and at the end; ``total`` is counted first when not given (``items`` is then a
    sequence)."""
    if total is None:
        items = list(items)
        total = sum(map(counted, items))
    done = 0
    for item in items:
        if counted(item):
            tell(done, total)
            done += 1
        yield item
    tell(total, total)


class TerminalProgress:
    """``What: 1,200 of 250,000 hands`` on a terminal's standard error, rewritten at
    most every ``every`` seconds, wiped when done; silent anywhere else."""

    def __init__(self, what: str, stream: TextIO | None = None, every: float = 0.25) -> None:
        self.what = what
        # the terminal itself: its carriage return is what rewrites the line
        self.stream = stream or sys.__stderr__ or sys.stderr
        self.every = every
        self.shown = 0.0
        self.width = 0
        self.live = self.stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self.live:
            return
        now = time.monotonic()
        if done < total and now - self.shown < self.every:
            return
        self.shown = now
        self._show(f"{self.what}: {done:,} of {total:,} hands" if done < total else "")

    def page(self, number: int) -> None:
        """Work whose end is not known beforehand, such as laying out a PDF: the page
        it has reached."""
        if not self.live or time.monotonic() - self.shown < self.every:
            return
        self.shown = time.monotonic()
        self._show(f"{self.what}: page {number:,}")

    def __enter__(self) -> TerminalProgress:
        return self

    def __exit__(self, *_exception: object) -> None:
        """The line is wiped however the work ended (an error, Ctrl+C)."""
        if self.live and self.width:
            self._show("")

    def _show(self, line: str) -> None:
        self.stream.write("\r" + line.ljust(self.width) + ("" if line else "\r"))
        self.stream.flush()
        self.width = len(line)
