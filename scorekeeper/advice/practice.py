"""A practice table: the app deals, simulated seats play by the advice, and a person
plays theirs, every event going through the match ledger (and so the adjudicator) as
at a real table.

Each hand is dealt from its own seeded shuffle (the match seed and the hand's number),
and the advice is deterministic, so the same seed and the same choices of the person
replay the same match. Hands are known: every deal is recorded.

Without a seed the table does not deal: a real table with seats the app plays, whose
cards are recorded by the people at the table (a seat's hint needs its cards).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from scorekeeper.adjudicator import HandLog, Refused, Ruling
from scorekeeper.advice import Advice, NoAdvice, advise
from scorekeeper.advice.common import SAY
from scorekeeper.events import Event
from scorekeeper.evidence import Note
from scorekeeper.games import get_game
from scorekeeper.games.base import Settings, Violation
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.words import player


def deal_rng(seed: int, hand_index: int) -> random.Random:
    """The shuffle of one practice hand: the same seed and hand number, the same deal."""
    return random.Random(f"practice {seed} hand {hand_index}")


class PracticeTable:
    """A match where the seats in ``simulated`` are played by the advice.

    ``record`` is how an event reaches the ledger (by default ``ledger.record``; the app
    passes its session's, which also stores the event and makes it undoable)."""

    def __init__(
        self,
        ledger: Ledger,
        simulated: Iterable[int],
        seed: int | None,
        record: Callable[[Event], Ruling] | None = None,
    ) -> None:
        self.ledger = ledger
        self._record = record or ledger.record
        self.game = ledger.game
        self.simulated = frozenset(simulated)
        outside = [seat for seat in self.simulated if not 0 <= seat < self.game.seats]
        if outside:
            raise Refused(
                f"seat {outside[0]} is not at a {self.game.title} table "
                f"(seats count from 0 to {self.game.seats - 1})"
            )
        self.seed = seed

    @classmethod
    def new(
        cls,
        game_id: str,
        players: Sequence[str],
        simulated: Iterable[int],
        seed: int,
        settings: Settings | None = None,
        first_dealer: int = 0,
    ) -> PracticeTable:
        game = get_game(game_id)
        info = MatchInfo(
            f"Practice {game.title} #{seed}",
            game_id,
            settings or game.settings(),
            tuple(players),
            first_dealer,
        )
        return cls(Ledger(info), simulated, seed)

    # -- reading ------------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.ledger.settings

    @property
    def over(self) -> bool:
        """The game is over (Sheepshead never ends: stop when the table does)."""
        return self.ledger.game_over

    @property
    def hand(self) -> HandLog | None:
        """The hand in play, or the last one; None before the first deal."""
        return self.ledger.hands[-1] if self.ledger.hands else None

    @property
    def needs_deal(self) -> bool:
        """The last hand is over (or none was dealt, or it is empty) and the game goes on."""
        hand = self.hand
        return (hand is None or hand.is_over or not hand.events) and not self.over

    @property
    def pending(self) -> list[Violation]:
        """Rulings on the hand in play that wait for the table's decision."""
        hand = self.hand
        return [] if hand is None or hand.is_quick else hand.pending

    @property
    def to_act(self) -> int | None:
        """The seat to act in the hand in play (None once it is over)."""
        hand = self.hand
        if hand is None or hand.is_over or hand.is_quick:
            return None
        return hand.state.to_act

    @property
    def person_to_act(self) -> bool:
        """A person must act now: their seat's turn, or a ruling to decide."""
        if self.pending:
            return True
        seat = self.to_act
        return seat is not None and seat not in self.simulated

    def hint(self) -> Advice:
        """The advice for the seat to act (raises ``NoAdvice`` naming why there is none)."""
        if self.hand is None:
            raise NoAdvice(Note(SAY("nothing_dealt")))
        return advise(self.hand.state)

    # -- acting ---------------------------------------------------------------------------

    def deal(self) -> list[Event]:
        """Deal the next hand (when one is due) and record the deal."""
        if self.seed is None:
            raise Refused("the cards are dealt at the table: record each seat's hand")
        if not self.needs_deal:
            raise Refused(
                "the game is over" if self.over else "the hand in play is not over: play it out"
            )
        hands = self.ledger.hands
        number = len(hands) - 1 if hands and not hands[-1].is_over else len(hands)
        events = self.game.deal(deal_rng(self.seed, number), self.settings, self.ledger.next_dealer)
        for event in events:
            self._record(event)
        return events

    def record(self, event: Event) -> Ruling:
        """A person's event, ruled on by the adjudicator as at a real table. The deal may be
        recorded at any time; a simulated seat's turn is not taken."""
        seat = self.to_act
        simulated_turn = (
            seat in self.simulated
            and event.seat in (seat, None)
            and not self.ledger.game.action(event.kind).dealt
        )
        if simulated_turn and not self.pending:
            name = player(seat, self.ledger.info.players)
            raise Refused(f"{name} is played by the computer: let the table play it")
        return self._record(event)

    def decide(self, choice: str) -> Ruling:
        """The table's decision (``take_back`` or ``stand``) on the waiting ruling."""
        waiting = self.pending
        if not waiting:
            raise Refused("no ruling waits for a decision")
        index = waiting[0].event_index
        assert index is not None, "a pending ruling is on a recorded event"
        return self.ledger.decide(len(self.ledger.hands) - 1, index, choice)

    def step(self) -> Event | None:
        """One simulated seat acts by the advice; None when a person must act or the hand
        is over."""
        hand = self.hand
        if hand is None or self.person_to_act or self.to_act is None:
            return None
        event = advise(hand.state).event
        self._record(event)
        return event

    def advance(self) -> list[Event]:
        """Simulated seats act until a person must, or the hand is over."""
        events = []
        while (event := self.step()) is not None:
            events.append(event)
        return events
