"""The engine runs without Qt: nothing in scorekeeper/ may import PySide6."""

import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "scorekeeper"

BLOCK_QT = """
import importlib, pkgutil, sys
class NoQt:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "shiboken6"):
            raise ImportError("PySide6 is absent")
sys.meta_path.insert(0, NoQt())
import scorekeeper
for module in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper."):
    importlib.import_module(module.name)
print("ok")
"""


def test_engine_imports_with_pyside6_absent():
    result = subprocess.run(
        [sys.executable, "-c", BLOCK_QT], capture_output=True, text=True, check=False
    )
    assert result.stdout.strip() == "ok", result.stderr


def test_no_engine_module_names_qt():
    offenders = [
        path.name
        for path in ENGINE.rglob("*.py")
        if any(
            line.lstrip().startswith(("import PySide6", "from PySide6", "import shiboken6"))
            for line in path.read_text(encoding="utf-8").splitlines()
        )
    ]
    assert offenders == []
