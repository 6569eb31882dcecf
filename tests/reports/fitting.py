"""What a reader checks on a printed table: every head and value fits its column, and no
name is cut. Reads the tables of a report's story as ReportLab lays them out."""

from __future__ import annotations

from collections.abc import Iterator

from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, KeepTogether, Table

from scorekeeper.reports.cells import TextCell
from scorekeeper.reports.fonts import runs, text_width
from scorekeeper.reports.paged import PagedTable


def tables(story: list[Flowable]) -> Iterator[Table]:
    """Every table of ``story``, a long one as one table of all its rows."""
    for flowable in story:
        if isinstance(flowable, PagedTable):
            rows = [*flowable.header, *flowable.rows]
            yield Table(rows, colWidths=flowable.widths, style=flowable.style)
        elif isinstance(flowable, Table):
            yield flowable
        elif isinstance(flowable, KeepTogether):
            yield from tables(flowable._content)


def unfit(story: list[Flowable]) -> list[str]:
    """Each cell of ``story``'s tables whose text runs past its column (or past the empty
    cells after it, which a head may run on over), or that cuts a word to fit."""
    found: list[str] = []
    for table in tables(story):
        widths = table._colWidths
        styles = table._cellStyles
        for row_number, row in enumerate(table._cellvalues):
            for column, value in enumerate(row):
                style = styles[row_number][column]
                room = widths[column] - style.leftPadding - style.rightPadding
                after = column + 1
                while after < len(row) and row[after] == "":
                    room += widths[after]
                    after += 1
                found += _unfit(value, room, style.fontname, style.fontsize)
    return found


def _unfit(value: object, room: float, font: str, size: float) -> list[str]:
    if isinstance(value, list):
        return [found for item in value for found in _unfit(item, room, font, size)]
    if isinstance(value, str):
        return [value] if text_width(value, size, font) > room + 0.01 else []
    if isinstance(value, TextCell):
        if "…" in value.text:
            return [value.text]
        words = value.text.split(" ") if value.wraps else [value.text]
        return [
            value.text for word in words if text_width(word, value.size, value.font) > room + 0.01
        ][:1]
    return []


def drawn(story: list[Flowable]) -> list[tuple[str, str]]:
    """Each table cell's text of ``story`` as drawn, ``(font, text)`` a run, line by line."""
    found: list[tuple[str, str]] = []
    for table in tables(story):
        for row_number, row in enumerate(table._cellvalues):
            for column, value in enumerate(row):
                style = table._cellStyles[row_number][column]
                found += cell_runs(value, style.fontname, table._colWidths[column])
    return found


def cell_runs(value: object, font: str, width: float) -> list[tuple[str, str]]:
    """A cell's text as drawn in a column ``width`` wide, ``(font, text)`` a run."""
    if isinstance(value, list):
        return [run for item in value for run in cell_runs(item, font, width)]
    if isinstance(value, str):
        return [(font, value)] if value else []
    if isinstance(value, TextCell):
        value.wrap(width - 12, 1000)
        return [run for line in value._lines for run in runs(line, value.font)]
    return []


def missing_glyphs(runs_drawn: list[tuple[str, str]]) -> list[str]:
    """The characters drawn in a font that has no glyph for them (printed as boxes)."""
    return [
        char
        for font, text in runs_drawn
        for char in text
        if ord(char) not in pdfmetrics.getFont(font).face.charToGlyph
    ]
