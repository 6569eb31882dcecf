"""The match ledger: hands in order, who deals, running totals, game end, corrections.

Each hand's outcome depends on that hand alone and is kept until the hand changes;
the running totals are a fold of the outcomes through the game's ``Tally``, so a
correction to any hand re-scores every later total at the cost of one fold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from scorekeeper.adjudicator import Correction, HandLog, Refused, Ruling
from scorekeeper.events import Event
from scorekeeper.games.base import HandOutcome, HandScore, Tally, Violation
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.words import player


@dataclass(frozen=True)
class StoredHand:
    """A finished hand as storage keeps it: its outcome, and its events on demand."""

    dealer: int
    outcome: HandOutcome
    read_events: Callable[[], list[Event]]


class Ledger:
    """A match: its info, its hands (the last may be in progress) and its scores."""

    def __init__(self, info: MatchInfo, hands: Iterable[HandRecord | StoredHand] = ()) -> None:
        try:
            info.validate()
        except ValueError as error:
            raise Refused(str(error)) from None
        self.info = info
        self.game = info.rules
        self.settings = info.settings
        self.sides = self.game.sides(self.settings)
        self.hands: list[HandLog] = []
        self._journal: list[int] = []  # the hand of each recorded event, oldest first
        self._redo: list[int] = []
        self._parked: list[HandLog] = []  # hands undone to nothing, kept for redo
        self._outcomes: list[HandOutcome | None] = []
        self._tally: Tally | None = None
        self._scores: list[HandScore] = []  # scores of the first hands, extended on demand
        for number, hand in enumerate(hands):
            self._load_hand(number, hand)

    def _load_hand(self, number: int, hand: HandRecord | StoredHand) -> None:
        expected = self.dealer_of(number)
        if hand.dealer != expected:
            names = self.info.players
            raise Refused(
                f"hands[{number}].dealer: seat {hand.dealer} ({player(hand.dealer, names)}) "
                f"cannot deal hand {number + 1}; seat {expected} ({names[expected]}) does"
            )
        if number and not self.hands[-1].is_over:
            raise Refused(f"hands[{number}]: hand {number} is not finished")
        if isinstance(hand, StoredHand):
            log = HandLog.stored(
                self.game,
                self.settings,
                hand.dealer,
                hand.outcome,
                hand.read_events,
                self.info.players,
            )
            self.hands.append(log)
            self._outcomes.append(hand.outcome)
            self._journal.append(number)
            return
        log = self._start_hand()
        for index, event in enumerate(hand.events):
            try:
                log.record(event)
            except Refused as refusal:
                raise Refused(f"hands[{number}].events[{index}]: {refusal}") from None
            self._journal.append(number)
        self._changed(number)

    # -- reading ----------------------------------------------------------------------

    @property
    def side_names(self) -> tuple[str, ...]:
        players = self.info.players
        return tuple(" & ".join(players[seat] for seat in side) for side in self.sides)

    def dealer_of(self, hand_index: int) -> int:
        return (self.info.first_dealer + hand_index) % self.game.seats

    @property
    def next_dealer(self) -> int:
        """Who deals the hand being recorded, or the next one."""
        if self.hands and not self.hands[-1].is_over:
            return self.hands[-1].dealer
        return self.dealer_of(len(self.hands))

    @property
    def scores(self) -> list[HandScore]:
        """A line per finished hand up to the end of the game: its points per side after
        match effects and the running totals. Hands recorded after the game ended (a
        correction can end it sooner) stay on record unscored."""
        if self._tally is None:
            self._tally = self.game.new_tally(self.settings)
            self._scores = []
        scores = self._scores
        while len(scores) < len(self._outcomes):
            outcome = self._outcomes[len(scores)]
            if outcome is None or (scores and scores[-1].game_over):
                break
            scores.append(self._tally.add(outcome))
        return scores

    @property
    def totals(self) -> tuple[int, ...]:
        scores = self.scores
        return scores[-1].totals if scores else (0,) * len(self.sides)

    @property
    def game_over(self) -> bool:
        scores = self.scores
        return bool(scores) and scores[-1].game_over

    @property
    def winners(self) -> tuple[int, ...]:
        return self.scores[-1].winners if self.game_over else ()

    def outcome(self, hand_index: int) -> HandOutcome | None:
        return self._outcomes[hand_index]

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

    # -- recording ----------------------------------------------------------------------

    def record(self, event: Event) -> Ruling:
        """Record an event into the current hand."""
        log = self.current
        number = len(self.hands) - 1
        try:
            ruling = log.record(event)
        finally:
            self._drop_empty_last_hand()
        self._journal.append(number)
        self._redo.clear()
        self._parked.clear()
        self._changed(number)
        return ruling

    def quick(self, data: dict[str, Any]) -> HandScore:
        """Record a whole hand from its result alone."""
        self.record(Event("result", data=data))
        return self.scores[-1]

    def decide(self, hand_index: int, event_index: int, choice: str) -> Ruling:
        """The table's decision on a ruling in any hand."""
        ruling = self.hands[hand_index].decide(event_index, choice)
        self._journal.append(hand_index)
        self._redo.clear()
        self._changed(hand_index)
        return ruling

    def correct(self, hand_index: int, event_index: int, event: Event) -> Correction:
        """Replace an event of any hand; every later total is re-scored."""
        if not 0 <= hand_index < len(self.hands):
            raise Refused(f"there is no hand {hand_index + 1}")
        correction = self.hands[hand_index].replace(event_index, event)
        self._journal.append(hand_index)
        self._redo.clear()
        self._changed(hand_index)
        return correction

    def undo(self) -> tuple[int, Event]:
        """Take back the last recorded event, whichever hand it went to."""
        if not self._journal:
            raise Refused("nothing to undo")
        number = self._journal.pop()
        event = self.hands[number].undo()
        self._redo.append(number)
        self._changed(number)
        self._drop_empty_last_hand()
        return number, event

    def redo(self) -> tuple[int, Event]:
        if not self._redo:
            raise Refused("nothing to redo")
        number = self._redo[-1]
        if number == len(self.hands):
            self._start_hand()
        event = self.hands[number].redo()
        self._redo.pop()
        self._journal.append(number)
        self._changed(number)
        return number, event

    @property
    def can_undo(self) -> bool:
        return bool(self._journal)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- internals ------------------------------------------------------------------------

    def _start_hand(self) -> HandLog:
        number = len(self.hands)
        standing = self.scores[number - 1].totals if number else (0,) * len(self.sides)
        if self._parked:
            log = self._parked.pop()
        else:
            log = HandLog(
                self.game, self.settings, self.dealer_of(number), standing, self.info.players
            )
        self.hands.append(log)
        self._outcomes.append(None)
        return log

    def _drop_empty_last_hand(self) -> None:
        """A hand with nothing recorded is not on the ledger; it waits for a redo."""
        if self.hands and not self.hands[-1].events:
            self._parked.append(self.hands.pop())
            self._outcomes.pop()

    def _changed(self, number: int) -> None:
        """Hand ``number`` changed: keep its outcome; totals from it on are folded again."""
        if number < len(self.hands):
            outcome = self.hands[number].outcome()
            self._outcomes[number] = outcome.canonical() if outcome else None
        if number < len(self._scores):
            self._tally = None

    def statistics(self) -> dict[str, dict[str, int | float]]:
        """Per player: hands played and won, the game's own counts (``Game.hand_stats``),
        and the rates they give (picker win rate, nil success)."""
        players = self.info.players
        stats: dict[str, dict[str, int | float]] = {
            name: {"hands played": 0, "hands won": 0} for name in players
        }
        side_of = {seat: index for index, side in enumerate(self.sides) for seat in side}
        for number, score in enumerate(self.scores):
            for seat, name in enumerate(players):
                stats[name]["hands played"] += 1
                if score.points[side_of[seat]] > 0:
                    stats[name]["hands won"] += 1
            for seat, counts in self.game.hand_stats(self._outcomes[number]).items():
                entry = stats[players[seat]]
                for key, value in counts.items():
                    entry[key] = entry.get(key, 0) + value
        for entry in stats.values():
            for rate, won, tried in RATES:
                if entry.get(tried):
                    entry[rate] = entry.get(won, 0) / entry[tried]
        return stats


RATES = (
    ("picker win rate", "picks won", "picks"),
    ("bid success", "bids made", "bids"),
    ("nil success", "nils made", "nils"),
    ("made rate", "made", "made trump"),
)
