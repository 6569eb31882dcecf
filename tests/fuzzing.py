"""Random sequences of actions through the ledger and the store, and their invariants.

Each sequence starts a match of one game and takes random actions through the public
API: legal and illegal events, decisions, corrections, quick entries, answers, undo and
redo. After every action (:func:`verify`): nothing but ``Refused`` was raised, a refused
action changed nothing, the database reopens to an equal ledger, and the match exports
to a file that ``check`` reads and that re-imports to the same bytes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.adjudicator import Refused
from scorekeeper.cards import Card
from scorekeeper.events import KINDS, Event
from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.matchfile import dumps, match_document, parse_json, parse_match, replay
from scorekeeper.record import match_record
from scorekeeper.storage import Store

GAMES = ("sheepshead", "euchre", "spades", "california_jack")
PLAYERS = ("Ann", "Bob", "Cy", "Di", "Ed")
CHOICES = ("take_back", "stand", "maybe")


def _picks(rng: random.Random, count: int, low: int, high: int) -> list[int]:
    return [rng.randint(low, high) for _ in range(count)]


QUICK_DATA: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "euchre": lambda rng: {
        "makers": rng.randint(0, 1),
        "tricks": rng.randint(0, 5),
        "alone": rng.random() < 0.3,
    },
    "spades": lambda rng: {"bids": _picks(rng, 4, 0, 6), "tricks": _picks(rng, 4, 0, 6)},
    "sheepshead": lambda rng: rng.choice(
        [
            {
                "picker": rng.randint(0, 4),
                "partner": rng.randint(0, 4),
                "points": rng.randint(0, 120),
                "tricks": rng.randint(0, 6),
            },
            {"picker": rng.randint(0, 4), "alone": True, "points": rng.randint(0, 120)},
        ]
    ),
    "california_jack": lambda rng: {
        "card_points": _picks(rng, 2, 0, 40),
        "honours": [rng.sample(["high", "low", "jack", "game"], rng.randint(0, 2)), []],
    },
}
"""Well-typed quick-entry results per game (values may still be impossible)."""

ANSWERS: dict[str, Callable[[random.Random, dict[str, Any]], dict[str, Any]]] = {
    "schwanzer": lambda rng, question: {"schwanzer": _picks(rng, 5, 0, 8)},
    "partner": lambda rng, question: {
        "partner": rng.choice([*question["seats"], rng.randint(0, 4)])
    },
    "buried": lambda rng, question: {
        "buried": [Card.from_index(rng.randrange(52)).code for _ in range(2)]
    },
}


@dataclass
class Failure:
    step: int
    action: str
    problem: str


@dataclass
class Fuzzer:
    """One game's sequences: a ledger mirrored in a store."""

    game_id: str
    store: Store
    rng: random.Random
    failures: list[Failure] = field(default_factory=list)

    def new_match(self) -> None:
        game = get_game(self.game_id)
        rng = self.rng
        options = {option.id: rng.choice(option.choices) for option in game.options}
        settings = game.settings(rng.choice(game.presets).id, **options)
        self.info = MatchInfo(
            "Fuzz", self.game_id, settings, PLAYERS[: game.seats], self.rng.randrange(game.seats)
        )
        self.ledger = Ledger(self.info)
        self.match_id = self.store.create_match(self.info)
        self.saved: list[HandRecord] = []
        self.deals: list[Event] = []

    # -- actions -------------------------------------------------------------------

    def random_action(self) -> tuple[str, Callable[[], object]]:
        ledger, rng = self.ledger, self.rng
        roll = rng.random()
        if roll < 0.55:
            try:
                event = self._legal_event()  # may start the next hand, as the app does
            except Refused:
                event = self._random_event()
            return f"event {event.to_json()}", lambda: ledger.record(event)
        if roll < 0.62:
            event = self._random_event()
            return f"random event {event.to_json()}", lambda: ledger.record(event)
        if roll < 0.70:
            hand, index, choice = self._decision()
            return f"decide {hand}/{index} {choice}", lambda: ledger.decide(hand, index, choice)
        if roll < 0.78:
            hand, index, event, keep = self._correction()
            return (
                f"correct {hand}/{index} to {event.to_json()} keep={keep}",
                lambda: ledger.correct(hand, index, event, keep_after_end=keep),
            )
        if roll < 0.83:
            data = QUICK_DATA[self.game_id](rng)
            return f"quick {data}", lambda: ledger.quick(data)
        if roll < 0.88:
            data = self._answer()
            return f"answer {data}", lambda: ledger.answer(data)
        if roll < 0.95:
            return "undo", ledger.undo
        return "redo", ledger.redo

    def _legal_event(self) -> Event:
        log = self.ledger.current
        if not log.events:
            game = get_game(self.game_id)
            deals = game.deal(self.rng, self.info.settings, log.dealer)
            self.deals = deals if self.rng.random() < 0.5 else []
        if self.deals and len(log.events) < len(self.deals):
            return self.deals[len(log.events)]
        options = log.state.legal_events()
        if not options:
            return self._random_event()
        return self.rng.choice(options)

    def _random_event(self) -> Event:
        rng = self.rng
        game = get_game(self.game_id)
        cards = game.deck
        return Event(
            rng.choice((*KINDS[:-4], "play", "play", "play")),
            seat=rng.randrange(game.seats + 1),
            card=rng.choice(cards) if rng.random() < 0.8 else None,
            cards=tuple(rng.sample(cards, rng.randint(0, 3))),
            value=rng.choice([None, 0, 1, 3, "ace", "alone", "under"]),
        )

    def _decision(self) -> tuple[int, int, str]:
        rng, hands = self.rng, self.ledger.hands
        if hands and hands[-1].pending and rng.random() < 0.8:
            index = hands[-1].pending[0].event_index
            return len(hands) - 1, index, rng.choice(CHOICES[:2])
        hand = rng.randrange(len(hands) + 1)
        return hand, rng.randrange(8), rng.choice(CHOICES)

    def _correction(self) -> tuple[int, int, Event, bool]:
        rng, hands = self.rng, self.ledger.hands
        keep = rng.random() < 0.5
        if not hands:
            return 0, 0, self._random_event(), keep
        hand = rng.randrange(len(hands))
        events = hands[hand].events
        index = rng.randrange(len(events) + 1)
        old = events[index] if index < len(events) else self._random_event()
        if old.kind == "result":
            return hand, index, Event("result", data=QUICK_DATA[self.game_id](rng)), keep
        if old.card is not None and rng.random() < 0.7:
            card = rng.choice(get_game(self.game_id).deck)
            return hand, index, Event(old.kind, seat=old.seat, card=card), keep
        return hand, index, self._random_event(), keep

    def _answer(self) -> dict[str, Any]:
        question = self.ledger.question()
        if question is None:
            return {"partner": 1}
        return ANSWERS[question.question["answer"]](self.rng, question.question)

    # -- one step and its checks -----------------------------------------------------

    def step(self, number: int) -> None:
        ledger = self.ledger
        action, run = self.random_action()
        before = snapshot(ledger)  # after the action is chosen: choosing may start a hand
        try:
            run()
        except Exception as error:  # anything but a refusal is a finding
            if not isinstance(error, Refused):
                self.fail(number, action, f"{type(error).__name__}: {error}")
                self.new_match()
                return
            if snapshot(ledger) != before:
                self.fail(number, action, f"refused ({error}) but the ledger changed")
                self.new_match()
            return
        self.sync(number, action)

    def sync(self, number: int, action: str) -> None:
        """Write the change to the store, reopen it, export and re-import."""
        ledger = self.ledger
        records = ledger.records()
        first = next(
            (i for i, (a, b) in enumerate(zip(records, self.saved, strict=False)) if a != b),
            min(len(records), len(self.saved)),
        )
        try:
            if first < len(records) or len(records) != len(self.saved):
                self.store.replace_hands(self.match_id, first, records[first:])
            self.saved = records
            reopened = self.store.open_ledger(self.match_id)
            if snapshot(reopened, journal=False) != snapshot(ledger, journal=False):
                self.fail(number, action, "the reopened ledger differs")
            text = dumps(match_document(ledger.info, records))
            imported = replay(*parse_match(parse_json(text.encode())))
            match_record(imported)
            again = dumps(match_document(imported.info, imported.records()))
            if again != text:
                self.fail(number, action, "export, import and export again differ")
        except Exception as error:  # every failure is reported
            self.fail(number, action, f"{type(error).__name__}: {error}")
            self.new_match()

    def fail(self, number: int, action: str, problem: str) -> None:
        self.failures.append(Failure(number, action, problem))


def snapshot(ledger: Ledger, journal: bool = True) -> tuple:
    """What must be equal between a ledger and its copy: events, rulings, totals."""
    state = (
        ledger.records(),
        ledger.violations(),
        [score.totals for score in ledger.scores],
        ledger.hands_after_end,
    )
    if journal:
        state += (ledger._journal[:], ledger._redo[:], len(ledger._parked))
    return state


def run(game_id: str, store: Store, seed: int, sequences: int, steps: int) -> list[Failure]:
    """``sequences`` matches of ``steps`` random actions each; the failures found."""
    fuzzer = Fuzzer(game_id, store, random.Random(seed))
    for _ in range(sequences):
        fuzzer.new_match()
        for number in range(steps):
            fuzzer.step(number)
    return fuzzer.failures
