"""`scorekeeper rules` and docs/rules/<game>.md, both written from the games' declarations."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.rules_help import game_help

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules"


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_docs_rules_file_is_current(game_id):
    """Rewrite them with: python -m scorekeeper.rules_help"""
    assert (DOCS / f"{game_id}.md").read_text(encoding="utf-8") == game_help(get_game(game_id))


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_rules_command_lists_every_preset_option_and_quick_field(capsys, game_id):
    assert main(["rules", game_id]) == 0
    out = capsys.readouterr().out
    game = get_game(game_id)
    for preset in game.presets:
        assert f"`{preset.id}` ({preset.title}" in out and preset.description in out
    for option in game.options:
        assert f"`{option.id}` ({option.title}): {option.explanation}" in out
    for form in game.quick_forms:
        assert f"### {form.title}" in out
        for field in form.fields:
            assert f"`{field.id}` ({field.title}" in out and field.explanation in out


def test_rules_without_a_game_prints_every_game(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if line.startswith("# ")] == [
        f"# {get_game(game_id).title} (`{game_id}`)" for game_id in GAME_MODULES
    ]


def test_rules_of_an_unknown_game_lists_the_games(capsys):
    with pytest.raises(SystemExit) as exit_code:
        main(["rules", "no_such_game"])
    assert exit_code.value.code == 2
    games = ", ".join(repr(game_id) for game_id in GAME_MODULES)
    assert f"invalid choice: 'no_such_game' (choose from {games})" in capsys.readouterr().err


def test_an_unknown_option_error_lists_the_valid_ones():
    with pytest.raises(ValueError) as error:
        get_game("spades").settings(cuthroat=True)
    assert str(error.value) == (
        "'cuthroat' is not a Spades house option (cutthroat, double_nil, bag_point, lowest_club, target)"
    )


def test_an_unknown_preset_error_lists_the_valid_ones():
    with pytest.raises(ValueError, match=r"'tournament' is not a Euchre preset \(standard, kata\)"):
        get_game("euchre").settings("tournament")
