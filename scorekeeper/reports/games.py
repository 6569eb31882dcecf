"""The game's own part of its reports, drawn from what the game declares
(:class:`~scorekeeper.games.report.GameReport`): the few words of each hand, what a total
counts, and the game's tables, a row per hand in the columns it names."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from scorekeeper.games.report import Cell, Column, ReportHand, ReportSection
from scorekeeper.money import amount, point_value
from scorekeeper.reports.cells import TextCell, name_cell
from scorekeeper.reports.fonts import BOLD, FONT
from scorekeeper.reports.layout import HEADER_FILL, HEADING, RULE_GREY, SMALL, Command
from scorekeeper.words import signed, told

SIZE = 8
KEY = ParagraphStyle("key", parent=SMALL, keepWithNext=1, spaceAfter=2)  # a table's key above it
NUMBER_WIDTH = 24  # the hand's number
LEFT = ("name", "text", "words")
MIN_WORDS_WIDTH = 60


def hand_words(ledger, hand: ReportHand, names: Sequence[str]) -> str:
    """The few words of ``hand`` for the score sheet, with ``names`` for the seats."""
    return told(ledger.report.words(hand), names)


def kept_note(ledger, note: str) -> bool:
    """Whether a score note adds to the hand's words."""
    return ledger.report.shown_note(note)


def column_heads(ledger) -> tuple[str, str]:
    """The heads of a side's two columns in the hands table: what the hand added and
    the running total."""
    return ledger.report.column_heads


def total_words(ledger, total: int) -> str:
    """A side's total with what it counts: ``−5 points``, ``3 games won``."""
    one, many = ledger.report.total_nouns
    return f"{signed(total, plus=False)} {one if abs(total) == 1 else many}"


def sheet_sections(ledger, hands: Sequence[ReportHand], width: float) -> list[Flowable]:
    """The game's own tables over every scored hand of the match."""
    story: list[Flowable] = []
    for section in ledger.report.sections:
        if section.on_sheet:
            story += _section(ledger, section, hands, width)
    return story


def hand_section(ledger, hand: ReportHand, width: float) -> list[Flowable]:
    """The game's own tables for one scored hand."""
    story: list[Flowable] = []
    for section in ledger.report.sections:
        story += _section(ledger, section, [hand], width)
    return story


# -- one declared table ---------------------------------------------------------------------


def _members(ledger, column: Column) -> Sequence[str]:
    """The names a column repeats under: the players, the sides, or one unnamed column."""
    if column.each == "seat":
        return ledger.info.players
    if column.each == "side":
        return ledger.side_names
    return ("",)


def _layout(ledger, columns: Sequence[Column]) -> list[tuple[Column, str, bool]]:
    """Each table column in order: its declared column, the name above it, and whether
    it starts a named group (consecutive ``each`` columns repeat per seat or side)."""
    laid: list[tuple[Column, str, bool]] = []
    for _, group in groupby(columns, key=lambda column: column.each):
        declared = list(group)
        for member in _members(ledger, declared[0]):
            laid += [(column, member, n == 0) for n, column in enumerate(declared)]
    return laid


def _cell(column: Column, value: Cell, players: Sequence[str], width: float) -> Any:
    if value is None:
        return ""
    if isinstance(value, int):
        if column.kind == "money":
            return amount(value, plus=True)
        return signed(value) if column.kind == "signed" else str(value)
    if isinstance(value, str):
        text = told(value, players)
        if column.kind == "name":
            return name_cell(text, width - 6, SIZE)
        return TextCell(text, SIZE) if column.kind == "words" else text
    return [TextCell(told(line, players), SIZE) for line in value]


def _section(
    ledger, section: ReportSection, hands: Sequence[ReportHand], width: float
) -> list[Flowable]:
    """``section`` over ``hands``: its title, its key, a row per hand that has one."""
    money = bool(point_value(ledger))
    columns = [column for column in section.columns if money or not column.money]
    laid = _layout(ledger, columns)
    fixed = NUMBER_WIDTH + sum(column.width for column, _, _ in laid if column.kind != "words")
    rest = max(MIN_WORDS_WIDTH, width - fixed)
    widths = [NUMBER_WIDTH] + [rest if c.kind == "words" else c.width for c, _, _ in laid]
    players = ledger.info.players
    body = []
    for hand in hands:
        values = section.row(hand)
        if values is None:
            continue
        cells = [
            _cell(column, value, players, column_width)
            for (column, _, _), value, column_width in zip(laid, values, widths[1:], strict=True)
        ]
        body.append([str(hand.number + 1), *cells])
    if not body:
        return []
    named = any(column.each for column in columns)
    heads = _heads(laid, widths, named)
    table = Table(heads + body, colWidths=widths, repeatRows=len(heads), hAlign="LEFT")
    table.setStyle(_style(laid, len(heads)))
    story: list[Flowable] = [Paragraph(section.title, HEADING)]
    key = " ".join(words for words in (section.key, money and section.money_key) if words)
    if key:
        story.append(Paragraph(key, KEY))
    return [*story, table]


def _heads(laid: list[tuple[Column, str, bool]], widths: list[float], named: bool) -> list[list]:
    """One header row of heads, or two when columns repeat under names: the names above,
    their columns' heads below (a column of its own has its head above)."""
    if not named:
        return [["#", *(column.head for column, _, _ in laid)]]
    top: list = ["#"]
    bottom: list = [""]
    for index, (column, member, first) in enumerate(laid):
        if not column.each:
            top.append(column.head)
            bottom.append("")
            continue
        span = _span_width(laid, widths, index) if first else 0.0
        top.append(name_cell(member, span - 4, SIZE, BOLD) if first else "")
        bottom.append(column.head)
    return [top, bottom]


def _span_width(laid: list[tuple[Column, str, bool]], widths: list[float], start: int) -> float:
    """The width of the named group that starts at column ``start`` of ``laid``."""
    end = start + 1
    while end < len(laid) and laid[end][0].each and not laid[end][2]:
        end += 1
    return sum(widths[1 + start : 1 + end])


def _style(laid: list[tuple[Column, str, bool]], header_rows: int) -> TableStyle:
    last = header_rows - 1
    style: list[Command] = [
        ("FONT", (0, 0), (-1, -1), FONT, SIZE),
        ("FONT", (0, 0), (-1, last), BOLD, SIZE),
        ("BACKGROUND", (0, 0), (-1, last), HEADER_FILL),
        ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE_GREY),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]
    for index, (column, _, first) in enumerate(laid, start=1):
        if column.kind in LEFT:
            style.append(("ALIGN", (index, 0), (index, -1), "LEFT"))
        if column.each and first and header_rows > 1:
            end = index
            while end < len(laid) and laid[end][0].each and not laid[end][2]:
                end += 1
            style += [("SPAN", (index, 0), (end, 0)), ("ALIGN", (index, 0), (index, 0), "LEFT")]
    return TableStyle(style)
