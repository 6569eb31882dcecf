"""``scorekeeper check`` on a long match file: 250,000 Euchre hands entered as results.

The file is made here, the same every run, about 16 MB (under the 20 MB a match file may
be): every hand is entered by its result, most of them all passed, with a scoring hand
every 12,500 hands, so the game ends near hand 237,500 and the last hands stay on record
after its end. The real command runs on it in a child process, alone, stdout to nowhere.

``check_250k_quick_hands_s``: its time (wall clock; the comment gives its CPU time and the
machine's load, which a shared machine adds to the wall clock).
``check_250k_peak_mib``: its peak memory, the child's maximum resident set size.
``check_250k_json_s`` and ``check_250k_json_peak_mib``: the same for ``check --json``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench

HANDS = 250_000
PASSED = {"passed": True}
RESULTS = (
    {"makers": 0, "tricks": 3},
    {"makers": 1, "tricks": 3, "trump": "hearts"},
    {"makers": 0, "tricks": 4, "maker": 2, "trump": "spades"},
    {"makers": 1, "tricks": 3, "maker": 1},
)
"""The scoring hands in turn: one point each, so the sides reach 10 together."""

_MEASURE = """
import resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
wall = time.perf_counter() - start
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(code, wall, used.ru_utime + used.ru_stime, used.ru_maxrss)
"""
"""Runs a command as its only child: ``RUSAGE_CHILDREN`` is then that command's alone."""


def match_text(hands: int) -> str:
    """A valid Euchre match file of ``hands`` hands entered as results (compact JSON): a
    scoring hand every twentieth of the match, the others all passed."""
    every = max(hands // 20, 1)
    results = [
        RESULTS[number // every % len(RESULTS)] if number % every == every - 1 else PASSED
        for number in range(hands)
    ]
    document = {
        "format": "scorekeeper-match",
        "version": 1,
        "name": f"{hands:,} hands",
        "game": "euchre",
        "preset": "standard",
        "players": ["Ann", "Ben", "Cy", "Di"],
        "first_dealer": 0,
        "played_on": "2024-05-04",
        "hands": [
            {"dealer": number % 4, "events": [{"kind": "result", "data": result}]}
            for number, result in enumerate(results)
        ],
    }
    return json.dumps(document, separators=(",", ":"))


def check_command(path: Path, *options: str) -> list[str]:
    """``scorekeeper check`` as the command line runs it."""
    return [sys.executable, "-m", "scorekeeper.cli", "check", str(path), *options]


def measured(command: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak MiB of ``command``, run alone in a child."""
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, *command], capture_output=True, text=True, check=True
    )
    code, wall, cpu, peak_kib = out.stdout.split()
    if int(code) not in (0, 1):
        raise AssertionError(f"check could not use the file (exit {code})")
    return float(wall), float(cpu), int(peak_kib) / 1024


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "quick_250k.json"
        path.write_text(match_text(HANDS), encoding="utf-8")
        size = f"{path.stat().st_size / 2**20:.1f} MB file"
        load = os.getloadavg()[0]
        wall, cpu, peak = measured(check_command(path))
        bench(
            "check_250k_quick_hands_s",
            wall,
            f"target <= 10; CPU {cpu:.1f} s; load average {load:.1f}; {size}",
        )
        bench("check_250k_peak_mib", peak, "target <= 500")
        wall, cpu, peak = measured(check_command(path, "--json"))
        bench("check_250k_json_s", wall, f"CPU {cpu:.1f} s")
        bench("check_250k_json_peak_mib", peak, "target <= 500")
    return 0


if __name__ == "__main__":
    sys.exit(main())
