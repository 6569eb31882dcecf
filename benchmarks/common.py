"""Shared helpers for the benchmarks: timing loops and the ``BENCH name value`` lines."""

from __future__ import annotations

import time
from collections.abc import Callable


def bench(name: str, value: float, unit: str = "") -> None:
    """Print one figure in the form the reports are read from."""
    print(f"BENCH {name} {value:.4g}" + (f"  # {unit}" if unit else ""), flush=True)


def rate(work: Callable[[], object], seconds: float = 2.0) -> float:
    """How many times ``work`` runs per second, over at least ``seconds``."""
    work()  # warm up
    count = 0
    start = time.perf_counter()
    while True:
        work()
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed
