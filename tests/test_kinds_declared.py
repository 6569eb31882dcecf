"""An action kind only a game declares is named only in that game's package: every other
module reads it from the game's declarations (``Game.actions``).

The games are found by their folders, so a game added is checked with no edit here. A
Python module names a kind when a string in it (not a docstring's sentence) is the kind;
a page or a script of the web app, when the kind is written in quotes. The registry and
the generated files (the schema, the match format's table of kinds) list every kind."""

from __future__ import annotations

import ast
import re
from functools import cache
from importlib import import_module
from pathlib import Path

import pytest

from scorekeeper.cards import format_cards
from scorekeeper.events import Event
from scorekeeper.games import GAME_MODULES, actions, event_actions, get_game
from scorekeeper.games.actions import CARDS, SEAT, WORD, Action, ActionWords
from scorekeeper.match_schema import event_schema
from scorekeeper.words import cards_hint, event_words, step_words, take_back_words

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "scorekeeper" / "games"
REGISTRY = GAMES / "__init__.py"
SOURCES = ("scorekeeper", "ui")
PAGES = (ROOT / "resources" / "web",)
WORDS_OF_OTHER_THINGS = {
    ("scorekeeper/games/actions.py", "blind"): "the event's field of a blind bid",
    ("scorekeeper/club/web/app.py", "call"): "the page that calls the director",
    ("resources/web/call.html", "call"): "the page that calls the director",
}
"""Strings that are a kind's word and mean something else, each with what it means."""


def game_folders() -> list[Path]:
    return sorted(path.parent for path in GAMES.glob("*/__init__.py"))


@cache
def game_kinds() -> dict[str, str]:
    """Each kind some game declares beyond the shared ones, and the game folder it is in."""
    shared = {action.kind for action in actions.SHARED}
    found: dict[str, str] = {}
    for folder in game_folders():
        game = import_module(f"scorekeeper.games.{folder.name}").GAME
        for action in game.actions:
            if action.kind not in shared:
                found[action.kind] = folder.name
    return found


def outside_games() -> list[Path]:
    inside = game_folders()
    return sorted(
        path
        for top in SOURCES
        for path in (ROOT / top).rglob("*.py")
        if path != REGISTRY and not any(folder in path.parents for folder in inside)
    )


def named_kinds(path: Path) -> list[str]:
    """``line: kind`` for each string of the module that is a game's kind."""
    kinds = game_kinds()
    where = path.relative_to(ROOT).as_posix() if ROOT in path.parents else path.name
    return [
        f"{where}:{node.lineno}: {node.value!r}"
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in kinds
        and (where, node.value) not in WORDS_OF_OTHER_THINGS
    ]


def test_the_games_declare_kinds_of_their_own():
    assert game_kinds(), "no game declares a kind of its own: the test would prove nothing"


@pytest.mark.parametrize(("where", "word"), list(WORDS_OF_OTHER_THINGS), ids=lambda part: str(part))
def test_each_word_of_another_thing_is_still_in_its_file(where, word):
    assert re.search(rf"[\"']{word}[\"']", (ROOT / where).read_text("utf-8")), "a stale entry"


def test_the_scan_finds_a_kind_named_in_a_module(tmp_path):
    kind = next(iter(game_kinds()))
    probe = tmp_path / "probe.py"
    probe.write_text(f'"""A kind in a docstring: {kind}."""\n\nKIND = {kind!r}\n', "utf-8")
    assert named_kinds(probe) == [f"probe.py:3: {kind!r}"]


@pytest.mark.parametrize(
    "path", outside_games(), ids=lambda path: path.relative_to(ROOT).as_posix()
)
def test_no_module_outside_a_game_names_its_kinds(path):
    assert named_kinds(path) == []


@pytest.mark.parametrize(
    "path",
    sorted(path for folder in PAGES for path in folder.iterdir() if path.is_file()),
    ids=lambda path: path.relative_to(ROOT).as_posix(),
)
def test_no_web_page_or_script_names_a_kind(path):
    text, where = path.read_text("utf-8"), path.relative_to(ROOT).as_posix()
    quoted = [
        kind
        for kind in game_kinds()
        if re.search(rf"[\"']{kind}[\"']", text) and (where, kind) not in WORDS_OF_OTHER_THINGS
    ]
    assert quoted == []


class _PassCardsWords(ActionWords):
    def record(self, event: Event, who: str) -> str:
        return f"{who} passed {format_cards(event.cards)} {event.value}"


PASS_CARDS = Action(
    "pass_cards",
    CARDS,
    {"seat": SEAT, "cards": CARDS, "value": WORD},
    _PassCardsWords("card pass"),
)
"""A kind no game records yet (three cards passed to the left): declared as a game would."""


@pytest.fixture
def game_passing_cards(monkeypatch):
    """A game of the registry that also declares :data:`PASS_CARDS`, as its package would."""
    game = get_game(next(iter(GAME_MODULES)))
    monkeypatch.setattr(type(game), "actions", (*game.actions, PASS_CARDS))
    event_actions.cache_clear()
    yield game
    monkeypatch.undo()
    event_actions.cache_clear()


def test_a_new_kind_with_new_fields_is_declared_by_its_game_alone(game_passing_cards):
    game, names = game_passing_cards, ("Ann", "Bob", "Cy", "Di", "Eve")
    event = Event.from_json(
        {"kind": "pass_cards", "seat": 1, "cards": ["QS", "AH", "2C"], "value": "left"}
    )
    rule = next(
        r for r in event_schema()["allOf"] if r["if"]["properties"]["kind"]["const"] == "pass_cards"
    )
    assert set(rule["then"]["properties"]) == {"kind", "seat", "cards", "value"}
    assert rule["then"]["properties"]["value"] == {"type": "string", "maxLength": 20}
    assert event_words(game, event, names) == "Bob passed Q♠ A♥ 2♣ left"
    assert step_words(game, 0, event, names, []) == "Bob card pass Q♠ A♥ 2♣"
    assert take_back_words(game, [event]) == "Take back: the card pass is removed"
    assert cards_hint(game.action("pass_cards")) == "Type the cards of the card pass: qc js 10h …"
