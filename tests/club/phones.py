"""A club night's web pages served for real (uvicorn on a free port, the table pages
reading and writing the embedded PostgreSQL with each table's own login), and a phone:
a browser's plain HTTP with its own cookies."""

from __future__ import annotations

import http.cookiejar
import re
import secrets
import ssl
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from html import unescape
from pathlib import Path

from scorekeeper.club.server import free_port
from scorekeeper.club.web.server import WebServer
from scorekeeper.club.web.tables import Served, page_tokens
from scorekeeper.club.web.tls import Tls
from tests.club.drawn import Night


@dataclass
class Pages:
    """The served pages of a night, and each table's address."""

    served: Served
    web: WebServer
    night: Night

    def address(self, table: int) -> str:
        with self.night.director() as conn:
            token = page_tokens(conn, self.served)[table]
        return self.web.address(f"/t/{token}")

    def cut(self) -> None:
        """The server stops answering (as when the club's Wi-Fi goes down)."""
        self.web.stop()

    def restore(self) -> None:
        """The server answers again, at the same address."""
        self.web = WebServer(self.served, self.web.host, self.web.port, self.web.tls)
        self.web.start_serving()


@contextmanager
def serving(night: Night, folder: Path, admin_url: str, tls: Tls | None = None) -> Iterator[Pages]:
    served = Served(
        night.event.save(folder / "events"),
        admin_url,
        secrets.token_bytes(32),
        folder / "phones.sqlite",
    )
    web = WebServer(served, "127.0.0.1", free_port(), tls)
    web.start_serving()
    pages = Pages(served, web, night)
    try:
        yield pages
    finally:
        pages.web.stop()


@dataclass
class Answer:
    status: int
    body: str
    url: str

    def value(self, name: str, form: str | None = None) -> str:
        """The value of the hidden input ``name`` (in the form whose id is ``form``)."""
        text = self.body
        if form is not None:
            text = text[text.index(f'id="{form}"') :]
        found = re.search(rf'name="{name}" value="([^"]*)"', text)
        assert found, f"no input {name} on the page"
        return unescape(found[1])

    @property
    def said(self) -> str:
        found = re.search(r'<p class="said"[^>]*>(.*?)</p>', self.body, re.S)
        return unescape(found[1]) if found else ""


class Phone:
    """A browser: its own cookies, following redirects as a browser does; over HTTPS,
    trusting the authorities it is given (``trusted``, PEM), else the system's."""

    def __init__(self, trusted: Path | None = None) -> None:
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies),
            urllib.request.HTTPSHandler(context=ssl.create_default_context(cafile=trusted)),
        )

    def get(self, url: str) -> Answer:
        return self._open(urllib.request.Request(url))

    def post(
        self, url: str, fields: list[tuple[str, str]] | bytes, origin: str | None = None
    ) -> Answer:
        body = fields if isinstance(fields, bytes) else urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(url, data=body, method="POST")
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
        parts = urllib.parse.urlsplit(url)
        request.add_header("Origin", origin or f"{parts.scheme}://{parts.netloc}")
        return self._open(request)

    def _open(self, request: urllib.request.Request) -> Answer:
        try:
            with self.opener.open(request, timeout=30) as answer:
                return Answer(answer.status, answer.read().decode(), answer.url)
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.read().decode(errors="replace"), request.full_url)
