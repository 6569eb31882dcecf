"""The table of round-robin charts per player count that ``docs/club.md`` prints:
how many rounds, partner repeats, how often two players meet as opponents, byes.

``python -m scorekeeper.club.formats.movement_table`` prints it."""

from __future__ import annotations

from scorekeeper.club.formats.round_robin import round_robin
from scorekeeper.club.formats.schedule import report

COUNTS = range(8, 49)
NIGHT = 8  # rounds in a usual evening
METHODS = {"whist-design": "whist design", "searched": "searched"}


def movement_table(counts: range = COUNTS) -> str:
    lines = [
        "| Players | Tables | Chart | Rounds | Partner repeats | Opponents meet (times) "
        f"| Byes per player | In {NIGHT} rounds: opponents meet |",
        "|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for players in counts:
        whole = round_robin(players)
        full = report(whole)
        night = report(round_robin(players, min(NIGHT, full.rounds)))
        lines.append(
            f"| {players} | {players // 4} | {METHODS[whole.method]} | {full.rounds} "
            f"| {full.partner_repeats} | {full.opponents_min}–{full.opponents_max} "
            f"| {full.byes_min}–{full.byes_max} | {night.opponents_min}–{night.opponents_max} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(movement_table(), end="")
