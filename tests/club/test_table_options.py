"""A table that joins plays the game as the event's format sets it: the format declares
which of its game's house options its settings fix, and the seating a table reads (with
its own login) carries them."""

from __future__ import annotations

import pytest

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import create_event
from scorekeeper.club.formats import formats
from scorekeeper.club.table import check
from scorekeeper.games import get_game
from scorekeeper.games.euchre import club as progressive_euchre
from scorekeeper.games.sheepshead import club as sheepshead_tournament
from scorekeeper.games.spades import club as spades_league
from tests.club.fixtures import code_for
from tests.club.test_league import TEAM_NAMES


@pytest.mark.parametrize(
    ("fmt", "option", "value"),
    [
        pytest.param(fmt, option.id, value, id=f"{fmt.title}: {option.title} {label}")
        for fmt in formats()
        for option in fmt.options
        for value, label in option.choices
    ],
)
def test_every_setting_gives_the_game_options_its_game_knows(fmt, option, value):
    game = get_game(fmt.game)
    chosen = fmt.game_options(fmt.settings({option: value}))
    for key, choice in chosen.items():
        assert choice in game.option(key).choices, (key, choice)
    game.settings(None, **chosen)  # the game takes them as they are


@pytest.mark.parametrize(
    ("fmt", "chosen", "options"),
    [
        pytest.param(
            spades_league.FORMAT,
            {"target": 300},
            {"target": 300},
            id="a Spades league to 300 plays games to 300",
        ),
        pytest.param(
            spades_league.FORMAT,
            {"match_end": "hands", "target": 300},
            {},
            id="a Spades league of a number of hands sets no target",
        ),
        pytest.param(
            progressive_euchre.FORMAT,
            {"round_end": "game"},
            {"target": 10},
            id="Progressive Euchre rounds as a game are games to 10",
        ),
        pytest.param(
            progressive_euchre.FORMAT, {}, {}, id="Progressive Euchre rounds of hands set nothing"
        ),
        pytest.param(
            sheepshead_tournament.FORMAT,
            {"cents_per_point": 25},
            {"point_value": 25},
            id="a Sheepshead tournament at 25 cents a point plays at 25 cents",
        ),
    ],
)
def test_the_format_declares_the_game_options_of_its_tables(fmt, chosen, options):
    assert fmt.game_options(fmt.settings(chosen)) == options


def test_a_table_joining_a_spades_league_to_300_reads_the_target(club_server, admin, tmp_path):
    event = create_event(admin, "League night", tables=1)
    t.configure(admin, event.event, spades_league.FORMAT, {"target": 300})
    for name in TEAM_NAMES[:2]:
        t.register_team(admin, event.event, name, [f"{name} north", f"{name} south"])
    t.draw(admin, event, 1)
    t.start_round(admin, event.event, 1)
    joined = check(code_for(club_server, event, 1), tmp_path)
    assert joined.seating.game == "spades"
    assert joined.seating.options == {"target": 300}
    drawn = t.seating(admin, event.event, 1)
    assert drawn is not None  # the teams' players sit at the table, partners opposite
    assert list(joined.seating.players) == t.table_players(admin, event.event, drawn.tables[0])
    assert len(joined.seating.players) == 4
    settings = get_game("spades").settings(None, **joined.seating.options)
    assert get_game("spades").new_tally(settings).scoring.target == 300
