"""The game's own part of its reports, drawn from what the game declares
(:class:`~scorekeeper.games.report.GameReport`): the few words of each hand, what a total
counts, and the game's tables, a row per hand in the columns it names."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING, Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from scorekeeper.games.report import Cell, Column, ReportHand, ReportSection
from scorekeeper.money import amount, point_value
from scorekeeper.phrases import Phrase
from scorekeeper.reports.cells import TextCell, wrapped_name
from scorekeeper.reports.fonts import BOLD, FONT, text_width
from scorekeeper.reports.layout import HEADER_FILL, HEADING, RULE_GREY, SMALL, Command
from scorekeeper.reports.text import isolated, side_labels
from scorekeeper.words import signed, told

if TYPE_CHECKING:
    from scorekeeper.ledger import Ledger

SIZE = 8
KEY = ParagraphStyle("key", parent=SMALL, keepWithNext=1, spaceAfter=2)  # a table's key above it
NUMBER_WIDTH = 24  # the hand's number
LEFT = ("name", "text", "words")
MIN_WORDS_WIDTH = 60
PADDING = 4  # a cell's left and right padding, 2 each
NOT_SCORED = "not scored: the game had already ended"
MAX_FIT = 110  # the widest a column grows to fit its values; wider ones wrap


def hand_words(ledger: Ledger, hand: ReportHand, names: Sequence[str]) -> str:
    """The few words of ``hand`` for the score sheet, with ``names`` for the seats."""
    return told(ledger.report.words(hand), names)


def kept_note(ledger: Ledger, note: Phrase) -> bool:
    """Whether a score note adds to the hand's words."""
    return ledger.report.shown_note(note)


def column_heads(ledger: Ledger) -> tuple[str, str]:
    """The heads of a side's two columns in the hands table: what the hand added and
    the running total."""
    return ledger.report.column_heads


def total_words(ledger: Ledger, total: int) -> str:
    """A side's total with what it counts: ``−5 points``, ``3 games won``."""
    one, many = ledger.report.total_nouns
    return f"{signed(total, plus=False)} {one if abs(total) == 1 else many}"


def sheet_sections(ledger: Ledger, hands: Sequence[ReportHand], width: float) -> list[Flowable]:
    """The game's own tables over every scored hand of the match, and a line for each
    hand played after the game had ended."""
    story: list[Flowable] = []
    for section in ledger.report.sections:
        if section.on_sheet:
            story += _section(ledger, section, hands, width, ledger.hands_after_end)
    return story


def hand_section(ledger: Ledger, hand: ReportHand, width: float) -> list[Flowable]:
    """The game's own tables for one scored hand."""
    story: list[Flowable] = []
    for section in ledger.report.sections:
        story += _section(ledger, section, [hand], width)
    return story


# -- one declared table ---------------------------------------------------------------------


def _members(ledger: Ledger, column: Column) -> Sequence[str]:
    """The names a column repeats under: the players, the sides, or one unnamed column."""
    if column.each == "seat":
        return ledger.info.players
    if column.each == "side":
        return side_labels(ledger)
    return ("",)


def _layout(ledger: Ledger, columns: Sequence[Column]) -> list[tuple[Column, str, bool]]:
    """Each table column in order: its declared column, the name above it, and whether
    it starts a named group (consecutive ``each`` columns repeat per seat or side)."""
    laid: list[tuple[Column, str, bool]] = []
    for _, group in groupby(columns, key=lambda column: column.each):
        declared = list(group)
        for member in _members(ledger, declared[0]):
            laid += [(column, member, n == 0) for n, column in enumerate(declared)]
    return laid


def _text(column: Column, value: Cell, players: Sequence[str]) -> str | list[str]:
    """A cell's words: a number as the column writes it, a player by name, lines as lines."""
    if value is None:
        return ""
    if isinstance(value, int):
        if column.kind == "money":
            return amount(value, plus=True)
        return signed(value) if column.kind == "signed" else str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, Phrase):
        return told(value, players)
    return [line if isinstance(line, str) else told(line, players) for line in value]


def _fitted(column: Column, head: str, texts: Sequence[str | list[str]]) -> float:
    """A column's width: as declared, widened so its head and its values fit (a number
    column's values word by word, "blind" over "nil"; a name or text whole up to
    :data:`MAX_FIT`, then wrapped)."""
    if column.kind == "words":
        return column.width
    values = [text for text in texts if isinstance(text, str)]
    if column.kind not in LEFT:
        values = [word for text in values for word in text.split(" ")]
    need = max([text_width(head, SIZE, BOLD)] + [text_width(text, SIZE) for text in values])
    return max(column.width, min(need + PADDING, MAX_FIT))


