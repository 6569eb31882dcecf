"""Winners move up when the register changes between rounds: players who leave, late
arrivals, players who sat out. Players are named by their register numbers; the draw
sees them numbered as the club database numbers them (those playing first, in register
order, then everyone else)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.club.formats.base import Past
from scorekeeper.club.formats.move_up import first_round
from scorekeeper.club.formats.schedule import PARTNERS, Round, Schedule, Table, partner_counts
from scorekeeper.games.euchre import club as progressive_euchre

MOVE_UP = progressive_euchre.FORMAT.settings({"movement": "move-up"})


def renumbered(drawn: Round, number: Mapping[int, int]) -> Round:
    return Round(
        drawn.number,
        tuple(Table(t.number, tuple(number[p] for p in t.seats)) for t in drawn.tables),
        tuple(number[p] for p in drawn.byes),
    )


def draw_next(rounds: Sequence[Round], won: dict[int, int], playing: Sequence[int]) -> Round:
    """The round after ``rounds`` (register numbers) for the register numbers ``playing``,
    ``won`` giving each table of the last round its winning side, through the format's
    draw as the tournament calls it."""
    others = sorted({p for r in rounds for p in r.seated() + list(r.byes)} - set(playing))
    order = [*sorted(playing), *others]
    index = {p: k for k, p in enumerate(order)}
    past = tuple(renumbered(r, index) for r in rounds)
    last = rounds[-1].number
    drawn = progressive_euchre.draw_round(
        len(playing),
        MOVE_UP,
        0,
        last + 1,
        Past(
            Counter(p for r in past for p in r.byes), past, {(last, n): s for n, s in won.items()}
        ),
    )
    return renumbered(drawn, dict(enumerate(order)))


def opening(players: int) -> Round:
    """Round 1 seated in register order: table 1 has players 0-3, table 2 players 4-7,
    ...; whoever is left over sits out."""
    tables = players // 4
    return Round(
        1,
        tuple(Table(t + 1, tuple(range(4 * t, 4 * t + 4))) for t in range(tables)),
        tuple(range(4 * tables, players)),
    )


# Round 1 as ``opening`` seats it, seats 1 & 3 winning at every table, and round 2 drawn
# after the changes. With twelve players and nothing changed, round 2 seats table 1:
# 0 2 4 6, table 2: 5 7 8 10, table 3: 9 11 1 3.
CASES = [
    pytest.param(
        12,
        (),
        0,
        [(0, 2, 4, 6), (5, 7, 8, 10), (9, 11, 1, 3)],
        (),
        id="nothing changes: the movement as ever",
    ),
    pytest.param(
        12,
        (0,),
        0,
        [(3, 2, 4, 6), (5, 7, 8, 10)],
        (1, 9, 11),
        id="one leaves the head table, nobody waiting: the foot table closes and its last player takes the seat",
    ),
    pytest.param(
        12,
        (9,),
        0,
        [(0, 2, 4, 6), (5, 7, 8, 10)],
        (1, 3, 11),
        id="one leaves the foot table, nobody waiting: the foot table closes",
    ),
    pytest.param(
        13,
        (0,),
        0,
        [(12, 2, 4, 6), (5, 7, 8, 10), (9, 11, 1, 3)],
        (),
        id="one leaves the head table: the player who sat out takes the seat",
    ),
    pytest.param(
        12,
        (0,),
        1,
        [(12, 2, 4, 6), (5, 7, 8, 10), (9, 11, 1, 3)],
        (),
        id="a leaver and an arrival in the same round: the arrival takes the seat",
    ),
    pytest.param(
        12,
        (9,),
        1,
        [(0, 2, 4, 6), (5, 7, 8, 10), (12, 11, 1, 3)],
        (),
        id="one leaves the foot table and one arrives: the arrival takes the seat",
    ),
    pytest.param(
        13,
        (0, 9),
        1,
        [(12, 2, 4, 6), (5, 7, 8, 10), (13, 11, 1, 3)],
        (),
        id="two leave: the player who sat out takes the seat nearer the head, the arrival the one nearer the foot",
    ),
    pytest.param(
        13,
        (),
        0,
        [(0, 2, 4, 6), (5, 7, 8, 10), (12, 11, 1, 3)],
        (9,),
        id="nothing changes with one sitting out: the foot table's first seat sits out next",
    ),
    pytest.param(
        12,
        (),
        1,
        [(0, 2, 4, 6), (5, 7, 8, 10), (9, 11, 1, 3)],
        (12,),
        id="one arrives: the arrival sits out",
    ),
    pytest.param(
        12,
        (),
        2,
        [(0, 2, 4, 6), (5, 7, 8, 10), (9, 11, 1, 3)],
        (12, 13),
        id="two arrive: both sit out",
    ),
    pytest.param(
        12,
        (),
        4,
        [(0, 2, 4, 6), (5, 7, 8, 10), (9, 11, 1, 3), (12, 13, 14, 15)],
        (),
        id="four arrive: they open a new foot table",
    ),
    pytest.param(
        12,
        (),
        5,
        [(0, 2, 4, 6), (5, 7, 8, 10), (9, 11, 1, 3), (13, 14, 15, 16)],
        (12,),
        id="five arrive: four open a new foot table, the first registered sits out",
    ),
    pytest.param(
        13,
        (),
        3,
        [(0, 2, 4, 6), (5, 7, 8, 10), (9, 11, 1, 3), (12, 13, 14, 15)],
        (),
        id="three arrive: with the player who sat out they open a new foot table",
    ),
    pytest.param(
        12,
        (0, 5, 9),
        1,
        [(1, 2, 4, 6), (3, 7, 8, 10)],
        (11, 12),
        id="every table changes: one leaves each, one arrives and the foot table closes",
    ),
    pytest.param(
        12,
        (8, 9, 10, 11),
        0,
        [(0, 2, 4, 6), (5, 7, 1, 3)],
        (),
        id="the foot table leaves: the head table's losers fill its winners' seats",
    ),
    pytest.param(
        14,
        (12, 13),
        0,
        [(0, 2, 4, 6), (5, 7, 8, 10), (9, 11, 1, 3)],
        (),
        id="both who sat out leave: the movement as ever",
    ),
    pytest.param(4, (3,), 0, [], (0, 1, 2), id="three are left: nobody is seated"),
]


@pytest.mark.parametrize(("players", "leave", "arrive", "tables", "byes"), CASES)
def test_a_changed_register_moves_up_by_the_rule(players, leave, arrive, tables, byes):
    playing = [p for p in range(players + arrive) if p not in leave]
    drawn = draw_next([opening(players)], {n: 0 for n in range(1, players // 4 + 1)}, playing)
    assert [t.seats for t in drawn.tables] == tables
    assert [t.number for t in drawn.tables] == list(range(1, len(tables) + 1))
    assert drawn.byes == byes


def test_a_newcomer_in_a_leaver_s_seat_avoids_an_earlier_partner():
    """Thirteen players, seats 1 & 3 winning every table. Round 2 puts 11 & 3 at the foot
    table with 2 & 6 arriving; 2 goes home before round 3 and 9 (who sat out) takes the
    seat. Seated straight, 9 would partner 11 again (round 1): they are crossed."""
    first = opening(13)
    second = draw_next([first], {1: 0, 2: 0, 3: 0}, range(13))
    assert second.tables[2].seats == (12, 11, 1, 3) and second.byes == (9,)
    third = draw_next([first, second], {1: 0, 2: 0, 3: 0}, [p for p in range(13) if p != 2])
    assert [t.seats for t in third.tables] == [(0, 4, 5, 8), (7, 10, 12, 1), (11, 3, 6, 9)]
    assert third.byes == ()


def movement_places(last: Round, won: dict[int, int]) -> dict[int, tuple[int, bool]]:
    """Where the movement sends each player of ``last``: (table, whether they stay
    there, taking seats 1 and 2, rather than arrive)."""
    count = len(last.tables)
    places = {}
    for table in last.tables:
        number = table.number
        winners, losers = (table.sides(PARTNERS)[s] for s in (won[number], 1 - won[number]))
        places.update(dict.fromkeys(winners, (max(number - 1, 1), number == 1)))
        losers_go = number if number > 1 else count
        places.update(dict.fromkeys(losers, (losers_go, number > 1)))
    return places


def check_promises(
    rounds: Sequence[Round], won: dict[int, int], playing: Sequence[int], drawn: Round
) -> None:
    """What the draw promises whatever changed on the register."""
    seated = drawn.seated()
    assert Counter(seated + list(drawn.byes)) == Counter(playing)  # once each, nobody else
    assert [t.number for t in drawn.tables] == list(range(1, len(playing) // 4 + 1))
    assert all(len(t.seats) == 4 for t in drawn.tables)
    byes = Counter(p for r in rounds for p in r.byes)
    if drawn.byes and seated:
        assert max(byes[p] for p in drawn.byes) <= min(byes[p] for p in seated)
    places = movement_places(rounds[-1], won)
    for table in rounds[-1].tables:
        if not set(table.seats) <= set(playing):
            continue  # someone left this table
        for player in set(table.seats) - set(drawn.byes):
            going, stays = places[player]
            if going <= len(drawn.tables):
                now = drawn.tables[going - 1]
                assert player in now.seats
                assert (now.seats.index(player) < 2) == stays


@given(players=st.integers(0, 22), seed=st.integers(0, 2**16), data=st.data())
@settings(max_examples=150, deadline=None)
def test_every_register_change_keeps_the_draw_s_promises(players, seed, data):
    """Any players leave, arrive (new, or back after leaving) and win, round after round."""
    rounds = [first_round(players, seed)]
    playing = set(range(players))
    registered = players
    for _ in range(data.draw(st.integers(1, 6), label="rounds after the first")):
        won = {t.number: data.draw(st.integers(0, 1)) for t in rounds[-1].tables}
        gone = sorted(set(range(registered)) - playing)
        leave = data.draw(st.sets(st.sampled_from(sorted(playing))) if playing else st.just(set()))
        back = data.draw(st.sets(st.sampled_from(gone)) if gone else st.just(set()))
        arrive = data.draw(st.integers(0, 5), label="new arrivals")
        playing = playing - leave | back | set(range(registered, registered + arrive))
        registered += arrive
        drawn = draw_next(rounds, won, sorted(playing))
        check_promises(rounds, won, sorted(playing), drawn)
        rounds.append(drawn)


@given(players=st.integers(4, 26), seed=st.integers(0, 2**16), data=st.data())
@settings(max_examples=100, deadline=None)
def test_an_unchanged_register_moves_exactly_as_the_movement_says(players, seed, data):
    """Nobody leaves or arrives: every player is where the movement sends them except
    those who now sit out, whose seats go to the players who sat out last round; the
    two who stay at a table are opponents, each partnering one who arrived."""
    rounds = [first_round(players, seed)]
    for _ in range(data.draw(st.integers(1, 6), label="rounds after the first")):
        last = rounds[-1]
        won = {t.number: data.draw(st.integers(0, 1)) for t in last.tables}
        drawn = draw_next(rounds, won, range(players))
        check_promises(rounds, won, range(players), drawn)
        places = movement_places(last, won)
        tables_of_sat_out = sorted(places[p][0] for p in drawn.byes)
        assert sorted(drawn.table_of(p).number for p in last.byes) == tables_of_sat_out
        partnered = partner_counts(Schedule(players, tuple(rounds), PARTNERS, "draw"))
        for table in drawn.tables:  # the way it splits up repeats least of the two
            s1, s2, a1, a2 = table.seats
            assert repeated([(s1, a1), (s2, a2)], partnered) <= repeated(
                [(s1, a2), (s2, a1)], partnered
            )
        rounds.append(drawn)


def repeated(pairs: Sequence[tuple[int, int]], partnered: Counter) -> tuple[int, int]:
    """How many of ``pairs`` partnered before, and how often in all."""
    times = [partnered[frozenset(pair)] for pair in pairs]
    return sum(1 for n in times if n), sum(times)


def test_a_player_back_from_sitting_out_avoids_an_earlier_partner():
    """Five players, seats 1 & 3 winning. Round 2 seats 4 2 1 3 and 0 sits out; round 3
    sits 1 out and 0 takes the seat. Seated as 1 would have been, 0 would partner 2 again
    (round 1): the table splits up afresh and nobody partners again."""
    first = opening(5)
    second = draw_next([first], {1: 0}, range(5))
    assert second.tables[0].seats == (4, 2, 1, 3) and second.byes == (0,)
    third = draw_next([first, second], {1: 0}, range(5))
    assert third.tables[0].seats == (4, 0, 2, 3) and third.byes == (1,)
    partnered = partner_counts(Schedule(5, (first, second, third), PARTNERS, "draw"))
    assert max(partnered.values()) == 1


# the winning side of each table, round after round
RESULTS = [{1: 0, 2: 0, 3: 0}] * 3 + [{1: 1, 2: 1, 3: 0}, {1: 0, 2: 0, 3: 0}]


def test_on_a_tie_a_table_splits_up_as_spares_the_next_round_a_repeat():
    """Twelve players with these results. In round 5 both ways of splitting up the foot
    table make new partnerships. Kept straight, 6 & 0 would win and meet 11 & 4 at table 2
    in round 6, where either way of splitting up repeats a partnership; crossed, 6 & 7
    win, and round 6 repeats one partnership in all (at the head table), not two."""
    rounds = [opening(12)]
    for won in RESULTS:
        rounds.append(draw_next(rounds, won, range(12)))
    assert rounds[4].tables[2].seats == (6, 8, 7, 0)
    partnered = partner_counts(Schedule(12, tuple(rounds), PARTNERS, "draw"))
    assert sum(n - 1 for n in partnered.values()) == 1
