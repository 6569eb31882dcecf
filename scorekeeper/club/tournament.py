"""A tournament in the club database: the event's format and options, its register of
players, the seats drawn for each round, round control, each table's progress and the
standings the format's pure functions make from the stored hands.

Works with the director's connection (or the administrator's); what a table or the
board may read is settled by the row-level security of the club schema.
"""

from __future__ import annotations

import csv
import io
import uuid
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from scorekeeper.club.admin import EventCredentials, add_tables, reissue_table, withdrawn_tables
from scorekeeper.club.formats import format_by_id, format_winning
from scorekeeper.club.formats.base import Format, Past
from scorekeeper.club.formats.schedule import TEAMS, Round, Schedule, Table
from scorekeeper.club.formats.standings import (
    ZERO,
    RoundResult,
    Standing,
    award,
    credit_byes,
    round_results,
    standings,
)
from scorekeeper.games import get_game
from scorekeeper.games.winning import Winning

PRESENT, NO_SHOW, LEFT = "present", "no-show", "left"


class TournamentError(Exception):
    """A director's request that cannot be done; the message says why, and nothing
    was changed."""


@dataclass(frozen=True)
class Player:
    number: int
    name: str
    status: str
    first_round: int  # a late arrival plays from this round on


@dataclass(frozen=True)
class TableProgress:
    table: int
    names: tuple[str, ...]  # in seat order
    hands: int  # hands on record at this table this round
    playing: bool  # the round is open and the table has hands left to play
    refused: int = 0  # hands the table sent that the referee refused (their latest revision)


def configure(
    conn: psycopg.Connection, event: str, fmt: Format, chosen: Mapping[str, Any], seed: int = 0
) -> dict[str, Any]:
    """Give ``event`` its format and options (checked by the format); the settings stored.
    No round is open until the director starts one."""
    try:
        settings = fmt.settings(chosen)
    except ValueError as error:
        raise TournamentError(str(error)) from None
    with conn.transaction():
        conn.execute(
            "INSERT INTO club.event_formats (event_id, format_id, settings, seed, seats) "
            "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (event_id) DO UPDATE "
            "SET format_id = EXCLUDED.format_id, settings = EXCLUDED.settings, "
            "seed = EXCLUDED.seed, seats = EXCLUDED.seats",
            (event, fmt.id, Jsonb(settings), seed, get_game(fmt.game).seats),
        )
        conn.execute(
            "UPDATE club.rounds SET open = false WHERE event_id = %s AND started IS NULL",
            (event,),
        )
    return settings


def event_format(conn: psycopg.Connection, event: str) -> tuple[Format, dict[str, Any], int]:
    """The event's format, its settings and its seed."""
    row = conn.execute(
        "SELECT format_id, settings, seed FROM club.event_formats WHERE event_id = %s", (event,)
    ).fetchone()
    if row is None:
        raise TournamentError("this event has no tournament format yet")
    return format_by_id(row[0]), dict(row[1]), row[2]


def register(conn: psycopg.Connection, event: str, name: str, first_round: int = 1) -> Player:
    """A player joins the register; ``first_round`` above 1 for a late arrival. A name
    already there in other capitals is the same player."""
    name = " ".join(name.split())
    if not name:
        raise TournamentError("a player needs a name")
    with conn.transaction():
        same = conn.execute(
            "SELECT name FROM club.players WHERE event_id = %s AND lower(name) = lower(%s)",
            (event, name),
        ).fetchone()
        if same:
            raise TournamentError(f"{same[0]} is already registered")
        made = conn.execute(
            "INSERT INTO club.players (event_id, player_no, name, first_round) "
            "SELECT %s, coalesce(max(player_no) + 1, 0), %s, %s FROM club.players "
            "WHERE event_id = %s RETURNING player_no",
            (event, name, first_round, event),
        ).fetchone()
    assert made is not None  # INSERT … RETURNING gives the row it made
    return Player(made[0], name, PRESENT, first_round)


