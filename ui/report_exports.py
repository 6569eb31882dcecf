"""File → Export score sheet… and Export hand report…: the open match's report in a preview,
from which it is saved as a PDF file or printed.

The hand report is of the hand selected on the scoreboard, else of the last finished hand;
the preview's title says which. The reports and the PDF viewer are loaded on first use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .errors import show_error

if TYPE_CHECKING:  # loaded on first use, not at start-up
    from .main_window import MainWindow
    from .report_preview import ReportPreview
    from .session import MatchSession


def export_score_sheet(window: MainWindow, session: MatchSession) -> ReportPreview | None:
    """Preview the open match's score sheet; a long match's shows the page its layout
    has reached while it is made."""
    from scorekeeper.reports import score_sheet_bytes

    from .layout_progress import LayoutProgress

    ledger = session.ledger
    name = ledger.info.name

    def make(paper: str) -> bytes:
        with LayoutProgress(window, "score sheet") as pages:
            return score_sheet_bytes(ledger, paper, pages)

    return preview(window, f"Score sheet — {name}", f"{name} score sheet.pdf", make)


def export_hand_report(window: MainWindow, session: MatchSession) -> ReportPreview | None:
    """Preview the report of the hand selected on the scoreboard, or of the last finished
    hand; an error dialog when no hand is finished yet."""
    from scorekeeper.reports import hand_report_bytes

    chosen = report_hand(window, session)
    if chosen is None:
        show_error(
            window,
            "There is no hand to report yet",
            "No hand of this match is finished. A hand report can be made once a hand is "
            "over; select it on the scoreboard, or the last finished hand is reported.",
        )
        return None
    index, which = chosen
    ledger = session.ledger
    name = ledger.info.name
    return preview(
        window,
        f"Hand report: hand {index + 1}, {which} — {name}",
        f"{name} hand {index + 1}.pdf",
        lambda paper: hand_report_bytes(ledger, index, paper),
    )


def report_hand(window: MainWindow, session: MatchSession) -> tuple[int, str] | None:
    """The hand to report (from 0) and how it was chosen, or ``None`` when no hand is over."""
    hands = session.ledger.hands
    if window.match_page is not None:
        rows = window.match_page.scoreboard.selectionModel().selectedRows()
        if rows and 0 <= rows[0].row() < len(hands):
            return rows[0].row(), "selected on the scoreboard"
    last = next((n for n in reversed(range(len(hands))) if hands[n].is_over), None)
    return None if last is None else (last, "the last finished hand")


def preview(
    window: MainWindow, title: str, file_name: str, make: Callable[[str], bytes]
) -> ReportPreview | None:
    """Make the report on the remembered paper and open its preview over ``window``; an
    error dialog when it cannot be made."""
    from .report_preview import ReportPreview, paper_setting, safe_file_name

    paper = paper_setting(window.settings)
    try:
        data = make(paper)
    except (ValueError, OSError) as error:
        show_error(window, "The report cannot be made", error)
        return None
    dialog = ReportPreview(title, safe_file_name(file_name), make, window.settings, window)
    dialog.load(data, paper)
    dialog.open()
    return dialog
