"""The rules help: each game's rule book, opened at a rule on request.

Every rule carries an anchor named by its id (never shown: ids are for files), so a
ruling's banner can open the help exactly where the rule it applied is written
(:meth:`RulesHelp.show_rule`).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.games.base import Game
from scorekeeper.rules import RuleBook

from .screen_fit import fit_to_screen
from .theme import is_dark


def rulebook_html(book: RuleBook, marked: str | None = None, highlight: str = "#fff3b0") -> str:
    """The book as HTML: a heading per rule, anchored by its id; ``marked`` is shaded."""
    parts = [f"<h1>{escape(book.title)}</h1>"]
    for rule in book:
        shade = f' style="background-color:{highlight}"' if rule.id == marked else ""
        refuses = " <i>(refused outright)</i>" if rule.refuses else ""
        parts.append(
            f'<div{shade}><h3><a name="{escape(rule.id)}"></a>{escape(rule.title)}</h3>'
            f"<p>{escape(rule.text)}{refuses}</p></div>"
        )
    return "\n".join(parts)


class RulesHelp(QWidget):
    """A game chooser above a browser of that game's rules."""

    def __init__(self, games: Sequence[Game[Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._games = {game.id: game for game in games}
        self._marked: str | None = None
        self.chooser = QComboBox()
        self.chooser.setObjectName("rulesGame")
        for game in games:
            self.chooser.addItem(game.title, game.id)
        self.browser = QTextBrowser()
        self.browser.setObjectName("rulesBrowser")
        self.browser.setOpenLinks(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.chooser)
        layout.addWidget(self.browser)
        self.chooser.currentIndexChanged.connect(lambda _index: self._render())
        self._render()

    @property
    def game(self) -> Game[Any] | None:
        return self._games.get(self.chooser.currentData())

    def show_game(self, game_id: str) -> None:
        self._marked = None
        self.chooser.setCurrentIndex(self.chooser.findData(game_id))
        self._render()

    def show_rule(self, rule_id: str) -> None:
        """Show the game whose book holds ``rule_id`` (its prefix, or the current game for
        the table's shared rules) scrolled to that rule, shaded."""
        prefix = rule_id.split(".", 1)[0]
        if prefix in self._games:
            self.chooser.setCurrentIndex(self.chooser.findData(prefix))
        game = self.game
        if game is None or rule_id not in game.rules:
            raise KeyError(f"no rule {rule_id!r} in the rules help")
        self._marked = rule_id
        self._render()
        self.browser.scrollToAnchor(rule_id)

    def _render(self) -> None:
        game = self.game
        if game is None:
            self.browser.clear()
            return
        highlight = self.palette().color(QPalette.ColorRole.Highlight)
        shade = highlight.darker(250) if is_dark(self.palette()) else highlight.lighter(180)
        self.browser.setHtml(rulebook_html(game.rules, self._marked, shade.name()))


class RulesDialog(QDialog):
    """The rules help in its own window, left open beside the match."""

    def __init__(self, games: Sequence[Game[Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rules")
        self.setObjectName("rulesDialog")
        fit_to_screen(self, 640, 720)
        self.help = RulesHelp(games)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.help)
        layout.addWidget(buttons)
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