def register_team(
    conn: psycopg.Connection, event: str, name: str, members: Sequence[str], first_round: int = 1
) -> Player:
    """A fixed partnership joins the register under ``name``, with its two players (who
    sit opposite each other at every match)."""
    members = [" ".join(member.split()) for member in members]
    if len(members) != 2 or not all(members):
        raise TournamentError(f"{name.strip() or 'a team'} needs the names of its two players")
    if members[0].lower() == members[1].lower():
        raise TournamentError(f"{members[0]} cannot partner themself")
    with conn.transaction():
        team = register(conn, event, name, first_round)
        taken = conn.execute(
            "SELECT m.name, p.name FROM club.partners m JOIN club.players p "
            "USING (event_id, player_no) WHERE m.event_id = %s AND lower(m.name) = ANY(%s)",
            (event, [member.lower() for member in members]),
        ).fetchone()
        if taken:
            raise TournamentError(f"{taken[0]} already plays for {taken[1]}")
        with conn.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO club.partners (event_id, player_no, member, name) "
                "VALUES (%s, %s, %s, %s)",
                [(event, team.number, k, member) for k, member in enumerate(members)],
            )
    return team


def register_entry(conn: psycopg.Connection, event: str, text: str) -> Player:
    """What a director types to register: a player's name, or for a format of teams the
    team's name, a colon and its two players ("Aces: Ann & Bob")."""
    fmt, _, _ = event_format(conn, event)
    if fmt.seating != TEAMS:
        return register(conn, event, text)
    name, colon, members = text.partition(":")
    if not colon or members.count("&") != 1:
        raise TournamentError(
            f"a team is typed as its name, a colon and its two players (Aces: Ann & Bob), "
            f"not {text.strip()!r}"
        )
    return register_team(conn, event, name, members.split("&"))


def partners(conn: psycopg.Connection, event: str) -> dict[int, tuple[str, ...]]:
    """Each team's players, by the team's register number (empty without teams)."""
    found: dict[int, tuple[str, ...]] = {}
    for number, name in conn.execute(
        "SELECT player_no, name FROM club.partners WHERE event_id = %s ORDER BY player_no, member",
        (event,),
    ):
        found[number] = (*found.get(number, ()), name)
    return found


def table_players(conn: psycopg.Connection, event: str, table: Table) -> list[str]:
    """Who sits at ``table``, in seat order: its players, or for a match of teams the
    first players of each team, then their partners opposite them."""
    return _seated(partners(conn, event), _names(conn, event), table)


def _seated(teams: Mapping[int, Sequence[str]], names: Sequence[str], table: Table) -> list[str]:
    if not teams:
        return [names[p] for p in table.seats]
    return [teams[team][k] for k in range(2) for team in table.seats]


def set_status(conn: psycopg.Connection, event: str, name: str, status: str) -> None:
    """Mark a player present, a no-show, or gone home (left)."""
    if status not in (PRESENT, NO_SHOW, LEFT):
        raise TournamentError(f"{status!r} is not a player's status")
    changed = conn.execute(
        "UPDATE club.players SET status = %s WHERE event_id = %s AND name = %s",
        (status, event, name),
    ).rowcount
    if not changed:
        raise TournamentError(f"{name} is not registered")


def players(conn: psycopg.Connection, event: str) -> list[Player]:
    rows = conn.execute(
        "SELECT player_no, name, status, first_round FROM club.players WHERE event_id = %s "
        "ORDER BY player_no",
        (event,),
    )
    return [Player(*row) for row in rows]


def playing_in(conn: psycopg.Connection, event: str, round_no: int) -> list[Player]:
    """Who is to be seated in ``round_no``: present and arrived by then."""
    return [p for p in players(conn, event) if p.status == PRESENT and p.first_round <= round_no]


