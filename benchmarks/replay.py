"""Replay speed: a match file whose one hand holds 8,000 corrections, checked as
``scorekeeper check`` does (read, replay every event, report). A stored log is folded
once per run of corrections, so the time grows with the file, not with its square."""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.match import HandRecord, MatchInfo
from scorekeeper.matchfile import load_match, write_match
from scorekeeper.playout import play_hand
from scorekeeper.record import check_lines, match_record

CORRECTIONS = 8_000


def corrected_hand() -> tuple[MatchInfo, list[HandRecord]]:
    """A Euchre hand played card by card, its first play corrected back and forth."""
    game = get_game("euchre")
    settings = game.settings()
    _, events = play_hand(game, settings, random.Random(3), 0)
    first = next(index for index, event in enumerate(events) if event.kind == "play")
    play = events[first]
    other = Event("play", seat=play.seat, card=play.card)
    events += [Event("correction", ref=first, data=other.to_json())] * CORRECTIONS
    info = MatchInfo("Corrected", "euchre", settings, ("A", "B", "C", "D"))
    return info, [HandRecord(0, events)]


def main() -> int:
    info, hands = corrected_hand()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "corrections.json"
        write_match(path, info, hands)
        start = time.perf_counter()
        ledger = load_match(path)
        check_lines(match_record(ledger))
        seconds = time.perf_counter() - start
    if len(ledger.hands[0].events) != len(hands[0].events) or not ledger.hands[0].is_over:
        raise AssertionError("the corrected hand did not replay")
    bench("check_8000_corrections_s", seconds, "target <= 1")
    return 0


if __name__ == "__main__":
    sys.exit(main())
