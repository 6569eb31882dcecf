"""Joining a club night from a table, and leaving it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from scorekeeper.club import tournament
from scorekeeper.club.admin import current_round
from scorekeeper.club.formats import format_by_id
from scorekeeper.club.joincode import JoinCode, JoinCodeError, parse
from scorekeeper.club.outbox import Outbox


class JoinError(Exception):
    """The table could not join; the message says why in plain words."""


class BoardCodeGiven(JoinError):
    """The code given is the standings board's (``code``), not a table's."""

    def __init__(self, code: JoinCode) -> None:
        super().__init__(
            "this is the standings board's code, not a table's: a table joins with its own "
            "code, and the board opens with this one (Club night → Standings board)"
        )
        self.code = code


@dataclass(frozen=True)
class Seating:
    """Who sits at this table in a round, as the director drew them (seat order)."""

    event_name: str
    round: int
    table: int
    game: str | None  # the id of the event's game; None before the director picks a format
    players: tuple[str, ...]  # empty while the round's seats are not drawn
    # the game's house options (by id) the event's format sets for every match
    options: dict[str, Any] = field(default_factory=dict)
    hands: int | None = None  # the hands each table plays in the round (None: no number)


@dataclass(frozen=True)
class Joined:
    code: JoinCode
    event_name: str
    round: int
    table: int
    seating: Seating


def seating(conn: psycopg.Connection, event: str, round_no: int, table: int) -> Seating:
    """The players drawn to ``table`` for ``round_no`` (a league's teams' players, partners
    opposite), the event's game, the game's options its format sets and the round's
    number of hands, read with the
    table's own login (row-level security lets it see its event only)."""
    drawn = tournament.seating(conn, event, round_no)
    at = next((t for t in drawn.tables if t.number == table), None) if drawn else None
    players = tuple(tournament.table_players(conn, event, at)) if at else ()
    found = conn.execute(
        "SELECT e.name, f.format_id, f.settings FROM club.events e "
        "LEFT JOIN club.event_formats f USING (event_id) WHERE e.event_id = %s",
        (event,),
    ).fetchone()
    name, format_id, settings = found if found else ("", None, None)
    if not format_id:
        return Seating(name, round_no, table, None, players)
    fmt = format_by_id(format_id)
    options, hands = fmt.game_options(settings), fmt.round_hands(settings)
    return Seating(name, round_no, table, fmt.game, players, options, hands)


REFUSED_LOGIN = ("password authentication failed", "is not permitted to log in")
"""What PostgreSQL says of a login it refuses (a withdrawn pass), which names the login."""


def check(code: JoinCode, certificate_folder: Path) -> Joined:
    """Connect with ``code`` and read the event, its open round and the table's number."""
    if code.table is None:
        raise BoardCodeGiven(code)
    try:
        with psycopg.connect(code.conninfo(certificate_folder)) as conn:
            row = conn.execute(
                "SELECT name FROM club.events WHERE event_id = %s", (code.event,)
            ).fetchone()
            if row is None:
                raise JoinError("the club database does not know this event")
            round_no = current_round(conn, code.event)
            seats = seating(conn, code.event, round_no, code.table) if round_no else None
    except JoinCodeError as error:
        raise JoinError(str(error)) from None
    except psycopg.OperationalError as error:
        if any(words in str(error) for words in REFUSED_LOGIN):
            raise JoinError(
                f"table {code.table}'s pass was refused: it has been withdrawn or is wrong. "
                "Ask the director for the table's new join code"
            ) from None
        first = str(error).strip().splitlines()[0] if str(error) else "no answer"
        raise JoinError(
            f"the club database at {code.host}:{code.port} refused or did not answer ({first})"
        ) from None
    if round_no is None or seats is None:
        raise JoinError("no round is open yet: ask the director to open one")
    return Joined(code, row[0], round_no, code.table, seats)


def join(database: Path, text: str, certificate_folder: Path) -> Joined:
    """Test the code and, if it works, make this table part of the club night."""
    try:
        code = parse(text)
    except JoinCodeError as error:
        raise JoinError(str(error)) from None
    joined = check(code, certificate_folder)
    outbox = Outbox(database)
    try:
        outbox.join(code, joined.round)
    finally:
        outbox.close()
    return joined


def leave(database: Path) -> None:
    """Stop syncing; every match and every waiting hand stays on this machine."""
    outbox = Outbox(database)
    try:
        outbox.leave()
    finally:
        outbox.close()
