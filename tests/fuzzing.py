"""Random sequences of actions through the ledger and the store, and their invariants.

Each sequence starts a match of one game and takes random actions through the public
API: legal and illegal events, decisions, corrections, quick entries, answers, undo and
redo. After every action (:func:`verify`): nothing but ``Refused`` was raised, a refused
action changed nothing, the database reopens to an equal ledger, and the match exports
to a file that ``check`` reads and that re-imports to the same bytes.

Each sequence has its own seed, so a failure is replayed alone. The long run spreads the
sequences over worker processes::

    python -m tests.fuzzing --game spades --sequences 100000 --workers 2
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper.adjudicator import Refused
from scorekeeper.events import Event
from scorekeeper.games import GAME_MODULES, event_actions, get_game
from scorekeeper.games.actions import FIELDS
from scorekeeper.games.base import Game
from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.matchfile import dumps, match_document, parse_json, parse_match, replay
from scorekeeper.record import check_lines, match_record
from scorekeeper.storage import Store
from tests.checked import streamed_output, whole_output

GAMES = tuple(GAME_MODULES)
PLAYERS = ("Ann", "Bob", "Cy", "Di", "Ed")
CHOICES = ("take_back", "stand", "maybe")
RANDOM_KINDS = tuple(
    kind
    for kind, declared in event_actions().items()
    if all(action.takes != FIELDS for action in declared) and kind != "decision"
)
"""The kinds a random event is of: every declared kind but those of data and decisions."""
ACTIONS = (
    "event",
    "random event",
    "decide",
    "correct",
    "quick",
    "answer",
    "undo",
    "redo",
    "reopen",
)
MIXES = (
    (55, 7, 8, 8, 5, 5, 7, 5, 3),  # at the table: hands played card by card
    (55, 7, 8, 8, 5, 5, 7, 5, 3),
    (0, 2, 4, 25, 50, 4, 9, 6, 3),  # results entered: many hands, the game's end, corrections
)
"""Each sequence's weights of the actions: two in three play at the table, one in three
mostly enters results and corrects them. ``reopen`` goes on with the match as the
database gives it back (as when the app opens it again)."""
STEPS = 24
"""Actions per sequence: see :func:`main`'s help and the coverage test."""
BATCH = 200
"""Sequences a worker runs in one go (one database each)."""


def _choose(rng: random.Random, choices: Sequence[Any]) -> Any:
    """A house option's value; a number is often the lowest above 0 (a short game whose
    end is soon reached)."""
    numbers = [c for c in choices if type(c) is int and c > 0]
    if numbers and rng.random() < 0.3:
        return min(numbers)
    return rng.choice(choices)


@dataclass
class Failure:
    seed: int
    step: int
    action: str
    problem: str


