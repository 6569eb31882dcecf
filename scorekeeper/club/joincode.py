"""How a table (or a board) reaches the club database: a join code and the same as a URL.

A code holds the host, port, database, event, table number and the role's credentials,
and, when the host is not this machine, the SHA-256 fingerprint of the server's
certificate. Connecting then fetches the certificate, refuses it unless its fingerprint is
the pinned one, and hands it to libpq as the only trusted root (``sslmode=verify-ca``).
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import socket
import ssl
import struct
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, quote, unquote, urlsplit

SCHEME = "scorekeeper-club"
CODE_PREFIX = "SKC1-"
SSL_REQUEST = struct.pack("!ii", 8, 80877103)


def is_local(host: str) -> bool:
    """Whether ``host`` is this machine (no TLS needed to reach it)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class JoinCodeError(ValueError):
    """A code or URL that cannot be read; the message says what is wrong."""


@dataclass(frozen=True)
class JoinCode:
    host: str
    port: int
    database: str
    event: str
    user: str
    password: str
    table: int | None = None  # None: a board or the director
    pin: str | None = None  # certificate fingerprint; None on this machine only

    def url(self) -> str:
        query = f"event={quote(self.event)}"
        if self.table is not None:
            query += f"&table={self.table}"
        if self.pin:
            query += f"&pin={self.pin}"
        return (
            f"{SCHEME}://{quote(self.user, safe='')}:{quote(self.password, safe='')}"
            f"@{self.host}:{self.port}/{quote(self.database)}?{query}"
        )

    def code(self) -> str:
        """The URL packed into one word that survives copying and dictation."""
        return CODE_PREFIX + pack(self.url())

    def conninfo(self, certificate_folder: Path | None = None, timeout: int = 5) -> str:
        """The libpq connection string; with a pin, the pinned certificate is fetched
        into ``certificate_folder`` and required."""
        from psycopg.conninfo import make_conninfo  # psycopg loads when a table connects

        options: dict[str, str] = {}
        if not is_local(self.host):
            options = {"sslmode": "require"}
        if self.pin:
            if certificate_folder is None:
                raise JoinCodeError("a folder for the server's certificate is needed")
            options = {"sslmode": "verify-ca", "sslrootcert": str(self.pinned(certificate_folder))}
        return make_conninfo(
            host=self.host,
            port=self.port,
            dbname=self.database,
            user=self.user,
            password=self.password,
            connect_timeout=timeout,
            application_name="scorekeeper",
            **options,
        )

    def pinned(self, folder: Path) -> Path:
        """The server's certificate, fetched once and checked against the pin."""
        path = Path(folder) / f"club-server-{self.pin}.pem"
        if not path.exists():
            der = fetch_certificate(self.host, self.port)
            if hashlib.sha256(der).hexdigest() != self.pin:
                raise JoinCodeError(
                    f"the server at {self.host}:{self.port} shows a different certificate "
                    "than the join code names; it may not be the director's server"
                )
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(ssl.DER_cert_to_PEM_cert(der), encoding="ascii")
        return path


def fetch_certificate(host: str, port: int, timeout: float = 5) -> bytes:
    """The certificate a PostgreSQL server presents (DER), asked for as libpq does."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # checked against the pin by the caller
    try:
        with socket.create_connection((host, port), timeout=timeout) as raw:
            raw.sendall(SSL_REQUEST)
            if raw.recv(1) != b"S":
                raise JoinCodeError(f"the server at {host}:{port} does not offer encryption")
            with context.wrap_socket(raw) as secure:
                der = secure.getpeercert(binary_form=True)
    except OSError as error:
        raise JoinCodeError(f"the server at {host}:{port} cannot be reached: {error}") from None
    if not der:
        raise JoinCodeError(f"the server at {host}:{port} showed no certificate")
    return der


def pack(url: str) -> str:
    """``url`` as one word of letters, digits, ``-`` and ``_``."""
    return base64.urlsafe_b64encode(url.encode()).decode().rstrip("=")


def unpack(packed: str, what: str) -> str:
    """The URL ``packed`` holds; ``what`` (the code's name) says which code is damaged."""
    try:
        padded = packed + "=" * (-len(packed) % 4)
        text = base64.b64decode(padded, altchars=b"-_", validate=True).decode()
    except (ValueError, UnicodeDecodeError):
        text = ""
    if not text.startswith(f"{SCHEME}://"):
        raise JoinCodeError(f"the {what} is damaged: check it was copied whole")
    return text


def parse(text: str) -> JoinCode:
    """A join code or URL as typed or pasted (spaces around it are ignored)."""
    text = text.strip()
    if text.startswith(CODE_PREFIX):
        text = unpack(text[len(CODE_PREFIX) :], "join code")
    parts = urlsplit(text)
    if parts.scheme != SCHEME:
        raise JoinCodeError(
            f"this is not a club night code: it should start with {CODE_PREFIX} or {SCHEME}://"
        )
    query = {key: values[0] for key, values in parse_qs(parts.query).items()}
    try:
        port = parts.port
    except ValueError:
        port = None
    if not parts.hostname or not port or not parts.username or parts.password is None:
        raise JoinCodeError("the join code lacks the server's address or the table's password")
    if "event" not in query:
        raise JoinCodeError("the join code does not name the event")
    table = query.get("table")
    if table is not None and not (table.isdigit() and int(table) > 0):
        raise JoinCodeError("the join code's table number is not a number")
    pin = query.get("pin")
    if pin is not None and (len(pin) != 64 or any(c not in "0123456789abcdef" for c in pin)):
        raise JoinCodeError("the join code's certificate fingerprint is damaged")
    return JoinCode(
        host=parts.hostname,
        port=port,
        database=unquote(parts.path.lstrip("/")),
        event=query["event"],
        user=unquote(parts.username),
        password=unquote(parts.password),
        table=int(table) if table is not None else None,
        pin=pin,
    )
