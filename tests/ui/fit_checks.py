"""What a person would see wrong in a window, found from its widgets' geometries: a window
or dialog larger than the screen's free area (its frame included), a control covered by
another or cut off by an edge (scrolling areas may scroll, and only up and down unless
they scroll sideways), and text shown short: a label, a button, a placeholder, a chosen
item, a column head or a cell too small for its words. A cell may be shorter than its
words only where its tooltip gives them whole.

Each check returns a list of readable problems (empty when all is well), so a test can
assert it is empty and show what was found.
"""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QGraphicsView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QRadioButton,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionViewItem,
    QTextEdit,
    QToolButton,
    QWidget,
)

from ui.hand.table import TableWidget
from ui.screen_fit import FRAME_ALLOWANCE, TITLE_BAR_ALLOWANCE, shown_title, title_room

CONTENT = (
    QLabel,
    QPdfView,
    QGraphicsView,
    QAbstractButton,
    QLineEdit,
    QComboBox,
    QAbstractSpinBox,
    QAbstractItemView,
    QTextEdit,
    TableWidget,
)
"""The widgets a person reads or uses (their parts, a spin box's field, a view's head,
belong to them)."""


def named(widget: QWidget) -> str:
    text = getattr(widget, "text", None)
    words = text() if callable(text) else ""
    label = widget.objectName() or widget.accessibleName() or (words[:40] if words else "")
    return f"{type(widget).__name__} {label!r}"


def framed(window: QWidget) -> QRect:
    """The window with a window manager's frame and title bar, where the platform draws
    none (offscreen): a window manager puts the frame's corner where the window was moved."""
    frame, inside = window.frameGeometry(), window.geometry()
    width = max(frame.width(), inside.width() + 2 * FRAME_ALLOWANCE)
    return QRect(
        frame.topLeft(), QSize(width, max(frame.height(), inside.height() + TITLE_BAR_ALLOWANCE))
    )


def off_screen(window: QWidget) -> list[str]:
    """The window (frame included) outside its screen's free area."""
    area = window.screen().availableGeometry()
    frame = framed(window)
    return [] if area.contains(frame) else [f"{named(window)} at {frame} is outside {area}"]


def title_cut(window: QWidget) -> list[str]:
    """A title the window is too narrow to show whole in its title bar (with the app's name
    the title bar adds)."""
    if not window.windowTitle() or title_room(window) <= window.width():
        return []
    return [f"title {shown_title(window)!r} needs {title_room(window)} px"]


def shown(window: QWidget) -> Iterator[tuple[QWidget, QRect]]:
    """The window's visible content widgets and the part of each that is on view (in the
    window's coordinates, inside every parent)."""
    for widget in window.findChildren(QWidget):
        if (
            not isinstance(widget, CONTENT)
            or not widget.isVisible()
            or widget.window() is not window
        ):
            continue
        seen = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
        parent = widget.parentWidget()
        while parent is not None and parent is not window:
            seen = seen.intersected(QRect(parent.mapTo(window, QPoint(0, 0)), parent.size()))
            parent = parent.parentWidget()
        seen = seen.intersected(window.rect())
        if not seen.isEmpty():
            yield widget, seen


def _scrolls(parent: QWidget) -> QAbstractScrollArea | None:
    """The scrolling area whose view ``parent`` is, if any."""
    area = parent.parentWidget()
    if isinstance(area, QAbstractScrollArea) and area.viewport() is parent:
        return area
    return None


def cut_off(window: QWidget) -> list[str]:
    """Content reaching past the edge of its parent (or the window), where the parent does
    not scroll it into view."""
    cut = []
    for widget, _seen in shown(window):
        child: QWidget = widget
        parent = widget.parentWidget()
        while parent is not None and child is not window:
            if isinstance(parent, CONTENT):  # its own parts
                child, parent = parent, parent.parentWidget()
                continue
            area = _scrolls(parent)
            place = child.geometry()
            inside = parent.rect()
            if area is not None:
                sideways = area.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff
                if sideways:
                    break
                inside = QRect(inside.x(), place.y(), inside.width(), place.height())
            if not inside.contains(place):
                cut.append(f"{named(child)} at {place} is cut by {named(parent)} {inside}")
                break
            child, parent = parent, parent.parentWidget()
    return cut


def covered(window: QWidget) -> list[str]:
    """Content covering other content (neither being part of the other)."""
    found = list(shown(window))
    overlaps = []
    for number, (first, first_seen) in enumerate(found):
        for second, second_seen in found[number + 1 :]:
            if first.isAncestorOf(second) or second.isAncestorOf(first):
                continue
            common = first_seen.intersected(second_seen)
            if common.width() > 1 and common.height() > 1:
                overlaps.append(f"{named(first)} and {named(second)} overlap at {common}")
    return overlaps


