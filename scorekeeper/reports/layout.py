"""Pages of every report: paper size, margins, styles, and a footer with the match name
and "page N of M"."""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from scorekeeper.outfile import check_target, write_output
from scorekeeper.reports.fonts import BOLD, FONT, register_fonts
from scorekeeper.reports.text import shorten, text_out, visual

Command = tuple[Any, ...]
"""One table style command, as ``TableStyle`` takes it: ``("ALIGN", (0, 0), (-1, -1), "LEFT")``."""

PAPERS = {"letter": LETTER, "a4": A4}
MARGIN = 15 * mm
FOOTER_SIZE = 8
GREY = colors.HexColor("#555555")
RULE_GREY = colors.HexColor("#bbbbbb")
HEADER_FILL = colors.HexColor("#e8e8e8")
PENALTY = colors.HexColor("#a00000")

BODY = ParagraphStyle("body", fontName=FONT, fontSize=9, leading=11.5)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=8, leading=10)
TITLE = ParagraphStyle("title", parent=BODY, fontName=BOLD, fontSize=16, leading=20, spaceAfter=4)
HEADING = ParagraphStyle(
    "heading",
    parent=BODY,
    fontName=BOLD,
    fontSize=11.5,
    leading=14,
    spaceBefore=10,
    spaceAfter=4,
    keepWithNext=1,  # a heading never ends a page: it moves on with what it heads
)
PENALTY_TEXT = ParagraphStyle("penalty", parent=BODY, textColor=PENALTY)
RULE_TEXT = ParagraphStyle("rule", parent=SMALL, leftIndent=10, textColor=GREY)


def page_size(paper: str) -> tuple[float, float]:
    """The page for a paper setting, ``"letter"`` or ``"a4"``."""
    try:
        return PAPERS[paper.lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"{paper!r} is not a paper size (choose {' or '.join(PAPERS)})") from None


def content_width(paper: str) -> float:
    return page_size(paper)[0] - 2 * MARGIN


class _NumberedCanvas(Canvas):
    """Holds each page until the last is known, then writes "page N of M" on each."""

    footer_text = ""
    _pagesize: tuple[float, float]  # Canvas's own, not in the stubs
    _startPage: Callable[[], None]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for number, page in enumerate(self._pages, start=1):
            self.__dict__.update(page)
            self._footer(number, total)
            super().showPage()
        super().save()

    def _footer(self, number: int, total: int) -> None:
        width, _ = self._pagesize
        label = f"page {number} of {total}"
        self.saveState()
        self.setFont(FONT, FOOTER_SIZE)
        self.setFillColor(GREY)
        self.setStrokeColor(RULE_GREY)
        self.line(MARGIN, MARGIN - 4, width - MARGIN, MARGIN - 4)
        self.drawRightString(width - MARGIN, MARGIN - 4 - FOOTER_SIZE - 2, label)
        room = width - 2 * MARGIN - 80
        text = self.beginText(MARGIN, MARGIN - 4 - FOOTER_SIZE - 2)
        text_out(text, visual(shorten(self.footer_text, room, FOOTER_SIZE)), FONT, FOOTER_SIZE)
        self.drawText(text)
        self.restoreState()


def render(
    story: Sequence[Flowable],
    paper: str,
    footer: str,
    title: str,
    pages: Callable[[int], object] | None = None,
) -> bytes:
    """Lay ``story`` out on ``paper`` with the footer; the finished PDF's bytes.
    ``pages`` is told each page's number as its layout begins."""
    register_fonts()
    size = page_size(paper)
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 6,
        title=title,
        creator="Scorekeeper",
        initialFontName=FONT,  # no base-14 font in the file
        initialFontSize=BODY.fontSize,
    )
    frame = Frame(
        doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body", showBoundary=0
    )
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])

    class FooterCanvas(_NumberedCanvas):
        footer_text = footer

    if pages is not None:
        doc.setProgressCallBack(lambda kind, value: pages(value) if kind == "PAGE" else None)
    doc.build(list(story), canvasmaker=FooterCanvas)
    return buffer.getvalue()


def write(data: bytes, path: str | os.PathLike[str]) -> None:
    """Write a finished PDF (the user already chose to replace the file): whole or not at
    all, and never over the match database (see :mod:`scorekeeper.outfile`)."""
    check_target(path, force=True, force_option=None)
    write_output(path, data)
