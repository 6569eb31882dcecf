"""The storage tests' store, in a temporary folder."""

from __future__ import annotations

import pytest

from scorekeeper.storage import Store


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "scorekeeper.sqlite3") as opened:
        yield opened
