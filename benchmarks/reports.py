"""Score sheet speed: a 1,000-hand match, and the same rows as a bare ReportLab table;
a 5,000-hand sheet's time and the peak memory of the process that makes it."""

from __future__ import annotations

import io
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

from benchmarks.common import bench
from scorekeeper.record import report_hands
from scorekeeper.reports import score_sheet_bytes
from scorekeeper.reports.fonts import FONT, register_fonts
from scorekeeper.reports.sheet import ROW_SIZE, hand_words, short_names
from tests.reports.matches import california_jack_series

HANDS = 1000
LONG_HANDS = 5000


def bare_table(ledger) -> bytes:
    """The hand rows as plain strings in one ReportLab table, same font, no extras."""
    names = short_names(ledger)
    rows = [
        [
            "#",
            "Dealer",
            "What happened",
            *(f"{s} {t}" for s in ledger.side_names for t in ("hand", "total")),
        ]
    ]
    for hand in report_hands(ledger):
        index = hand.number
        row = [str(index + 1), names[ledger.hands[index].dealer], hand_words(ledger, hand, names)]
        for points, total in zip(hand.points, hand.totals, strict=True):
            row += [f"{points:+d}", str(total)]
        rows.append(row)
    buffer = io.BytesIO()
    style = TableStyle([("FONT", (0, 0), (-1, -1), FONT, ROW_SIZE)])
    SimpleDocTemplate(buffer).build([Table(rows, repeatRows=1, style=style)])
    return buffer.getvalue()


def best_of(works, runs: int = 5) -> list[float]:
    """The best time of each piece of work, runs interleaved so load hits both alike."""
    best = [float("inf")] * len(works)
    for _ in range(runs):
        for index, work in enumerate(works):
            start = time.perf_counter()
            work()
            best[index] = min(best[index], time.perf_counter() - start)
    return best


def long_sheet(hands: int, runs: int = 3) -> dict[str, float]:
    """Make the sheet of a ``hands``-hand match in this process: the best of ``runs`` in
    seconds and in CPU seconds (what a busy shared machine leaves out), and the process's
    peak resident memory in MB (the match itself included)."""
    register_fonts()
    ledger = california_jack_series(hands)
    ledger.scores  # noqa: B018 - score the match before timing the report
    seconds = cpu = float("inf")
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        score_sheet_bytes(ledger)
        seconds = min(seconds, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"seconds": seconds, "cpu": cpu, "peak_mb": peak_kb / 1024}


def main() -> None:
    if sys.argv[1:2] == ["--long"]:
        print(json.dumps(long_sheet(LONG_HANDS)))
        return
    register_fonts()
    ledger = california_jack_series(HANDS)
    ledger.scores  # noqa: B018 - score the match before timing the report
    sheet, bare = best_of([lambda: score_sheet_bytes(ledger), lambda: bare_table(ledger)])
    bench("pdf_1000_hands_s", sheet, "s, whole score sheet of a 1,000-hand match")
    bench("pdf_vs_bare_reportlab", sheet / bare, "ratio to the hand rows as a bare table")
    # a fresh process, so that the peak memory is this sheet's alone
    out = subprocess.run(
        [sys.executable, __file__, "--long"], capture_output=True, text=True, check=True
    )
    long = json.loads(out.stdout)
    bench("pdf_5000_hands_s", long["seconds"], "s, score sheet of a 5,000-hand match")
    bench("pdf_5000_hands_cpu_s", long["cpu"], "CPU s, the same sheet")
    bench("pdf_5000_hands_peak_mb", long["peak_mb"], "MB, peak memory of the process making it")


if __name__ == "__main__":
    main()