def store_round(conn: psycopg.Connection, credentials: EventCredentials, drawn: Round) -> None:
    """Keep the seats drawn for one round (replacing an earlier draw of a round not yet
    started), adding the tables it needs and a new pass for each table drawn whose pass
    was withdrawn: their logins join ``credentials`` once the seats are kept. ``drawn``
    numbers players as the register does."""
    event = credentials.event
    known = {p.number: p for p in players(conn, event)}
    unknown = [p for p in drawn.seated() + list(drawn.byes) if p not in known]
    if unknown:
        raise TournamentError(f"round {drawn.number} seats players not on the register")
    with conn.transaction():
        started = conn.execute(
            "SELECT started IS NOT NULL FROM club.rounds WHERE event_id = %s AND round_no = %s",
            (event, drawn.number),
        ).fetchone()
        if started and started[0]:
            raise TournamentError(f"round {drawn.number} has started; its seats stay")
        for table in ("seats", "byes"):
            conn.execute(
                f"DELETE FROM club.{table} WHERE event_id = %s AND round_no = %s",
                (event, drawn.number),
            )
        had = conn.execute(
            "SELECT count(*) FROM club.tables WHERE event_id = %s", (event,)
        ).fetchone()
        needed = max((t.number for t in drawn.tables), default=0) - (had[0] if had else 0)
        made = add_tables(conn, credentials, needed) if needed > 0 else {}
        drawn_at = {table.number for table in drawn.tables}
        for number in sorted(withdrawn_tables(conn, event) & drawn_at):
            made[number] = reissue_table(conn, credentials, number)
        with conn.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO club.seats (event_id, round_no, table_no, seat, player_no) "
                "VALUES (%s, %s, %s, %s, %s)",
                [
                    (event, drawn.number, table.number, seat, player)
                    for table in drawn.tables
                    for seat, player in enumerate(table.seats)
                ],
            )
            cursor.executemany(
                "INSERT INTO club.byes (event_id, round_no, player_no) VALUES (%s, %s, %s)",
                [(event, drawn.number, player) for player in drawn.byes],
            )
    credentials.tables.update(made)


def seating(conn: psycopg.Connection, event: str, round_no: int) -> Round | None:
    """The seats stored for ``round_no`` (None: not drawn yet)."""
    return seatings(conn, event, [round_no]).get(round_no)


def seatings(conn: psycopg.Connection, event: str, rounds: Sequence[int]) -> dict[int, Round]:
    """The seats stored for each of ``rounds`` that is drawn, by round, in one read."""
    tables: dict[int, dict[int, list[int]]] = {}
    byes: dict[int, list[int]] = {}
    for round_no, table, _, player in conn.execute(
        "SELECT round_no, table_no, seat, player_no FROM club.seats WHERE event_id = %s "
        "AND round_no = ANY(%s) UNION ALL SELECT round_no, NULL, player_no, player_no "
        "FROM club.byes WHERE event_id = %s AND round_no = ANY(%s) ORDER BY 1, 2, 3",
        (event, list(rounds), event, list(rounds)),
    ):
        tables.setdefault(round_no, {})
        if table is None:
            byes.setdefault(round_no, []).append(player)
        else:
            tables[round_no].setdefault(table, []).append(player)
    return {
        round_no: Round(
            round_no,
            tuple(Table(number, tuple(seated)) for number, seated in at.items()),
            tuple(byes.get(round_no, ())),
        )
        for round_no, at in tables.items()
    }


def start_round(conn: psycopg.Connection, event: str, round_no: int) -> None:
    """Open ``round_no`` for its tables (closing any other); its seats must be drawn."""
    if seating(conn, event, round_no) is None:
        raise TournamentError(f"round {round_no} has no seats drawn yet")
    with conn.transaction():
        conn.execute(
            "UPDATE club.rounds SET open = false, ended = coalesce(ended, now()) "
            "WHERE event_id = %s AND open",
            (event,),
        )
        conn.execute(
            "INSERT INTO club.rounds (event_id, round_no, open, started) "
            "VALUES (%s, %s, true, now()) ON CONFLICT (event_id, round_no) DO UPDATE "
            "SET open = true, started = coalesce(club.rounds.started, now()), ended = NULL",
            (event, round_no),
        )


