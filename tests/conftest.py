"""Test configuration: Qt runs offscreen, so the suite needs no screen."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

pytest_plugins = ("tests.club.fixtures",)  # a real PostgreSQL, started only when asked for
