"""Run every benchmark in this folder, each in its own process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    failed = 0
    for script in sorted(HERE.glob("*.py")):
        if script.name in ("run_all.py", "common.py"):
            continue
        print(f"# {script.name}", flush=True)
        failed |= subprocess.call([sys.executable, str(script)], cwd=HERE.parent)
    return failed


if __name__ == "__main__":
    sys.exit(main())
