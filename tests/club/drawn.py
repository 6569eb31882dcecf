"""A Progressive Euchre night with round 1 drawn and started, every login reached as a
table's laptop reaches it: through the TLS gateway, the server's certificate pinned."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import psycopg

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import EventCredentials, create_event
from scorekeeper.club.gateway import TlsGateway
from scorekeeper.club.joincode import JoinCode
from scorekeeper.club.server import DATABASE, pem_fingerprint
from scorekeeper.games.euchre import club as progressive_euchre
from tests.club.fixtures import code_for

NAMES = [f"Player {n}" for n in range(1, 9)]


@dataclass
class Night:
    """The night's event and each table's players in round 1, in seat order."""

    event: EventCredentials
    names: dict[int, list[str]]
    server: Any
    gateway: TlsGateway
    folder: Path  # where the pinned certificate is kept

    @property
    def pin(self) -> str:
        return pem_fingerprint(self.server.certificate_pem)

    def code(self, table: int | None) -> JoinCode:
        return replace(
            code_for(self.server, self.event, table), port=self.gateway.port, pin=self.pin
        )

    def login(self, table: int | None) -> psycopg.Connection:
        return psycopg.connect(self.code(table).conninfo(self.folder), autocommit=True)

    def director(self) -> psycopg.Connection:
        code = self.event.director_code("127.0.0.1", self.gateway.port, DATABASE, self.pin)
        return psycopg.connect(code.conninfo(self.folder), autocommit=True)


def drawn_night(
    admin: psycopg.Connection,
    server: Any,
    gateway: TlsGateway,
    folder: Path,
    name: str,
    players: Sequence[str] = NAMES,
    **chosen: Any,
) -> Night:
    """A table for each four of ``players`` (two tables of :data:`NAMES`), winners move
    up over 3 rounds (and the options ``chosen``), round 1 drawn and started."""
    event = create_event(admin, name, tables=len(players) // 4)
    chosen = {"rounds": 3, "movement": progressive_euchre.MOVE_UP.id, **chosen}
    t.configure(admin, event.event, progressive_euchre.FORMAT, chosen, seed=2)
    for player in players:
        t.register(admin, event.event, player)
    drawn = t.draw(admin, event, 1)
    t.start_round(admin, event.event, 1)
    names = {table.number: t.table_players(admin, event.event, table) for table in drawn.tables}
    return Night(event, names, server, gateway, folder)


def format_night(admin, server, gateway, folder, fmt, chosen, names, teams) -> Night:
    """A night of the format ``fmt``, its round 1 drawn and started."""
    event = create_event(admin, f"{fmt.title} night", tables=2)
    t.configure(admin, event.event, fmt, chosen, seed=1)
    for number, name in enumerate(names):
        if teams:
            t.register_team(admin, event.event, name, teams[number])
        else:
            t.register(admin, event.event, name)
    t.draw(admin, event, 1)
    t.start_round(admin, event.event, 1)
    return Night(event, {}, server, gateway, folder)
