"""Every window and dialog fits a laptop's screen: the app, in a process whose one screen
is 1366×768, 1280×720 or 1024×600 (and 1920×1080 among the long runs), is taken through
every screen and dialog by keys and clicks (:mod:`tests.ui.app_on_screen`), and at each
place it stays inside the screen's free area, nothing covers or cuts off a control, and
no words are shown short. Screenshots of each, light and dark, go to tests/screenshots."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect

from scorekeeper.games import GAME_MODULES
from tests.shots import SCREENSHOTS
from tests.ui.on_screen import run_on_screen

SIZES = (
    (1366, 768),
    (1280, 720),
    (1024, 600),
    pytest.param((1920, 1080), marks=pytest.mark.slow),
)
PER_GAME = 11  # a game's new-match form, and its match with its dialogs
PLACES = 6 + PER_GAME * len(GAME_MODULES)  # with the start page and the club's places


def seen_on(tmp_path: Path, size: tuple[int, int]) -> dict:
    """What the app showed on a screen of ``size``: its free area and each place seen."""
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    return run_on_screen(tmp_path, size, "tests.ui.app_on_screen", str(data), str(SCREENSHOTS))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_window_and_dialog_fits_the_screen(tmp_path, size):
    shown = seen_on(tmp_path, size)
    area = QRect(*shown["area"])
    assert (area.width(), area.height()) == size
    assert len(shown["seen"]) == PLACES, [place["name"] for place in shown["seen"]]
    wrong = {place["name"]: place["problems"] for place in shown["seen"] if place["problems"]}
    assert wrong == {}
    for place in shown["seen"]:
        assert area.contains(QRect(*place["frame"])), place
