"""The hand log and its rulings, with the players' hands known or hidden.

A :class:`HandLog` keeps a hand's events in the order they were recorded and folds
them into the game's :class:`~scorekeeper.games.base.HandState`, ruling on each one.

With a seat's hand known, every rule is checked the moment the card is played.
With it hidden, each play's requirements are kept: when the same seat later plays a
card the earlier play forbade, the earlier play is proved illegal, and the ruling
names both plays. Rules that more cards could satisfy (``broken_by``) are judged
once every card the seat held at that play has been seen. A card entering the hand
unseen (a California Jack draw) ends what the seat's earlier plays can prove.

The log may hold three kinds of after-the-fact events: a ``deal`` recorded after
play (hands entered once laid face up: the whole hand is re-checked), a ``decision``
(take back: the ruled event and everything after it leave play; stand: the game's
penalty applies), and a ``correction`` (``ref`` names the event, ``data`` its new
form). The state is always the fold of the *effective* events, deals first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.cards import Card, cards_in
from scorekeeper.events import Event, EventError
from scorekeeper.evidence import (
    Evidence,
    Held,
    HeldInTrick,
    Note,
    PlayedInTrick,
    ThenPlayed,
    ThenPlayedAfter,
)
from scorekeeper.games.base import (
    Game,
    HandOutcome,
    HandState,
    NeedsAnswer,
    Requirement,
    ResultError,
    Settings,
    Violation,
)
from scorekeeper.words import told, violation_heading, violation_lines, violation_message

DECISIONS = ("take_back", "stand")
_AFTER_THE_FACT = ("decision", "correction")
_SPECIAL = frozenset(("result", "decision", "correction", "deal", "answer"))
_AFTER_A_RULING = ("decision", "correction", "deal")
"""What may be recorded while a ruling waits for the table's decision."""


class Refused(ValueError):
    """An event that cannot be recorded; the message names the problem and the log is unchanged."""

    def __init__(self, message: str, violations: Sequence[Violation] = ()) -> None:
        super().__init__(message)
        self.violations = tuple(violations)


@dataclass(slots=True)
class Ruling:
    """The adjudicator's word on one recorded event (one is made per event)."""

    event_index: int
    violations: tuple[Violation, ...] = ()
    proved: tuple[Violation, ...] = ()  # earlier plays this event proved illegal

    @property
    def accepted(self) -> bool:
        return not self.violations and not self.proved

    def describe(self, names: Sequence[str]) -> list[str]:
        """Player-worded lines: each rule's title and text, then its evidence."""
        lines = []
        for violation in (*self.violations, *self.proved):
            lines.extend(violation_lines(violation, names))
        return lines


_AT_THE_END = -1
"""A stored hand's ``went_on`` when the record went on past its last event."""

_EVERY_CARD = -1
"""A mask holding every card: a play waiting for a whole-hand test sees every later card."""


@dataclass(slots=True)
class _Play:
    """What a hidden-hand play left to prove: its requirements and the cards seen since."""

    index: int
    seat: int
    card: Card
    trick: int | None  # None: an event before play (a discard)
    held: int  # how many cards the seat held when it played
    requirements: tuple[Requirement, ...]
    forbidden: int  # union of the requirements' forbidden masks
    seen_later: int = 0  # cards the seat played from this play on (this card included)
    arrived: int = 0  # cards seen entering the hand after this play (known draws)
    pending_tests: bool = False  # broken_by requirements not yet judged
    kind: str = "play"  # the event: a play, or one before play (a discard)

    def proved(self, requirement: Requirement, by: int, *evidence: Evidence) -> Violation:
        """The ruling that this play broke ``requirement``, proved by event ``by``."""
        return Violation(
            requirement.rule, self.seat, self.card, self.trick, evidence, self.index, by
        )


@dataclass
class Correction:
    """What replacing an event changed."""

    index: int
    before: Event
    after: Event
    changes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class _Fold:
    """What folding the log's effective events builds: the state and every ruling. A
    change of the past folds a new one, so a refused change puts the old one back."""

    state: HandState
    rulings: list[Ruling | None] = field(default_factory=list)
    effective: list[tuple[int, Event]] = field(default_factory=list)
    ruled: dict[int, list[Violation]] = field(default_factory=dict)
    pending: set[int] = field(default_factory=set)
    decided: dict[int, str] = field(default_factory=dict)
    plays: list[list[_Play]] = field(default_factory=list)  # per seat: what is left to prove
    watched: list[int] = field(default_factory=list)  # per seat: cards that prove something
    quick: HandOutcome | None = None
    voided: set[int] = field(default_factory=set)


