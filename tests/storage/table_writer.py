"""A table's laptop in a club night, as far as its match database sees it.

Run as ``python table_writer.py DATABASE SEED``. It holds exactly the stores the app and a
club table hold at once: the app's :class:`Store`, the sync worker's ``Outbox`` and
``Store`` (a :class:`Pusher`, which connects to the club only when it pushes), and the
window's short-lived ``Outbox`` looks; it records, undoes and redoes as the app does (each
action with its undo step), and also rewrites hands in one transaction. For each ``go`` line on standard input it makes one
change and prints ``doing <change as JSON>`` before it and ``done`` once it returned, so
that whoever reads the lines knows every change the writer reported done, and the one it
may have been in the middle of. ``quit`` closes everything and exits.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from scorekeeper.club.joincode import JoinCode
from scorekeeper.club.outbox import Outbox
from scorekeeper.club.sync import Pusher
from scorekeeper.events import Event
from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord
from scorekeeper.storage import Store
from tests.storage.samples import euchre_info

CODE = JoinCode("127.0.0.1", 5432, "club", "friday", "table_1", "secret", table=1)
FIRST_DEALER = euchre_info().first_dealer


def result(rng: random.Random) -> Event:
    return Event("result", data={"makers": rng.randrange(2), "tricks": rng.randint(0, 5)})


def dealer(hand: int) -> int:
    return (FIRST_DEALER + hand) % 4


class Writer:
    def __init__(self, path: Path, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.store = Store(path)  # the app's
        self.pusher = Pusher(path, path.parent)  # the club table's worker: an Outbox and a Store
        self.path = path
        if self.pusher.outbox.link() is None:
            self.pusher.outbox.join(CODE, 1)
        self.made = 0

    def matches(self) -> dict[str, int]:
        return {m.name: m.id for m in self.store.matches(archived=None) if m.name[0] == "W"}

    def hands(self, match_id: int) -> int:
        return len(self.store.load(match_id).hands)

    def step(self) -> None:
        matches = self.matches()
        if not matches or self.rng.random() < 0.08:
            self.made += 1
            name = f"W{self.seed}-{self.made}"
            self.act({"op": "create", "match": name}, lambda: self.create(name))
            return
        name = self.rng.choice(sorted(matches))
        match_id = matches[name]
        hands = self.hands(match_id)
        roll = self.rng.random()
        undone = [step for step in self.store.undo_steps(match_id) if not step.done]
        if roll < 0.4 or not hands:  # the app records an action (and its undo step)
            event = result(self.rng)
            change = {"op": "append", "match": name, "hand": hands, "event": event.to_json()}
            self.act(change, lambda: self.append(match_id, hands, event))
        elif roll < 0.5:
            change = {"op": "undo", "match": name}
            self.act(change, lambda: self.store.undo_step(match_id))
        elif roll < 0.6 and undone:
            step = undone[0]
            change = {
                "op": "append",
                "match": name,
                "hand": step.hand,
                "event": step.event.to_json(),
            }
            self.act(change, lambda: self.store.redo_step(match_id))
        elif roll < 0.7:
            hand, event = self.rng.randrange(hands), result(self.rng)
            change = {"op": "replace", "match": name, "hand": hand, "event": event.to_json()}
            self.act(change, lambda: self.store.replace_event(match_id, hand, 0, event))
        elif roll < 0.8:
            first = self.rng.randrange(hands)
            events = [result(self.rng) for _ in range(self.rng.randint(1, 3))]
            records = [HandRecord(dealer(first + n), [e]) for n, e in enumerate(events)]
            change = {
                "op": "rewrite",
                "match": name,
                "first": first,
                "events": [e.to_json() for e in events],
            }
            self.act(change, lambda: self.store.replace_hands(match_id, first, records))
        elif roll < 0.88:  # opening a match keeps its hands' outcomes
            self.act({"op": "open", "match": name}, lambda: self.store.open_ledger(match_id))
        elif roll < 0.95:  # the window looks whether the table is in a club night
            self.act({"op": "look"}, self.look)
        else:  # the worker marks what it pushed
            outbox = self.pusher.outbox
            self.act({"op": "pushed"}, lambda: outbox.mark_pushed(outbox.pending()))

    def create(self, name: str) -> None:
        match_id = self.store.create_match(euchre_info(name))
        self.pusher.outbox.tag(match_id)

    def append(self, match_id: int, hand: int, event: Event) -> None:
        """Record a hand's result with its outcome, as the app's session keeps it."""
        stored = self.store.load(match_id)
        ledger = Ledger(stored.info, [*stored.hands, HandRecord(dealer(hand), [event])])
        self.store.record_step(match_id, hand, dealer(hand), event, ledger.outcome(hand))

    def look(self) -> None:
        outbox = Outbox(self.path)
        try:
            outbox.link()
        finally:
            outbox.close()

    @staticmethod
    def act(change: dict[str, Any], do: Any) -> None:
        print("doing", json.dumps(change), flush=True)
        do()
        print("done", flush=True)

    def close(self) -> None:
        self.pusher.close()
        self.store.close()


def main(path: str, seed: int) -> None:
    writer = Writer(Path(path), seed)
    print("ready", flush=True)
    for line in sys.stdin:
        if line.strip() == "quit":
            break
        writer.step()
    writer.close()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
