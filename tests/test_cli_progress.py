"""Long commands say how far they are on a terminal, in one line rewritten in place and
wiped at the end; on a pipe or in a file they say nothing more than before."""

from __future__ import annotations

import os
import pty
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.progress import TerminalProgress, told

ROOT = Path(__file__).resolve().parent.parent
HANDS = 3000


@pytest.fixture(scope="module")
def long_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    loaded = runpy.run_path(str(ROOT / "benchmarks" / "check_stream.py"), run_name="benchmark")
    path = tmp_path_factory.mktemp("long") / "long.json"
    path.write_text(loaded["match_text"](HANDS), encoding="utf-8")
    return path


def run(command: list[str], tmp_path: Path, terminal: bool) -> tuple[int, str, str]:
    """Exit status, standard output and what standard error showed (a terminal's, when
    ``terminal``)."""
    env = dict(os.environ, SCOREKEEPER_DATA_DIR=str(tmp_path))
    cli = [sys.executable, "-m", "scorekeeper.cli", *command]
    if not terminal:
        done = subprocess.run(cli, capture_output=True, text=True, env=env, cwd=ROOT)
        return done.returncode, done.stdout, done.stderr
    main, side = pty.openpty()
    out_file = tmp_path / "stdout"
    with out_file.open("wb") as out:  # a file: a long output never blocks the command
        child = subprocess.Popen(cli, stdout=out, stderr=side, env=env, cwd=ROOT)
    os.close(side)
    shown = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal's other side is closed: the command ended
            break
        if not chunk:
            break
        shown += chunk
    child.wait(timeout=120)
    os.close(main)
    return child.returncode, out_file.read_text(errors="replace"), shown.decode()


@pytest.mark.parametrize(
    ("command", "what"),
    [(["check"], "Checking"), (["import"], "Reading"), (["report", "-o", "-"], "Reading")],
    ids=["check", "import", "report"],
)
def test_a_terminal_sees_the_count_and_then_a_clean_line(long_file, tmp_path, command, what):
    status, out, shown = run([command[0], str(long_file), *command[1:]], tmp_path, True)
    assert status == 0, shown
    assert f"\r{what}: 0 of {HANDS:,} hands" in shown
    after = shown.rsplit(" hands", 1)[1]  # after the last count shown: spaces over it
    assert re.match(r"\r +\r", after), "the line is wiped"
    assert out  # what the command says is on standard output, as before


def test_a_score_sheet_tells_the_page_it_lays_out_and_then_a_clean_line(long_file, tmp_path):
    sheet = tmp_path / "sheet.pdf"
    status, out, shown = run(["report", str(long_file), "-o", str(sheet)], tmp_path, True)
    assert status == 0, shown
    assert "\rLaying out the score sheet: page 1" in shown
    after = shown.rsplit("Laying out the score sheet: page ", 1)[1]
    assert re.match(r"[\d,]+ *\r +\r$", after), "the line is wiped"
    assert out == f"Wrote {sheet}\n"


def test_a_pipe_gets_no_progress(long_file, tmp_path):
    status, out, err = run(["check", str(long_file)], tmp_path, False)
    assert (status, err) == (0, "")
    assert out.endswith("No rule broken\n")


def test_told_counts_only_what_is_counted():
    seen: list[tuple[int, int]] = []
    items = list(told([1, 2, 3, 4], lambda done, total: seen.append((done, total)), None, bool))
    assert items == [1, 2, 3, 4]
    assert seen == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    seen.clear()
    list(told(["a", "", "b"], lambda done, total: seen.append((done, total)), counted=bool))
    assert seen == [(0, 2), (1, 2), (2, 2)]


def test_a_file_that_is_not_a_terminal_is_left_alone(tmp_path):
    with open(tmp_path / "err.txt", "w+", encoding="utf-8") as stream:
        with TerminalProgress("Checking", stream) as progress:
            progress(0, 10)
            progress(10, 10)
        stream.seek(0)
        assert stream.read() == ""
