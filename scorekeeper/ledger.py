"""The match ledger: hands in order, who deals, running totals, game end, corrections.

Each hand's outcome depends on that hand alone and is kept until the hand changes;
the running totals are a fold of the outcomes through the game's ``Tally``, so a
correction to any hand re-scores every later total at the cost of one fold.

A match on record is read hand by hand by a :class:`MatchReading`, which keeps only the
hand being read: the ledger keeps every hand it reads, while ``scorekeeper check`` tells
each hand and lets it go, so a long match file is checked in one pass and little memory.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple

from scorekeeper.adjudicator import Correction, HandLog, Refused, Ruling
from scorekeeper.events import Event
from scorekeeper.games.base import HandOutcome, HandScore, NeedsAnswer, Tally, Violation
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.words import player, told


@dataclass(frozen=True)
class StoredHand:
    """A finished hand as storage keeps it: its outcome, and its events on demand."""

    dealer: int
    outcome: HandOutcome
    read_events: Callable[[], list[Event]]


@dataclass(frozen=True)
class CorrectionPreview:
    """What a correction does: its own hand's changes, the later hands it would put after
    the end of the game (they stay on record, unscored), and the totals before and after."""

    correction: Correction
    after_end: tuple[int, ...]
    totals_before: tuple[int, ...]
    totals_after: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...]


class _Preview(Exception):
    """Carries a preview out of an action that is then rolled back."""

    def __init__(self, preview: CorrectionPreview) -> None:
        super().__init__()
        self.preview = preview


class SettledHand(NamedTuple):
    """A hand as the record tells it: its log, its outcome (``None``: not finished), its
    line in the score and the tally's running counts after it (``None``: not scored), and
    whether the game had ended before it."""

    number: int
    log: HandLog
    outcome: HandOutcome | None
    score: HandScore | None
    running: dict[str, list[int]] | None
    after_end: bool


class Scoreboard(ABC):
    """A match's settings, who deals and where its score stands: what a :class:`Ledger`
    and a :class:`MatchReading` share."""

    def __init__(self, info: MatchInfo) -> None:
        try:
            info.validate()
        except ValueError as error:
            raise Refused(str(error)) from None
        self.info = info
        self.game = info.rules
        self.settings = info.settings
        self.sides = self.game.sides(self.settings)

    @abstractmethod
    def last_score(self) -> HandScore | None:
        """The line of the last hand scored so far."""

    @property
    def side_names(self) -> tuple[str, ...]:
        players = self.info.players
        return tuple(" & ".join(players[seat] for seat in side) for side in self.sides)

    def dealer_of(self, hand_index: int) -> int:
        return (self.info.first_dealer + hand_index) % self.game.seats

    @property
    def totals(self) -> tuple[int, ...]:
        last = self.last_score()
        return last.totals if last is not None else (0,) * len(self.sides)

    @property
    def game_over(self) -> bool:
        last = self.last_score()
        return last is not None and last.game_over

    @property
    def winners(self) -> tuple[int, ...]:
        last = self.last_score()
        return last.winners if last is not None and last.game_over else ()


class MatchReading(Scoreboard):
    """A match on record read from its first hand to its last, each hand refused or
    settled in turn. It keeps only the hand being read and the running score."""

    def __init__(self, info: MatchInfo) -> None:
        super().__init__(info)
        self.tally = self.game.new_tally(self.settings)
        self.last: HandScore | None = None

    def last_score(self) -> HandScore | None:
        return self.last

    def read(
        self,
        hands: Iterable[HandRecord | StoredHand],
        went_on: Mapping[int, int] | None = None,
        to_the_end: bool = False,
    ) -> Iterator[SettledHand]:
        """Each hand once the record has gone on past it (the last one at the end); raises
        :class:`Refused` for a hand dealt by the wrong seat or that cannot be recorded, and
        for a hand followed by another before it is finished. ``went_on`` maps a hand to
        the number of its events after which the record went on (an imported file ended
        there); ``to_the_end``: the record goes on past the last hand too (a file ends
        there). A ruling still waiting then stands undecided, as when a hand follows."""
        held: tuple[HandLog, HandOutcome | None] | None = None
        for number, hand in enumerate(hands):
            expected = self.dealer_of(number)
            if hand.dealer != expected:
                names = self.info.players
                raise Refused(
                    f"hands[{number}].dealer: seat {hand.dealer} ({player(hand.dealer, names)}) "
                    f"cannot deal hand {number + 1}; seat {expected} ({names[expected]}) does"
                )
            if held is not None:
                log, outcome = _gone_on(*held)
                if not log.is_over:
                    waiting = log.needs_answer()
                    said = told(waiting.said, self.info.players) if waiting else ""
                    why = f"needs an answer ({said})" if waiting else "is not finished"
                    raise Refused(f"hands[{number}]: hand {number} {why}")
                yield self._settle(number - 1, log, outcome)
            held = self._load(number, hand, (went_on or {}).get(number))
        if held is not None:
            yield self._settle(number, *(_gone_on(*held) if to_the_end else held))

    def _load(
        self, number: int, hand: HandRecord | StoredHand, went_on: int | None
    ) -> tuple[HandLog, HandOutcome | None]:
        standing = self.totals
        names = self.info.players
        if isinstance(hand, StoredHand):
            log = HandLog.stored(
                self.game,
                self.settings,
                hand.dealer,
                hand.outcome,
                hand.read_events,
                names,
                standing,
                went_on,
                number,
            )
            return log, hand.outcome
        log = HandLog(self.game, self.settings, hand.dealer, standing, names, number)
        try:
            log.load(hand.events, went_on)
        except Refused as refusal:
            raise Refused(f"hands[{number}].{refusal}") from None
        return log, outcome_of(log)

    def _settle(self, number: int, log: HandLog, outcome: HandOutcome | None) -> SettledHand:
        before = self.last
        score = score_line(self.tally, before, outcome)
        running = None
        if score is not None:
            self.last = score
            running = self.tally.counts()
        after_end = score is None and before is not None and before.game_over
        return SettledHand(number, log, outcome, score, running, after_end)


def _gone_on(log: HandLog, outcome: HandOutcome | None) -> tuple[HandLog, HandOutcome | None]:
    """The hand and its outcome once the record went on past it (:meth:`HandLog.went_on`)."""
    return log, outcome_of(log) if log.went_on() else outcome


def outcome_of(log: HandLog) -> HandOutcome | None:
    """A hand's outcome as storage keeps it (``None`` until the hand is over)."""
    outcome = log.outcome()
    return outcome.canonical() if outcome else None


