"""Every game package has the one layout that docs/new-game.md gives as the template."""

import ast
import re
from importlib import import_module
from pathlib import Path

import pytest

from scorekeeper.games import GAME_MODULES, get_game

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "docs" / "new-game.md"


def layout() -> list[str]:
    """The modules the template's table lists, in its order."""
    text = TEMPLATE.read_text(encoding="utf-8")
    table = text.split("<!-- layout: the modules every game package has -->")[1]
    table = table.split("<!-- end of layout -->")[0]
    return re.findall(r"^\| `(\w+)\.py` \|", table, flags=re.M)


def folder(game_id: str) -> Path:
    return ROOT / Path(*GAME_MODULES[game_id].split("."))


def test_the_template_lists_the_layout():
    assert layout()[:2] == ["__init__", "game"]
    assert len(layout()) == len(set(layout())) >= 10


@pytest.mark.parametrize("game_id", GAME_MODULES)
def test_every_game_package_has_the_templates_modules(game_id):
    missing = [name for name in layout() if not (folder(game_id) / f"{name}.py").is_file()]
    assert missing == []


@pytest.mark.parametrize("game_id", GAME_MODULES)
def test_a_games_package_top_holds_no_code(game_id):
    tree = ast.parse((folder(game_id) / "__init__.py").read_text(encoding="utf-8"))
    kept = (ast.Import, ast.ImportFrom, ast.Expr, ast.Assign)
    assert all(isinstance(node, kept) for node in tree.body)
    assigned = [t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets]
    assert set(assigned) <= {"__all__"}


@pytest.mark.parametrize("game_id", GAME_MODULES)
def test_a_games_object_is_made_in_its_game_module(game_id):
    game = get_game(game_id)
    assert type(game).__module__ == f"{GAME_MODULES[game_id]}.game"
    assert import_module(f"{GAME_MODULES[game_id]}.game").GAME is game
