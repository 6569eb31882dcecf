"""The embedded TrueType fonts of every report, shipped in ``resources/fonts``.

DejaVu Sans has the suit symbols, Hebrew, Arabic, most of Latin, Greek and Cyrillic
and the emoticons block (U+1F600–U+1F64F). Two fallbacks take what it lacks: WenQuanYi
Micro Hei covers Chinese, Japanese kana and Korean Hangul, Noto Emoji (monochrome) the
emoji, flags' letters, mahjong tiles and other symbols. Both are shipped xz-compressed
(1.5 MB instead of 4.6 MB, 0.5 MB instead of 0.8 MB) and loaded only when a text needs
them, and like every font only the glyphs a report uses are embedded in the PDF.
A character no font has is printed as a visible substitute in words
(:func:`printable`), never as an empty box.
"""

from __future__ import annotations

import io
import lzma
import unicodedata
from functools import cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics, ttfonts

from scorekeeper.resources import resource_path

FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FALLBACK = "WenQuanYiMicroHei"
EMOJI = "NotoEmoji"
FALLBACKS = (FALLBACK, EMOJI)
"""The fonts that take a character the report's own font lacks, the first that has it."""
_FILES = {FONT: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}
_FALLBACK_FILES = {FALLBACK: "wqy-microhei.ttf.xz", EMOJI: "NotoEmoji-Regular.ttf.xz"}
_JOINERS = frozenset("\u200d\ufe0e\ufe0f") | {chr(c) for c in range(0x1F3FB, 0x1F400)}
_FLAG_LETTERS = range(0x1F1E6, 0x1F200)
_ISOLATES = frozenset("\u2068\u2069")  # direction marks for the bidi algorithm
NO_ISOLATES = str.maketrans("", "", "\u2068\u2069")


def _to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """ReportLab's ToUnicode map, with characters beyond U+FFFF written as UTF-16 pairs
    (ReportLab writes them as five hex digits, which PDF readers reject), so a name
    with an emoji reads back exactly."""
    entries = [
        f"<{index:02X}> <{_reads_as(code).encode('utf-16-be').hex().upper()}>"
        for index, code in enumerate(subset)
    ]
    return "\n".join(
        [
            "/CIDInit /ProcSet findresource begin",
            "12 dict begin",
            "begincmap",
            "/CIDSystemInfo",
            f"<< /Registry ({fontname})",
            f"/Ordering ({fontname})",
            "/Supplement 0",
            ">> def",
            f"/CMapName /{fontname} def",
            "/CMapType 2 def",
            "1 begincodespacerange",
            f"<00> <{len(subset) - 1:02X}>",
            "endcodespacerange",
            f"{len(subset)} beginbfchar",
            *entries,
            "endbfchar",
            "endcmap",
            "CMapName currentdict /CMap defineresource pop",
            "end",
            "end",
        ]
    )


def _reads_as(code: int) -> str:
    """What a glyph reads back as: a joined Arabic letter (a presentation form, see
    :func:`~scorekeeper.reports.text.visual`) as the plain letter or letters typed."""
    char = chr(code)
    if 0xFB50 <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFF:
        return unicodedata.normalize("NFKC", char)
    return char


@cache
def register_fonts() -> None:
    """Register the regular and bold faces (once) as one family for Paragraph's ``<b>``."""
    ttfonts.makeToUnicodeCMap = _to_unicode_cmap
    for name, file in _FILES.items():
        pdfmetrics.registerFont(ttfonts.TTFont(name, str(resource_path("fonts", file))))
    for italic in (1, 0):  # no italic face: italic maps to upright, upright last wins
        addMapping(FONT, 0, italic, FONT)
        addMapping(FONT, 1, italic, BOLD)


@cache
def _glyphs(font: str) -> frozenset[int]:
    """The code points ``font`` has a glyph for."""
    if font in _FALLBACK_FILES:
        _register_fallback(font)
    found = pdfmetrics.getFont(font)
    return frozenset(found.face.charToGlyph) if isinstance(found, ttfonts.TTFont) else frozenset()


@cache
def _register_fallback(font: str) -> None:
    data = lzma.decompress(resource_path("fonts", _FALLBACK_FILES[font]).read_bytes())
    pdfmetrics.registerFont(ttfonts.TTFont(font, io.BytesIO(data)))


def _face(char: str, font: str) -> str | None:
    """The font that draws ``char``: ``font`` itself, else the first fallback with it."""
    code = ord(char)
    if code in _glyphs(font):
        return font
    return next((face for face in FALLBACKS if code in _glyphs(face)), None)


def _covered(char: str) -> bool:
    return _face(char, FONT) is not None


def _substitute(cluster: str) -> str:
    """Words for characters no font has: ``[flag DE]``, ``[man+woman+girl]``."""
    if all(ord(char) in _FLAG_LETTERS for char in cluster):
        letters = "".join(chr(ord(char) - 0x1F1E6 + ord("A")) for char in cluster)
        return f"[flag {letters}]"
    words = [
        unicodedata.name(char, f"U+{ord(char):04X}").lower()
        for char in cluster
        if char not in _JOINERS
    ]
    return f"[{'+'.join(words)}]"


def _clusters(text: str) -> list[str]:
    """``text`` cut where a new emoji begins: a sequence joined by ZERO WIDTH JOINER or
    variation and skin-tone marks stays whole, flag letters go in pairs."""
    parts: list[str] = []
    for char in text:
        last = parts[-1] if parts else ""
        joined = char in _JOINERS or last.endswith("\u200d")
        flag = ord(char) in _FLAG_LETTERS and len(last) == 1 and ord(last) in _FLAG_LETTERS
        if last and (joined or flag):
            parts[-1] += char
        else:
            parts.append(char)
    return parts


def printable(text: str) -> str:
    """``text`` with each emoji or flag no font has replaced by its substitute in words
    (a box would read back as nothing); everything else exactly as given."""
    if text.isascii() or all(ord(char) in _glyphs(FONT) for char in text):
        return text
    return "".join(
        part if all(_covered(char) or char in _ISOLATES for char in part) else _substitute(part)
        for part in _clusters(text)
    )


def runs(text: str, font: str = FONT) -> list[tuple[str, str]]:
    """``text`` cut into ``(font, part)`` runs: ``font`` where it has the glyphs, a
    fallback (Chinese, Japanese, Korean; emoji and symbols) where it does not."""
    base = _glyphs(font)
    if text.isascii() or all(ord(char) in base for char in text):
        return [(font, text)]
    parts: list[tuple[str, str]] = []
    for char in text:
        face = _face(char, font) or font
        if parts and parts[-1][0] == face:
            parts[-1] = (face, parts[-1][1] + char)
        else:
            parts.append((face, char))
    return parts


def text_width(text: str, size: float, font: str = FONT) -> float:
    """How wide ``text`` prints; direction marks take no room (they are never drawn)."""
    text = text.translate(NO_ISOLATES)
    return sum(pdfmetrics.stringWidth(part, face, size) for face, part in runs(text, font))
