"""The layers: the engine (scorekeeper/) runs without Qt and never imports the app (ui/);
the app imports its own modules relatively, so it runs under its installed name too; the
import contracts of pyproject.toml (import-linter, also run by ``make lint``) hold.

Every import in a module counts, also those inside functions (read from the syntax tree)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "scorekeeper"
APP = ROOT / "ui"
APP_NAMES = ("ui", "scorekeeper_app")
QT_NAMES = ("PySide6", "shiboken6")

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


def imported(path: Path) -> list[tuple[int, str]]:
    """(line, top-level package) of every absolute import in the module at ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
    return found


def offenders(folder: Path, names: tuple[str, ...]) -> list[str]:
    return [
        f"{path.relative_to(ROOT)}:{line} imports {package}"
        for path in sorted(folder.rglob("*.py"))
        for line, package in imported(path)
        if package in names
    ]


def test_engine_imports_with_pyside6_absent():
    result = subprocess.run(
        [sys.executable, "-c", BLOCK_QT], capture_output=True, text=True, check=False
    )
    assert result.stdout.strip() == "ok", result.stderr


@pytest.mark.parametrize(
    ("names", "what"),
    [
        pytest.param(QT_NAMES, "Qt", id="no engine module imports Qt, even inside a function"),
        pytest.param(APP_NAMES, "the app", id="no engine module imports the app, even lazily"),
    ],
)
def test_engine_never_imports(names, what):
    assert offenders(ENGINE, names) == [], f"the engine imports {what}"


def test_the_app_imports_its_own_modules_relatively():
    assert offenders(APP, APP_NAMES) == []


def test_the_scan_sees_an_import_inside_a_function(tmp_path):
    module = tmp_path / "lazy.py"
    module.write_text("def run():\n    from ui.app import run\n    import PySide6.QtCore\n")
    assert imported(module) == [(2, "ui"), (3, "PySide6")]


def test_the_import_contracts_hold():
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "from importlinter.cli import lint_imports_command as c; c()",
            "--no-cache",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
