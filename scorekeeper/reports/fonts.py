"""The embedded TrueType font of every report: DejaVu Sans, shipped in ``resources/fonts``.

DejaVu Sans has the suit symbols, Hebrew, Arabic, most of Latin, Greek and Cyrillic
and the emoticons block (U+1F600–U+1F64F) as outline glyphs; a character it lacks
prints as its missing-glyph box and still reads back as the character itself.
"""

from __future__ import annotations

from functools import cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics, ttfonts

from scorekeeper.resources import resource_path

FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
_FILES = {FONT: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


def _to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """ReportLab's ToUnicode map, with characters beyond U+FFFF written as UTF-16 pairs
    (ReportLab writes them as five hex digits, which PDF readers reject), so a name
    with an emoji reads back exactly."""
    entries = [
        f"<{index:02X}> <{chr(code).encode('utf-16-be').hex().upper()}>"
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


@cache
def register_fonts() -> None:
    """Register the regular and bold faces (once) as one family for Paragraph's ``<b>``."""
    ttfonts.makeToUnicodeCMap = _to_unicode_cmap
    for name, file in _FILES.items():
        pdfmetrics.registerFont(ttfonts.TTFont(name, str(resource_path("fonts", file))))
    for italic in (1, 0):  # no italic face: italic maps to upright, upright last wins
        addMapping(FONT, 0, italic, FONT)
        addMapping(FONT, 1, italic, BOLD)


def text_width(text: str, size: float, font: str = FONT) -> float:
    return pdfmetrics.stringWidth(text, font, size)