class HandLog:
    """One hand: its log of events, the state they fold to, and every ruling."""

    def __init__(
        self,
        game: Game[Any],
        settings: Settings,
        dealer: int,
        standing: Sequence[int] | None = None,
        names: Sequence[str] | None = None,
        number: int = 0,
    ) -> None:
        self.game = game
        self.settings = settings
        self.dealer = dealer
        self.standing = tuple(standing) if standing is not None else None
        self.number = number  # the hand's place in the match, from 0
        self.names = tuple(names) if names is not None else None
        self._events: list[Event] = []
        self._unread: Callable[[], list[Event]] | None = None  # a stored hand's events
        self._stored_outcome: HandOutcome | None = None
        self._fold: _Fold | None = self._new_fold()  # None: a stored hand's, not folded yet
        self._redo: list[Event] = []
        self._passed: dict[int, int] = {}  # a read ruling's event -> the event that went on
        self._went_on: int | None = None  # a stored hand's: where the record went on past it

    @classmethod
    def stored(
        cls,
        game: Game[Any],
        settings: Settings,
        dealer: int,
        outcome: HandOutcome,
        read_events: Callable[[], list[Event]],
        names: Sequence[str] | None = None,
        standing: Sequence[int] | None = None,
        went_on: int | None = None,
        number: int = 0,
    ) -> HandLog:
        """A finished hand whose outcome is on record: its events are read and folded only
        when something asks for them (a long match opens at the cost of its outcomes),
        against the ``standing`` before it as when it was recorded, and with the record
        going on after its first ``went_on`` events (see :meth:`load`)."""
        log = cls(game, settings, dealer, standing, names, number)
        log._fold = None
        log._unread = read_events
        log._stored_outcome = outcome
        log._went_on = went_on
        return log

    # -- reading ----------------------------------------------------------------

    @property
    def events(self) -> list[Event]:
        """Every event recorded, in order (a stored hand's are read on first use)."""
        if self._unread is not None:
            self._events = self._unread()
            self._unread = None
        return self._events

    @events.setter
    def events(self, events: list[Event]) -> None:
        self._events = events
        self._unread = None

    @property
    def state(self) -> HandState:
        """The state the effective events fold to."""
        return self._folded().state

    @property
    def rulings(self) -> list[Ruling | None]:
        """The ruling on each event, by index (``None`` for events out of play)."""
        return self._folded().rulings

    @property
    def folded(self) -> bool:
        """Whether the events were folded (a stored hand's are, once something asks)."""
        return self._fold is not None

    def _folded(self) -> _Fold:
        fold = self._fold
        if fold is None:  # a stored hand: folded as a hand read back without its outcome
            events, self._events = self.events, []
            fold = self._fold = self._new_fold()
            went_on = self._went_on
            self.load(events, len(events) if went_on == _AT_THE_END else went_on)
            fold = self._fold
        return fold

    def _on_record(self) -> bool:
        """A stored hand not folded yet: its outcome on record stands for it."""
        return self._fold is None and self._stored_outcome is not None

    @property
    def is_quick(self) -> bool:
        return bool(self.events) and self.events[0].kind == "result"

    @property
    def is_over(self) -> bool:
        """Finished: nothing waits for the table's decision or answer."""
        if self._on_record() or self.is_quick:
            return True
        return self._ended() and self.needs_answer() is None

    def _ended(self) -> bool:
        """Every card is played (or claimed) and no ruling entered live waits for a
        decision (a ruling read from a file or the database is undecided: the play stands)."""
        return self.state.phase == HandState.OVER and not self._waiting()

    def _waiting(self) -> set[int]:
        """Ruled events whose ruling waits for the table's decision: undecided, and no
        event of play was recorded after the ruling was made. Entered live, nothing but
        a decision may follow a ruling, so each waits; read from a file or the database,
        the same log gives the same answer (a ruling the last event or a correction made
        waits again, one the record went on past stands)."""
        count = len(self.events)
        return {
            index for index in self._folded().pending if self._passed.get(index, count) >= count
        }

    def undecided(self, event_index: int) -> bool:
        """Whether the ruling on ``event_index`` has no decision of the table."""
        return event_index in self._folded().pending

    def needs_answer(self) -> NeedsAnswer | None:
        """What a hand that ended needs before it can be scored (an ``answer`` event
        gives it), or ``None``."""
        if self._on_record() or self.is_quick or not self._ended():
            return None
        try:
            self.game.score_hand(self.state)
        except NeedsAnswer as question:
            return question
        return None

    @property
    def pending(self) -> list[Violation]:
        """Violations that wait for the table's decision (take back or let stand)."""
        fold = self._folded()
        return [v for index in sorted(fold.pending) for v in fold.ruled[index]]

    def violations(self) -> list[Violation]:
        """Every violation ruled in this hand, in the order of the events they concern."""
        ruled = self._folded().ruled
        return [v for index in sorted(ruled) for v in ruled[index]]

    @property
    def decisions(self) -> dict[int, str]:
        """The table's decision on each ruled event: ``take_back`` or ``stand``."""
        return dict(self._folded().decided)

    @property
    def taken_back(self) -> set[int]:
        """Indexes of events that left play after a take-back."""
        return set(self._folded().voided)

    def outcome(self) -> HandOutcome | None:
        if self._on_record():
            return self._stored_outcome
        if self.is_quick:
            return self._folded().quick
        if not self.is_over:
            return None
        return self.game.score_hand(self.state)

    def effective_events(self) -> list[Event]:
        """The events the state is the fold of, in fold order."""
        return [event for _, event in self._folded().effective]

    def effective_items(self) -> list[tuple[int, Event]]:
        """The events in play with their indexes in the log (corrections applied)."""
        return list(self._folded().effective)

    def state_before(self, index: int) -> HandState:
        """The hand as it stood when event ``index`` was recorded: the events in play
        before it, folded as the hand folds them (known hands first)."""
        state: HandState = self.game.new_hand(
            self.settings, self.dealer, self.standing, self.number
        )
        for at, event in self.effective_items():
            if at == index:
                break
            if event.kind not in _SPECIAL or event.kind == "deal":
                state.apply(event)
        return state

    # -- recording ---------------------------------------------------------------

    def record(self, event: Event, reading: bool = False) -> Ruling:
        """Rule on ``event`` and add it to the log; raise :class:`Refused` to leave it out.
        Entered live, nothing but a decision may follow a ruling; ``reading`` a hand
        written down, the play stands as recorded and the ruling stays undecided."""
        fold = self._folded()  # a stored hand's events are read by then
        self._validate_shape(fold, event, reading)
        if event.kind in _SPECIAL and self._needs_refold(fold, event):
            ruling = self._refold_with(event)
        else:
            events = self._events
            ruling = self._step(fold, len(events), event)
            events.append(event)
            fold.rulings.append(ruling)
        if self._redo:
            self._redo.clear()
        return ruling

    def load(self, events: Sequence[Event], went_on: int | None = None) -> None:
        """Record a stored hand's events as they were recorded, except that each run of
        corrections is folded once at its end (a stored log replays in linear time).
        The record goes on past an undecided ruling at the next event of play, and after
        the first ``went_on`` events (where a file ended): the ruling then stands undecided.
        A refusal names the event; the log then holds what came before it."""
        folded = True
        for index, event in enumerate(events):
            try:
                correction = event.kind == "correction"
                if not folded and (index == went_on or not correction):
                    self._refold()
                    folded = True
                if index == went_on:
                    self._go_on(index - 1)
                if correction:
                    self._validate_shape(self._folded(), event, reading=True)
                    self.events.append(event)
                    folded = False
                    continue
                if event.kind not in _SPECIAL:
                    self._go_on(index)
                self.record(event, reading=True)
            except Refused as refusal:
                raise Refused(f"events[{index}]: {refusal}", refusal.violations) from None
        if not folded:
            self._refold()
        if went_on == len(events):
            self._go_on(went_on - 1)

    def restore(self, events: list[Event], redo: list[Event]) -> None:
        """Put the log back to ``events`` (which folded before): a refused change undone."""
        self.events = events
        self._redo = redo
        self._refold()
        self._forget_passing()

    def went_on(self) -> bool:
        """The record goes on past this hand (the next hand follows, or a file ends): a
        ruling still waiting stands undecided. Whether one did (the hand may then be over);
        a stored hand not folded yet, whose outcome is on record, is told when it is."""
        if self._fold is None:
            self._went_on = _AT_THE_END
            return False
        return self._go_on(len(self.events) - 1)

    def _go_on(self, at: int) -> bool:
        """The record went on past event ``at``: each ruling still waiting stands (until
        that event is undone). Whether one did."""
        waiting = self._waiting()
        for ruled in waiting:
            self._passed[ruled] = at
        return bool(waiting)

    def _forget_passing(self) -> None:
        """Rulings that an event no longer on record went on past wait again."""
        count = len(self.events)
        self._passed = {ruled: at for ruled, at in self._passed.items() if at < count}

    def decide(self, event_index: int, choice: str) -> Ruling:
        """Record the table's decision on a ruled event."""
        return self.record(Event("decision", value=choice, ref=event_index))

    def replace(self, index: int, event: Event) -> Correction:
        """Correct event ``index`` (a mis-keyed card): re-check the hand from there on."""
        if not 0 <= index < len(self.events):
            raise Refused(f"there is no event {index} in this hand")
        before_rulings = {i: list(v) for i, v in self._folded().ruled.items()}
        before_outcome = self.outcome()
        before = self._current_form(index)
        self.record(Event("correction", ref=index, data=event.to_json()))
        correction = Correction(index, before, event)
        correction.changes = self._changes(before_rulings, before_outcome)
        return correction

    def undo(self) -> Event:
        """Remove the last event; the state is exactly what it was before it."""
        if not self.events:
            raise Refused("nothing to undo in this hand")
        event = self.events.pop()
        self._refold()
        self._forget_passing()
        self._redo.append(event)
        return event

    def redo(self) -> Event:
        if not self._redo:
            raise Refused("nothing to redo in this hand")
        event = self._redo.pop()
        redo = self._redo
        self._redo = []
        try:
            self.record(event)
        finally:
            self._redo = redo
        return event

    @property
    def can_undo(self) -> bool:
        return bool(self.events)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- the fold ------------------------------------------------------------------

    def _new_fold(self) -> _Fold:
        seats = self.game.seats
        return _Fold(
            self.game.new_hand(self.settings, self.dealer, self.standing, self.number),
            plays=[[] for _ in range(seats)],
            watched=[0] * seats,
        )

    def _validate_shape(self, fold: _Fold, event: Event, reading: bool = False) -> None:
        kind, seat = event.kind, event.seat
        seats = self.game.seats
        if seat is not None and not 0 <= seat < seats:
            raise Refused(
                f"seat {seat} is not at this table "
                f"(seats count from 0 as in the match file: 0–{seats - 1})"
            )
        if fold.quick is not None and kind != "correction":
            raise Refused("this hand was entered as a result; correct the result instead")
        self._refuse_undeclared(event)
        if kind in _SPECIAL:
            self._validate_special(fold, event)
        if fold.pending and not reading and kind not in _AFTER_A_RULING:
            first = fold.ruled[min(fold.pending)][0]
            raise Refused(
                "the table must first decide on the ruling on "
                f"{violation_heading(first, self.names or ())} "
                "Take it back or let it stand"
            )

    def _refuse_undeclared(self, event: Event) -> None:
        """Refuse a field the event's kind does not declare (the match file could not
        hold it); a kind the game does not record is refused where the hand reads it."""
        declared = self.game.recorded_fields.get(event.kind)
        extra = [] if declared is None else [name for name in event.given() if name not in declared]
        if extra:
            raise Refused(f'"{extra[0]}" is not a field of the kind "{event.kind}"')

    def _validate_special(self, fold: _Fold, event: Event) -> None:
        """The checks on a result, an answer, a decision and a correction."""
        kind = event.kind
        if kind == "result" and self.events:
            raise Refused("a result can only be entered for a hand with nothing recorded yet")
        if kind == "answer" and (event.data is None or self.needs_answer() is None):
            raise Refused("this hand asks no question: an answer has no place in it")
        if kind == "decision":
            if event.value not in DECISIONS:
                raise Refused(f"{event.value!r} is not a decision (take_back or stand)")
            if event.ref not in fold.pending:
                raise Refused(f"event {event.ref} has no ruling waiting for a decision")
        if kind == "correction":
            if event.ref is None or not 0 <= event.ref < len(self.events):
                raise Refused(f"there is no event {event.ref} to correct")
            if self.events[event.ref].kind in _AFTER_THE_FACT:
                raise Refused("a decision or correction cannot itself be corrected; undo it")
            try:
                new = Event.from_json(event.data, "correction")
            except EventError as error:
                raise Refused(str(error)) from None
            was_result = self.events[event.ref].kind == "result"
            if new.kind in _AFTER_THE_FACT or (new.kind == "result") != was_result:
                raise Refused(
                    f"a {self.events[event.ref].kind} cannot be corrected into a {new.kind}"
                )

    def _needs_refold(self, fold: _Fold, event: Event) -> bool:
        """Corrections, take-backs and a hand entered after the bidding change the past."""
        if event.kind == "correction":
            return True
        if event.kind == "decision":
            return event.value == "take_back"
        return event.kind == "deal" and any(e.kind != "deal" for _, e in fold.effective)

    def _refold_with(self, event: Event) -> Ruling:
        """Record an event that changes the past: the hand is folded again from the start.
        Its ruling lists the violations the new fold found that the old one had not."""
        events, fold = list(self.events), self._fold
        before = _ruled_keys(fold.ruled) if fold is not None else set()
        self.events.append(event)
        try:
            new_fold = self._refold()
        except Refused:
            self.events, self._fold = events, fold
            raise
        index = len(self.events) - 1
        new = [
            v
            for i, violations in sorted(new_fold.ruled.items())
            for v in violations
            if (i, v.rule.id, v.card) not in before
        ]
        return Ruling(index, (), tuple(new))

    def _refold(self) -> _Fold:
        """Rebuild everything from the raw log."""
        history = dict(self._fold.ruled) if self._fold is not None else {}
        fold = self._fold = self._new_fold()
        effective, fold.voided = _effective_events(self.events)
        order = [item for item in effective if item[1].kind == "deal"]
        order += [item for item in effective if item[1].kind != "deal"]
        by_index: dict[int, Ruling] = {}
        for index, event in order:
            try:
                by_index[index] = self._step(fold, index, event)
            except Refused as refusal:
                raise Refused(f"event {index + 1} ({event.kind}): {refusal}") from None
        for event in self.events:
            if event.kind == "decision" and event.value == "take_back" and event.ref is not None:
                fold.pending.discard(event.ref)
                fold.decided[event.ref] = "take_back"
        # rulings on events that left play stay on record as they were
        for index in fold.voided:
            if index in history:
                fold.ruled[index] = history[index]
        fold.rulings = [by_index.get(index) for index in range(len(self.events))]
        return fold

    def _step(self, fold: _Fold, index: int, event: Event) -> Ruling:
        """Rule on one effective event and fold it into the state."""
        kind = event.kind
        if kind in _SPECIAL:
            if kind == "result":
                return self._step_result(fold, index, event)
            if kind == "answer":
                return self._step_answer(fold, index, event)
            if kind == "decision" and event.value == "stand" and event.ref is not None:
                fold.pending.discard(event.ref)
                fold.decided[event.ref] = "stand"
                fold.state.penalties.extend(fold.ruled.get(event.ref, ()))
            if kind in _AFTER_THE_FACT:
                fold.effective.append((index, event))
                return Ruling(index)
        state = fold.state
        found = state.check(event)
        if found:
            refusing = [v for v in found if v.rule.refuses]
            if refusing:
                raise Refused(self._message(refusing[0]), refusing)
        proved: list[Violation] = []
        seat, card = event.seat, event.card
        if kind == "play" and seat is not None and card is not None:
            requirements = state.requirements(seat, card)
            if requirements:
                judged = self._judge_play(fold, index, seat, card, requirements)
                if judged:
                    found = found + judged
            state.apply(event)
            if fold.watched[seat] >> card & 1:
                proved = self._prove_earlier(fold, index, seat, card)
        else:
            kept = state.kept_requirements(event)
            state.apply(event)
            if seat is not None and self.game.action(kind).draws:
                self._drawn(fold, seat, card)
            if kept is not None and card is not None:
                owner, requirements = kept
                self._keep(fold, _Play(index, owner, card, None, 0, requirements, 0, kind=kind))
        fold.effective.append((index, event))
        if not found and not proved:
            return Ruling(index)
        found = [_at(v, index) for v in found]
        if found:
            fold.ruled.setdefault(index, []).extend(found)
            fold.pending.add(index)
        return Ruling(index, tuple(found), tuple(proved))

    def _step_result(self, fold: _Fold, index: int, event: Event) -> Ruling:
        try:
            fold.quick = self.game.quick_outcome(
                self.settings, self.dealer, event.data or {}, self.standing
            )
        except ResultError as error:
            raise Refused(told(error.said, self.names or ())) from None
        fold.effective.append((index, event))
        return Ruling(index)

    def _step_answer(self, fold: _Fold, index: int, event: Event) -> Ruling:
        """The table's answer to what the ended hand needs, added to its earlier answers:
        kept when it scores the hand or settles the question so that another is asked (who
        held the called card, then which cards were buried); refused otherwise."""
        state = fold.state
        before = state.answer
        asked = self.needs_answer()
        state.answer = {**(before or {}), **(event.data or {})}
        try:
            self.game.score_hand(state)
        except NeedsAnswer as question:
            if asked is None or question.question == asked.question:
                state.answer = before
                raise Refused(
                    f"the answer does not fit: {told(question.said, self.names or ())}"
                ) from None
        except ResultError as error:
            state.answer = before
            raise Refused(
                f"the answer does not fit: {told(error.said, self.names or ())}"
            ) from None
        fold.effective.append((index, event))
        return Ruling(index)

    def _message(self, violation: Violation) -> str:
        return violation_message(violation, self.names or ())

    # -- plays with known and hidden hands -------------------------------------------

    def _judge_play(
        self,
        fold: _Fold,
        index: int,
        seat: int,
        card: Card,
        requirements: tuple[Requirement, ...],
    ) -> list[Violation]:
        """A play's requirements: tested now against a known hand, or kept for later proof."""
        state = fold.state
        hand = state.hands[seat]
        if hand is not None:
            return [
                violation
                for requirement in requirements
                if (violation := _test(requirement, hand, seat, card, state.trick_number))
            ]
        tests = any(requirement.broken_by is not None for requirement in requirements)
        play = _Play(
            index,
            seat,
            card,
            state.trick_number,
            state.counts[seat],
            requirements,
            forbidden=0,
            pending_tests=tests,
        )
        self._keep(fold, play)
        return []

    def _keep(self, fold: _Fold, play: _Play) -> None:
        """Watch the seat's later plays for what ``play`` (or a discard) forbade."""
        for requirement in play.requirements:
            play.forbidden |= requirement.forbidden
        if not play.forbidden and not play.pending_tests:
            return  # nothing a later card could prove
        fold.plays[play.seat].append(play)
        fold.watched[play.seat] |= _EVERY_CARD if play.pending_tests else play.forbidden

    def _drawn(self, fold: _Fold, seat: int, card: Card | None) -> None:
        """A card entered the hand: an unseen one ends what earlier plays can prove; a seen
        one is no evidence about them."""
        if card is None:
            fold.plays[seat] = []
            fold.watched[seat] = 0
            return
        for play in fold.plays[seat]:
            play.arrived |= 1 << card

    def _prove_earlier(self, fold: _Fold, index: int, seat: int, card: Card) -> list[Violation]:
        """What this play proves about the same seat's earlier plays."""
        plays = fold.plays[seat]
        bit = 1 << card
        proved: list[Violation] = []
        settled = False
        for play in plays:
            if play.arrived & bit:
                continue
            play.seen_later |= bit
            if play.index != index and play.forbidden & bit:
                proved += self._proof(fold.state, play, card, index)
                play.forbidden = 0  # one ruling per play is enough
                settled = True
            if play.pending_tests and play.seen_later.bit_count() == play.held:
                play.pending_tests = False
                proved += self._judge_whole_hand(play, index)
                settled = True
        if settled:  # plays with nothing left to prove are no longer watched
            fold.plays[seat] = plays = [p for p in plays if p.forbidden or p.pending_tests]
            watched = 0
            for play in plays:
                watched |= _EVERY_CARD if play.pending_tests else play.forbidden
            fold.watched[seat] = watched
        for violation in proved:
            if violation.event_index is not None:
                fold.ruled.setdefault(violation.event_index, []).append(violation)
                fold.pending.add(violation.event_index)
        return proved

    def _proof(self, state: HandState, play: _Play, card: Card, index: int) -> list[Violation]:
        later_trick = state.trick_number if state.current.cards else len(state.tricks)
        proofs = []
        for requirement in play.requirements:
            if not requirement.forbidden >> card & 1:
                continue
            evidence: tuple[Evidence, ...]
            if play.trick is None:  # a discard: the ruling names it; the reason, then the play
                then = ThenPlayedAfter(play.seat, card, later_trick, play.kind)
                evidence = (Note(requirement.reason), then)
            else:
                evidence = (
                    PlayedInTrick(play.seat, play.card, play.trick, requirement.reason),
                    ThenPlayed(play.seat, card, later_trick, play.trick),
                )
            proofs.append(play.proved(requirement, index, *evidence))
        return proofs

    def _judge_whole_hand(self, play: _Play, index: int) -> list[Violation]:
        if play.trick is None:  # only plays keep whole-hand tests
            return []
        held = HeldInTrick(play.seat, tuple(cards_in(play.seen_later)), play.trick)
        return [
            play.proved(requirement, index, held, Note(requirement.reason))
            for requirement in play.requirements
            if requirement.broken_by is not None and requirement.broken_by(play.seen_later)
        ]

    # -- corrections ---------------------------------------------------------------

    def _current_form(self, index: int) -> Event:
        for position, event in self._folded().effective:
            if position == index:
                return event
        return self.events[index]

    def _changes(
        self, before: dict[int, list[Violation]], outcome: HandOutcome | None
    ) -> list[str]:
        changes = []
        old = {(i, v.rule.id) for i, vs in before.items() for v in vs}
        new = {(i, v.rule.id) for i, vs in self._folded().ruled.items() for v in vs}
        for index, rule_id in sorted(new - old):
            changes.append(f"new ruling on event {index + 1}: {rule_id}")
        for index, rule_id in sorted(old - new):
            changes.append(f"ruling withdrawn on event {index + 1}: {rule_id}")
        after = self.outcome()
        if (outcome and outcome.points) != (after and after.points):
            changes.append(f"hand score {_points(outcome)} → {_points(after)}")
        return changes