def end_round(conn: psycopg.Connection, event: str, round_no: int) -> None:
    """Close ``round_no``: its tables can no longer record (the director still can)."""
    conn.execute(
        "UPDATE club.rounds SET open = false, ended = now() WHERE event_id = %s AND round_no = %s",
        (event, round_no),
    )


def progress(conn: psycopg.Connection, event: str, round_no: int) -> list[TableProgress]:
    """Each table of ``round_no``: who sits there, hands on record, whether still playing
    (the round open, its game not over and fewer hands than the format's hands per
    round)."""
    drawn = seating(conn, event, round_no)
    if drawn is None:
        return []
    fmt, settings, _ = event_format(conn, event)
    row = conn.execute(
        "SELECT open FROM club.rounds WHERE event_id = %s AND round_no = %s", (event, round_no)
    ).fetchone()
    is_open = bool(row and row[0])
    counts = {
        table: (hands, over)
        for table, hands, over in conn.execute(
            "SELECT table_no, count(*), coalesce(bool_or(record #> '{score,game_over}' "
            "= 'true'), false) FROM club.counted_hands WHERE event_id = %s AND round_no = %s "
            "AND lines > 0 GROUP BY table_no",
            (event, round_no),
        )
    }
    refused: dict[int, int] = dict(
        conn.execute(
            "SELECT m.table_no, count(*) FROM club.matches m "
            "JOIN club.hand_revisions r USING (match_id) WHERE m.event_id = %s "
            "AND m.round_no = %s AND r.verdict = 'refused' AND r.table_revision = "
            "(SELECT max(l.table_revision) FROM club.hand_revisions l "
            "WHERE l.match_id = r.match_id AND l.hand_no = r.hand_no) GROUP BY m.table_no",
            (event, round_no),
        ).fetchall()
    )
    target = fmt.round_hands(settings)
    teams, names = partners(conn, event), _names(conn, event)
    progress = []
    for table in drawn.tables:
        hands, over = counts.get(table.number, (0, False))
        left = not over and (target is None or hands < target)
        seated = tuple(_seated(teams, names, table))
        progress.append(
            TableProgress(
                table.number, seated, hands, is_open and left, refused.get(table.number, 0)
            )
        )
    return progress


Scored = tuple[int, int, dict[int, int]]  # (round, table, each player's points) of a hand


def event_standings(
    conn: psycopg.Connection, event: str, prizes: Sequence[int] = ()
) -> list[Standing]:
    """The standings from every stored hand (see :func:`ranked`), ``prizes`` (cents,
    first place first) shared by tied players."""
    fmt, settings, _ = event_format(conn, event)
    numbers = [p.number for p in players(conn, event)]
    rounds, hands = _played(conn, event, fmt, settings)
    return ranked(fmt, settings, numbers, rounds, table_results(fmt, rounds, hands), prizes)


def table_results(
    fmt: Format, rounds: Sequence[Round], hands: Sequence[Scored]
) -> list[RoundResult]:
    """Each round's points per player at the table the draw (``rounds``) put them, from
    ``hands``, and whether the player's side won its table."""
    tables = {(r.number, t.number): t.sides(fmt.seating) for r in rounds for t in r.tables}
    return round_results(
        [(r, t, player, n) for r, t, points in hands for player, n in points.items()],
        tables,
        format_winning(fmt),
    )


def ranked(
    fmt: Format,
    settings: Mapping[str, Any],
    numbers: Sequence[int],
    rounds: Sequence[Round],
    results: Sequence[RoundResult],
    prizes: Sequence[int] = (),
) -> list[Standing]:
    """The standings of the register's ``numbers`` from the tables' ``results`` of
    ``rounds`` (:func:`table_results`), byes credited by the format's policy, ranked by
    the format's tie-breaks, ``prizes`` shared by tied players."""
    byes = {r.number: r.byes for r in rounds}
    policy = settings[fmt.bye_option] if fmt.bye_option else ZERO
    credited = credit_byes(results, byes, policy, settings.get("bye_points", 0))
    standing = standings(credited, [t.id for t in fmt.ranking], numbers, format_winning(fmt))
    return award(standing, prizes) if prizes else standing


