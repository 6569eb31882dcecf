"""Each table's entrance: the address printed on the table's card (as a QR code) and
shown at the desk, which a phone opens to reach the table's page of the round open at
the time. It reads and writes nothing itself."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

import psycopg

from scorekeeper.club.admin import EventCredentials, current_round
from scorekeeper.club.results import served_pages
from scorekeeper.club.web import tokens
from scorekeeper.club.web.tables import NotFound, Served

NOT_OURS = "this page's address is not one the club server gave"


def page_of(served: Served, token: str) -> str:
    """The page token of the round open now at the table whose entrance is ``token``;
    :class:`NotFound` for an entrance not the server's, a withdrawn pass or no open round."""
    event = served.event()
    table = tokens.entrance_table(token)
    login = event.tables.get(table) if table is not None else None
    if (
        table is None
        or login is None
        or not tokens.entrance_valid(served.secret, event.event, table, login.role, token)
    ):
        raise NotFound(NOT_OURS)
    try:
        with served.logins.connection(login) as conn:
            round_no = current_round(conn, event.event)
    except psycopg.OperationalError:
        raise NotFound("this table's pass was withdrawn: ask the director") from None
    if round_no is None:
        raise NotFound("no round is open: ask the director")
    return tokens.issue(served.secret, event.event, table, round_no, login.role)


def entrances(folder: Path, event: EventCredentials, withdrawn: Collection[int]) -> dict[int, str]:
    """Each table's entrance address (none for a withdrawn pass), for the pages ``club
    serve`` serves from the club's data folder ``folder`` (empty: it serves none from
    there)."""
    web = served_pages(folder)
    secret_file = folder / tokens.SECRET_FILE
    if web is None or not secret_file.exists():
        return {}
    secret = secret_file.read_bytes()
    return {
        number: f"{web}/s/{tokens.entrance(secret, event.event, number, login.role)}"
        for number, login in sorted(event.tables.items())
        if number not in withdrawn
    }
