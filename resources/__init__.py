"""The files the app ships (the schema of match files, fonts, icons), found with
:mod:`importlib.resources` in this package's data.

This folder is ``resources/`` in the source tree and installs as the package
``scorekeeper.resources``; a frozen app bundles it under the same name.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path


class ResourceMissing(FileNotFoundError):
    """A resource the app ships is not in the build."""


@cache
def resources_root() -> Path:
    """The folder of this package's data (every build installs it as plain files)."""
    return Path(str(files(__name__)))


def resource_path(*parts: str) -> Path:
    """A file in ``resources/``: ``resource_path("fonts", "DejaVuSans.ttf")``; raises
    :class:`ResourceMissing` naming the file when it is not there."""
    path = resources_root().joinpath(*parts)
    if not path.exists():
        raise ResourceMissing(f"{'/'.join(parts)} is missing from {resources_root()}")
    return path
