"""The score sheet's statistics: a row per player, the game's own counts and rates."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from scorekeeper.reports.cells import TextCell, wrapped_name
from scorekeeper.reports.fonts import BOLD, FONT
from scorekeeper.reports.layout import HEADER_FILL, HEADING, RULE_GREY
from scorekeeper.words import statistics_table

if TYPE_CHECKING:
    from scorekeeper.ledger import Ledger

SIZE = 8
NAME_SHARE = 0.25  # of the width, for the players' names (a longer name is wrapped)


def statistics_section(ledger: Ledger, width: float) -> list[Flowable]:
    """``Statistics`` and its table, or nothing before the first finished hand."""
    if not ledger.scores:
        return []
    heads, rows = statistics_table(ledger.statistics())
    name_width = width * NAME_SHARE
    other = (width - name_width) / max(1, len(heads) - 1)
    table: list[list[Any]] = [
        [TextCell(head, SIZE, font=BOLD) for head in heads],
        *([wrapped_name(row[0], SIZE), *row[1:]] for row in rows),  # wrapped, never cut
    ]
    style = TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, SIZE),
            ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("ALIGN", (1, 1), (-1, -1), "RIGHT"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE_GREY),
        ]
    )
    widths = [name_width] + [other] * (len(heads) - 1)
    return [Paragraph("Statistics", HEADING), Table(table, colWidths=widths, style=style)]
