"""The project's packages laid out as the wheel installs them, for the PyInstaller build.

``pyproject.toml`` lists the packages and maps some to other folders (``package-dir``: ui/
installs as ``scorekeeper_app``, resources/ as ``scorekeeper.resource_files``); this copies each
package's own files (modules and data, not its subpackages) to where the wheel puts them.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path


def source_folder(root: Path, package: str, package_dir: dict[str, str]) -> Path:
    """The folder of ``package`` in the source tree."""
    parts = package.split(".")
    for depth in range(len(parts), 0, -1):
        mapped = package_dir.get(".".join(parts[:depth]))
        if mapped is not None:
            return root.joinpath(mapped, *parts[depth:])
    return root.joinpath(*parts)


def stage_packages(root: Path, target: Path) -> Path:
    """Copy the packages of the project at ``root`` into ``target`` (emptied first)."""
    setuptools = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]
    shutil.rmtree(target, ignore_errors=True)
    for package in setuptools["packages"]:
        folder = target.joinpath(*package.split("."))
        folder.mkdir(parents=True, exist_ok=True)
        for path in source_folder(root, package, setuptools["package-dir"]).iterdir():
            if path.is_file() and path.suffix != ".pyc":
                shutil.copy2(path, folder / path.name)
    return target
