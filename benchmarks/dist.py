"""The app bundle's size (``make dist`` builds it in dist/scorekeeper): BENCH dist_size_mib."""

from __future__ import annotations

import sys
from pathlib import Path

from common import bench

BUNDLE = Path(__file__).resolve().parent.parent / "dist" / "scorekeeper"
TARGET_MIB = 150


def folder_size(folder: Path) -> int:
    """Bytes of every file in ``folder`` (links counted once, as the link itself)."""
    return sum(path.lstat().st_size for path in folder.rglob("*") if not path.is_dir())


def main() -> int:
    if not BUNDLE.is_dir():
        print(f"# no bundle in {BUNDLE.relative_to(BUNDLE.parent.parent)}: `make dist` builds it")
        return 0
    mib = folder_size(BUNDLE) / 2**20
    bench("dist_size_mib", mib, f"MiB, the one-folder bundle; target <= {TARGET_MIB}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
