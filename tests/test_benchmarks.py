"""The benchmarks are run by hand (``make bench``), not by the suite: here each one at
least loads, so that a name moved in the code does not leave a benchmark broken; the one
fast enough for the suite runs whole, and the check benchmark runs in short."""

from __future__ import annotations

import runpy
import subprocess
from pathlib import Path

import pytest

from scorekeeper.matchfile import load_match
from tests.checked import whole_output

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
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


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_check_of_2000_quick_hands_streams_what_the_whole_file_gives(tmp_path, as_json):
    """The check benchmark in short: the streamed check of its file (a game that ends
    before the last hands) prints what the whole match read at once gives."""
    loaded = runpy.run_path(str(BENCHMARKS / "check_stream.py"), run_name="benchmark")
    path = tmp_path / "quick_2000.json"
    path.write_text(loaded["match_text"](2000), encoding="utf-8")
    options = ["--json"] if as_json else []
    done = subprocess.run(
        loaded["check_command"](path, *options), capture_output=True, text=True, cwd=ROOT
    )
    ledger = load_match(path)
    assert ledger.game_over and len(ledger.scores) == 1900, "the game ends before hand 2,000"
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == whole_output(ledger, as_json)
