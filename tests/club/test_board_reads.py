"""The standings board's reads against the real club database, with the board's own
login: a reader that reads again shows what a read from nothing shows, fetching only the
hands that changed; the heading says where the night is; the board's code is told from
a table's."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import create_event, open_round
from scorekeeper.club.board import BoardError, BoardReader, board_code, check, read_board
from scorekeeper.club.formats.board import Stage, stage_words
from scorekeeper.club.server import free_port
from tests.club.fixtures import code_for, connect_as
from tests.club.test_serve import serve, stop
from tests.club.test_tournament import NAMES, draw, euchre_event, new_match, push_hand

LONER = {"maker": 0, "alone": True, "result": "alone march"}


def seated(admin, event, round_no: int, table: int) -> list[str]:
    drawn = t.seating(admin, event.event, round_no)
    return [NAMES[p] for p in next(x for x in drawn.tables if x.number == table).seats]


def points(names: list[str], first: int) -> list[tuple[str, int]]:
    """The first side (seats 1 and 3) ``first`` points, the other side none."""
    return [(name, first if seat % 2 == 0 else 0) for seat, name in enumerate(names)]


class Night:
    """Round 1 of a Progressive Euchre night of 8 playing, two hands at each table."""

    def __init__(self, admin, event) -> None:
        self.admin, self.event = admin, event
        euchre_event(admin, event)
        draw(admin, event, 1)
        t.start_round(admin, event.event, 1)
        self.matches = {table: new_match(admin, event.event, 1, table) for table in (1, 2)}
        for table in (1, 2):
            for hand in (0, 1):
                self.push(table, hand, 2 - hand)

    def push(self, table: int, hand: int, first: int, details=None, lines=None) -> None:
        """A new revision of ``hand`` at ``table`` (the director's, so that it counts at
        once): the first side ``first`` points."""
        names = seated(self.admin, self.event, 1, table)
        lines = points(names, first) if lines is None else lines
        push_hand(self.admin, self.matches[table], hand, lines, details)


def two_tables_at_once(night: Night) -> None:
    with night.admin.transaction():
        night.push(1, 2, 1)
        night.push(2, 2, 1)


CHANGES: dict[str, tuple[Callable[[Night], object], int]] = {
    # what changes: (the change, the hands the next read fetches, of the 4 or 5 on record)
    "nothing": (lambda night: None, 0),
    "a new hand": (lambda night: night.push(1, 2, 1), 1),
    "a hand's new revision": (lambda night: night.push(1, 0, 4, LONER), 1),
    "the director's correction": (
        lambda night: t.correct(night.admin, night.matches[2], 1, [0, 2, 0, 2]),
        1,
    ),
    "hands at two tables in one transaction": (two_tables_at_once, 2),
    # a hand taken back to nothing leaves no points: the other three are read again
    "a hand taken back to nothing": (lambda night: night.push(2, 0, 0, lines=[]), 3),
    # who counts for whom may have changed: the four are counted again
    "a late arrival registered": (
        lambda night: t.register(night.admin, night.event.event, "Late Larry"),
        4,
    ),
}


@pytest.mark.parametrize("change", list(CHANGES), ids=list(CHANGES))
def test_a_read_again_shows_a_fresh_read_and_fetches_only_what_changed(
    club_server, admin, event, change
):
    night = Night(admin, event)
    act, fetched = CHANGES[change]
    with connect_as(code_for(club_server, event)) as board:
        reader = BoardReader(event.event)
        reader.read(board)
        assert reader.fetched == 4
        act(night)
        shown = reader.read(board)
        assert reader.fetched == fetched
        assert shown == read_board(board, event.event)
    names = [p.name for p in t.players(admin, event.event)]
    expected = [(names[s.player], str(s.points)) for s in t.event_standings(admin, event.event)]
    assert [line[1:] for line in shown.standings] == expected


def test_a_big_hand_shows_with_its_maker_newest_first(club_server, admin, event):
    night = Night(admin, event)
    with connect_as(code_for(club_server, event)) as board:
        reader = BoardReader(event.event)
        assert reader.read(board).big_hands == ()
        night.push(1, 2, 4, LONER)
        night.push(2, 2, 4, {**LONER, "result": "euchred"})
        first, second = seated(admin, event, 1, 2)[0], seated(admin, event, 1, 1)[0]
        assert reader.read(board).big_hands == (
            f"{first} was euchred going alone",
            f"{second} made a loner, all five tricks",
        )
        night.push(2, 2, 1)  # revised: no longer a loner
        assert reader.read(board).big_hands == (f"{second} made a loner, all five tricks",)


OPERATIONS = st.lists(
    st.tuples(st.sampled_from([1, 2]), st.integers(0, 3), st.integers(-2, 4)), max_size=6
)


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(OPERATIONS)
def test_reading_again_after_any_pushes_equals_reading_from_nothing(club_server, admin, pushes):
    """Any sequence of pushes (a hand's first revision, a later one, or with no players
    a hand taken back), read after each one."""
    event = create_event(admin, "Any night", tables=2)
    night = Night(admin, event)
    with connect_as(code_for(club_server, event)) as board:
        reader = BoardReader(event.event)
        for table, hand, first in pushes:
            night.push(table, hand, first, lines=[] if first < 0 else None)
            assert reader.read(board) == read_board(board, event.event)


def round_1_playing(admin, event) -> None:
    t.start_round(admin, event.event, 1)


def round_2_ended(admin, event) -> None:
    for number in (1, 2):
        t.start_round(admin, event.event, number)
    t.end_round(admin, event.event, 2)


def round_3_playing(admin, event) -> None:
    round_2_ended(admin, event)
    t.start_round(admin, event.event, 3)


def round_2_opened_by_the_round_command(admin, event) -> None:
    round_1_playing(admin, event)
    open_round(admin, event.event)


def all_ended(admin, event) -> None:
    round_3_playing(admin, event)
    t.end_round(admin, event.event, 3)


NO_MORE = ("None: the night is over",)
STAGES = {
    # how far the night went: (what it takes, the heading's words, the next round shown:
    # the tables of a round drawn, or these words)
    "before round 1": (lambda admin, event: None, "round 1 of 3 next", 1),
    "round 1 playing": (round_1_playing, "round 1 of 3 playing", 2),
    "round 2 ended": (round_2_ended, "round 2 of 3 over, round 3 next", 3),
    "round 3 playing": (round_3_playing, "round 3 of 3 playing", ()),
    "round 2 opened by the round command": (
        round_2_opened_by_the_round_command,
        "round 2 of 3 playing",
        3,
    ),
    "every round ended": (all_ended, "all 3 rounds played: final standings", NO_MORE),
}


@pytest.mark.parametrize("stage", list(STAGES), ids=list(STAGES))
def test_the_heading_says_where_the_night_is(club_server, admin, event, stage):
    euchre_event(admin, event)
    for number in (1, 2, 3):
        draw(admin, event, number)
    act, words, upcoming = STAGES[stage]
    act(admin, event)
    with connect_as(code_for(club_server, event)) as board:
        shown = read_board(board, event.event)
    assert shown.heading == f"Progressive Euchre, {words}"
    if isinstance(upcoming, int):
        tables = t.seating(admin, event.event, upcoming).tables
        upcoming = tuple(
            f"Table {x.number}: {' & '.join(NAMES[p] for p in x.seats[0::2])} against "
            f"{' & '.join(NAMES[p] for p in x.seats[1::2])}"
            for x in tables
        )
    assert shown.next_round == upcoming


@pytest.mark.parametrize(
    ("stage", "words"),
    [
        (Stage(4, 4, None), "round 4 playing"),
        (Stage(None, 4, None), "round 4 over, round 5 next"),
        (Stage(None, 0, None), "round 1 next"),
    ],
    ids=["playing", "between rounds", "before the first"],
)
def test_a_night_without_a_number_of_rounds_is_never_over(stage, words):
    assert not stage.over
    assert stage_words(stage) == words


def test_a_table_code_is_told_from_the_boards(club_server, event, tmp_path):
    table = code_for(club_server, event, 2)
    with pytest.raises(BoardError, match="this is table 2's join code, not the standings board's"):
        board_code(table.code(), tmp_path)
    with pytest.raises(BoardError, match="the join code is damaged"):
        board_code("SKC1-garbled", tmp_path)
    with pytest.raises(BoardError, match="no club night was served on this machine"):
        board_code("  ", tmp_path)
    board = code_for(club_server, event)
    assert board_code(f" {board.url()} ", tmp_path) == board
    conninfo, name = check(board, tmp_path)
    assert name == "Friday euchre" and board.user in conninfo


@pytest.fixture
def serve_folder() -> Iterator[Path]:
    """A data folder for `club serve` outside pytest's own (PostgreSQL may run as another
    user)."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-board-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_the_board_opens_from_the_code_serve_prints_or_from_the_night_served_here(
    serve_folder, tmp_path
):
    process, lines = serve(serve_folder, free_port())
    try:
        printed = next(line for line in lines if line.strip().startswith("Standings board:"))
        code = board_code(printed.split(":", 1)[1], tmp_path)
        url = lines[lines.index(printed) + 1].strip()
        assert board_code(url, tmp_path) == code
        assert check(code, tmp_path)[1] == "Ça <b>va</b>"
        here = board_code("", serve_folder)  # on the machine serve runs on
        assert (here.event, here.user, here.table) == (code.event, code.user, None)
        assert check(here, tmp_path)[1] == "Ça <b>va</b>"
        assert lines[lines.index(printed) + 2] == (
            "The board opens with `scorekeeper club board` and its code (on this machine, "
            "without), or in the app: Club night → Standings board."
        )
    finally:
        stop(process)
    with pytest.raises(BoardError, match="the club server on this machine is not running"):
        board_code("", serve_folder)


def test_a_round_whose_hands_are_all_taken_back_credits_its_byes_no_more(club_server, admin, event):
    euchre_event(admin, event, names=NAMES[:10], bye="fixed")  # two sit out, 4 points each
    draw(admin, event, 1)
    t.start_round(admin, event.event, 1)
    match = new_match(admin, event.event, 1, 1)
    push_hand(admin, match, 0, points(seated(admin, event, 1, 1), 2))
    with connect_as(code_for(club_server, event)) as board:
        reader = BoardReader(event.event)
        assert sorted(line[2] for line in reader.read(board).standings)[-2:] == ["4", "4"]
        push_hand(admin, match, 0, [])  # taken back
        shown = reader.read(board)
        assert shown == read_board(board, event.event)
    assert {line[2] for line in shown.standings} == {"0"}