def register_numbers(
    register: Sequence[Player], teams: Mapping[int, Sequence[str]]
) -> dict[str, int]:
    """The register number each name in the hands' records counts for: a player's own,
    a team's players' their team's (``teams``: see :func:`partners`)."""
    number = {p.name: p.number for p in register}
    for team, members in teams.items():
        number.update(dict.fromkeys(members, team))
    return number


def hand_points(
    fmt: Format,
    settings: Mapping[str, Any],
    number: Mapping[str, int],
    lines: Sequence[Mapping[str, Any]],
    outcome: Mapping[str, Any],
) -> dict[int, int] | None:
    """Each register number's points from one hand's players' ``lines``, by the format's
    scoring; a team's points are its side's, counted once; a name not on the register
    counts for nobody. None for a hand whose outcome the format cannot read."""
    seated = sorted(lines, key=lambda line: line["seat"])
    scored = _seat_points(fmt, [line["points"] for line in seated], outcome, settings)
    if scored is None:
        return None
    points: dict[int, int] = {}
    for line, figure in zip(seated, scored, strict=True):
        player = number.get(line["player"])
        if player is not None and (fmt.seating != TEAMS or player not in points):
            points[player] = points.get(player, 0) + figure
    return points


def _played(
    conn: psycopg.Connection, event: str, fmt: Format, settings: Mapping[str, Any]
) -> tuple[list[Round], list[Scored]]:
    """The rounds drawn that have hands on record, and every stored hand in the order
    played: each register number's points (:func:`hand_points`); a hand the format
    cannot read does not count."""
    number = register_numbers(players(conn, event), partners(conn, event))
    scored = (
        (round_no, table_no, hand_points(fmt, settings, number, lines, outcome))
        for round_no, table_no, lines, outcome in conn.execute(
            "SELECT round_no, table_no, record -> 'players', "
            "coalesce(record #> '{outcome,details}', '{}') FROM club.counted_hands "
            "WHERE event_id = %s AND lines = %s "
            "ORDER BY round_no, table_no, created, hand_no",
            (event, get_game(fmt.game).seats),
        )
    )
    hands = [(round_no, table, points) for round_no, table, points in scored if points is not None]
    drawn = seatings(conn, event, sorted({round_no for round_no, _, _ in hands}))
    return list(drawn.values()), hands


def _seat_points(
    fmt: Format, points: Sequence[int], outcome: Mapping[str, Any], settings: Mapping[str, Any]
) -> tuple[int, ...] | None:
    """Each seat's points by the format, or None for a hand whose outcome the format
    cannot read (a record older than the constraints, or damaged): it does not count."""
    try:
        scored = fmt.seat_points(points, outcome, settings)
    except (LookupError, TypeError, ValueError):
        return None
    return scored if len(scored) == len(points) else None


def table_winners(
    rounds: Sequence[Round], hands: Sequence[Scored], seating_kind: str, winning: Winning
) -> dict[tuple[int, int], int]:
    """The side that won each table with hands on record, ``(round, table)``: the one
    with the best points (as ``winning`` says); on a tie the one that did better in the
    last hand that set them apart (the first side when none did)."""
    played: dict[tuple[int, int], list[dict[int, int]]] = {}
    for round_no, table_no, points in hands:
        played.setdefault((round_no, table_no), []).append(points)
    winners = {}
    for drawn in rounds:
        for table in drawn.tables:
            sides = table.sides(seating_kind)
            per_hand = [
                [sum(points.get(p, 0) for p in side) for side in sides]
                for points in played.get((drawn.number, table.number), [])
            ]
            if not per_hand:
                continue
            totals = [sum(column) for column in zip(*per_hand, strict=True)]
            deciding = [totals] + [hand for hand in reversed(per_hand)]
            best = next(
                (figures for figures in deciding if len(winning.best(figures)) == 1), totals
            )
            winners[drawn.number, table.number] = winning.best(best)[0]
    return winners


