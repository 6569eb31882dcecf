"""Shared helpers for the benchmarks: timing loops and the ``BENCH name value`` lines."""

from __future__ import annotations

import time
from collections.abc import Callable


def bench(name: str, value: float, unit: str = "") -> None:
    """Print one figure in the form the reports are read from."""
    print(f"BENCH {name} {value:.4g}" + (f"  # {unit}" if unit else ""), flush=True)


def best_rates(
    works: dict[str, Callable[[], object]], rounds: int = 5, seconds: float = 0.5
) -> dict[str, float]:
    """Each work's best rate over ``rounds`` short windows, the works taking turns, so that
    figures compared in a ratio were measured under the same load."""
    best = dict.fromkeys(works, 0.0)
    for _ in range(rounds):
        for name, work in works.items():
            best[name] = max(best[name], rate(work, seconds))
    return best


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
