"""New match: game, preset, house options, players from the roster, seating, first dealer.

The game and preset chosen last are chosen again (kept in the settings). Each house option
shows its one-line explanation; only the options the preset has are offered, and those it
plays one way are shown so, not to be changed. Players are typed with completion from the
roster (written on in the field, never in a list over the next seat), in seating order
(clockwise); where the game scores in teams the teams are shown as they will sit. The
match is checked by ``MatchInfo.validate`` and the names by the same rule storage uses,
so a bad entry is named before anything is kept. Escape asks before it throws away names
already typed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from itertools import pairwise
from typing import Any

from PySide6.QtCore import QSettings, QSize, QStringListModel, Qt, Signal
from PySide6.QtGui import QKeySequence, QPalette, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.games.base import Game, HouseOption, Preset, Settings
from scorekeeper.match import MatchInfo
from scorekeeper.names import check_name

from .screen_fit import keep_title_whole

GAME_SETTING = "newMatch/game"
PRESET_SETTING = "newMatch/preset"  # one per game: newMatch/preset/<game>


class Paragraph(QLabel):
    """Wrapped text as tall as its lines at its width. (A form row gives a label the height
    of its size hint, which Qt works out for a guessed width: a gap under a short text.)"""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(hint.width(), self.heightForWidth(self.width()))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()  # the height follows the new width


def counted_choices(option: HouseOption) -> str | None:
    """The unit of an option whose choices are whole numbers one apart, each read as the
    number and the unit (``8 hands``, or no unit: ``8``); None for any other option."""
    values = option.choices
    if len(values) < 3 or not all(type(v) is int for v in values):
        return None
    if list(values) != list(range(values[0], values[0] + len(values))):
        return None
    units = {option.label(v).removeprefix(str(v)) for v in values}
    return units.pop() if len(units) == 1 else None


class OptionField(QWidget):
    """One house option: a check box, a number (for whole numbers one apart) or a
    choice, with its explanation beneath."""

    changed = Signal()

    def __init__(self, option: HouseOption, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.option = option
        self.setObjectName(f"option:{option.id}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.setSpacing(1)
        unit = counted_choices(option)
        row = QGridLayout()  # the editor (after its title), and a word when the preset sets it
        if set(option.choices) == {False, True}:
            self.editor: QCheckBox | QComboBox | QSpinBox = QCheckBox(option.title)
            self.editor.setChecked(bool(option.default))
            self.editor.toggled.connect(self.changed)
            row.addWidget(self.editor, 0, 0, 1, 2)
        else:
            if unit is not None:  # typed: 3 is three, where a list would jump to 30
                self.editor = QSpinBox(suffix=unit)
                self.editor.setRange(option.choices[0], option.choices[-1])
                self.editor.setValue(option.default)
                self.editor.valueChanged.connect(self.changed)
            else:
                self.editor = QComboBox()
                for choice in option.choices:
                    self.editor.addItem(option.label(choice), choice)
                self.editor.setCurrentIndex(option.choices.index(option.default))
                self.editor.currentIndexChanged.connect(self.changed)
            title = QLabel(option.title)
            title.setBuddy(self.editor)
            row.addWidget(title, 0, 0)
            row.addWidget(self.editor, 0, 1)
        self.editor.setToolTip(option.explanation)
        self.fixed = QLabel("(set by the preset)")
        self.fixed.setObjectName(f"fixed:{option.id}")
        self.fixed.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.fixed.hide()
        row.addWidget(self.fixed, 0, 2)
        row.setColumnStretch(3, 1)
        layout.addLayout(row)
        explanation = QLabel(option.explanation)
        explanation.setWordWrap(True)
        explanation.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # quieter text
        layout.addWidget(explanation)

    @property
    def value(self) -> Any:
        if isinstance(self.editor, QCheckBox):
            return self.editor.isChecked()
        if isinstance(self.editor, QSpinBox):
            return self.editor.value()
        return self.editor.currentData()

    def follow(self, preset: Preset) -> None:
        """Shown as ``preset`` has the option: to be chosen, set at the preset's value, or
        not at all."""
        fixed = preset.fixes(self.option)
        if fixed:
            self.set_value(preset.fixed_value(self.option))
        elif not self.editor.isEnabled():  # set by the preset before: back to the default
            self.set_value(self.option.default)
        self.editor.setEnabled(not fixed)
        self.fixed.setVisible(fixed)
        self.setVisible(preset.offers(self.option))

    @property
    def chosen(self) -> bool:
        """Whether the table chooses the option (the preset neither sets nor leaves it out)."""
        return self.editor.isEnabled() and not self.isHidden()

    def set_value(self, value: Any) -> None:
        """Show ``value`` chosen (one of the option's choices)."""
        if isinstance(self.editor, QCheckBox):
            self.editor.setChecked(bool(value))
        elif isinstance(self.editor, QSpinBox):
            self.editor.setValue(value)
        else:
            self.editor.setCurrentIndex(self.editor.findData(value))


class NameField(QLineEdit):
    """A player's name, completed from the roster as it is typed: the rest of the first
    name the letters begin is written on, selected, in the roster's own case (typing on
    replaces it; Tab, Enter or a click elsewhere keeps it). Nothing opens over the next
    seat, so a click there always reaches it."""

    def __init__(self, roster: QStringListModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.roster = roster
        self._typed = ""
        self.textEdited.connect(self._complete)

    def _complete(self, text: str) -> None:
        grew, self._typed = len(text) > len(self._typed), text
        if not grew or self.cursorPosition() != len(text):  # deleting, or typing inside
            return
        wanted = text.casefold()
        names = self.roster.stringList()
        if any(name.casefold() == wanted for name in names):
            return
        found = next((name for name in names if name.casefold().startswith(wanted)), None)
        if found is not None:
            self.setText(found)
            self.setSelection(len(text), len(found) - len(text))


class SeatRow(QWidget):
    """A seat's player field with buttons that move the player one seat either way."""

    def __init__(self, seat: int, roster: QStringListModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = NameField(roster)
        self.name.setObjectName(f"seat{seat + 1}")
        self.name.setPlaceholderText("player's name")
        self.up = QToolButton()
        self.up.setText("▲")
        self.up.setToolTip("Move this player one seat earlier (Ctrl+Up)")
        self.down = QToolButton()
        self.down.setText("▼")
        self.down.setToolTip("Move this player one seat later (Ctrl+Down)")
        for button, key in ((self.up, "Ctrl+Up"), (self.down, "Ctrl+Down")):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from name to name
            shortcut = QShortcut(QKeySequence(key), self.name)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(button.click)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.name, 0, 0)
        layout.addWidget(self.up, 0, 1)
        layout.addWidget(self.down, 0, 2)
        self.simulated = QCheckBox("Simulated")
        self.simulated.setObjectName(f"simulated{seat + 1}")
        self.simulated.setToolTip("The app plays this seat by the game's advice")
        self.simulated.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        layout.addWidget(self.simulated, 0, 3)


class NewMatchPage(QWidget):
    """The new-match form; ``matchRequested(MatchInfo)`` once it is complete and valid."""

    matchRequested = Signal(object)
    cancelled = Signal()

    def __init__(
        self,
        games: Sequence[Game[Any]],
        settings: QSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("newMatchPage")
        self.games = list(games)
        self.remembered = settings
        self.roster = QStringListModel(self)

        self.name = QLineEdit()
        self.name.setObjectName("matchName")
        self.place = QLineEdit()
        self.place.setObjectName("place")
        self.game = QComboBox()
        self.game.setObjectName("game")
        for game in self.games:
            self.game.addItem(game.title, game.id)
        self.preset = QComboBox()
        self.preset.setObjectName("preset")
        self.preset_about = Paragraph()
        self.preset_about.setObjectName("presetAbout")
        self.options_box = QGroupBox("House options")
        self.options_layout = QVBoxLayout(self.options_box)
        self.option_fields: list[OptionField] = []
        self.players_box = QGroupBox("Players, in seating order (clockwise)")
        self.players_layout = QFormLayout(self.players_box)
        self.seats: list[SeatRow] = []
        self.teams = QLabel()
        self.teams.setObjectName("teams")
        self.teams.setWordWrap(True)
        self.teams.setTextFormat(Qt.TextFormat.PlainText)  # names are shown as typed
        self.dealer = QComboBox()
        self.dealer.setObjectName("firstDealer")
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)  # it may name a player
        self.problem.setStyleSheet("color: #d03030; font-weight: bold")
        self.buttons = QDialogButtonBox()
        self.start = QPushButton("&Start match")
        self.start.setObjectName("startMatch")
        self.start.setDefault(True)
        self.start.setAutoDefault(True)
        self.buttons.addButton(self.start, QDialogButtonBox.ButtonRole.AcceptRole)
        self.cancel = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.cancelled)
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape.activated.connect(self.escape)
        self.discard_box: QMessageBox | None = None

        for field in (self.name, self.place):
            field.returnPressed.connect(self.submit)
        form = QFormLayout()
        form.addRow("&Game", self.game)
        form.addRow("&Preset", self.preset)
        form.addRow("", self.preset_about)
        form.addRow("Match &name", self.name)
        form.addRow("P&lace", self.place)
        inner = QWidget()
        column = QVBoxLayout(inner)
        column.addLayout(form)
        column.addWidget(self.options_box)
        column.addWidget(self.players_box)
        column.addWidget(self.teams)
        dealer_form = QFormLayout()
        dealer_form.addRow("First &dealer", self.dealer)
        column.addLayout(dealer_form)
        column.addStretch()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

        self.game.currentIndexChanged.connect(lambda _index: self._game_changed())
        self.preset.currentIndexChanged.connect(lambda _index: self._preset_changed())
        self._game_changed()

    # -- inputs ------------------------------------------------------------------

    def set_roster(self, names: Sequence[str]) -> None:
        self.roster.setStringList(list(names))

    def reset(self) -> None:
        """A blank form for the next match, at the game and preset chosen last."""
        self.name.clear()
        self.place.clear()
        remembered = self.remembered
        game = remembered.value(GAME_SETTING) if remembered is not None else None
        index = self.game.findData(game)
        if index >= 0 and index != self.game.currentIndex():
            self.game.setCurrentIndex(index)  # the form follows the game
        else:
            self._game_changed()
        self.game.setFocus()

    def escape(self) -> None:
        """Escape: back to the start, asking first when names were typed."""
        if self.discard_box is not None:  # already asked
            return
        if not any(field.text().strip() for field in self._typed_fields()):
            self.cancelled.emit()
            return
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Discard this new match?",
            "Discard this new match?",
            QMessageBox.StandardButton.NoButton,
            self.window(),  # not the form's: the form's Escape is not the question's
        )
        box.setObjectName("discardNewMatch")
        box.setInformativeText("The names typed in the form will be lost.")
        discard = box.addButton("&Discard", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("&Keep editing", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        keep_title_whole(box)
        box.finished.connect(lambda _result: self._discarded(box.clickedButton() is discard))
        self.discard_box = box
        box.open()

    def _discarded(self, discard: bool) -> None:
        self.discard_box = None
        if discard:
            self.cancelled.emit()

    def _typed_fields(self) -> list[QLineEdit]:
        return [self.name, self.place, *(seat.name for seat in self.seats)]

    def seat_players(
        self,
        game_id: str | None,
        players: Sequence[str],
        name: str,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        """Fill in a match drawn elsewhere (a club night's seats): its game, when known,
        its players in seat order, its name and the house options the night sets."""
        index = self.game.findData(game_id)
        if index >= 0:
            self.game.setCurrentIndex(index)
        chosen = options or {}
        for option_field in self.option_fields:
            if option_field.option.id in chosen:
                option_field.set_value(chosen[option_field.option.id])
        for seat, player in zip(self.seats, players, strict=False):
            seat.name.setText(player)
        self.name.setText(name)

    @property
    def current_game(self) -> Game[Any]:
        return self.games[self.game.currentIndex()]

    def settings(self) -> Settings:
        """The chosen preset and the options chosen that differ from their defaults."""
        changed = {
            field.option.id: field.value
            for field in self.option_fields
            if field.chosen and field.value != field.option.default
        }
        return self.current_game.settings(self.preset.currentData(), **changed)

    def players(self) -> tuple[str, ...]:
        return tuple(seat.name.text().strip() for seat in self.seats)

    def simulated_seats(self) -> frozenset[int]:
        """The seats marked simulated: the app plays them."""
        return frozenset(
            index for index, seat in enumerate(self.seats) if seat.simulated.isChecked()
        )

    def match_info(self) -> MatchInfo:
        """The match as entered; ``ValueError`` naming the first thing that is wrong."""
        game = self.current_game
        players = self.players()
        for seat, name in enumerate(players, start=1):
            if not name:
                raise ValueError(f"Seat {seat} needs a player's name")
            check_name(name, f"Seat {seat}")
        name = self.name.text().strip() or self.default_name()
        check_name(name, "Match name")
        info = MatchInfo(
            name=name,
            game=game.id,
            settings=self.settings(),
            players=players,
            first_dealer=self.dealer.currentIndex(),
            place=self.place.text().strip(),
        )
        info.validate()
        return info

    def default_name(self) -> str:
        return f"{self.current_game.title} {date.today().isoformat()}"

    def submit(self) -> None:
        try:
            info = self.match_info()
        except ValueError as error:
            self.problem.setText(str(error))
            return
        self.problem.clear()
        if self.remembered is not None:  # the next new match starts from this choice
            self.remembered.setValue(GAME_SETTING, info.game)
            self.remembered.setValue(f"{PRESET_SETTING}/{info.game}", info.settings.preset)
        self.matchRequested.emit(info)

    # -- keeping the form in step with the game -----------------------------------

    def _game_changed(self) -> None:
        game = self.current_game
        self.name.setPlaceholderText(self.default_name())
        self.preset.blockSignals(True)
        self.preset.clear()
        for offered in game.presets:
            self.preset.addItem(offered.title, offered.id)
        remembered = self.remembered
        last = remembered.value(f"{PRESET_SETTING}/{game.id}") if remembered else None
        preset = last if last in game.preset_ids else game.default_preset
        self.preset.setCurrentIndex(game.preset_ids.index(preset))
        self.preset.blockSignals(False)
        self.preset_about.setText(game.preset(preset).description)
        for field in self.option_fields:
            field.hide()
            field.deleteLater()
        self.option_fields = [OptionField(option) for option in game.options]
        for field in self.option_fields:
            self.options_layout.addWidget(field)
            field.changed.connect(self._seating_changed)
        self._follow_preset()
        self._build_seats(game.seats)
        self._order_tabs()
        self.problem.clear()

    def _preset_changed(self) -> None:
        if self.preset.currentData() is not None:
            self.preset_about.setText(
                self.current_game.preset(self.preset.currentData()).description
            )
        self._follow_preset()
        self._seating_changed()

    def _follow_preset(self) -> None:
        """Offer the options the chosen preset has, those it sets shown as set."""
        preset = self.current_game.preset(self.preset.currentData())
        for field in self.option_fields:
            field.follow(preset)
        self.options_box.setVisible(any(not field.isHidden() for field in self.option_fields))

    def _order_tabs(self) -> None:
        """Tab goes down the form as it reads; the fields built per game come in their place."""
        chain: list[QWidget] = [self.game, self.preset, self.name, self.place]
        chain += [field.editor for field in self.option_fields]  # hidden ones are passed by
        chain += [seat.name for seat in self.seats]  # one Tab per seat
        chain += [self.dealer, self.start, self.cancel]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _build_seats(self, count: int) -> None:
        kept = [seat.name.text() for seat in self.seats]
        while self.players_layout.rowCount():
            self.players_layout.removeRow(0)
        self.seats = []
        for seat in range(count):
            row = SeatRow(seat, self.roster)
            if seat < len(kept):
                row.name.setText(kept[seat])
            row.up.setEnabled(seat > 0)
            row.down.setEnabled(seat < count - 1)
            row.up.clicked.connect(lambda _=False, s=seat: self.swap(s - 1, s))
            row.down.clicked.connect(lambda _=False, s=seat: self.swap(s, s + 1))
            row.name.textChanged.connect(lambda _text: self._seating_changed())
            row.name.returnPressed.connect(self.submit)
            self.players_layout.addRow(f"Seat &{seat + 1}", row)
            row.show()  # at once: Tab reaches it before the form is painted again
            self.seats.append(row)
        self._seating_changed()

    def swap(self, first: int, second: int) -> None:
        """Exchange the players of two seats (the seating order)."""
        a, b = self.seats[first].name, self.seats[second].name
        text = a.text()
        a.setText(b.text())
        b.setText(text)

    def _label(self, seat: int) -> str:
        name = self.seats[seat].name.text().strip()
        return f"{name} (seat {seat + 1})" if name else f"seat {seat + 1}"

    def _seating_changed(self) -> None:
        if self.problem.text():  # a problem shown is checked again, never left stale
            try:
                self.match_info()
            except ValueError as error:
                self.problem.setText(str(error))
            else:
                self.problem.clear()
        dealer = max(self.dealer.currentIndex(), 0)
        self.dealer.blockSignals(True)
        self.dealer.clear()
        self.dealer.addItems([self._label(seat) for seat in range(len(self.seats))])
        self.dealer.setCurrentIndex(min(dealer, len(self.seats) - 1))
        self.dealer.blockSignals(False)
        try:
            sides = self.current_game.sides(self.settings())
        except ValueError:
            sides = ()
        teams = [side for side in sides if len(side) > 1]
        self.teams.setVisible(bool(teams))
        self.teams.setText(
            "Teams: "
            + "; ".join(
                f"Team {number}: " + " & ".join(self._label(seat) for seat in side)
                for number, side in enumerate(teams, start=1)
            )
        )