def seat_players(drawn: Round, playing: Sequence[Player]) -> Round:
    """``drawn`` (a movement's round over players numbered from 0) with the register's
    numbers of ``playing``, in the same order."""
    number = [p.number for p in playing]
    return Round(
        drawn.number,
        tuple(Table(t.number, tuple(number[s] for s in t.seats)) for t in drawn.tables),
        tuple(number[p] for p in drawn.byes),
    )


def current(conn: psycopg.Connection, event: str) -> int:
    """The round being played (the open one), else the last started, else 1."""
    row = conn.execute(
        "SELECT max(round_no) FILTER (WHERE open), max(round_no) FILTER (WHERE started IS "
        "NOT NULL) FROM club.rounds WHERE event_id = %s",
        (event,),
    ).fetchone()
    return (row[0] or row[1] or 1) if row else 1


def draw(conn: psycopg.Connection, credentials: EventCredentials, round_no: int) -> Round:
    """Draw ``round_no`` by the event's format for the players then playing, and keep it."""
    event = credentials.event
    fmt, settings, seed = event_format(conn, event)
    if fmt.draw_round is None:
        raise TournamentError(f"{fmt.title} rounds are not drawn here")
    playing = playing_in(conn, event, round_no)
    try:
        drawn = fmt.draw_round(
            len(playing), settings, seed, round_no, _past(conn, event, round_no, playing)
        )
    except ValueError as error:
        raise TournamentError(str(error)) from None
    seated = seat_players(drawn, playing)
    store_round(conn, credentials, seated)
    return seated


def _past(conn: psycopg.Connection, event: str, round_no: int, playing: Sequence[Player]) -> Past:
    """What went before ``round_no``, over ``playing`` numbered from 0 in their order;
    the rest of the register (no longer playing) is numbered after them."""
    fmt, settings, _ = event_format(conn, event)
    others = [p for p in players(conn, event) if p not in playing]
    index = {p.number: k for k, p in enumerate([*playing, *others])}
    earlier = [
        drawn
        for (number,) in conn.execute(
            "SELECT DISTINCT round_no FROM club.seats WHERE event_id = %s AND round_no < %s "
            "UNION SELECT DISTINCT round_no FROM club.byes WHERE event_id = %s AND round_no < %s "
            "ORDER BY 1",
            (event, round_no, event, round_no),
        ).fetchall()
        if (drawn := seating(conn, event, number)) is not None
    ]
    rounds = tuple(
        Round(
            r.number,
            tuple(Table(t.number, tuple(index[p] for p in t.seats)) for t in r.tables),
            tuple(index[p] for p in r.byes),
        )
        for r in earlier
    )
    played, hands = _played(conn, event, fmt, settings)
    ranked = [k for s in event_standings(conn, event) if (k := index[s.player]) < len(playing)]
    return Past(
        Counter(p for r in rounds for p in r.byes),
        rounds,
        table_winners(played, hands, fmt.seating, format_winning(fmt)),
        tuple(ranked),
    )


CSV_COLUMNS = ("round", "table", "hand", "revision", "recorded by", "player", "seat", "points")


def hands_csv(conn: psycopg.Connection, event: str) -> str:
    """Every hand of the event as CSV, one line per player per hand, at its latest
    revision with the login that recorded it."""
    rows = conn.execute(
        "SELECT h.round_no, h.table_no, h.hand_no + 1, h.revision, r.pushed_by, p.player, "
        "p.seat, p.points FROM club.counted_hands h "
        "JOIN club.hand_revisions r USING (match_id, hand_no, revision) "
        "CROSS JOIN LATERAL jsonb_to_recordset(h.record -> 'players') "
        "AS p(player text, seat integer, points integer) "
        "WHERE h.event_id = %s ORDER BY 1, 2, 3, 7",
        (event,),
    ).fetchall()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(rows)
    return out.getvalue()


