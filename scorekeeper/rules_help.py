"""The rules help of each game, written from its declarations: presets, house options and
quick-entry fields with their ids, values, defaults and one-line explanations.

``scorekeeper rules [GAME]`` prints it, and ``docs/rules/<game>.md`` holds the same text
(``python -m scorekeeper.rules_help`` rewrites those files).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.base import Game, HouseOption
from scorekeeper.games.quick import QuickField, QuickForm

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules"


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _option_line(option: HouseOption) -> str:
    choices = ", ".join(f"`{_value(choice)}`" for choice in option.choices)
    return (
        f"- `{option.id}` ({option.title}): {option.explanation} "
        f"Values: {choices}; default `{_value(option.default)}`."
    )


def _field_line(field: QuickField) -> str:
    need = "required" if field.required else "optional"
    when = f"; only {field.applies_when}" if field.applies_when else ""
    return f"- `{field.id}` ({field.title}, {need}{when}): {field.explanation} Value: {field.describe()}."


def _form_lines(form: QuickForm) -> list[str]:
    when = f" Only {form.applies_when}." if form.applies_when else ""
    lines = [f"### {form.title}", ""]
    said = " ".join(part for part in (form.how_to_count, form.file_note) if part)
    if said or when:
        lines += [(said + when).strip(), ""]
    return lines + [_field_line(field) for field in form.fields] + [""]


def game_help(game: Game[Any]) -> str:
    """The rules help of ``game`` as Markdown (readable as plain text)."""
    lines = [f"# {game.title} (`{game.id}`)", "", "## Presets", ""]
    for preset in game.presets:
        default = ", the default" if preset.id == game.default_preset else ""
        lines += [f"- `{preset.id}` ({preset.title}{default}): {preset.description}"]
    lines += ["", "## House options", ""]
    lines += [_option_line(option) for option in game.options] or ["None."]
    lines += [
        "",
        "## Quick entry",
        "",
        "A hand entered by its result alone; seats and sides count from 0, as in match files.",
        "",
    ]
    for form in game.quick_forms:
        lines += _form_lines(form)
    return "\n".join(lines).rstrip() + "\n"


def run_rules(options: argparse.Namespace) -> int:
    """Print the rules help of one game, or of every game."""
    ids = [options.game] if options.game else list(GAME_MODULES)
    print("\n".join(game_help(get_game(game_id)) for game_id in ids), end="")
    return 0


def add_command(commands: argparse._SubParsersAction[Any]) -> None:
    """The ``rules`` subcommand."""
    rules = commands.add_parser(
        "rules",
        help="print each game's presets, house options and quick-entry fields",
        description="Print the presets and house options of a game (or of every game) "
        "with their ids, values, defaults and explanations, and its quick-entry fields.",
        epilog=f"example:\n  scorekeeper rules {next(iter(GAME_MODULES))}",
    )
    rules.add_argument("game", nargs="?", choices=list(GAME_MODULES), metavar="GAME")
    rules.set_defaults(run=run_rules)


def write_docs(folder: Path = DOCS) -> None:
    """Rewrite ``docs/rules/<game>.md`` from the declarations."""
    folder.mkdir(parents=True, exist_ok=True)
    for game_id in GAME_MODULES:
        (folder / f"{game_id}.md").write_text(game_help(get_game(game_id)), encoding="utf-8")


if __name__ == "__main__":
    write_docs()
