"""A window's first size: the size it is made for, or the screen's free area when that is
smaller (leaving room for the window manager's frame and title bar), in the middle of it."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QWidget

FRAME_ALLOWANCE = 8  # the window manager's frame on each side, before it is known
TITLE_BAR_ALLOWANCE = 48  # and its title bar with the bottom frame


def fit_to_screen(window: QWidget, width: int, height: int) -> None:
    """Size ``window`` to ``width``×``height`` or its screen's free area, whichever is
    smaller, and place it in the middle of that area."""
    screen = window.screen() or QApplication.primaryScreen()
    if screen is None:
        window.resize(width, height)
        return
    area = screen.availableGeometry()
    width = min(width, area.width() - 2 * FRAME_ALLOWANCE)
    height = min(height, area.height() - TITLE_BAR_ALLOWANCE)
    window.resize(width, height)
    window.move(area.center().x() - width // 2, area.y() + (area.height() - height) // 2)
