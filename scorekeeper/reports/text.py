"""User text on its way to the page: right-to-left runs in visual order, markup escaped,
suit symbols coloured, long names shortened to fit."""

from __future__ import annotations

import unicodedata
from xml.sax.saxutils import escape

from scorekeeper.reports.fonts import FONT, text_width

RED = "#c8102e"
BLACK = "#000000"
RED_SUITS = frozenset("♥♦")
SUITS = frozenset("♠♥♦♣")
_MIRRORED = str.maketrans("()[]{}<>«»", ")(][}{><»«")


def _strong(char: str) -> str:
    kind = unicodedata.bidirectional(char)
    if kind in ("R", "AL"):
        return "R"
    if kind in ("L", "EN", "AN"):
        return "L"
    return ""


def visual(text: str) -> str:
    """``text`` in the order it is drawn on a left-to-right page: right-to-left runs
    reversed (a simplified Unicode bidi: spaces and punctuation between two right-to-left
    letters join their run, digits read left to right, brackets inside a run mirror).
    PDF text extraction reverses the runs back, so a name reads exactly as typed."""
    if text.isascii():
        return text
    kinds = [_strong(char) for char in text]
    if "R" not in kinds:
        return text
    levels = [0] * len(text)
    strong_levels = {"R": 1, "L": 0}  # the page runs left to right
    previous = 0
    for index, kind in enumerate(kinds):
        if kind:
            previous = strong_levels[kind]
            levels[index] = previous
            continue
        following = next((strong_levels[k] for k in kinds[index + 1 :] if k), 0)
        levels[index] = previous if previous == following else 0
    chars = [
        char.translate(_MIRRORED) if level % 2 else char
        for char, level in zip(text, levels, strict=True)
    ]
    for level in range(max(levels), 0, -1):
        index = 0
        while index < len(chars):
            if levels[index] < level:
                index += 1
                continue
            end = index
            while end < len(chars) and levels[end] >= level:
                end += 1
            chars[index:end] = chars[index:end][::-1]
            levels[index:end] = levels[index:end][::-1]
            index = end
    return "".join(chars)


def markup(text: str) -> str:
    """``text`` as Paragraph markup that prints exactly ``text``: escaped, suits in colour."""
    escaped = escape(visual(str(text)))
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
    printed elsewhere on the page)."""
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