def _points(outcome: HandOutcome | None) -> str:
    return "not finished" if outcome is None else " / ".join(f"{p:+d}" for p in outcome.points)


def _test(
    requirement: Requirement, hand: int, seat: int, card: Card, trick: int
) -> Violation | None:
    """A requirement tested against a known hand."""
    if requirement.forbidden & hand:
        held = Held(seat, tuple(cards_in(requirement.forbidden & hand)), requirement.reason)
        return Violation(requirement.rule, seat, card, trick, (held,))
    if requirement.broken_by is not None and requirement.broken_by(hand):
        return Violation(requirement.rule, seat, card, trick, (Note(requirement.reason),))
    return None


def _at(violation: Violation, index: int) -> Violation:
    if violation.event_index == index:
        return violation
    return Violation(
        violation.rule,
        violation.seat,
        violation.card,
        violation.trick,
        violation.evidence,
        index,
        violation.proved_by,
    )


def _effective_events(events: Sequence[Event]) -> tuple[list[tuple[int, Event]], set[int]]:
    """The events in play (corrections applied, taken-back events removed) and the
    indexes of the events a take-back removed; a correction costs one step."""
    effective: dict[int, Event] = {}
    voided: set[int] = set()
    for index, event in enumerate(events):
        ref = event.ref
        if event.kind == "correction":
            if ref is not None and ref in effective:
                effective[ref] = Event.from_json(event.data, "correction")
        elif event.kind == "decision" and event.value == "take_back" and ref is not None:
            gone = [i for i in effective if i >= ref]
            voided.update(i for i in gone if effective[i].kind != "decision")
            for i in gone:
                del effective[i]
        else:
            effective[index] = event
    return list(effective.items()), voided


def _ruled_keys(ruled: dict[int, list[Violation]]) -> set[tuple[int, str, Card | None]]:
    return {(i, v.rule.id, v.card) for i, violations in ruled.items() for v in violations}
