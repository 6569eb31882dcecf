"""The layers: the engine (scorekeeper/) runs without Qt and never imports the app (ui/);
the app imports its own modules relatively, so it runs under its installed name too; the
import contracts of pyproject.toml (import-linter, also run by ``make lint``) hold; no game
imports another, and nothing outside a game's package imports its inner modules (the games
are the folders of ``scorekeeper/games``, so a new game is covered with no edit here); and
no engine modules import one another round a circle.

Every import in a module counts, also those inside functions (read from the syntax tree)."""

import ast
import subprocess
import sys
from pathlib import Path

import grimp
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


GAMES = sorted(path.parent.name for path in (ENGINE / "games").glob("*/__init__.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    where = ROOT.joinpath(*name.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, dotted name) of every module the module at ``path`` imports, inside functions
    too: relative imports resolved, ``from package import module`` read as the module."""
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            source = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                inner = f"{source}.{alias.name}"
                found.append((node.lineno, inner if is_module(inner) else source))
    return found


def game_of(name: str) -> str | None:
    """The game whose package holds the module ``name``, if any."""
    parts = name.split(".")
    if parts[:2] == ["scorekeeper", "games"] and len(parts) > 2 and parts[2] in GAMES:
        return parts[2]
    return None


def test_the_games_are_found():
    assert len(GAMES) >= 4


def test_no_module_outside_a_game_imports_the_games_inner_modules():
    """A game is used through its package's top (and ``scorekeeper.games``) alone."""
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for folder in (ENGINE, APP)
        for path in sorted(folder.rglob("*.py"))
        for line, name in imported_modules(path)
        if (game := game_of(name)) and name.count(".") > 2 and game_of(module_name(path)) != game
    ]
    assert found == []


def test_no_game_imports_another():
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for game in GAMES
        for path in sorted((ENGINE / "games" / game).rglob("*.py"))
        for line, name in imported_modules(path)
        if (other := game_of(name)) and other != game
    ]
    assert found == []


def test_the_scan_resolves_relative_and_inner_imports(tmp_path, monkeypatch):
    assert imported_modules(ENGINE / "games" / "euchre" / "__init__.py")
    module = tmp_path / "scorekeeper" / "games" / "euchre" / "probe.py"
    module.parent.mkdir(parents=True)
    (module.parent / "__init__.py").write_text("")
    (module.parent / "tables.py").write_text("")
    module.write_text("from . import tables\nfrom ..spades import x\nimport scorekeeper.cards\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert imported_modules(module) == [
        (1, "scorekeeper.games.euchre.tables"),
        (2, "scorekeeper.games.spades"),
        (3, "scorekeeper.cards"),
    ]


def circles(graph: grimp.ImportGraph) -> list[set[str]]:
    """The groups of modules that import one another round a circle (Tarjan)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in graph.find_modules_directly_imported_by(module):
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            group = {module}
            while (member := stack.pop()) != module:
                group.add(member)
            if len(group) > 1:
                found.append(group)

    for module in sorted(graph.modules):
        if module not in order:
            visit(module)
    return found


def test_no_engine_modules_import_one_another_round_a_circle():
    """Imports inside functions, and those read only by the type checker, count too."""
    assert circles(grimp.build_graph("scorekeeper", cache_dir=None)) == []


def test_the_circle_search_finds_a_circle():
    graph = grimp.ImportGraph()
    for importer, imported in (("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")):
        graph.add_import(importer=importer, imported=imported)
    assert circles(graph) == [{"a", "b", "c"}]