def score_line(
    tally: Tally, before: HandScore | None, outcome: HandOutcome | None
) -> HandScore | None:
    """The next hand's line in the score: none for a hand not finished, or played after
    the game ended (``before`` is the line of the hand before)."""
    if outcome is None or (before is not None and before.game_over):
        return None
    return tally.add(outcome)


class Ledger(Scoreboard):
    """A match: its info, its hands (the last may be in progress) and its scores."""

    def __init__(
        self,
        info: MatchInfo,
        hands: Iterable[HandRecord | StoredHand] = (),
        went_on: Mapping[int, int] | None = None,
    ) -> None:
        """The match of ``info`` with ``hands`` replayed; ``went_on`` maps a hand to the
        number of its events after which the record went on (an imported file ended
        there): a ruling still waiting then stands undecided, as when a hand follows."""
        super().__init__(info)
        reading = MatchReading(info)
        self.report = self.game.report_for(self.settings)
        """What the reports show of this match (the game's, as its house options make it)."""
        self.hands: list[HandLog] = []
        self._journal: list[int] = []  # the hand of each recorded event, oldest first
        self._redo: list[int] = []
        self._parked: list[HandLog] = []  # hands undone to nothing, kept for redo
        self._outcomes: list[HandOutcome | None] = []
        self._scores: list[HandScore] = []  # scores of the first hands, extended on demand
        self._running: list[dict[str, list[int]]] = []  # the tally's counts after each
        for hand in reading.read(hands, went_on):
            log = hand.log
            self.hands.append(log)
            self._outcomes.append(hand.outcome)
            if hand.score is not None and hand.running is not None:
                self._scores.append(hand.score)
                self._running.append(hand.running)
            # a stored hand, its events unread, is undone as one step
            self._journal += [hand.number] * (len(log.events) if log.folded else 1)
        self._tally: Tally | None = reading.tally

    def went_on(self) -> None:
        """The record goes on past its last hand (a file ends there): a ruling still
        waiting for the table's decision stands undecided and the hand is scored as
        played, exactly as when another hand follows it."""
        if self.hands and self.hands[-1].went_on():
            self._changed(len(self.hands) - 1)

    # -- reading ----------------------------------------------------------------------

    @property
    def next_dealer(self) -> int:
        """Who deals the hand being recorded, or the next one."""
        return self.dealer_of(self.next_number)

    @property
    def next_number(self) -> int:
        """The place in the match (from 0) of the hand being recorded, or the next one."""
        if self.hands and not self.hands[-1].is_over:
            return len(self.hands) - 1
        return len(self.hands)

    @property
    def scores(self) -> list[HandScore]:
        """A line per finished hand up to the end of the game: its points per side after
        match effects and the running totals. Hands recorded after the game ended (a
        correction can end it sooner) stay on record unscored."""
        if self._tally is None:
            self._tally = self.game.new_tally(self.settings)
            self._scores = []
            self._running = []
        scores = self._scores
        while len(scores) < len(self._outcomes):
            line = score_line(
                self._tally, scores[-1] if scores else None, self._outcomes[len(scores)]
            )
            if line is None:
                break
            scores.append(line)
            self._running.append(self._tally.counts())
        return scores

    @property
    def scored_outcomes(self) -> list[HandOutcome]:
        """The outcome of each scored hand, in order (a scored hand is over: it has one)."""
        return [outcome for outcome in self._outcomes[: len(self.scores)] if outcome is not None]

    def last_score(self) -> HandScore | None:
        scores = self.scores
        return scores[-1] if scores else None

    def outcome(self, hand_index: int) -> HandOutcome | None:
        return self._outcomes[hand_index]

    def settled(self, hand_index: int) -> SettledHand:
        """Hand ``hand_index`` as the record tells it."""
        scores = self.scores
        scored = hand_index < len(scores)
        score, running = (scores[hand_index], self._running[hand_index]) if scored else (None, None)
        log, outcome = self.hands[hand_index], self._outcomes[hand_index]
        return SettledHand(hand_index, log, outcome, score, running, not scored and self.game_over)

    def settled_hands(self) -> Iterator[SettledHand]:
        """Every hand as the record tells it, in order."""
        return (self.settled(number) for number in range(len(self.hands)))

    def records(self) -> list[HandRecord]:
        """What storage keeps: each hand's dealer and raw events."""
        return [HandRecord(log.dealer, list(log.events)) for log in self.hands]

    @property
    def current(self) -> HandLog:
        """The hand being recorded; a new one starts once the last is over."""
        if self.hands and not self.hands[-1].is_over:
            return self.hands[-1]
        if self.game_over:
            raise Refused("the game is over: start a new match to play on")
        return self._start_hand()

    def violations(self) -> list[tuple[int, Violation]]:
        """Every ruling of the match as ``(hand index, violation)``."""
        return [(number, v) for number, log in enumerate(self.hands) for v in log.violations()]

    @property
    def hands_after_end(self) -> tuple[int, ...]:
        """Hands on record after the game ended (a correction ended it sooner): kept,
        unscored."""
        if not self.game_over:
            return ()
        return tuple(range(len(self.scores), len(self.hands)))

    def question(self) -> NeedsAnswer | None:
        """What the last hand, which ended, needs before it can be scored."""
        return self.hands[-1].needs_answer() if self.hands else None

    # -- recording ----------------------------------------------------------------------
    # Each action changes the ledger completely or, raising ``Refused``, not at all.

    def record(self, event: Event) -> Ruling:
        """Record an event into the current hand."""
        with self._atomic() as touch:
            log = self.current
            number = len(self.hands) - 1
            touch(log)
            ruling = log.record(event)
            self._journal.append(number)
            self._redo.clear()
            self._parked.clear()
            self._changed(number)
            self._drop_empty_last_hand()
        return ruling

    def quick(self, data: dict[str, Any]) -> HandScore:
        """Record a whole hand from its result alone."""
        self.record(Event("result", data=data))
        return self.scores[-1]

    def answer(self, data: dict[str, Any]) -> Ruling:
        """The table's answer to what the last hand needs to be scored (:meth:`question`)."""
        return self.record(Event("answer", data=data))

    def decide(self, hand_index: int, event_index: int, choice: str) -> Ruling:
        """The table's decision on a ruling in any hand."""
        log = self._hand(hand_index)
        before = self.hands_after_end
        with self._atomic() as touch:
            touch(log)
            ruling = log.decide(event_index, choice)
            self._journal.append(hand_index)
            self._redo.clear()
            self._changed(hand_index)
            self._drop_empty_last_hand()
            self._rejudge(hand_index)
            self._refuse_new_end(before)
        return ruling

    def correct(
        self, hand_index: int, event_index: int, event: Event, keep_after_end: bool = False
    ) -> Correction:
        """Replace an event of any hand; every later hand is judged again and every later
        total re-scored. A correction that ends the game before hands on record is refused
        unless ``keep_after_end``: those hands then stay on record after the game ended."""
        before = self.hands_after_end
        with self._atomic() as touch:
            preview = self._correct(hand_index, event_index, event, touch)
            if not keep_after_end:
                self._refuse_new_end(before)
        return preview.correction

    def preview_correction(
        self, hand_index: int, event_index: int, event: Event
    ) -> CorrectionPreview:
        """What :meth:`correct` would do, as data, leaving the ledger as it is; raises
        ``Refused`` when the correction would be refused whatever the choice."""
        try:
            with self._atomic() as touch:
                raise _Preview(self._correct(hand_index, event_index, event, touch))
        except _Preview as done:
            return done.preview

    def undo(self) -> tuple[int, Event]:
        """Take back the last recorded event, whichever hand it went to."""
        if not self._journal:
            raise Refused("nothing to undo")
        with self._atomic() as touch:
            number = self._journal.pop()
            log = self._hand(number)
            touch(log)
            event = log.undo()
            self._redo.append(number)
            self._changed(number)
            self._drop_empty_last_hand()
            self._rejudge(number)
        return number, event

    def redo(self) -> tuple[int, Event]:
        if not self._redo:
            raise Refused("nothing to redo")
        with self._atomic() as touch:
            number = self._redo.pop()
            if number == len(self.hands):
                self._start_hand()
            log = self._hand(number)
            touch(log)
            event = log.redo()
            self._journal.append(number)
            self._changed(number)
            self._drop_empty_last_hand()  # an empty hand started after the redone one is not kept
            self._rejudge(number)
        return number, event

    @property
    def can_undo(self) -> bool:
        return bool(self._journal)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- internals ------------------------------------------------------------------------

    def _hand(self, number: int) -> HandLog:
        if not 0 <= number < len(self.hands):
            raise Refused(f"there is no hand {number + 1}")
        return self.hands[number]

    @contextmanager
    def _atomic(self) -> Iterator[Callable[[HandLog], None]]:
        """Run an action; on any exception put back every list and every hand it touched
        (``touch(log)`` before changing a hand) and let the exception go on."""
        saved = (list(self.hands), list(self._redo), list(self._parked), list(self._outcomes))
        journal = len(self._journal)
        journal_tail = self._journal[-1:]
        touched: list[tuple[HandLog, list[Event], list[Event]]] = []

        def touch(log: HandLog) -> None:
            touched.append((log, list(log.events), list(log._redo)))

        try:
            yield touch
        except BaseException:
            for log, events, redo in reversed(touched):
                log.restore(events, redo)
            self.hands, self._redo, self._parked, self._outcomes = saved
            del self._journal[max(journal - 1, 0) :]
            self._journal += journal_tail
            self._tally = None
            raise

    def _correct(
        self,
        hand_index: int,
        event_index: int,
        event: Event,
        touch: Callable[[HandLog], None],
    ) -> CorrectionPreview:
        log = self._hand(hand_index)
        totals, after_end = self.totals, self.hands_after_end
        touch(log)
        correction = log.replace(event_index, event)
        self._journal.append(hand_index)
        self._redo.clear()
        self._changed(hand_index)
        self._drop_empty_last_hand()
        self._rejudge(hand_index)
        ended = tuple(number for number in self.hands_after_end if number not in after_end)
        return CorrectionPreview(
            correction, ended, totals, self.totals, self.game_over, self.winners
        )

    def _rejudge(self, first: int) -> None:
        """Hand ``first`` changed: it must still be finished if hands follow it, and where
        the standing rules on a hand (``Game.standing_matters``) each later hand is judged
        again from its new standing."""
        last = len(self.hands) - 1
        if first < last and not self.hands[first].is_over:
            raise Refused(
                f"hand {first + 1} would no longer be finished, and hand {first + 2} follows it"
            )
        if not self.game.standing_matters:
            return
        for number in range(first + 1, last + 1):
            log = self.hands[number]
            standing = self._standing(number)
            if log.standing == standing:
                continue
            again = HandLog(
                self.game, self.settings, log.dealer, standing, self.info.players, number
            )
            try:
                again.load(log.events)
            except Refused as refusal:
                raise Refused(f"hand {number + 1} would be refused: {refusal}") from None
            if number < last and not again.is_over:
                raise Refused(f"hand {number + 1} would no longer be finished")
            again._redo = list(log._redo)
            self.hands[number] = again
            self._changed(number)

    def _refuse_new_end(self, before: tuple[int, ...]) -> None:
        """Refuse a change that puts hands on record after the end of the game."""
        ended = [number for number in self.hands_after_end if number not in before]
        if ended:
            first, last = ended[0] + 1, ended[-1] + 1
            which = f"hand {first}" if first == last else f"hands {first} to {last}"
            raise Refused(
                f"this ends the game at hand {first - 1}, before {which} on record; "
                "keep them as played after the game ended, or leave the hand as it was"
            )

    def _standing(self, number: int) -> tuple[int, ...]:
        """Each side's total before hand ``number`` (the final totals after the end)."""
        scores = self.scores
        if not number or not scores:
            return (0,) * len(self.sides)
        return scores[min(number, len(scores)) - 1].totals

    def _start_hand(self) -> HandLog:
        number = len(self.hands)
        standing = self._standing(number)
        if self._parked and self._parked[-1].standing == standing:
            log = self._parked.pop()
        else:
            log = HandLog(
                self.game,
                self.settings,
                self.dealer_of(number),
                standing,
                self.info.players,
                number,
            )
        self.hands.append(log)
        self._outcomes.append(None)
        return log

    def _drop_empty_last_hand(self) -> None:
        """A hand with nothing recorded is not on the ledger; it waits for a redo."""
        while self.hands and not self.hands[-1].events:
            self._parked.append(self.hands.pop())
            self._outcomes.pop()

    def _changed(self, number: int) -> None:
        """Hand ``number`` changed: keep its outcome; totals from it on are folded again."""
        if number < len(self.hands):
            self._outcomes[number] = outcome_of(self.hands[number])
        if number < len(self._scores):
            self._tally = None

    def statistics(self) -> dict[str, dict[str, int | float]]:
        """Per player: hands played and won (as the game's ``winning`` says a hand is
        won), the game's own counts (``Game.hand_stats``) and the rates it declares."""
        players = self.info.players
        stats: dict[str, dict[str, int | float]] = {
            name: {"hands played": 0, "hands won": 0} for name in players
        }
        side_of = {seat: index for index, side in enumerate(self.sides) for seat in side}
        for score, outcome in zip(self.scores, self.scored_outcomes, strict=True):
            won = self.game.winning.won_hand(score.points)
            for seat, name in enumerate(players):
                stats[name]["hands played"] += 1
                stats[name]["hands won"] += won[side_of[seat]]
            for seat, counts in self.game.hand_stats(outcome).items():
                entry = stats[players[seat]]
                for key, value in counts.items():
                    entry[key] = entry.get(key, 0) + value
        for entry in stats.values():
            for rate in self.game.rates:
                if entry.get(rate.tried):
                    entry[rate.title] = entry.get(rate.won, 0) / entry[rate.tried]
        return stats
