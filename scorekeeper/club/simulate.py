"""A rehearsal table: random legal hands recorded as the app records them, with take-backs
and corrections, into a match database that has joined a club night; its worker pushes.

Used to rehearse a night before the players come (``python -m scorekeeper.club.simulate``),
by the suite's simulated club night and by ``benchmarks/club.py``. Prints, as JSON, what
the table's own ledger says: each player's points, cents and games won, and the last
revision of every hand.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from scorekeeper.adjudicator import Refused
from scorekeeper.club.outbox import Outbox
from scorekeeper.club.sync import SyncWorker
from scorekeeper.club.table import join
from scorekeeper.events import Event
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.money import point_value
from scorekeeper.storage import Store

GAMES = tuple(GAME_MODULES)
"""The games a table without one given plays, one by the table number."""
ODD_NAMES = ("Robert'); DROP TABLE club.hands;--", '<b>Ann</b> & "Jo"', "Zoë 🂡", "O'Brien")


class Table:
    """One table's ledger mirrored into its store, as the app's session does."""

    def __init__(self, store: Store, info: MatchInfo) -> None:
        self.store = store
        self.ledger = Ledger(info)
        self.match_id = store.create_match(info)

    def record(self, event: Event) -> None:
        self.ledger.record(event)
        number = len(self.ledger.hands) - 1
        log = self.ledger.hands[number]
        self.store.append_event(self.match_id, number, log.dealer, log.events[-1])

    def take_back(self) -> None:
        self.ledger.undo()
        self.store.remove_last_event(self.match_id)

    def correct_last(self, rng: random.Random, options: list[Event]) -> bool:
        """A mis-keyed event: the last one is corrected to another of the ``options`` that
        were legal in its place; kept only if no ruling then waits for the table."""
        number = len(self.ledger.hands) - 1
        log = self.ledger.hands[number]
        others = [event for event in options if event != log.events[-1]]
        if not others or log.is_over:
            return False
        try:
            self.ledger.correct(number, len(log.events) - 1, rng.choice(others))
        except Refused:
            return False
        if log.pending:
            self.ledger.undo()
            return False
        self.store.append_event(self.match_id, number, log.dealer, log.events[-1])
        return True

    def play_hand(self, rng: random.Random, take_back_rate: float, correct_rate: float) -> None:
        """Deal and play a hand to its end; after an event, now and then take it back or
        correct it."""
        game, settings = self.ledger.game, self.ledger.settings
        for event in game.deal(rng, settings, self.ledger.next_dealer):
            self.record(event)
        while not self.ledger.hands[-1].is_over:
            options = self.ledger.hands[-1].state.legal_events()
            self.record(options[rng.randrange(len(options))])
            if self.ledger.hands[-1].is_over:
                break
            if rng.random() < take_back_rate:
                self.take_back()
            elif rng.random() < correct_rate:
                self.correct_last(rng, options)


def players(rng: random.Random, table: int, seats: int, odd: bool) -> tuple[str, ...]:
    names = [f"Table {table} player {seat + 1}" for seat in range(seats)]
    if odd:
        names[rng.randrange(seats)] = f"{rng.choice(ODD_NAMES)} ({table})"
    return tuple(names)


def ledger_summary(ledger: Ledger) -> dict[str, dict[str, int]]:
    """Each player's points, cents and games won, from the ledger's own scores."""
    cents = point_value(ledger)
    names = ledger.info.players
    summary = {name: {"points": 0, "cents": 0, "won": 0} for name in names}
    for score in ledger.scores:
        for side, seats in enumerate(ledger.sides):
            for seat in seats:
                summary[names[seat]]["points"] += score.points[side]
                summary[names[seat]]["cents"] += score.points[side] * cents
                summary[names[seat]]["won"] += int(score.game_over and side in score.winners)
    return summary


def rehearse(
    database: Path,
    code: str,
    hands: int,
    seed: int,
    take_back_rate: float = 0.05,
    correct_rate: float = 0.05,
    wait: float = 120,
    names: tuple[str, ...] = (),
    game_id: str | None = None,
) -> dict[str, Any]:
    """Join, play ``hands`` hands with take-backs and corrections while the worker pushes,
    wait until everything is pushed (or ``wait`` seconds), and say what the ledger holds.
    ``names`` and ``game_id`` seat given players at a given game (a tournament's draw)."""
    rng = random.Random(seed)
    folder = Path(database).parent
    joined = join(database, code, folder)
    worker = SyncWorker(database, folder, poll=0.2)
    worker.start()
    store = Store(database)
    game = get_game(game_id or GAMES[joined.table % len(GAMES)])
    info = MatchInfo(
        f"Round {joined.round}, table {joined.table}",
        game.id,
        game.settings(),
        names or players(rng, joined.table, game.seats, odd=joined.table % 3 == 0),
    )
    table = Table(store, info)
    outbox = Outbox(database)
    outbox.tag(table.match_id)
    start = time.perf_counter()
    for _ in range(hands):
        if table.ledger.game_over:  # a round that is a game ends with it
            break
        table.play_hand(rng, take_back_rate, correct_rate)
        worker.nudge()
    deadline = time.monotonic() + wait
    while outbox.waiting() and time.monotonic() < deadline:
        worker.nudge()
        time.sleep(0.05)
    elapsed = time.perf_counter() - start
    worker.stop()
    revisions = {str(n): outbox.revision(table.match_id, n) for n in range(len(table.ledger.hands))}
    tagged = outbox.tagged(table.match_id)
    assert tagged is not None  # the table tagged its match when it joined
    result = {
        "match": tagged[0],
        "players": ledger_summary(table.ledger),
        "revisions": revisions,
        "waiting": outbox.waiting(),
        "sent": worker.sent,
        "seconds": elapsed,
    }
    outbox.close()
    store.close()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("database", type=Path)
    parser.add_argument("code")
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--take-back-rate", type=float, default=0.05)
    parser.add_argument("--game", help="the game's id (by default one by the table number)")
    parser.add_argument("--player", action="append", default=[], help="a seat's player, in order")
    args = parser.parse_args(argv)
    result = rehearse(
        args.database,
        args.code,
        args.hands,
        args.seed,
        args.take_back_rate,
        names=tuple(args.player),
        game_id=args.game,
    )
    json.dump(result, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
