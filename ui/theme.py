"""The app's look: the Fusion style with a light or dark palette following the system.

The system's colour scheme is read from ``QStyleHints.colorScheme()`` and followed
when it changes; an explicit scheme (``"light"`` or ``"dark"``) overrides it, so the
app can be shown and photographed in both whatever the desktop uses.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

Scheme = Literal["system", "light", "dark"]
SCHEMES: tuple[Scheme, ...] = ("system", "light", "dark")
_following = False  # connected to the system's colour scheme changes

_DARK = {
    QPalette.ColorRole.Window: "#2b2b2b",
    QPalette.ColorRole.WindowText: "#e8e8e8",
    QPalette.ColorRole.Base: "#1e1e1e",
    QPalette.ColorRole.AlternateBase: "#262626",
    QPalette.ColorRole.ToolTipBase: "#3a3a3a",
    QPalette.ColorRole.ToolTipText: "#e8e8e8",
    QPalette.ColorRole.PlaceholderText: "#8a8a8a",
    QPalette.ColorRole.Text: "#e8e8e8",
    QPalette.ColorRole.Button: "#353535",
    QPalette.ColorRole.ButtonText: "#e8e8e8",
    QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Light: "#4a4a4a",
    QPalette.ColorRole.Midlight: "#404040",
    QPalette.ColorRole.Mid: "#303030",
    QPalette.ColorRole.Dark: "#202020",
    QPalette.ColorRole.Shadow: "#101010",
    QPalette.ColorRole.Highlight: "#3d7bd9",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#6ea8ff",
    QPalette.ColorRole.LinkVisited: "#b58cff",
}
_DARK_DISABLED = {
    QPalette.ColorRole.WindowText: "#7a7a7a",
    QPalette.ColorRole.Text: "#7a7a7a",
    QPalette.ColorRole.ButtonText: "#7a7a7a",
    QPalette.ColorRole.Base: "#262626",
}


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(role, QColor(colour))
    for role, colour in _DARK_DISABLED.items():
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(colour))
    return palette


def system_is_dark() -> bool:
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def is_dark(palette: QPalette | None = None) -> bool:
    """Whether the palette in use (the application's by default) is a dark one."""
    palette = palette or QApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def scheme_named(value: object) -> Scheme:
    """The colour scheme ``value`` names; ``"system"`` for anything else (a settings file
    may hold anything)."""
    return next((scheme for scheme in SCHEMES if scheme == value), "system")


def apply_scheme(app: QApplication, scheme: Scheme = "system") -> None:
    """Use the Fusion style with the palette for ``scheme``; ``"system"`` keeps following
    the desktop's colour scheme as it changes."""
    if scheme not in SCHEMES:
        raise ValueError(f"{scheme!r} is not a colour scheme ({', '.join(SCHEMES)})")
    if app.style().name() != "fusion":  # a new style repolishes every widget, at a cost
        app.setStyle("Fusion")
    hints = app.styleHints()
    global _following
    if _following:
        hints.colorSchemeChanged.disconnect(_follow_system)
        _following = False
    if scheme == "system":
        hints.unsetColorScheme()
        hints.colorSchemeChanged.connect(_follow_system)
        _following = True
        dark = system_is_dark()
    else:
        dark = scheme == "dark"
        hints.setColorScheme(Qt.ColorScheme.Dark if dark else Qt.ColorScheme.Light)
    app.setPalette(dark_palette() if dark else app.style().standardPalette())


def running_app() -> QApplication:
    """The application object (the app makes its QApplication before any window)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        raise RuntimeError("the app's QApplication is not running")
    return app


def _follow_system(scheme: Qt.ColorScheme) -> None:
    app = running_app()
    dark = scheme == Qt.ColorScheme.Dark
    app.setPalette(dark_palette() if dark else app.style().standardPalette())
