"""The first window is painted before the code it does not show is loaded: storage, the
club, the PostgreSQL driver, reports and schema checking load once they are needed, and
so do the join dialog, the dates of the recent matches and the resources' finder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOWN = """
import sys
from PySide6.QtCore import QSettings
from ui.app import MainWindow, application
app = application([])
window = MainWindow(None, QSettings())
window.show()
app.processEvents()
print(" ".join(sorted(sys.modules)))
"""
LATER = [
    "sqlite3",
    "ssl",
    "scorekeeper.storage",
    "scorekeeper.club",
    "psycopg",
    "reportlab",
    "jsonschema",
    "ui.join_dialog",
    "ui.code_dialog",
    "datetime",
    "importlib.resources",
]


@pytest.fixture(scope="module")
def loaded_when_shown(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    settings = tmp_path_factory.mktemp("settings")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(settings))
    out = subprocess.run(
        [sys.executable, "-c", SHOWN], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return set(out.stdout.split())


@pytest.mark.parametrize("module", LATER)
def test_not_loaded_before_the_first_paint(loaded_when_shown: set[str], module: str) -> None:
    assert module not in loaded_when_shown


def test_the_window_itself_is_loaded(loaded_when_shown: set[str]) -> None:
    assert {"ui.main_window", "ui.start_page"} <= loaded_when_shown
