"""Real hands, sent as a table's worker sends them: a ledger played by the rules, its
match and each hand's record pushed with the table's login (the referee then judges
them as ``club serve`` does)."""

from __future__ import annotations

import random
import uuid
from collections.abc import Sequence

import psycopg
from psycopg.types.json import Jsonb

from scorekeeper.club.record import hand_payload, match_payload
from scorekeeper.club.referee import judge_pending
from scorekeeper.club.server import EmbeddedServer
from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo


def play(names: Sequence[str], hands: int = 1, game_id: str = "euchre", seed: int = 1) -> Ledger:
    """A match of ``game_id`` for ``names`` (in seat order) with ``hands`` random legal
    hands played to their end."""
    game = get_game(game_id)
    ledger = Ledger(MatchInfo("Club match", game.id, game.settings(), tuple(names)))
    rng = random.Random(seed)
    for _ in range(hands):
        for event in game.deal(rng, ledger.settings, ledger.next_dealer):
            ledger.record(event)
        while not ledger.hands[-1].is_over:
            options = ledger.hands[-1].state.legal_events()
            ledger.record(options[rng.randrange(len(options))])
    return ledger


def send_match(
    conn: psycopg.Connection, event: str, round_no: int, table: int, ledger: Ledger
) -> str:
    """The match as a table's worker sends it first; its id on the server."""
    match = str(uuid.uuid4())
    conn.execute(
        "INSERT INTO club.matches (match_id, event_id, round_no, table_no, info) "
        "VALUES (%s, %s, %s, %s, %s)",
        (match, event, round_no, table, Jsonb(match_payload(ledger))),
    )
    return match


def send_hand(
    conn: psycopg.Connection, match: str, hand: int, record: dict, table_revision: int = 1
) -> None:
    """One hand's record at the table's revision, as the worker sends it."""
    conn.execute(
        "INSERT INTO club.hand_revisions (match_id, hand_no, table_revision, record) "
        "VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING",
        (match, hand, table_revision, Jsonb(record)),
    )


def send(conn: psycopg.Connection, event: str, round_no: int, table: int, ledger: Ledger) -> str:
    """The match and every hand of ``ledger``, as a table's worker sends them."""
    match = send_match(conn, event, round_no, table, ledger)
    for hand in range(len(ledger.hands)):
        send_hand(conn, match, hand, hand_payload(ledger, hand))
    return match


def judged(server: EmbeddedServer) -> int:
    """The referee, once, over everything waiting (as ``club serve`` does on arrival)."""
    with psycopg.connect(server.admin_url(), autocommit=True) as admin:
        return judge_pending(admin)


def seat_points(ledger: Ledger, hand: int = 0) -> list[int]:
    """Each seat's points in ``hand`` as its record carries them."""
    lines = sorted(hand_payload(ledger, hand)["players"], key=lambda line: line["seat"])
    return [line["points"] for line in lines]
