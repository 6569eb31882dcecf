"""Where the files in ``resources/`` are: beside the package in a source tree, inside it
in an installed or frozen build.

Looked for, first match wins: ``$SCOREKEEPER_RESOURCES``; a frozen app's bundle
folder (``sys._MEIPASS``) holding ``resources/``; ``resources/`` inside the installed
package; the ``share/scorekeeper/resources`` data folder of the installed prefix; the
source tree's ``resources/`` next to the package.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

RESOURCES_VARIABLE = "SCOREKEEPER_RESOURCES"
_PACKAGE = Path(__file__).resolve().parent


class ResourceMissing(FileNotFoundError):
    """A resource the app ships is not where any build puts it."""


def _candidates() -> list[Path]:
    found = []
    if os.environ.get(RESOURCES_VARIABLE):
        found.append(Path(os.environ[RESOURCES_VARIABLE]))
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        found.append(Path(bundle) / "resources")
    found += [
        _PACKAGE / "resources",
        Path(sys.prefix) / "share" / "scorekeeper" / "resources",
        _PACKAGE.parent / "resources",
    ]
    return found


@cache
def resources_root() -> Path:
    """The first ``resources`` folder that exists (see the module docstring)."""
    for folder in _candidates():
        if folder.is_dir():
            return folder
    searched = ", ".join(str(folder) for folder in _candidates())
    raise ResourceMissing(f"the resources folder is missing (looked in {searched})")


def resource_path(*parts: str) -> Path:
    """A file in ``resources/``: ``resource_path("fonts", "DejaVuSans.ttf")``; raises
    :class:`ResourceMissing` naming the file when it is not there."""
    path = resources_root().joinpath(*parts)
    if not path.exists():
        raise ResourceMissing(f"{'/'.join(parts)} is missing from {resources_root()}")
    return path
