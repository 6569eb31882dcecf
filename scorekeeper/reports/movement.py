"""Printed movement for a club night: a card for every table (who sits there each
round), a card for every player (where to sit each round) and players' score cards whose
rows carry a QR code with the join code of the table they play at."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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

QR_SIZE = 20 * mm
CARD_TITLE = ParagraphStyle("card-title", parent=TITLE, fontSize=28, leading=34)
BIG = ParagraphStyle("big", parent=BODY, fontSize=13, leading=16)
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


def _place_cells(fmt: Format, round_: Round, player: int, names: Sequence[str]) -> list:
    table, partner, against = place_words(fmt, round_, player, names)
    words = [table, partner, against] if partnered(fmt) else [table, against]
    return [para(word) for word in words]


def table_cards(fmt: Format, schedule: Schedule, names: Sequence[str], event: str) -> list:
    """One page per table: its number, large, and who sits at it each round."""
    register_fonts()
    story: list[Flowable] = []
    tables = max(len(r.tables) for r in schedule.rounds)
    for number in range(1, tables + 1):
        if story:
            story.append(PageBreak())
        story += [para(event, HEADING), Paragraph(f"Table {number}", CARD_TITLE), Spacer(1, 6)]
        rows: list[list] = [["Round", "Players"]]
        for round_ in schedule.rounds:
            seating = next((t for t in round_.tables if t.number == number), None)
            words = "no play" if seating is None else seating_words(fmt, seating, names)
            rows.append([str(round_.number), para(words, BIG)])
        story.append(Table(rows, colWidths=[20 * mm, None], style=TableStyle(GRID), repeatRows=1))
    return story


def booked(schedule: Schedule) -> list[int]:
    """The players the schedule seats or gives a bye in some round (no card for the rest)."""
    return sorted({p for r in schedule.rounds for p in [*r.seated(), *r.byes]})


def seat_cards(fmt: Format, schedule: Schedule, names: Sequence[str], event: str) -> list:
    """A card for every player of the schedule: where to sit each round, with whom and
    against whom."""
    register_fonts()
    headers = _headers(fmt)
    story: list[Flowable] = []
    for player in sorted(booked(schedule), key=lambda p: names[p].casefold()):
        rows: list[list] = [headers]
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


def qr_code(text: str, size: float = QR_SIZE) -> Drawing:
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
    join_codes: Mapping[int, str],
) -> list:
    """A score card per player, one page each: a row per round with the table, partner,
    opponents, boxes for the points and the table's join code as a QR code."""
    register_fonts()
    headers = [*_headers(fmt), "Points", "Join code"]
    story: list[Flowable] = []
    for player in sorted(booked(schedule), key=lambda p: names[p].casefold()):
        if story:
            story.append(PageBreak())
        rows: list[list] = [headers]
        for round_ in schedule.rounds:
            seating = round_.table_of(player)
            code = join_codes.get(seating.number) if seating else None
            place = _place_cells(fmt, round_, player, names)
            rows.append([str(round_.number), *place, "", qr_code(code) if code else ""])
        widths = [14 * mm, 18 * mm, *[None] * (len(headers) - 4), 20 * mm, QR_SIZE + 4]
        story += [
            Paragraph(f"Score card: {markup(names[player])}", TITLE),
            para(event),
            Spacer(1, 6),
            Table(
                rows,
                colWidths=widths,
                rowHeights=[None] + [QR_SIZE + 4] * (len(rows) - 1),
                style=TableStyle(GRID),
                repeatRows=1,
            ),
            Spacer(1, 8),
            Paragraph("Total: ______________ &nbsp;&nbsp;&nbsp; Signed: ______________", BIG),
        ]
    return story


def movement_bytes(story: list, event: str, what: str, paper: str = "letter") -> bytes:
    """A finished PDF of one of the stories above."""
    return render(story, paper, f"{event}: {what}", f"{event}: {what}")