def standings_pdf(conn: psycopg.Connection, event: str, prizes: Sequence[int] = ()) -> bytes:
    """The final standings with each player's night, as PDF bytes."""
    from scorekeeper.reports.tournament import standings_bytes  # loads reportlab

    fmt, _, _ = event_format(conn, event)
    return standings_bytes(
        fmt, event_standings(conn, event, prizes), _names(conn, event), _title(conn, event)
    )


def _names(conn: psycopg.Connection, event: str) -> list[str]:
    """The players' names indexed by their register numbers."""
    return [p.name for p in players(conn, event)]


def _title(conn: psycopg.Connection, event: str) -> str:
    row = conn.execute("SELECT name FROM club.events WHERE event_id = %s", (event,)).fetchone()
    assert row is not None, f"no event {event}"
    return str(row[0])


@dataclass(frozen=True)
class Change:
    round: int
    table: int
    hand: int  # from 1
    revision: int
    by: str  # the login that recorded it
    when: datetime


def _card_record(names: Sequence[str], points: Sequence[int]) -> dict[str, Any]:
    """A paper score card's hand as the tables' records carry it (points per seat)."""
    return {
        "players": [
            {"player": name, "seat": seat, "side": name, "lead": True, "points": figure,
             "cents": 0, "won": 0}
            for seat, (name, figure) in enumerate(zip(names, points, strict=True))
        ],
        "outcome": {"details": {}},
    }  # fmt: skip


def enter_card(
    conn: psycopg.Connection,
    event: str,
    round_no: int,
    table_no: int,
    hands: Sequence[Sequence[int]],
) -> str:
    """A paper score card for a table without a laptop: each hand's points per seat, in
    the seat order of the draw; refused when it would take the table past the round's
    hands. The match's id."""
    drawn = seating(conn, event, round_no)
    table = next((t for t in drawn.tables if t.number == table_no), None) if drawn else None
    if table is None:
        raise TournamentError(f"round {round_no} has no table {table_no}")
    names = [p.name for p in players(conn, event)]
    seated = [names[p] for p in table.seats]
    wrong = [n for n, hand in enumerate(hands, 1) if len(hand) != len(seated)]
    if wrong:
        raise TournamentError(
            f"hand {wrong[0]} needs a score for each of the {len(seated)} players"
        )
    fmt, settings, _ = event_format(conn, event)
    target = fmt.round_hands(settings)
    had = next(p.hands for p in progress(conn, event, round_no) if p.table == table_no)
    if target is not None and had + len(hands) > target:
        raise TournamentError(
            f"a round has {target} hands at each table, and with this card table {table_no} "
            f"would have {had + len(hands)} in round {round_no}"
        )
    match = str(uuid.uuid4())
    with conn.transaction():
        conn.execute(
            "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
            "VALUES (%s, %s, %s, %s, %s)",
            (match, event, round_no, table_no, Jsonb({"name": "score card", "players": seated})),
        )
        for number, points in enumerate(hands):
            _push(conn, match, number, _card_record(seated, points))
    return match


def correct(conn: psycopg.Connection, match: str, hand: int, points: Sequence[int]) -> int:
    """Put right hand ``hand`` (from 1) of a match: a new revision giving each seat
    ``points``, final (a table's later revision is refused); the earlier ones stay as
    history. The players are the table's as drawn (else as the match names them), so a
    damaged record is put right too. The revision the server gave it."""
    row = conn.execute(
        "SELECT m.event_id, m.round_no, m.table_no, m.info -> 'players' FROM club.matches m "
        "WHERE m.match_id = %s AND EXISTS (SELECT 1 FROM club.hand_revisions r "
        "WHERE r.match_id = m.match_id AND r.hand_no = %s)",
        (match, hand - 1),
    ).fetchone()
    if row is None:
        raise TournamentError(f"there is no hand {hand} to correct")
    event, round_no, table_no, named = row
    drawn = seating(conn, event, round_no)
    table = next((t for t in drawn.tables if t.number == table_no), None) if drawn else None
    seated = table_players(conn, event, table) if table else named
    if not isinstance(seated, list) or not all(isinstance(name, str) for name in seated):
        raise TournamentError(f"hand {hand}'s players are not known: enter a score card")
    if len(points) != len(seated):
        raise TournamentError(f"hand {hand} needs a score for each of the {len(seated)} players")
    return _push(conn, match, hand - 1, _card_record(seated, points))


