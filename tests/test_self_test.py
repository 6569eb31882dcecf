"""``scorekeeper --self-test`` from the source tree: the real app, offscreen, in a
temporary folder; exit 0 only when every step worked."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.paths import DATA_DIR_VARIABLE
from scorekeeper.resources import resources_root

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def temporary() -> Iterator[Path]:
    """A temporary folder of the system's own: the self-test's club server runs as another
    user when the suite runs as root, and pytest keeps its folders private to root."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-self-test-tmp-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def self_test(
    tmp_path: Path, temporary: Path, *args: str, **env: str
) -> subprocess.CompletedProcess[str]:
    """Run the command as a user would: no display, a home and temporary folder of its own;
    the app package is the one installed, or the one of ``$PYTHONPATH`` when given."""
    environment = {
        key: value for key, value in os.environ.items() if key not in ("QT_QPA_PLATFORM", "DISPLAY")
    }
    environment.update(
        HOME=str(tmp_path / "home"),
        TMPDIR=str(temporary),
        XDG_CONFIG_HOME=str(tmp_path / "home" / "config"),
        **{DATA_DIR_VARIABLE: str(tmp_path / "user-data")},
        **env,
    )
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper_app.launcher", "--self-test", *args],
        capture_output=True,
        text=True,
        env=environment,
        cwd=tmp_path,
        timeout=120,
    )


def test_self_test_records_a_hand_of_each_game_and_exports_the_score_sheets(tmp_path, temporary):
    run = self_test(tmp_path, temporary)

    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("self-test: resources in ")
    assert lines[1].endswith(" modules of the app loaded")
    assert lines[2].startswith("self-test: app started: Qt ")
    assert lines[2].endswith(" on the offscreen platform, icon in 8 sizes")
    for number, game_id in enumerate(GAME_MODULES):  # every game, by keys and clicks in turn
        driver = ("keyboard", "mouse")[number % 2]
        title = get_game(game_id).title
        assert any(
            line.startswith(f"self-test: {title}: a hand of ") and f"entered by {driver}" in line
            for line in lines
        ), title
        assert any(line.startswith(f"self-test: {title}: score sheet exported (") for line in lines)
    assert lines[-4] == "self-test: rules help opened"
    # the club night's pieces: psycopg and the embedded PostgreSQL, joined from the menu
    assert re.fullmatch(
        r"self-test: club night: PostgreSQL \d+\.\d+ started \(\w+ psycopg\), table joined",
        lines[-3],
    )
    assert lines[-2] == "self-test: app closed"
    assert lines[-1].startswith("self-test passed in ")
    # everything was in the temporary folder, now gone; the user's folders were not touched
    assert list(temporary.iterdir()) == []
    assert not (tmp_path / "user-data").exists()
    assert not (tmp_path / "home").exists()


def build_shipping(folder: Path, shipped: list[str]) -> Path:
    """The packages laid out as a wheel installs them, with only the ``shipped`` folders of
    resources/ in their data."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "scorekeeper", folder / "scorekeeper", ignore=ignore)
    shutil.copytree(ROOT / "ui", folder / "scorekeeper_app", ignore=ignore)
    data = folder / "scorekeeper" / "resource_files"
    data.mkdir()
    shutil.copy2(resources_root() / "__init__.py", data)
    for name in shipped:
        shutil.copytree(resources_root() / name, data / name)
    return folder


@pytest.mark.parametrize(
    ("arguments", "shipped", "status", "said"),
    [
        pytest.param(
            (),
            ["icons"],
            1,
            "self-test FAILED: SelfTestFailure: the score sheet preview did not open "
            "(The report cannot be made: fonts/DejaVuSans.ttf is missing from",
            id="a build without its fonts fails at the first score sheet, naming the font",
        ),
        pytest.param(
            (),
            ["fonts"],
            1,
            "self-test FAILED: SelfTestFailure: the app icon is missing",
            id="a build without its icons fails at start-up",
        ),
        pytest.param(
            ("--fast",),
            None,
            2,
            "scorekeeper --self-test takes no arguments (got --fast)",
            id="an argument after --self-test is refused",
        ),
    ],
)
def test_self_test_fails_loudly(tmp_path, temporary, arguments, shipped, status, said):
    env = {}
    if shipped is not None:  # a build whose resources hold only these
        env["PYTHONPATH"] = str(build_shipping(tmp_path / "build", shipped))
    run = self_test(tmp_path, temporary, *arguments, **env)

    assert run.returncode == status, run.stdout + run.stderr
    assert said in run.stdout + run.stderr
    assert "self-test passed" not in run.stdout