def _cell(column: Column, text: str | list[str], width: float) -> Any:
    if isinstance(text, list):
        return [TextCell(line, SIZE) for line in text]
    if column.kind == "name":
        return wrapped_name(text, SIZE)
    if column.kind == "words" or text_width(text, SIZE) > width - PADDING:
        return TextCell(text, SIZE)
    return text


def _section(
    ledger: Ledger,
    section: ReportSection,
    hands: Sequence[ReportHand],
    width: float,
    unscored: Sequence[int] = (),
) -> list[Flowable]:
    """``section`` over ``hands``: its title, its key, a row per hand that has one (its
    words on a line of their own below it when the section says so), then a line for
    each hand of ``unscored``, played after the game had ended."""
    money = bool(point_value(ledger))
    columns = [column for column in section.columns if money or not column.money]
    laid = _layout(ledger, columns)
    players = isolated(ledger.info.players)
    numbers: list[str] = []
    texts: list[list[str | list[str]]] = []
    for hand in hands:
        values = section.row(hand)
        if values is not None:
            numbers.append(str(hand.number + 1))
            texts.append(
                [
                    _text(column, value, players)
                    for (column, _, _), value in zip(laid, values, strict=True)
                ]
            )
    if not texts:
        return []
    below: list[str | list[str]] = []
    if section.words_below:
        at = next(index for index, (column, _, _) in enumerate(laid) if column.kind == "words")
        below = [row.pop(at) for row in texts]
        laid = laid[:at] + laid[at + 1 :]
    widths = _widths(laid, texts, width)
    body = [
        [number, *(_cell(c, t, w) for (c, _, _), t, w in zip(laid, row, widths[1:], strict=True))]
        for number, row in zip(numbers, texts, strict=True)
    ]
    lines = [["", _cell(Column("", "words"), words, width)] for words in below]
    if lines:
        body = [row for pair in zip(body, lines, strict=True) for row in pair]
    body += [[str(index + 1), TextCell(f"{NOT_SCORED.capitalize()}.", SIZE)] for index in unscored]
    named = any(column.each for column in columns)
    heads = _heads(laid, named)
    rows = [row + [""] * (len(widths) - len(row)) for row in heads + body]
    table = Table(rows, colWidths=widths, repeatRows=len(heads), hAlign="LEFT")
    table.setStyle(_style(laid, len(heads)))
    table.setStyle(TableStyle(_spans(rows, len(heads))))
    story: list[Flowable] = [Paragraph(section.title, HEADING)]
    key = " ".join(words for words in (section.key, money and section.money_key) if words)
    if key:
        story.append(Paragraph(key, KEY))
    return [*story, table]


def _widths(
    laid: list[tuple[Column, str, bool]], texts: list[list[str | list[str]]], width: float
) -> list[float]:
    """The number's column, then each laid column fitted, a ``words`` column the rest."""
    fitted = [
        _fitted(column, column.head, [row[index] for row in texts])
        for index, (column, _, _) in enumerate(laid)
    ]
    fixed = NUMBER_WIDTH + sum(
        w for w, (c, _, _) in zip(fitted, laid, strict=True) if c.kind != "words"
    )
    rest = max(MIN_WORDS_WIDTH, width - fixed)
    return [NUMBER_WIDTH] + [
        rest if column.kind == "words" else w
        for w, (column, _, _) in zip(fitted, laid, strict=True)
    ]


def _spans(rows: list[list[Any]], header_rows: int) -> list[Command]:
    """A line of words across the whole table: under a row, or a hand not scored."""
    style: list[Command] = []
    for number, row in enumerate(rows[header_rows:], start=header_rows):
        if len(row) > 2 and all(cell == "" for cell in row[2:]):
            style += [
                ("SPAN", (1, number), (-1, number)),
                ("ALIGN", (1, number), (-1, number), "LEFT"),
            ]
    return style


def _heads(laid: list[tuple[Column, str, bool]], named: bool) -> list[list[Any]]:
    """One header row of heads, or two when columns repeat under names: the names above
    (wrapped over their spanned columns, never cut), their columns' heads below (a column
    of its own has its head above)."""
    if not named:
        return [["#", *(_head(column) for column, _, _ in laid)]]
    top: list[Any] = ["#"]
    bottom: list[Any] = [""]
    for column, member, first in laid:
        if not column.each:
            top.append(_head(column))
            bottom.append("")
            continue
        top.append(wrapped_name(member, SIZE, BOLD) if first else "")
        bottom.append(column.head)
    return [top, bottom]


def _head(column: Column) -> Any:
    """A column's head; over the lines of words, wrapped to the column."""
    return TextCell(column.head, SIZE, font=BOLD) if column.kind == "words" else column.head


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
        ("LEFTPADDING", (0, 0), (-1, -1), PADDING / 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), PADDING / 2),
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
