"""User text on its way to the page: right-to-left runs in visual order, markup escaped,
suit symbols coloured, long names shortened to fit."""

from __future__ import annotations

import unicodedata
from xml.sax.saxutils import escape

from bidi import get_display
from reportlab.pdfgen.textobject import PDFTextObject

from scorekeeper.reports.fonts import (
    AROUND_WORDS,
    FALLBACK,
    FONT,
    RIGHT_TO_LEFT_RUN,
    RIGHT_TO_LEFT_WORD,
    glyphs,
    printable,
    runs,
    text_width,
)

RED = "#c8102e"
BLACK = "#000000"
RED_SUITS = frozenset("♥♦")
_NO_ISOLATES = str.maketrans("", "", "\u2068\u2069")
SUITS = frozenset("♠♥♦♣")


def visual(text: str) -> str:
    """``text`` as it is drawn on a left-to-right page: characters no font has replaced
    by words (:func:`printable`), right-to-left runs in visual order (the Unicode bidi
    algorithm, python-bidi), each run of right-to-left words left in logical order for
    HarfBuzz to shape (Arabic letters joined) and lay out right to left."""
    if text.isascii():
        return text
    text = printable(text)
    if not _right_to_left(text):
        return text
    drawn = get_display(text, base_dir="L").translate(_NO_ISOLATES)
    # each right-to-left run back in logical order: HarfBuzz shapes it and lays it out
    return RIGHT_TO_LEFT_RUN.sub(lambda run: run[0][::-1], drawn)


def isolate(name: str) -> str:
    """``name`` marked as a unit of its own direction (FIRST STRONG ISOLATE … POP
    DIRECTIONAL ISOLATE) for putting into a sentence: "مريم: 3" keeps its ": 3" after
    the name; :func:`visual` drops the marks."""
    return f"\u2068{name}\u2069" if _right_to_left(name) else name


def _right_to_left(text: str) -> bool:
    return any(unicodedata.bidirectional(char) in ("R", "AL") for char in text)


def markup(text: str) -> str:
    """``text`` as Paragraph markup that prints exactly ``text``: escaped, suits in colour."""
    parts = runs(_shaped_tokens(_words_in_visual_order(visual(str(text)))))
    return "".join(
        _suits(escape(part)) if face == FONT else f'<font face="{FALLBACK}">{escape(part)}</font>'
        for face, part in parts
    )


def _words_in_visual_order(drawn: str) -> str:
    """A Paragraph shapes word by word: a right-to-left run's words in visual order, each
    word's letters still logical."""
    return RIGHT_TO_LEFT_RUN.sub(lambda run: " ".join(reversed(run[0].split(" "))), drawn)


def _shaped_tokens(drawn: str) -> str:
    """A Paragraph shapes each space-separated token as a whole, right to left when its
    first letter is; such a token's pieces go in reverse so that "שלום:" is drawn with the
    colon after the name, as :func:`visual` ordered it."""
    if not RIGHT_TO_LEFT_WORD.search(drawn):
        return drawn
    tokens = drawn.split(" ")
    for index, token in enumerate(tokens):
        pieces = [piece for piece in AROUND_WORDS.split(token) if piece]
        first = next((char for char in token if char.isalpha()), "")
        if len(pieces) > 1 and RIGHT_TO_LEFT_WORD.match(first):
            tokens[index] = "".join(reversed(pieces))
    return " ".join(tokens)


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
        text.textOut(glyphs(part, face, size))


MINUS = "\u2212"


def signed(number: int, plus: bool = True) -> str:
    """``number`` with the one minus sign of every report (U+2212); ``+`` before a
    positive number when ``plus``."""
    if number < 0:
        return f"{MINUS}{-number}"
    return f"+{number}" if plus and number > 0 else str(number)
