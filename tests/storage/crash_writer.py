"""Records events into a database as fast as it can, printing each one once committed.

Run as ``python crash_writer.py DATABASE SEED``, or in a process of its own started by
:func:`main` (the crash test forks one for each kill, and kills it with SIGKILL). Each line is ``event <id>`` after an event's commit, or ``match <id> <events>`` after a
whole match (many rows in one transaction) was committed.
"""

from __future__ import annotations

import random
import sys
from typing import TextIO

from scorekeeper.events import play
from scorekeeper.storage import Store
from tests.storage.samples import euchre_info, two_hands

CARDS = ("9H", "10H", "JH", "QH", "KH", "AH", "9S", "10S", "JS", "QS", "KS", "AS")


def main(path: str, seed: int, out: TextIO = sys.stdout) -> None:
    rng = random.Random(seed)
    store = Store(path)
    match_id = store.create_match(euchre_info(f"Writer {seed}"))
    hand, in_hand = 0, 0
    print("ready", file=out, flush=True)
    while True:
        if rng.random() < 0.05:
            hands = two_hands() * rng.randint(1, 30)
            batch = store.create_match(euchre_info(f"Batch {seed}"), hands)
            print(f"match {batch} {sum(len(h.events) for h in hands)}", file=out, flush=True)
            continue
        if in_hand and rng.random() < 0.1:
            hand, in_hand = hand + 1, 0
        event_id = store.append_event(match_id, hand, hand % 4, play(hand % 4, rng.choice(CARDS)))
        in_hand += 1
        print(f"event {event_id}", file=out, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
