"""Whole tournament nights against the real club database: every round's tables play at
once, each a rehearsal table with its own match database, outbox and worker (as
``python -m scorekeeper.club.simulate`` runs one; tests/club/test_club_night.py runs them
as processes), seated as the database draws them;
the standings the database gives equal the format's pure functions over the tables' own
ledgers, and the final standings PDF and the board are rendered."""

from __future__ import annotations

import csv
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import EventCredentials, create_event
from scorekeeper.club.board import read_board
from scorekeeper.club.formats.base import Format
from scorekeeper.club.formats.berger import berger
from scorekeeper.club.formats.standings import ZERO, credit_byes, round_results, standings
from scorekeeper.club.simulate import rehearse
from scorekeeper.games.euchre import club as progressive_euchre
from scorekeeper.games.sheepshead import club as sheepshead_tournament
from scorekeeper.games.spades import club as spades_league
from tests.club.fixtures import code_for
from tests.club.played import judged
from tests.shots import SCREENSHOTS, save_png
from ui.board import StandingsBoard


def play_table(server, event, table, names, game, hands, folder, seed) -> dict:
    """The table ``table`` joins with its code and plays ``hands`` hands of ``game`` seated
    with ``names``, its worker pushing; what its own ledger says."""
    database = folder / f"table-{table}" / "scorekeeper.sqlite3"
    database.parent.mkdir(parents=True, exist_ok=True)
    code = code_for(server, event, table).code()
    return rehearse(database, code, hands, seed, 0.1, names=tuple(names), game_id=game)


def play_night(
    server,
    admin,
    folder: Path,
    fmt: Format,
    names: list[str],
    chosen: dict,
    teams: list[tuple[str, str]] | None = None,
) -> tuple[EventCredentials, list, list]:
    """Register ``names`` (teams of the two ``teams`` players when given), then for each
    round: draw by the format from what the database holds, start, play every table at
    once, end. The standings and the expected ones."""
    event = create_event(admin, f"{fmt.title} night", tables=1)
    settings = t.configure(admin, event.event, fmt, chosen, seed=3)
    for number, name in enumerate(names):
        if teams:
            t.register_team(admin, event.event, name, teams[number])
        else:
            t.register(admin, event.event, name)
    rounds = settings.get("rounds") or len(berger(len(names)).rounds)
    hands, tables, byes = [], {}, {}
    for round_no in range(1, rounds + 1):
        t.draw(admin, event, round_no)
        t.start_round(admin, event.event, round_no)
        drawn = t.seating(admin, event.event, round_no)
        seated_at = [t.table_players(admin, event.event, table) for table in drawn.tables]
        with ThreadPoolExecutor(len(drawn.tables)) as tables_playing:
            playing = [
                tables_playing.submit(
                    play_table,
                    server,
                    event,
                    table.number,
                    names_at,
                    fmt.game,
                    settings["hands"],
                    folder / f"round-{round_no}",
                    round_no * 100 + table.number,
                )
                for table, names_at in zip(drawn.tables, seated_at, strict=True)
            ]
        for table, played in zip(drawn.tables, (p.result() for p in playing), strict=True):
            assert played["waiting"] == 0
            tables[round_no, table.number] = table.sides(fmt.seating)
            seated = t.table_players(admin, event.event, table)
            hands += [  # a team's points are those of its first player, who sits first
                (round_no, table.number, p, played["players"][name]["points"])
                for p, name in zip(table.seats, seated, strict=False)
            ]
        byes[round_no] = drawn.byes
        judged(server)  # as `club serve`'s referee does when each hand arrives
        assert not any(p.playing for p in t.progress(admin, event.event, round_no))
        t.end_round(admin, event.event, round_no)
    policy = settings[fmt.bye_option] if fmt.bye_option else ZERO
    expected = standings(
        credit_byes(round_results(hands, tables), byes, policy, settings.get("bye_points", 0)),
        [tie.id for tie in fmt.ranking],
        range(len(names)),
    )
    return event, t.event_standings(admin, event.event), expected


