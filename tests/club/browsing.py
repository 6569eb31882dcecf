"""A browser of its own (one phone: its own cookies) run on a plan of steps, in the
background while the test acts on the server (see :mod:`tests.club.browser`)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FITS = "document.documentElement.scrollWidth <= window.innerWidth"


def start(
    url: str, steps: list[dict[str, Any]], folder: Path, size=(390, 844), scripts: bool = True
) -> subprocess.Popen:
    """The browser, started on ``steps`` (running the page's scripts, or not)."""
    plan = folder / f"plan-{time.monotonic_ns()}.json"
    planned = {"url": url, "width": size[0], "height": size[1], "steps": steps, "scripts": scripts}
    plan.write_text(json.dumps(planned))
    return subprocess.Popen(
        [sys.executable, "-m", "tests.club.browser", str(plan)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def finish(browser: subprocess.Popen, timeout: float = 180) -> dict[str, Any]:
    """Each step's value and every address asked for, once the browser is done."""
    out, err = browser.communicate(timeout=timeout)
    assert browser.returncode == 0, err[-2000:]
    return json.loads(out.strip().splitlines()[-1])


def browse(
    url: str, steps: list[dict[str, Any]], folder: Path, size=(390, 844), scripts: bool = True
) -> dict:
    """Run ``steps`` in a browser of its own, and wait for it."""
    return finish(start(url, steps, folder, size, scripts))


def reached(marker: Path, browser: subprocess.Popen, timeout: float = 120) -> None:
    """Wait until the browser says (``touch``) it reached ``marker``."""
    deadline = time.monotonic() + timeout
    while not marker.exists():
        assert browser.poll() is None, browser.communicate()[1][-2000:]
        assert time.monotonic() < deadline, "the browser did not reach its step in time"
        time.sleep(0.05)
