"""What the director's desk warns about in a round, table by table, as a rulebook: a
table that sent no hands, too few, too many, one past the round's time and one whose
pass is withdrawn; nothing before the round starts or for a table on its way."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.club.director import RoundTables
from scorekeeper.club.tournament import TableProgress
from scorekeeper.club.watch import round_warnings, warning_words

START = datetime(2025, 3, 7, 19, 30, tzinfo=UTC)
NOW = START + timedelta(minutes=20)
ANN = ("<b>Ann</b>", "Bob", "Cy", "Dee")
EVE = ("Eve", "Fay", "Gus", "Hal")


def table(number: int, hands: int, done: bool = False) -> TableProgress:
    return TableProgress(number, ANN if number == 1 else EVE, hands, not done)


def read(
    *tables: TableProgress, ended: bool = False, minutes: int | None = None, target: int | None = 8
) -> RoundTables:
    end = START + timedelta(minutes=30) if ended else None
    finished = {t.table: START + timedelta(minutes=10) for t in tables if not t.playing}
    return RoundTables(2, list(tables), START, end, target, minutes, finished, [])


def said(tables: RoundTables, withdrawn=()) -> list[str]:
    return [warning_words(w) for w in round_warnings(tables, set(withdrawn), NOW)]


T1 = "Table 1 (<b>Ann</b>, Bob, Cy, Dee)"
T2 = "Table 2 (Eve, Fay, Gus, Hal)"


@pytest.mark.parametrize(
    ("tables", "withdrawn", "words"),
    [
        pytest.param(read(table(1, 3), table(2, 2)), (), [], id="tables on their way: nothing"),
        pytest.param(
            read(table(1, 8, done=True), table(2, 0)),
            (),
            [f"{T2} has sent no hands yet in round 2, while another table has sent 8 hands."],
            id="no hands while another table sent two or more",
        ),
        pytest.param(
            read(table(1, 1), table(2, 0)), (), [], id="no hands yet while the others sent one"
        ),
        pytest.param(
            read(table(1, 8, done=True), table(2, 5), minutes=15),
            (),
            [f"{T2} is past round 2's 15 minutes and still playing: 5 of 8 hands sent."],
            id="past the round's time",
        ),
        pytest.param(
            read(table(1, 8, done=True), table(2, 0), minutes=15),
            (),
            [f"{T2} is past round 2's 15 minutes and still playing: no hands sent."],
            id="past the round's time with no hands",
        ),
        pytest.param(
            read(table(1, 4), table(2, 3), minutes=15, target=None),
            (),
            [
                f"{T1} is past round 2's 15 minutes and still playing: 4 hands sent.",
                f"{T2} is past round 2's 15 minutes and still playing: 3 hands sent.",
            ],
            id="a round that is a game, past its time",
        ),
        pytest.param(
            read(table(1, 4), table(2, 4), minutes=30), (), [], id="within the round's time"
        ),
        pytest.param(
            read(table(1, 9, done=True), table(2, 8, done=True)),
            (),
            [f"{T1} has sent 9 hands in round 2, 1 more than its 8."],
            id="a ninth hand in a round of eight",
        ),
        pytest.param(
            read(table(1, 8, done=True), table(2, 0), ended=True),
            (),
            [f"{T2} sent no hands in round 2."],
            id="ended with no hands",
        ),
        pytest.param(
            read(table(1, 8, done=True), table(2, 5), ended=True),
            (),
            [f"{T2} sent 5 of 8 hands in round 2."],
            id="ended short",
        ),
        pytest.param(
            read(table(1, 6, done=True), table(2, 5), ended=True, target=None),
            (),
            [f"{T2} sent 5 hands in round 2, and its game did not reach its end."],
            id="ended before its game's end",
        ),
        pytest.param(
            read(table(1, 3), table(2, 2)),
            {2},
            [
                f"{T2}: its pass is withdrawn, so the club database refuses its hands. "
                "Give table 2 a new pass to carry on."
            ],
            id="a withdrawn pass: its hands are refused",
        ),
        pytest.param(
            read(table(1, 3), table(2, 8, done=True)),
            {2},
            [],
            id="a withdrawn pass of a table that is done",
        ),
    ],
)
def test_the_desk_warns_in_plain_words(tables, withdrawn, words):
    assert said(tables, withdrawn) == words


def test_nothing_is_warned_before_the_round_starts():
    tables = RoundTables(2, [table(1, 0), table(2, 9)], None, None, 8, 15, {}, [])
    assert said(tables, {1}) == []


@given(
    hands=st.lists(st.integers(min_value=0, max_value=8), min_size=1, max_size=12),
    minutes=st.one_of(st.none(), st.integers(min_value=21, max_value=90)),
)
def test_a_table_within_its_hands_and_time_before_the_end_is_named_only_when_silent(hands, minutes):
    tables = read(*(table(k, n, done=n == 8) for k, n in enumerate(hands, 1)), minutes=minutes)
    named = {w.table for w in round_warnings(tables, set(), NOW)}
    silent = {k for k, n in enumerate(hands, 1) if n == 0} if max(hands) >= 2 else set()
    assert named == silent