def _label_cut(label: QLabel) -> bool:
    if not label.text() or (label.pixmap() is not None and not label.pixmap().isNull()):
        return False
    room = label.contentsRect()
    if label.wordWrap():
        return label.heightForWidth(label.width()) > label.height() + 1
    hint = label.sizeHint()
    return (
        hint.width() > label.width() + 1 or hint.height() > room.height() + 2 * label.margin() + 1
    )


def _button_cut(button: QAbstractButton) -> bool:
    """A button's words wider than it: a check box's with its box, a push button's or a
    tool button's within its bevel (and beside the arrow of its menu)."""
    words = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    if not words:
        return False
    if isinstance(button, (QCheckBox, QRadioButton)):
        return button.sizeHint().width() > button.width() + 1
    if isinstance(button, QToolButton) and button.menu() is not None:
        return button.sizeHint().width() > button.width()  # with its menu's arrow
    return button.fontMetrics().horizontalAdvance(words) > button.width() - 8


def _field_cut(field: QLineEdit) -> bool:
    """A field's placeholder shown short (what is typed scrolls, as in any field)."""
    words = field.placeholderText()
    if field.text() or not words:
        return False
    margins = field.textMargins()
    room = field.width() - 2 * 6 - margins.left() - margins.right()
    if field.isClearButtonEnabled():
        room -= field.height()  # the clear button's place
    return field.fontMetrics().horizontalAdvance(words) > room


def _combo_cut(combo: QComboBox) -> bool:
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    return combo.fontMetrics().horizontalAdvance(combo.currentText()) > field.width()


def _cells_cut(view: QAbstractItemView) -> list[str]:
    """Cells and heads on view shorter than their words, unless the tooltip gives them."""
    model = view.model()
    if model is None:
        return []
    cut = []
    viewport = view.viewport().rect()
    option = QStyleOptionViewItem()
    option.initFrom(view)
    root = QModelIndex()
    columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(root)
    for row in range(model.rowCount(root)):
        for column in range(columns):
            index = model.index(row, column)
            place = view.visualRect(index)
            if not place.intersects(viewport):
                continue
            words = index.data(Qt.ItemDataRole.DisplayRole)
            if words is None or index.data(Qt.ItemDataRole.ToolTipRole) == words:
                continue
            needed = view.itemDelegate().sizeHint(option, index).width()
            if needed > place.width() + 1:
                cut.append(f"{named(view)} cell {row},{column} {words!r} needs {needed}")
    for header in view.findChildren(QHeaderView):
        if header.isVisible():
            cut += _heads_cut(header)
    return cut


def _heads_cut(header: QHeaderView) -> list[str]:
    model = header.model()
    if model is None:
        return []
    cut = []
    horizontal = header.orientation() == Qt.Orientation.Horizontal
    count = model.columnCount(QModelIndex()) if horizontal else model.rowCount(QModelIndex())
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin)
    bold = header.font()
    for section in range(count):
        if header.isSectionHidden(section):
            continue
        words = model.headerData(section, header.orientation(), Qt.ItemDataRole.DisplayRole)
        if not words:
            continue
        needed = QFontMetrics(bold).horizontalAdvance(str(words)) + 2 * margin
        size = header.sectionSize(section) if horizontal else header.width()
        if needed > size + 1:
            cut.append(f"{named(header.parentWidget())} head {words!r} needs {needed}")
    return cut


def truncated(window: QWidget) -> list[str]:
    """Words shown short anywhere in the window, and its title."""
    cut = title_cut(window) if window.isWindow() else []
    for widget, _seen in shown(window):
        if isinstance(widget, QLabel) and _label_cut(widget):
            cut.append(f"{named(widget)} shows {widget.text()!r} short")
        elif isinstance(widget, QAbstractButton) and _button_cut(widget):
            cut.append(f"{named(widget)} is shown short")
        elif isinstance(widget, QLineEdit) and _field_cut(widget):
            cut.append(f"{named(widget)} shows its placeholder short")
        elif isinstance(widget, QComboBox) and _combo_cut(widget):
            cut.append(f"{named(widget)} shows {widget.currentText()!r} short")
        elif isinstance(widget, QAbstractItemView):
            cut += _cells_cut(widget)
    return cut


def problems(window: QWidget) -> list[str]:
    """Everything above, for one window."""
    return off_screen(window) + cut_off(window) + covered(window) + truncated(window)
