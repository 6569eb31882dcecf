"""A long table laid out page by page in linear time.

ReportLab splits one long ``Table`` by measuring every remaining row again on each page,
which grows with the square of the rows (a 5,000-hand sheet). ``PagedTable`` measures
at most one page's worth of rows per page: each page gets a table of its own with the
header rows on top."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.platypus import Flowable, Table, TableStyle

PAGE_ROWS = 70
"""More rows than any page holds (a one-line row is 12.6 points high, an A4 frame
about 750): how many rows are measured for one page."""


class PagedTable(Flowable):
    """``header`` rows repeated above each page's share of ``rows``; ``style`` as for a
    ``Table`` of the header and the rows (whole-column and header commands only)."""

    def __init__(
        self,
        header: Sequence[list[Any]],
        rows: Sequence[list[Any]],
        widths: Sequence[float],
        style: TableStyle,
    ) -> None:
        super().__init__()
        self.header = list(header)
        self.rows = list(rows)
        self.widths = list(widths)
        self.style = style
        self._table: Table | None = None

    def _make(self, rows: Sequence[list[Any]]) -> Table:
        return Table([*self.header, *rows], colWidths=self.widths, style=self.style)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        if len(self.rows) > PAGE_ROWS:  # more than a page: the frame will split it
            self._table = None
            return sum(self.widths), float(len(self.rows) * 1000)
        self._table = self._make(self.rows)
        return self._table.wrap(available_width, available_height)

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        first = self.rows[:PAGE_ROWS]
        table = self._make(first)
        table.wrap(available_width, available_height)
        heights: list[float] = vars(table)["_rowHeights"]  # set by wrap, not in the stubs
        used = sum(heights[: len(self.header)])
        fit = 0
        for height in heights[len(self.header) :]:
            if used + height > available_height:
                break
            used += height
            fit += 1
        if not fit:
            return []
        rest = self.rows[fit:]
        page = self._make(first[:fit])
        return [page, PagedTable(self.header, rest, self.widths, self.style)] if rest else [page]

    def draw(self) -> None:
        assert self._table is not None
        self._table.drawOn(self.canv, 0, 0)
