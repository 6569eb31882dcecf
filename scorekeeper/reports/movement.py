"""Printed movement for a club night: a card for every table (who sits there each
round), a card for every player (where to sit each round), players' score cards, each
with a QR code of the player's own results code (it reads that player's results and
nothing else: no table's pass), and for the director the tables' join codes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from scorekeeper.club.formats.base import Format
from scorekeeper.club.formats.schedule import Round, Schedule
from scorekeeper.club.formats.schedule import Table as Seating
from scorekeeper.club.formats.words import place_words, seating_words
from scorekeeper.reports.fonts import register_fonts
from scorekeeper.reports.layout import (
    BODY,
    HEADER_FILL,
    HEADING,
    RULE_GREY,
    TITLE,
    Command,
    render,
)
from scorekeeper.reports.sheet import para
from scorekeeper.reports.text import markup

RESULTS_QR = 36 * mm
JOIN_QR = 60 * mm
CARD_TITLE = ParagraphStyle("card-title", parent=TITLE, fontSize=28, leading=34)
BIG = ParagraphStyle("big", parent=BODY, fontSize=13, leading=16)
CODE_TEXT = ParagraphStyle("code", parent=BODY, fontSize=7, leading=9, wordWrap="CJK")
GRID: list[Command] = [
    ("GRID", (0, 0), (-1, -1), 0.5, RULE_GREY),
    ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
]


def partnered(fmt: Format) -> bool:
    table = Seating(1, tuple(range(fmt.table_size)))
    return any(len(side) > 1 for side in table.sides(fmt.seating))


def _headers(fmt: Format) -> list[str]:
    return (
        ["Round", "Table", "Partner", "Against"] if partnered(fmt) else ["Round", "Table", "With"]
    )


def _place_cells(fmt: Format, round_: Round, player: int, names: Sequence[str]) -> list[Any]:
    table, partner, against = place_words(fmt, round_, player, names)
    words = [table, partner, against] if partnered(fmt) else [table, against]
    return [para(word) for word in words]


def table_cards(
    fmt: Format,
    schedule: Schedule,
    names: Sequence[str],
    event: str,
    pages: Mapping[int, str] | None = None,
) -> list[Any]:
    """One page per table: its number, large, who sits at it each round, and the QR code
    of the table's page for the players' phones (``pages``, by table, when served)."""
    register_fonts()
    story: list[Flowable] = []
    tables = max(len(r.tables) for r in schedule.rounds)
    for number in range(1, tables + 1):
        if story:
            story.append(PageBreak())
        story += [para(event, HEADING), Paragraph(f"Table {number}", CARD_TITLE), Spacer(1, 6)]
        if pages and number in pages:
            story += [_table_page(pages[number]), Spacer(1, 6)]
        rows: list[list[Any]] = [["Round", "Players"]]
        for round_ in schedule.rounds:
            seating = next((t for t in round_.tables if t.number == number), None)
            words = "no play" if seating is None else seating_words(fmt, seating, names)
            rows.append([str(round_.number), para(words, BIG)])
        story.append(Table(rows, colWidths=[20 * mm, None], style=TableStyle(GRID), repeatRows=1))
    return story


def booked(schedule: Schedule) -> list[int]:
    """The players the schedule seats or gives a bye in some round (no card for the rest)."""
    return sorted({p for r in schedule.rounds for p in [*r.seated(), *r.byes]})


def seat_cards(fmt: Format, schedule: Schedule, names: Sequence[str], event: str) -> list[Any]:
    """A card for every player of the schedule: where to sit each round, with whom and
    against whom."""
    register_fonts()
    headers = _headers(fmt)
    story: list[Flowable] = []
    for player in sorted(booked(schedule), key=lambda p: names[p].casefold()):
        rows: list[list[Any]] = [headers]
        for round_ in schedule.rounds:
            rows.append([str(round_.number), *_place_cells(fmt, round_, player, names)])
        card = [
            para(f"{names[player]}: where you sit", HEADING),
            para(event),
            Table(
                rows,
                colWidths=[16 * mm, 22 * mm, *[None] * (len(headers) - 2)],
                style=TableStyle(GRID),
            ),
            Spacer(1, 8),
        ]
        story.append(KeepTogether(card))
    return story


def qr_code(text: str, size: float) -> Drawing:
    widget = QrCodeWidget(text)
    left, bottom, right, top = widget.getBounds()
    drawing = Drawing(
        size, size, transform=[size / (right - left), 0, 0, size / (top - bottom), 0, 0]
    )
    drawing.add(widget)
    return drawing


def score_cards(
    fmt: Format,
    schedule: Schedule,
    names: Sequence[str],
    event: str,
    results_codes: Mapping[int, str],
) -> list[Any]:
    """A score card per player, one page each: the player's own results code as a QR
    code (``results_codes``, by player), and a row per round with the table, partner,
    opponents and a box for the points."""
    register_fonts()
    headers = [*_headers(fmt), "Points"]
    story: list[Flowable] = []
    for player in sorted(booked(schedule), key=lambda p: names[p].casefold()):
        if story:
            story.append(PageBreak())
        rows: list[list[Any]] = [headers]
        for round_ in schedule.rounds:
            rows.append([str(round_.number), *_place_cells(fmt, round_, player, names), ""])
        widths = [14 * mm, 18 * mm, *[None] * (len(headers) - 3), 24 * mm]
        code = results_codes.get(player)
        story += [
            Paragraph(f"Score card: {markup(names[player])}", TITLE),
            para(event),
            Spacer(1, 6),
            *([_results_code(code)] if code else []),
            Spacer(1, 6),
            Table(rows, colWidths=widths, style=TableStyle(GRID), repeatRows=1),
            Spacer(1, 8),
            Paragraph("Total: ______________ &nbsp;&nbsp;&nbsp; Signed: ______________", BIG),
        ]
    return story


def _results_code(code: str) -> Table:
    """The player's results code as a QR code, with what it is."""
    words = para(
        "Your own results: scan this code for your rounds, your hands and your place so far. "
        "It reads your results and nothing else."
    )
    return Table([[qr_code(code, RESULTS_QR), words]], colWidths=[RESULTS_QR + 4, None])


def _table_page(address: str) -> Table:
    """The table's page for the players' phones as a QR code, with what it is."""
    words = para(
        "Players' phones: scan this code to enter and confirm this table's hands, in "
        "every round of the night."
    )
    return Table([[qr_code(address, RESULTS_QR), words]], colWidths=[RESULTS_QR + 4, None])


def join_code_sheets(
    event: str, join_codes: Mapping[int, str], pages: Mapping[int, str] | None = None
) -> list[Any]:
    """For the director, a page per table: its join code as a QR code and as text, to
    give the table's laptop (*Club night → Join club night…*), not for the players; and
    the QR code of the table's page for the players' phones (``pages``, when served)."""
    register_fonts()
    story: list[Flowable] = []
    for number, code in sorted(join_codes.items()):
        if story:
            story.append(PageBreak())
        story += [
            para(event, HEADING),
            Paragraph(f"Table {number}", CARD_TITLE),
            para("The table's laptop joins with this code: Club night → Join club night…"),
            Spacer(1, 6),
            qr_code(code, JOIN_QR),
            Spacer(1, 6),
            Paragraph(code, CODE_TEXT),
        ]
        if pages and number in pages:
            story += [Spacer(1, 12), _table_page(pages[number])]
    return story


def movement_bytes(story: list[Any], event: str, what: str, paper: str = "letter") -> bytes:
    """A finished PDF of one of the stories above."""
    return render(story, paper, f"{event}: {what}", f"{event}: {what}")
