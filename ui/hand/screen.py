"""The hand screen: the table, card entry, the phase's choices and the ruling banner.

Everything recorded goes through the :class:`~ui.session.MatchSession`; the screen
follows ``session.changed`` and updates only what changed (the table repaints, two or
three card buttons change, the choice buttons are rebuilt only when the choices do).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.adjudicator import HandLog, Refused
from scorekeeper.cards import Card, CardError, parse_cards
from scorekeeper.choices import (
    Choice,
    card_event,
    choices,
    hidden,
    keyed,
    multi_card_kind,
    offered_events,
    several_card_event,
)
from scorekeeper.events import Event
from scorekeeper.games.base import HandState
from scorekeeper.hand_summary import hand_summary
from scorekeeper.words import (
    could_be,
    hand_entered_words,
    hand_heading,
    named_only_words,
    not_to_play_words,
    over_words,
    ruling_first_words,
    run_words_done,
)

from ..flow import FlowLayout
from ..hint import HintButton
from ..scrolled import scrolling
from ..session import MatchSession
from .cards import CardField, CardGrid, MatchLineEdit
from .describe import phase_words, table_view
from .named import named_seats
from .places import EntryArea, HeaderRow
from .question import QuestionPanel
from .quick import QuickEntryDialog
from .ruling import RulingBanner
from .table import TableView, TableWidget


class HandScreen(QWidget):
    """The page where a hand is recorded, card by card or as its result."""

    rule_help_requested = Signal(str)
    new_game_requested = Signal()

    def __init__(self, session: MatchSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._large = False
        self._choices: list[Choice] = []
        self._selection: list[Card] = []  # cards picked for a several-card event (a bury)
        self._chosen: int | None = None  # the seat picked for the next card (any order)
        self._waiting_said = ""  # the message that a ruling waits, while it is shown
        names = session.names

        self.header = HeaderRow(self)
        self.heading, self.totals = self.header.heading, self.header.totals
        self.banner = RulingBanner(self)
        self.banner.decided.connect(self._decide)
        self.banner.rule_help_requested.connect(self.rule_help_requested)
        self.question = QuestionPanel(names, session.ledger.game, self)
        self.question.answered.connect(lambda data: self.record(Event("answer", data=data)))
        self.table = TableWidget(self)
        self.table.seat_clicked.connect(self.choose_seat)
        self.summary = QLabel()  # how the last hand ended, over the empty table
        self.summary.setObjectName("handSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.summary.setMargin(8)
        # where the table has no room for every line, they scroll
        self.summary_box = scrolling(self.summary)
        self.summary_box.setObjectName("handSummaryBox")
        self.summary.setAutoFillBackground(True)
        self.table.set_overlay(self.summary_box)
        self.new_game_button = QPushButton("&New game with the same players")
        self.new_game_button.clicked.connect(self.new_game_requested)
        self.choice_area = QWidget(self)
        self.choice_bar = FlowLayout(self.choice_area)
        self.grid = CardGrid(session.ledger.game.deck, self)
        self.grid.card_clicked.connect(self.enter_card)
        # one place of one height under the table for the choices and the grid, a ruling
        # or a question: the table never moves from bidding to play
        self.entry = EntryArea(self.choice_area, self.question, self.banner, self.grid, self)
        self.field = CardField(self)
        self.field.submitted.connect(self.enter_text)
        self.field.textEdited.connect(self._field_changed)
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        # a long message wraps (or is cut) rather than widening the window
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        # two lines kept for messages, so a message coming or going does not move the table
        self.status.setFixedHeight(2 * self.status.fontMetrics().lineSpacing())
        self.quick_button = QPushButton("&Quick entry…")
        self.quick_button.setToolTip("Enter this hand's result without its cards")
        self.quick_button.clicked.connect(self.open_quick_entry)
        self.hint_button = HintButton(session, self.say)
        self.claim_button = QToolButton()
        self.claim_button.setText("C&laim…")
        self.claim_button.setToolTip("A player shows their cards and claims every remaining trick")
        self.claim_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        claims = QMenu(self.claim_button)
        for seat, name in enumerate(names):
            action = claims.addAction(f"{name} claims the rest")
            action.setObjectName(f"claim{seat}")
            action.triggered.connect(lambda _=False, seat=seat: self.confirm_claim(seat))
        self.claim_button.setMenu(claims)
        self.hand_seat = QComboBox()
        self.hand_seat.addItems([f"{name}'s hand" for name in names])
        self.hand_seat.setAccessibleName("Seat whose hand is entered")
        self.hand_field = MatchLineEdit()
        self.hand_field.setPlaceholderText("A known hand: qc js 10h …, then Enter")
        self.hand_field.returnPressed.connect(self._enter_hand)

        entry = QHBoxLayout()
        entry.addWidget(self.field, 2)
        entry.addWidget(self.quick_button)
        entry.addWidget(self.claim_button)
        entry.addWidget(self.hint_button)
        known = QHBoxLayout()
        known.addWidget(self.hand_seat)
        known.addWidget(self.hand_field, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.entry)
        layout.addLayout(entry)
        layout.addWidget(self.status)
        layout.addLayout(known)
        self.setFocusProxy(self.field)

        session.changed.connect(self.refresh)
        self.refresh()

    def hasHeightForWidth(self) -> bool:
        """Its rows keep their heights and the table takes the rest: in a scrolling area it
        asks for its least height, never for the height its wrapped lines would like."""
        return False

    def heightForWidth(self, width: int) -> int:
        return -1  # no height for a width: see hasHeightForWidth

    # -- large-card mode --------------------------------------------------------------

    @property
    def large_cards(self) -> bool:
        return self._large

    @large_cards.setter
    def large_cards(self, large: bool) -> None:
        self.set_large_cards(large)

    def set_large_cards(self, large: bool) -> None:
        """Bigger card buttons and table for a tablet at arm's length."""
        self._large = bool(large)
        self.grid.set_large(self._large)
        self.entry.grid_changed()
        self.table.set_large(self._large)

    # -- what the screen shows -----------------------------------------------------------

    def state(self) -> HandState | None:
        log = self.session.current()
        return None if log is None else log.state

    def refresh(self) -> None:
        session = self.session
        ledger = session.ledger
        names = session.names
        log = session.current()
        totals = " · ".join(
            f"{name} {total}" for name, total in zip(ledger.side_names, ledger.totals, strict=True)
        )
        self.header.set_totals(totals)
        _, violations = session.pending()
        if not violations and self._waiting_said:
            if self.status.text() == self._waiting_said:
                self.say("")  # the ruling was decided: its message goes with it
            self._waiting_said = ""
        self.banner.show_violations(
            violations,
            names,
            session.take_back_words(violations[0].event_index) if violations else "",
        )
        self._show_summary(log)
        for control in (self.field, self.grid, self.hand_field, self.hand_seat):
            control.setEnabled(log is not None)
        if log is None:  # the game is over
            self.question.ask(None)
            whole = ledger.report.whole
            self.heading.setText(over_words(whole, [ledger.side_names[w] for w in ledger.winners]))
            self.table.show_view(self._last_hand_table())
            self.table.place_overlay()  # the summary, where it covers no card
            self._set_choices([])
            if self.choice_bar.indexOf(self.new_game_button) < 0:
                self.choice_bar.addWidget(self.new_game_button)
            self.new_game_button.show()
            self.quick_button.setEnabled(False)
            self.claim_button.setEnabled(False)
            self.entry.arrange()
            self.new_game_button.setText(f"&New {whole} with the same players")
            self.say(
                f"The {whole} is over: cards, quick entry and claims are closed. "
                f"Start a new {whole} with the same players to play on."
            )
            return
        if self.new_game_button.isVisibleTo(self):  # the game's end was undone
            self.choice_bar.removeWidget(self.new_game_button)
            self.new_game_button.hide()
            self.say("")
        state = log.state
        number = len(ledger.hands)
        to_play = state.seats_to_play()
        if self._chosen not in to_play:
            self._chosen = None
        self.heading.setText(hand_heading(number, state, names, self._chosen))
        self._offer_any_order(len(to_play) > 1)
        # the table is this hand's from its first frame (its dealer, the seat to act, no
        # trick yet); the summary of the hand that ended lies over it until its first event
        self.table.show_view(table_view(state, names, self._chosen))
        self.table.place_overlay()
        self.grid.set_out_of_play(state.seen)
        self.quick_button.setEnabled(not log.events)
        self.claim_button.setEnabled(state.phase == state.PLAY and not violations)
        self._set_choices([] if violations else choices(state))
        asked = log.needs_answer()
        self.question.ask(None if asked is None else asked.question)
        self.entry.arrange()  # a ruling or a question in the choices' place
        self._keys_to_entry()

    def _offer_any_order(self, any_order: bool) -> None:
        """On a trick played in any order, the field and the table say how to name the
        player whose card is entered."""
        self.field.setPlaceholderText(
            "A card, or a player then a card: di 2c" if any_order else CardField.PLACEHOLDER
        )
        self.field.setToolTip(
            "Type a card, or a player then their card (di 2c); or click a player, then the card"
            if any_order
            else CardField.TOOLTIP
        )
        self.table.setToolTip("Click a player to enter their card next" if any_order else "")

    def choose_seat(self, seat: int) -> None:
        """A seat clicked on the table: on a trick played in any order, the next card
        entered is that player's."""
        state = self.state()
        if state is None or self._ruling_waits():
            return
        to_play = state.seats_to_play()
        if seat not in to_play:
            self.say(not_to_play_words(state, seat, self.session.names))
            return
        if len(to_play) > 1:
            self._chosen = seat
            self.refresh()
            self.say(f"{self.session.names[seat]}'s card next: click it or type it")

    def _keys_to_entry(self) -> None:
        """The keyboard goes to the question's fields while it asks for numbers, else to
        the card box (also when the screen is shown later: its focus proxy)."""
        fields = self.question.fields
        self.setFocusProxy(fields[0] if fields else self.field)
        if not self.isVisible():
            return
        focus = QApplication.focusWidget()
        if fields:
            if focus is None or not self.question.isAncestorOf(focus):
                self.question.take_focus()
        elif focus is not self.field:
            self.field.setFocus()

    def _finished_hand(self, log: HandLog | None) -> int:
        """The hand that just ended, shown until the next hand's first event, or -1."""
        hands = self.session.ledger.hands
        if log is None:
            return len(hands) - 1
        if not log.events and hands and hands[-1] is log:
            return len(hands) - 2
        return -1

    def _show_summary(self, log: HandLog | None) -> None:
        """How the last hand ended, over its last trick until the next hand's first event."""
        last = self._finished_hand(log)
        lines = hand_summary(self.session.ledger, last) if last >= 0 else []
        self.summary.setText("\n".join(lines))
        self.summary_box.setVisible(bool(lines))

    def _last_hand_table(self) -> TableView:
        """Once the game is over, the table as its last hand left it (its last trick)."""
        hands = self.session.ledger.hands
        if not hands:
            return TableView(())
        return table_view(hands[-1].state, self.session.names)

    def _set_choices(self, found: list[Choice]) -> None:
        if found == self._choices:
            return
        self._choices = found
        while (item := self.choice_bar.takeAt(0)) is not None:
            widget = item.widget()
            if widget is not None and widget is not self.new_game_button:
                widget.hide()
                widget.deleteLater()
        for choice in found:
            button = QPushButton(f"{choice.label}  [{choice.key}]" if choice.key else choice.label)
            button.setAccessibleName(choice.label)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # typing stays in the card box
            button.clicked.connect(lambda _=False, choice=choice: self.record_choice(choice))
            self.choice_bar.addWidget(button)

    def choice_buttons(self) -> list[QPushButton]:
        items = (self.choice_bar.itemAt(i) for i in range(self.choice_bar.count()))
        widgets = (item.widget() for item in items if item is not None)
        return [
            widget
            for widget in widgets
            if isinstance(widget, QPushButton) and widget is not self.new_game_button
        ]

    def _field_changed(self, text: str) -> None:
        if not text:
            self.say("")  # the scorer cleared the field: so is its message

    def say(self, text: str) -> None:
        self.status.setText(text)

    # -- entering --------------------------------------------------------------------------

    def record(self, event: Event) -> bool:
        """Record ``event``; a refusal is shown and nothing changes."""
        chosen, self._chosen = self._chosen, None
        self.say("")  # before: what the screen says of the new state (the game's end) stays
        try:
            self.session.record(event)
        except Refused as refusal:
            self._chosen = chosen
            self.say(f"Not recorded: {refusal}")
            return False
        self._selection.clear()
        return True

    def record_choice(self, choice: Choice) -> bool:
        """Record a choice's events in order (both players' draws), stopping at a refusal
        or at a ruling that waits for the table; said on screen when there were several."""
        done: list[Event] = []
        for event in choice.events:
            if not self.record(event):
                break
            done.append(event)
            if self.session.pending()[1]:
                break
        if choice.then and len(done) == len(choice.events):
            self.say(run_words_done(self.session.ledger.game, done, self.session.names))
        return bool(done)

    def _ruling_waits(self) -> bool:
        """A ruling waits for the table: nothing else is recorded until it is decided."""
        if self.banner.event_index is None:
            return False
        self._waiting_said = ruling_first_words(self.banner.TAKE_BACK_KEY, self.banner.STAND_KEY)
        self.say(self._waiting_said)
        return True

    def enter_card(self, card: Card, seat: int | None = None) -> bool:
        """A card clicked or typed (``seat``: the player named with it): what it means now
        is asked of the engine."""
        state = self.state()
        if state is None or self._ruling_waits():
            return False
        if seat is not None and state.phase == state.PLAY and seat not in state.seats_to_play():
            self.say(not_to_play_words(state, seat, self.session.names))
            return False
        kind, needed = multi_card_kind(state)
        if self.question.wants_cards:
            kind, needed = "answer", self.question.wants_cards
        if kind is not None:
            self._selection.append(card)
            if len(self._selection) < needed:
                chosen = " ".join(str(c) for c in self._selection)
                self.say(
                    f"{kind.capitalize()}: {chosen} (choose {needed - len(self._selection)} more)"
                )
                return True
            cards = tuple(self._selection)
            self._selection.clear()
            return self._record_cards(state, kind, cards)
        event = card_event(state, card, self._chosen if seat is None else seat)
        if event is None:
            self.say(self._no_place(state, card, seat))
            return False
        if not self.record(event):
            return False
        if hidden(state, event.kind):  # a card seen as it was drawn: said, as it is rare
            self.say(run_words_done(self.session.ledger.game, [event], self.session.names))
        return True

    def _no_place(self, state: HandState, card: Card, seat: int | None) -> str:
        """Why ``card`` (named with ``seat``'s player, if given) has no meaning now."""
        names = self.session.names
        due = [event for event in offered_events(state) if hidden(state, event.kind)]
        if due:  # a draw: the choice that records it, and every draw due with it
            run = next(c for c in self._choices if c.event.kind == due[0].kind)
            return named_only_words(state.game, card, run.events, seat, names, run.key)
        if seat is not None:
            return not_to_play_words(state, seat, names)
        return f"{card} has no place in this phase ({phase_words(state)})"

    def enter_text(self, text: str) -> bool:
        """The keyboard field: a choice's key, a card, or the cards of a several-card event."""
        if self._ruling_waits():
            return False
        word = text.strip().lower()
        named = keyed(word, self._choices)
        if len(named) == 1 and named[0].key == word:
            return self._done(self.record_choice(named[0]))
        try:
            cards = parse_cards(text)
        except CardError as error:
            if len(named) == 1:  # the start of one choice's key only: ``p`` for pass
                return self._done(self.record_choice(named[0]))
            if named:
                self.say(could_be(text.strip(), [choice.key for choice in named]))
                return False
            return self._done(self._enter_named(text, error))
        state = self.state()
        if len(cards) == 1:
            return self._done(self.enter_card(cards[0]))
        kind, needed = multi_card_kind(state) if state is not None else (None, 0)
        if self.question.wants_cards:
            kind, needed = "answer", self.question.wants_cards
        if kind is None or state is None or len(cards) != needed:
            self.say(f"Enter one card at a time ({len(cards)} were typed)")
            return False
        self._selection.clear()
        return self._done(self._record_cards(state, kind, cards))

    def _enter_named(self, text: str, error: CardError) -> bool:
        """``di 2c``: a card entered for the player named before it (a trick played in any
        order); text that is neither a card nor a name and a card is explained."""
        word, seats, rest = named_seats(text, self.session.names)
        if not seats:
            keys = ", ".join(c.key for c in self._choices if c.key)
            self.say(f"{error}" + (f"; or one of: {keys}" if keys else ""))
            return False
        if len(seats) > 1:
            self.say(could_be(word, [self.session.names[seat] for seat in seats]))
            return False
        try:
            cards = parse_cards(rest)
        except CardError as wrong:
            self.say(f"{wrong} (after {self.session.names[seats[0]]}'s name)")
            return False
        if len(cards) != 1:
            self.say(f"Enter one card after a player's name ({len(cards)} were typed)")
            return False
        return self.enter_card(cards[0], seats[0])

    def _record_cards(self, state: HandState, kind: str, cards: tuple[Card, ...]) -> bool:
        """Several cards at once: a several-card event, or the answer the hand asks for."""
        if kind == "answer":
            data = self.question.cards_answer(cards)
            return self.record(Event("answer", data=data))
        return self.record(several_card_event(state, kind, cards))

    def _done(self, recorded: bool) -> bool:
        if recorded:
            self.field.clear()
        return recorded

    def _enter_hand(self) -> None:
        try:
            cards = parse_cards(self.hand_field.text())
        except CardError as error:
            self.say(str(error))
            return
        seat = self.hand_seat.currentIndex()
        if self.record(Event("deal", seat=seat, cards=cards)):
            self.hand_field.clear()
            self.say(hand_entered_words(seat, cards, self.session.names))

    def confirm_claim(self, seat: int) -> QMessageBox:
        """A claim ends the hand: the table confirms it first (a misclick changes nothing)."""
        name = self.session.names[seat]
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Claim the rest",
            f"{name} claims every remaining trick. End the hand with this claim?",
            QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setObjectName("confirmClaim")
        claim = box.addButton(f"{name} claims the rest", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        claim.clicked.connect(lambda: self.record(Event("claim", seat=seat)))
        box.open()
        return box

    def _decide(self, event_index: int, choice: str) -> None:
        try:
            self.session.decide(event_index, choice)
        except Refused as refusal:
            self.say(str(refusal))

    def open_quick_entry(self) -> None:
        state = self.state()
        if state is None:
            return
        dialog = QuickEntryDialog(self.session, self)
        dialog.open()