def render(admin, event: EventCredentials, name: str, qtbot) -> None:
    """The final standings PDF and the board at 1920x1080, light and dark, kept."""
    names = [p.name for p in t.players(admin, event.event)]
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / f"{name}-standings.pdf").write_bytes(t.standings_pdf(admin, event.event))
    shown = read_board(admin, event.event)
    assert [line[1] for line in shown.standings][:3] == [
        names[s.player] for s in t.event_standings(admin, event.event)[:3]
    ]
    for dark in (False, True):
        board = StandingsBoard(shown, dark=dark)
        qtbot.addWidget(board)
        board.resize(1920, 1080)
        board.show()
        save_png(board.grab(), SCREENSHOTS / f"{name}-board-{'dark' if dark else 'light'}.png")


@pytest.mark.parametrize(
    "rounds",
    [pytest.param(2, id="2 rounds"), pytest.param(8, id="8 rounds", marks=pytest.mark.slow)],
)
def test_a_progressive_euchre_night_of_24_players(club_server, admin, tmp_path, qtbot, rounds):
    fmt = progressive_euchre.FORMAT
    names = [f"Euchre player {n}" for n in range(1, 25)]
    chosen = {"rounds": rounds, "hands": 8}
    event, found, expected = play_night(club_server, admin, tmp_path, fmt, names, chosen)
    assert found == expected
    chart = progressive_euchre.opening_schedule(24, fmt.settings(chosen), 3)
    assert [t.seating(admin, event.event, n) for n in range(1, rounds + 1)] == list(chart.rounds)
    assert sum(s.points for s in found) > 0
    lines = list(csv.DictReader(t.hands_csv(admin, event.event).splitlines()))
    by_player = Counter()
    for line in lines:
        by_player[line["player"]] += int(line["points"])
    assert by_player == Counter({names[s.player]: s.points for s in found})
    assert {line["recorded by"] for line in lines} == {c.role for c in event.tables.values()}
    render(admin, event, f"euchre-night-{rounds}", qtbot)


def test_a_sheepshead_tournament_of_12_players(club_server, admin, tmp_path, qtbot):
    """Two tables, two sitting out; round 2 redrawn by the standings after round 1."""
    fmt = sheepshead_tournament.FORMAT
    names = [f"Sheepshead player {n}" for n in range(1, 13)]  # two tables, two sit out
    chosen = {"rounds": 2, "hands": 5, "sit_out": "average", "movement": "standings"}
    event, found, expected = play_night(club_server, admin, tmp_path, fmt, names, chosen)
    assert found == expected
    first, second = (t.seating(admin, event.event, n) for n in (1, 2))
    assert not set(first.byes) & set(second.byes)  # who sat out plays next
    after_one = standings(
        [r for s in found for r in s.history if r.round == 1 and not r.bye],
        [tie.id for tie in fmt.ranking],
        range(len(names)),
    )
    ranked = [s.player for s in after_one if s.player not in second.byes]
    assert second.seated() == ranked  # the top five together, then the next five
    render(admin, event, "sheepshead-night", qtbot)


def test_a_spades_league_of_5_teams(club_server, admin, tmp_path, qtbot):
    """Five teams (one sits out each round), every round of the Berger tables drawn by
    the database, matches
    of four hands; the teams' standings from the stored hands."""
    fmt = spades_league.FORMAT
    names = ["Aces", "Bowers", "Clubs", "Deuces", "Eights"]
    teams = [(f"{name} north", f"{name} south") for name in names]
    chosen = {"match_end": "hands", "hands": 4}
    chart = berger(len(names))
    event, found, expected = play_night(club_server, admin, tmp_path, fmt, names, chosen, teams)
    assert found == expected
    assert [t.seating(admin, event.event, n) for n in range(1, 6)] == list(chart.rounds)
    assert all(sorted(r.bye for r in s.history) == [False] * 4 + [True] for s in found)
    assert 0 < sum(s.wins for s in found) <= 2 * len(chart.rounds)  # a tied match: no winner
    render(admin, event, "spades-league", qtbot)
