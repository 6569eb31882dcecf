"""A module of the tests run in a process of its own whose one screen is a laptop's (the
offscreen platform's configured screen), its JSON answer read back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_on_screen(tmp_path: Path, size: tuple[int, int], module: str, *args: str) -> dict:
    """Run ``python -m <module> <args>`` on a screen of ``size``; what it printed, as JSON."""
    screen = tmp_path / "screen.json"
    laptop = {"name": "laptop", "x": 0, "y": 0, "width": size[0], "height": size[1]}
    screen.write_text(json.dumps({"screens": [{**laptop, "logicalDpi": 96, "dpr": 1}]}))
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        env={**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={screen}"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    return json.loads(done.stdout)
