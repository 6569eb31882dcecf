"""No file outside a game's own package names a game: the app, the engine around the
games, the club and the resources read what the games declare. The games are found by
their folders (``scorekeeper/games/<game>/``); the registry (``scorekeeper/games/__init__.py``)
is the one place that lists them.

In Python the code is read as a syntax tree: names, attributes, imports and string
literals count, docstrings and comments (prose about a game) do not. Other files are read
as text. An id is matched as it is written, in lowercase: a constant in capitals
(``Suit.SPADES``, ``cards.EUCHRE_DECK``) is not read as one."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("scorekeeper", "ui", "resources")
REGISTRY = Path("scorekeeper/games/__init__.py")
TEXT_FILES = (".html", ".js", ".css", ".json", ".md", ".txt", ".toml")
SUITS = frozenset(("clubs", "diamonds", "hearts", "spades"))
"""The suits' names, which a game's id may share (Spades, Hearts): a literal that is one
of them, among the other suits' names, names the suit."""


def game_ids(root: Path = ROOT) -> list[str]:
    """The games, one per package folder under ``scorekeeper/games``."""
    games = root / "scorekeeper" / "games"
    return sorted(path.parent.name for path in games.glob("*/__init__.py"))


def _pattern(ids: list[str]) -> re.Pattern[str]:
    """A game id as a word of its own (``_``, ``.``, ``-`` and ``/`` part words)."""
    return re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, ids)) + r")(?![A-Za-z0-9])")


def scanned_files(root: Path, ids: list[str]) -> Iterator[Path]:
    """Every file of ``SCANNED`` but the game packages and the registry."""
    own = [Path("scorekeeper/games") / game for game in ids]
    for top in SCANNED:
        for path in sorted((root / top).rglob("*")):
            relative = path.relative_to(root)
            if "__pycache__" in relative.parts or not path.is_file():
                continue
            if relative == REGISTRY or any(relative.is_relative_to(folder) for folder in own):
                continue
            if path.suffix == ".py" or path.suffix in TEXT_FILES:
                yield relative


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (and attribute docstrings: a bare string statement)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def _suit_sequences(tree: ast.AST) -> set[int]:
    """The string literals that are suits' names in a sequence of suits' names."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple | ast.List):
            words = [e for e in node.elts if isinstance(e, ast.Constant)]
            if sum(isinstance(e.value, str) and e.value in SUITS for e in words) >= 2:
                found |= {id(e) for e in words if e.value in SUITS}
    return found


def python_names(source: str, pattern: re.Pattern[str]) -> list[tuple[int, str]]:
    """``(line, what)`` for each name, attribute, import or string literal naming a game."""
    tree = ast.parse(source)
    skipped = _docstrings(tree) | _suit_sequences(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            words = node.value if id(node) not in skipped else ""
        elif isinstance(node, ast.Name):
            words = node.id
        elif isinstance(node, ast.Attribute):
            words = node.attr
        elif isinstance(node, ast.alias):
            words = f"{node.name} {node.asname or ''}"
        elif isinstance(node, ast.ImportFrom):
            words = node.module or ""
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.arg):
            words = getattr(node, "name", None) or getattr(node, "arg", "")
        else:
            continue
        if match := pattern.search(words):
            found.append((getattr(node, "lineno", 0), f"{match.group(1)} in {words!r}"))
    return found


def text_names(text: str, pattern: re.Pattern[str]) -> list[tuple[int, str]]:
    """``(line, what)`` for each line naming a game (a line naming two suits or more
    names suits)."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        suits = sum(bool(re.search(rf"\b{suit}\b", line)) for suit in SUITS) >= 2
        for match in pattern.finditer(line):
            if not (suits and match.group(1) in SUITS):
                found.append((number, f"{match.group(1)} in {line.strip()[:80]!r}"))
    return found


def json_names(text: str, pattern: re.Pattern[str]) -> list[tuple[int, str]]:
    """``(line, what)`` for each key or string of a JSON document naming a game (a string
    in a list of two suits' names or more names a suit)."""
    said: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                said.append(key)
                walk(inner)
        elif isinstance(value, list):
            suits = sum(isinstance(v, str) and v in SUITS for v in value) >= 2
            for inner in value:
                if not (suits and inner in SUITS):
                    walk(inner)
        elif isinstance(value, str):
            said.append(value)

    walk(json.loads(text))
    found = []
    for words in said:
        if match := pattern.search(words):
            number = next(
                (n for n, line in enumerate(text.splitlines(), 1) if json.dumps(words) in line), 0
            )
            found.append((number, f"{match.group(1)} in {words!r}"))
    return found


def findings(root: Path = ROOT) -> list[str]:
    """``path:line: what`` for every place outside a game package that names a game."""
    ids = game_ids(root)
    pattern = _pattern(ids)
    found = []
    for relative in scanned_files(root, ids):
        text = (root / relative).read_text(encoding="utf-8")
        if relative.suffix == ".py":
            places = python_names(text, pattern)
        elif relative.suffix == ".json":
            places = json_names(text, pattern)
        else:
            places = text_names(text, pattern)
        found += [f"{relative}:{line}: {what}" for line, what in sorted(places)]
    return found


def test_the_games_are_found_by_their_folders():
    from scorekeeper.games import GAME_MODULES

    assert game_ids() == sorted(GAME_MODULES)


def test_no_file_outside_a_game_package_names_a_game():
    assert findings() == []


@pytest.mark.parametrize(
    ("source", "named"),
    [
        pytest.param('get_game("spades")', ["spades"], id="a literal id"),
        pytest.param("from scorekeeper.games.euchre import club", ["euchre"], id="an import"),
        pytest.param("from x import spades_league", ["spades"], id="an imported name"),
        pytest.param("if game.id == 'california_jack': pass", ["california_jack"], id="a test"),
        pytest.param("EUCHRE_DECK = 1", [], id="a constant of the cards"),
        pytest.param('"""Progressive euchre, in words."""', [], id="a docstring"),
        pytest.param('SUITS = ("clubs", "spades")', [], id="the suits"),
        pytest.param('x = f"{spades}"', ["spades"], id="a name in a format string"),
    ],
)
def test_the_scan_finds_a_game_named_in_code_not_in_prose(source, named):
    pattern = _pattern(["california_jack", "euchre", "spades"])
    assert [what.split()[0] for _, what in python_names(source, pattern)] == named


@pytest.mark.parametrize(
    ("text", "named"),
    [
        pytest.param('{"game": "euchre"}', ["euchre"], id="a game in a file"),
        pytest.param('"enum": ["clubs", "diamonds", "hearts", "spades"]', [], id="the suits"),
        pytest.param("/games/spades/ and clubs", [], id="two suits on a line"),
        pytest.param("open /games/spades/", ["spades"], id="a path"),
    ],
)
def test_the_scan_finds_a_game_named_in_a_text_file(text, named):
    pattern = _pattern(["euchre", "spades"])
    assert [what.split()[0] for _, what in text_names(text, pattern)] == named
