"""Where the files the app ships are (the schema of match files, fonts, icons).

They are ``resources/`` in the source tree, which installs as the data package
``scorekeeper.resource_files`` (the editable install, the wheel and the app bundle alike),
as plain files: the package's own folder holds them, found without loading
:mod:`importlib.resources` before the first window is painted.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from pathlib import Path

FILES_PACKAGE = "scorekeeper.resource_files"


class ResourceMissing(FileNotFoundError):
    """A resource the app ships is not in the build."""


@cache
def resources_root() -> Path:
    """The folder of the shipped files (every build installs them as plain files)."""
    where = import_module(FILES_PACKAGE).__file__
    if where is None:
        raise ResourceMissing(f"{FILES_PACKAGE} is not installed as a folder of files")
    return Path(where).parent


def resource_path(*parts: str) -> Path:
    """A file in ``resources/``: ``resource_path("fonts", "DejaVuSans.ttf")``; raises
    :class:`ResourceMissing` naming the file when it is not there."""
    path = resources_root().joinpath(*parts)
    if not path.exists():
        raise ResourceMissing(f"{'/'.join(parts)} is missing from {resources_root()}")
    return path
