"""The benchmarks are run by hand (``make bench``), not by the suite: here each one at
least loads, so that a name moved in the code does not leave a benchmark broken; and the
one fast enough for the suite runs whole."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(BENCHMARKS.glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[script.stem for script in SCRIPTS])
def test_each_benchmark_loads(script: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # as when run: its own folder first
    loaded = runpy.run_path(str(script), run_name="benchmark")
    assert callable(loaded.get("main")) or script.stem == "common"


def test_replay_of_8000_corrections_runs(capsys: pytest.CaptureFixture[str]) -> None:
    loaded = runpy.run_path(str(BENCHMARKS / "replay.py"), run_name="benchmark")
    assert loaded["main"]() == 0
    assert capsys.readouterr().out.startswith("BENCH check_8000_corrections_s ")
