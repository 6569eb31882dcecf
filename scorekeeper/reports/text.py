"""User text on its way to the page: right-to-left runs in visual order, markup escaped,
suit symbols coloured, long names shortened to fit."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from arabic_reshaper import ArabicReshaper
from bidi import get_display
from reportlab.pdfgen.textobject import PDFTextObject

from scorekeeper.reports.fonts import FONT, NO_ISOLATES, printable, runs, text_width

if TYPE_CHECKING:
    from scorekeeper.ledger import Ledger

RED = "#c8102e"
BLACK = "#000000"
RED_SUITS = frozenset("♥♦")
_ARABIC = ArabicReshaper(configuration={"delete_harakat": False})  # keep every mark typed
SUITS = frozenset("♠♥♦♣")


def visual(text: str) -> str:
    """``text`` as it is drawn on a left-to-right page: characters no font has replaced
    by words (:func:`printable`), Arabic letters joined (arabic-reshaper: each letter as
    the presentation form for its place in the word, read back as the letter typed),
    right-to-left runs in visual order (the Unicode bidi algorithm, python-bidi)."""
    if text.isascii():
        return text
    text = printable(text)
    if not _right_to_left(text):
        return text.translate(NO_ISOLATES)
    if any(unicodedata.bidirectional(char) == "AL" for char in text):
        text = _ARABIC.reshape(text)
    return get_display(text, base_dir="L").translate(NO_ISOLATES)


def isolate(name: str) -> str:
    """``name`` marked as a unit of its own direction (FIRST STRONG ISOLATE … POP
    DIRECTIONAL ISOLATE) for putting into a sentence: "مريم: 3" keeps its ": 3" after
    the name, "Bob 😀" its emoji after "Bob" beside a right-to-left name; :func:`visual`
    drops the marks. A name of plain ASCII needs none."""
    return name if name.isascii() else f"\u2068{name}\u2069"


def isolated(names: Iterable[str]) -> list[str]:
    """Each of ``names`` isolated (:func:`isolate`), for the ``{seat}`` of a sentence."""
    return [isolate(name) for name in names]


def side_labels(ledger: Ledger) -> list[str]:
    """Each side of ``ledger`` by its players (:func:`team`), for a line or a cell."""
    players = ledger.info.players
    return [team([players[seat] for seat in side]) for side in ledger.sides]


def team(names: Sequence[str]) -> str:
    """A side's players for a line of text, each name isolated: "مريم الحسن & Zoë 🃏"
    prints in that order, its names each in their own direction."""
    return " & ".join(isolate(name) for name in names)


def _right_to_left(text: str) -> bool:
    return any(unicodedata.bidirectional(char) in ("R", "AL") for char in text)


def markup(text: str) -> str:
    """``text`` as Paragraph markup that prints exactly ``text``: escaped, suits in colour."""
    parts = runs(visual(str(text)))
    return "".join(
        _suits(escape(part)) if face == FONT else f'<font face="{face}">{escape(part)}</font>'
        for face, part in parts
    )


def _suits(escaped: str) -> str:
    if not SUITS.intersection(escaped):
        return escaped
    return "".join(
        f'<font color="{RED if char in RED_SUITS else BLACK}">{char}</font>'
        if char in SUITS
        else char
        for char in escaped
    )


def shorten(text: str, width: float, size: float, font: str = FONT) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` points (the full name is
    printed elsewhere on the page); characters no font has count as their substitute."""
    text = printable(text)
    if text_width(text, size, font) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle] + "…", size, font) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def text_out(text: PDFTextObject, line: str, font: str, size: float) -> None:
    """Add ``line`` (already in visual order) to ``text``, each run in the font that has it."""
    for face, part in runs(line, font):
        text.setFont(face, size)
        text.textOut(part)