def changes(conn: psycopg.Connection, event: str) -> list[Change]:
    """Every revision of every hand of the event, oldest first, with who recorded it."""
    rows = conn.execute(
        "SELECT m.round_no, m.table_no, r.hand_no + 1, r.revision, r.pushed_by, r.received "
        "FROM club.hand_revisions r JOIN club.matches m USING (match_id) "
        "WHERE m.event_id = %s ORDER BY r.received",
        (event,),
    )
    return [Change(*row) for row in rows]


def _push(conn: psycopg.Connection, match: str, hand_no: int, record: dict[str, Any]) -> int:
    """The director's record of a hand, accepted at once; the revision the server gave it."""
    row = conn.execute(
        "INSERT INTO club.hand_revisions (match_id, hand_no, record) VALUES (%s, %s, %s) "
        "RETURNING revision",
        (match, hand_no, Jsonb(record)),
    ).fetchone()
    assert row is not None  # INSERT … RETURNING gives the row it made
    return int(row[0])


def _stored_chart(conn: psycopg.Connection, event: str) -> tuple[Format, Schedule, list[str]]:
    """The event's format, the rounds drawn so far as a chart, and the register's names."""
    fmt, _, _ = event_format(conn, event)
    names = _names(conn, event)
    rounds = conn.execute(
        "SELECT DISTINCT round_no FROM club.seats WHERE event_id = %s ORDER BY 1", (event,)
    ).fetchall()
    drawn = tuple(r for (n,) in rounds if (r := seating(conn, event, n)) is not None)
    if not drawn:
        raise TournamentError("no round has been drawn yet")
    return fmt, Schedule(len(names), drawn, fmt.seating, "stored"), names


def movement_pdf(
    conn: psycopg.Connection, event: str, pages: Mapping[int, str] | None = None
) -> bytes:
    """Table cards (each with the QR code of the table's page for phones, ``pages`` by
    table, when served) and every player's card of where to sit, for the rounds drawn
    so far."""
    from reportlab.platypus import PageBreak

    from scorekeeper.reports.movement import movement_bytes, seat_cards, table_cards

    fmt, chart, names = _stored_chart(conn, event)
    title = _title(conn, event)
    story = [*table_cards(fmt, chart, names, title, pages), PageBreak()]
    story += seat_cards(fmt, chart, names, title)
    return movement_bytes(story, title, "movement")


def score_cards_pdf(
    conn: psycopg.Connection, event: str, results_codes: Mapping[int, str]
) -> bytes:
    """Every player's score card for the rounds drawn so far, with the player's own
    results code (``results_codes``, by register number) as a QR code."""
    from scorekeeper.reports.movement import movement_bytes, score_cards

    fmt, chart, names = _stored_chart(conn, event)
    title = _title(conn, event)
    cards = score_cards(fmt, chart, names, title, results_codes)
    return movement_bytes(cards, title, "score cards")


def join_codes_pdf(
    conn: psycopg.Connection,
    event: str,
    join_codes: Mapping[int, str],
    pages: Mapping[int, str] | None = None,
) -> bytes:
    """For the director: a page per table with its join code (``join_codes``, by table),
    and the QR code of the table's page for phones (``pages``, by table, when served)."""
    from scorekeeper.reports.movement import join_code_sheets, movement_bytes

    title = _title(conn, event)
    return movement_bytes(join_code_sheets(title, join_codes, pages), title, "join codes")
