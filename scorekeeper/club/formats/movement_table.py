"""The table of round-robin charts per player count that ``docs/club.md`` prints: the
whole chart and an 8-round night, each with its partner repeats and how often two
players meet as opponents beside the fewest that counting allows.

``python -m scorekeeper.club.formats.movement_table`` prints it;
``python -m scorekeeper.club.formats.movement_table --write docs/club.md`` puts it in
place of the table already there."""

from __future__ import annotations

import sys
from pathlib import Path

from scorekeeper.club.formats.charts import NIGHT
from scorekeeper.club.formats.round_robin import NIGHT_CHART, fewest_meetings, round_robin
from scorekeeper.club.formats.schedule import Report, report

COUNTS = range(8, 65)
BEGIN = "<!-- movement table: made by scorekeeper.club.formats.movement_table -->"
END = "<!-- end of movement table -->"


def movement_table(counts: range = COUNTS) -> str:
    lines = [
        "| Players | Tables | Sit out | Whole chart | Rounds | Partner repeats "
        "| Opponents meet (fewest possible most) | Byes each "
        f"| {NIGHT}-round night | Partner repeats | Opponents meet (fewest possible most) |",
        "|---:|---:|---:|---|---:|---:|---:|---:|---|---:|---:|",
    ]
    for players in counts:
        whole = round_robin(players)
        night = round_robin(players, NIGHT)
        full, evening = report(whole), report(night)
        lines.append(
            f"| {players} | {players // 4} | {players % 4} | {whole.method} "
            f"| {full.rounds} | {full.partner_repeats} | {_meetings(full)} "
            f"| {full.byes_min}–{full.byes_max} "
            f"| {'night chart' if night.method == NIGHT_CHART else 'whole chart'} "
            f"| {evening.partner_repeats} | {_meetings(evening)} |"
        )
    return "\n".join(lines) + "\n"


def _meetings(found: Report) -> str:
    fewest = fewest_meetings(found.players, found.rounds)
    return f"{found.opponents_min}–{found.opponents_max} ({fewest})"


def documented(text: str) -> str:
    """The table as ``text`` (a document) has it, between its markers."""
    return text.split(BEGIN + "\n", 1)[1].split(END, 1)[0]


def rewritten(text: str) -> str:
    """``text`` with the table between its markers made anew."""
    before, rest = text.split(BEGIN + "\n", 1)
    return before + BEGIN + "\n" + movement_table() + END + rest.split(END, 1)[1]


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"]:
        path = Path(sys.argv[2])
        path.write_text(rewritten(path.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        print(movement_table(), end="")
