"""A window's first size: the size it is made for, or the screen's free area when that is
smaller (leaving room for the window manager's frame and title bar), in the middle of it;
and a window never so narrow that its title bar cuts its title short."""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QGridLayout, QMessageBox, QSpacerItem, QWidget

FRAME_ALLOWANCE = 8  # the window manager's frame on each side, before it is known
TITLE_BAR_ALLOWANCE = 48  # and its title bar with the bottom frame
TITLE_BAR_ROOM = 140  # a title bar's icon and buttons, beside the title


def fit_to_screen(window: QWidget, width: int, height: int) -> None:
    """Size ``window`` to ``width``×``height`` or its screen's free area, whichever is
    smaller, and place it, framed, in the middle of that area."""
    screen = window.screen() or QApplication.primaryScreen()
    if screen is None:
        window.resize(width, height)
        return
    area = screen.availableGeometry()
    width = min(width, area.width() - 2 * FRAME_ALLOWANCE)
    height = min(height, area.height() - TITLE_BAR_ALLOWANCE)
    window.resize(width, height)
    # a window is moved by its frame's corner: the frame and title bar go in the middle
    framed_width, framed_height = width + 2 * FRAME_ALLOWANCE, height + TITLE_BAR_ALLOWANCE
    window.move(
        area.x() + (area.width() - framed_width) // 2,
        area.y() + (area.height() - framed_height) // 2,
    )


def shown_title(window: QWidget) -> str:
    """The window's title as its title bar shows it: with the app's name after it."""
    title, app = window.windowTitle(), QApplication.applicationDisplayName()
    return f"{title} — {app}" if title and app and not title.endswith(app) else title


def title_room(window: QWidget) -> int:
    """The width the window's title bar needs to show its title whole (in a bold font,
    as title bars write it, beside the icon and the buttons)."""
    bold = window.font()
    bold.setBold(True)
    return QFontMetrics(bold).horizontalAdvance(shown_title(window)) + TITLE_BAR_ROOM


def keep_title_whole(window: QWidget) -> None:
    """Never narrower than its title needs (call it once the title is set); a message box,
    which sizes itself to its words, is given a row as wide as its title needs."""
    if isinstance(window, QMessageBox) and isinstance(grid := window.layout(), QGridLayout):
        margins = grid.contentsMargins()
        room = title_room(window) - margins.left() - margins.right()
        grid.addItem(QSpacerItem(room, 0), grid.rowCount(), 0, 1, grid.columnCount())
        return
    window.setMinimumWidth(max(window.minimumWidth(), title_room(window)))