@dataclass
class Fuzzer:
    """One game's sequences: a ledger mirrored in a store."""

    game_id: str
    store: Store
    rng: random.Random = field(default_factory=random.Random)
    seed: int = 0
    failures: list[Failure] = field(default_factory=list)
    reached: Counter[str] = field(default_factory=Counter)
    """In how many sequences each kind of state was reached (see :meth:`note`)."""

    @property
    def game(self) -> Game[Any]:
        return get_game(self.game_id)

    def sequence(self, seed: int, steps: int) -> None:
        """One match of ``steps`` random actions, from its own seed."""
        self.seed = seed
        self.rng = random.Random(f"{self.game_id} {seed}")
        self.seen: set[str] = set()
        self.new_match()
        for number in range(steps):
            self.step(number)
        self.import_export(steps)
        self.reached.update(self.seen)

    def new_match(self) -> None:
        game = self.game
        rng = self.rng
        self.mix = rng.choice(MIXES)
        options = {option.id: _choose(rng, option.choices) for option in game.options}
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
        action = rng.choices(ACTIONS, self.mix)[0]
        if ledger.question() is not None and rng.random() < 0.5:
            action = "answer"  # the hand waits for it
        if action in ("event", "random event"):
            event = self._random_event()
            if action == "event":  # the game over, the random event is to be refused
                with contextlib.suppress(Refused):
                    event = self._legal_event()  # may start the next hand, as the app does
            return f"{action} {event.to_json()}", lambda: ledger.record(event)
        if action == "decide":
            hand, index, choice = self._decision()
            return f"decide {hand}/{index} {choice}", lambda: ledger.decide(hand, index, choice)
        if action == "correct":
            hand, index, event, keep = self._correction()
            return (
                f"correct {hand}/{index} to {event.to_json()} keep={keep}",
                lambda: ledger.correct(hand, index, event, keep_after_end=keep),
            )
        if action == "quick":
            data = self.game.samples.random_quick(rng, self.info.settings)
            return f"quick {data}", lambda: ledger.quick(data)
        if action == "answer":
            data = self._answer()
            return f"answer {data}", lambda: ledger.answer(data)
        if action == "reopen":
            return action, self.reopen
        return action, ledger.undo if action == "undo" else ledger.redo

    def reopen(self) -> None:
        self.ledger = self.store.open_ledger(self.match_id)

    def _legal_event(self) -> Event:
        log = self.ledger.current
        if not log.events:
            game = self.game
            deals = game.deal(self.rng, self.info.settings, log.dealer)
            seen = self.rng.choice((1.0, 0.5, 0.0))  # the whole deal on record, half, none
            self.deals = [deal for deal in deals if self.rng.random() < seen]
        unseen = [deal for deal in self.deals if deal not in log.events]
        if unseen and all(event in self.deals for event in log.events):
            return unseen[0]
        options = log.state.legal_events()
        if not options:
            return self._random_event()
        return self.rng.choice(options)

    def _random_event(self) -> Event:
        rng = self.rng
        game = self.game
        cards = game.deck
        return Event(
            rng.choice((*RANDOM_KINDS, "play", "play", "play")),
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
        recorded = [number for number, log in enumerate(hands) if log.events]
        if not recorded:
            return 0, 0, self._random_event(), keep
        hand = rng.choice(recorded)
        events = hands[hand].events
        index = rng.randrange(len(events) + (rng.random() < 0.1))  # now and then, past the end
        old = events[index] if index < len(events) else self._random_event()
        if old.kind == "result":
            return (
                hand,
                index,
                Event("result", data=self.game.samples.random_quick(rng, self.info.settings)),
                keep,
            )
        if old.card is not None and rng.random() < 0.7:
            card = rng.choice(self.game.deck)
            return hand, index, Event(old.kind, seat=old.seat, card=card), keep
        return hand, index, self._random_event(), keep

    def _answer(self) -> dict[str, Any]:
        question = self.ledger.question()
        if question is None:
            return {"partner": 1}
        return self.game.samples.random_answer(self.rng, question.question)

    # -- one step and its checks -----------------------------------------------------

    def step(self, number: int) -> None:
        ledger = self.ledger
        action, run = self.random_action()
        before = snapshot(ledger)  # after the action is chosen: choosing may start a hand
        try:
            run()
        except Exception as error:  # anything but a refusal is a finding
            self.seen.add("refused")
            if not isinstance(error, Refused):
                self.fail(number, action, f"{type(error).__name__}: {error}")
                self.new_match()
                return
            if snapshot(ledger) != before:
                self.fail(number, action, f"refused ({error}) but the ledger changed")
                self.new_match()
            return
        self.note(action)
        self.sync(number, action)

    def note(self, action: str) -> None:
        """Name the states an accepted action reached, for the coverage test."""
        ledger, seen = self.ledger, self.seen
        seen.add(action.split()[0])
        if action.startswith("correct"):
            hand = int(action.split()[1].split("/")[0])
            seen.add("correct an earlier hand" if hand < len(ledger.hands) - 1 else "correct")
        if ledger.game_over:
            seen.add("game over")
        if ledger.hands_after_end:
            seen.add("hands after the end")
        if ledger.question() is not None:
            seen.add("needs an answer")
        events = ledger.hands[-1].events if ledger.hands else []
        if events and events[-1].kind == "draw" and action.startswith("event"):
            dealt = any(e.kind == "deal" and e.seat == events[-1].seat for e in events)
            seen.add("draw into a seen hand" if dealt else "draw into an unseen hand")

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
            check_lines(match_record(imported))  # what `check` prints
            again = dumps(match_document(imported.info, imported.records()))
            if again != text:
                self.fail(number, action, "export, import and export again differ")
        except Exception as error:  # every failure is reported
            self.fail(number, action, f"{type(error).__name__}: {error}")
            self.new_match()

    def check_streams(self, number: int, text: str, imported: Ledger) -> None:
        """What ``check`` prints of the file ``text`` (and ``--json``), as it replays the
        file hand by hand, is what the whole match gives."""
        for as_json in (False, True):
            if streamed_output(parse_json(text.encode()), as_json) != whole_output(
                imported, as_json
            ):
                self.fail(number, "check", "check as it streams differs from the whole match")

    def import_export(self, number: int) -> None:
        """The match's export, imported, reopens from the database as the file reads."""
        stored = self.store.load(self.match_id)
        document = match_document(stored.info, stored.hands)
        imported = replay(*parse_match(document))
        self.check_streams(number, dumps(document), imported)
        match_id = self.store.import_ledger(imported)
        try:
            reopened = self.store.open_ledger(match_id)
            if snapshot(reopened, journal=False) != snapshot(imported, journal=False):
                self.fail(number, "import the export", "the imported match reopens otherwise")
        finally:
            self.store.delete(match_id)

    def fail(self, number: int, action: str, problem: str) -> None:
        self.failures.append(Failure(self.seed, number, action, problem))


def snapshot(ledger: Ledger, journal: bool = True) -> tuple:
    """What must be equal between a ledger and its copy: events, rulings (folded: which
    hands are over), totals."""
    state = (
        ledger.records(),
        ledger.violations(),
        [log.is_over for log in ledger.hands],
        [score.totals for score in ledger.scores],
        ledger.hands_after_end,
    )
    if journal:
        state += (ledger._journal[:], ledger._redo[:], len(ledger._parked))
    return state


def run(game_id: str, store: Store, seed: int, sequences: int, steps: int) -> Fuzzer:
    """Sequences ``seed`` to ``seed + sequences - 1`` of ``steps`` random actions each;
    the fuzzer holds the failures found and the states reached."""
    fuzzer = Fuzzer(game_id, store)
    for number in range(seed, seed + sequences):
        fuzzer.sequence(number, steps)
    return fuzzer


def scratch_folder() -> str | None:
    """Where the runs keep their database: in memory when the system offers a folder
    there (the fuzz checks the ledger and the store, not the disk's syncing)."""
    memory = Path("/dev/shm")
    return str(memory) if memory.is_dir() and os.access(memory, os.W_OK) else None


@dataclass
class Batch:
    """Some sequences of one game, run by one worker."""

    game_id: str
    seed: int
    sequences: int
    steps: int

    def __call__(self) -> tuple[Batch, list[Failure], Counter[str]]:
        with (
            tempfile.TemporaryDirectory(dir=scratch_folder()) as folder,
            Store(Path(folder) / "fuzz.sqlite3") as store,
        ):
            fuzzer = run(self.game_id, store, self.seed, self.sequences, self.steps)
        return self, fuzzer.failures, fuzzer.reached


def _run_batch(batch: Batch) -> tuple[Batch, list[Failure], Counter[str]]:
    return batch()


def run_parallel(
    games: Sequence[str],
    sequences: int,
    steps: int,
    workers: int,
    seed: int = 0,
    say: Callable[[str], None] = print,
) -> dict[str, list[Failure]]:
    """``sequences`` sequences of each game, seeds partitioned into batches over
    ``workers`` processes; progress, speed and every failure are said as they come."""
    size = max(1, min(BATCH, sequences // workers))
    batches = [  # the games in turn, so that a run cut short has tried each alike
        Batch(game_id, first, min(size, seed + sequences - first), steps)
        for first in range(seed, seed + sequences, size)
        for game_id in games
    ]
    failures: dict[str, list[Failure]] = {game_id: [] for game_id in games}
    done: Counter[str] = Counter()
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        for batch, found, _ in pool.map(_run_batch, batches):
            done[batch.game_id] += batch.sequences
            failures[batch.game_id] += found
            for failure in found:
                say(f"FAILURE {batch.game_id} {failure}")
            spent = time.perf_counter() - start
            total = sum(done.values())
            say(
                f"{spent:7.0f} s  {batch.game_id} {done[batch.game_id]}/{sequences}  "
                f"all {total}/{sequences * len(games)}  {total / spent:.1f} sequences/s  "
                f"failures {sum(map(len, failures.values()))}"
            )
    return failures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run random action sequences in parallel.")
    parser.add_argument("--game", action="append", choices=GAMES, help="default: every game")
    parser.add_argument("--sequences", type=int, default=1000, help="per game")
    parser.add_argument("--steps", type=int, default=STEPS, help="actions per sequence")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0, help="the first sequence's seed")
    options = parser.parse_args(argv)
    games = options.game or GAMES
    start = time.perf_counter()
    failures = run_parallel(games, options.sequences, options.steps, options.workers, options.seed)
    spent = time.perf_counter() - start
    count = sum(map(len, failures.values()))
    print(f"{count} failures in {options.sequences * len(games)} sequences, {spent:.0f} s")
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main())
