"""Fixtures for the app's tests: settings, data folder and database kept in a temporary folder,
and screenshots in both colour schemes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication

from scorekeeper.paths import DATA_DIR_VARIABLE
from scorekeeper.storage import Store
from ui.theme import apply_scheme


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``QSettings`` and the data folder live in this test's temporary folder."""
    folder = tmp_path / "settings"
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.IniFormat, scope, str(folder))
    QCoreApplication.setOrganizationName("ScorekeeperTests")
    (tmp_path / "data").mkdir()  # a data folder the user names must exist
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "data"))
    return folder


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "window.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def store(tmp_path: Path):
    with Store(tmp_path / "matches.sqlite3") as opened:
        yield opened


@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, qapp: QApplication):
    """Run the test in the light and in the dark palette."""
    apply_scheme(qapp, request.param)
    yield request.param
    apply_scheme(qapp, "light")
