"""A table page's token: one table, one round, signed by the server.

The token is ``<table>-<round>-<signature>``; the signature is an HMAC, with a secret
kept in the director's data folder, of the event, the table, the round and the table's
current login. It holds no password: the server writes with the table's own login, which
it keeps. It stops working when the round closes, when the table's pass is withdrawn
(that login can no longer log in) and when a new pass is issued (the login it names is
no longer the table's). A form's CSRF token is bound the same way to the token and to
the browser's own random cookie. The standings board's page has a token of its own,
``board-<signature>``, which reads the event's standings and nothing else. A table's
entrance, ``<table>-<signature>`` (printed on the table's card), names the table and
its current login but no round: it leads to the page of the round open at the time, and
stops working when the table's pass is withdrawn or a new one issued.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

SECRET_BYTES = 32
SIGNATURE_BYTES = 16
SHAPE = re.compile(r"([1-9][0-9]{0,3})-([1-9][0-9]{0,3})-([A-Za-z0-9_-]{22})")
ENTRANCE = re.compile(r"([1-9][0-9]{0,3})-([A-Za-z0-9_-]{22})")
SECRET_FILE = "web-secret"  # in the club's data folder


@dataclass(frozen=True)
class Scope:
    """What a token names: a table of the served event in one round."""

    table: int
    round: int
    signature: str


def load_secret(path: Path) -> bytes:
    """The server's signing secret, made at the first start (readable by its owner only)."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(mode=0o600)
        path.write_bytes(secrets.token_bytes(SECRET_BYTES))
    return path.read_bytes()


def _sign(secret: bytes, *parts: object) -> str:
    message = "\x1f".join(map(str, parts)).encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()[:SIGNATURE_BYTES]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def issue(secret: bytes, event: str, table: int, round_no: int, login: str) -> str:
    """The token of ``table`` in ``round_no`` while ``login`` is the table's pass."""
    return f"{table}-{round_no}-{_sign(secret, 'table', event, table, round_no, login)}"


def read(token: str) -> Scope | None:
    """The scope a token claims (None: not a token's shape); :func:`valid` checks it."""
    found = SHAPE.fullmatch(token)
    if found is None:
        return None
    return Scope(int(found[1]), int(found[2]), found[3])


def valid(secret: bytes, event: str, scope: Scope, login: str) -> bool:
    """Whether ``scope``'s signature is the server's for ``login``."""
    expected = _sign(secret, "table", event, scope.table, scope.round, login)
    return hmac.compare_digest(expected, scope.signature)


def entrance(secret: bytes, event: str, table: int, login: str) -> str:
    """The entrance of ``table`` while ``login`` is the table's pass (every round)."""
    return f"{table}-{_sign(secret, 'entrance', event, table, login)}"


def entrance_table(token: str) -> int | None:
    """The table an entrance claims (None: not an entrance's shape)."""
    found = ENTRANCE.fullmatch(token)
    return int(found[1]) if found else None


def entrance_valid(secret: bytes, event: str, table: int, login: str, token: str) -> bool:
    return hmac.compare_digest(entrance(secret, event, table, login), token)


def board(secret: bytes, event: str, login: str) -> str:
    """The token of the event's standings board page (read-only, the board's login)."""
    return f"board-{_sign(secret, 'board', event, login)}"


def board_valid(secret: bytes, event: str, login: str, token: str) -> bool:
    return hmac.compare_digest(board(secret, event, login), token)


def csrf(secret: bytes, token: str, device: str) -> str:
    """The value a form of the page of ``token`` carries in the browser ``device``."""
    return _sign(secret, "form", token, device)


def csrf_valid(secret: bytes, token: str, device: str, sent: str) -> bool:
    return bool(device) and hmac.compare_digest(csrf(secret, token, device), sent)
