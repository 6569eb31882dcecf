"""The tables' web pages, against a real embedded PostgreSQL started for the run.

``web_first_load_kb``: what a phone fetches to show a table's page the first time (the
page and every file it names: style sheet, icon), at its largest in a round of 8 hands
(7 hands counted and the 8th waiting to be confirmed), in kilobytes (1,000 bytes), as
sent (no compression). Goal: at most 150, and no request to any other server (the run
fails if the page names one).
``web_entry_p99_ms``: one form sent from a table's page (a hand entered, or confirmed by
the other side: the request until its answer, the redirect not followed), while 100
tables enter their hands at once, each from a phone of its own (100 threads of another
process, each from its own address with its own connection kept alive); the 99th percentile of the 1,600.
Goal: at most 100.
``web_night_100_tables_s``: that whole round, 100 tables × 8 hands entered and
confirmed through the web pages, until the referee has accepted all 800. Goal: at most 60.
"""

from __future__ import annotations

import http.client
import multiprocessing
import re
import secrets
import statistics
import sys
import time
import urllib.parse
import urllib.request
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench, club_server
from scorekeeper.club import tournament as t
from scorekeeper.club.admin import create_event
from scorekeeper.club.referee import Referee
from scorekeeper.club.schema import migrate
from scorekeeper.club.server import free_port
from scorekeeper.club.web.server import WebServer
from scorekeeper.club.web.tables import Served, page_tokens
from scorekeeper.games.euchre import club as progressive_euchre

NAMED = re.compile(r'(?:href|src)="([^"]+)"')


def fetched(url: str) -> int:
    """The bytes a phone fetches to show ``url``: the page and every file it names."""
    with urllib.request.urlopen(url, timeout=30) as answer:
        page = answer.read()
    total = len(page)
    origin = urllib.parse.urlsplit(url).netloc
    for named in NAMED.findall(page.decode()):
        address = urllib.parse.urljoin(url, named)
        if urllib.parse.urlsplit(address).netloc != origin:
            raise SystemExit(f"the page asks another server for {address}")
        if named.startswith("/t/"):
            continue  # a form's address, not fetched to show the page
        with urllib.request.urlopen(address, timeout=30) as answer:
            total += len(answer.read())
    return total


TABLES, HANDS = 100, 8
FIELD = re.compile(r'name="(csrf|key|entry)" value="([^"]*)"')


def phone(url: str, number: int) -> list[float]:
    """One table's phone entering and confirming its round's hands; each form's time.
    Each phone has its own address, as on the club's Wi-Fi (127.0.0.2 on)."""
    parts = urllib.parse.urlsplit(url)
    own = (f"127.0.{(number + 2) // 256}.{(number + 2) % 256}", 0)
    link = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60, source_address=own)
    cookie = ""
    times = []

    def ask(method: str, path: str, body: str = "") -> str:
        nonlocal cookie
        headers = {"Cookie": cookie, "Origin": f"http://{parts.netloc}"}
        if body:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        link.request(method, path, body or None, headers)
        answer = link.getresponse()
        cookie = (answer.getheader("set-cookie") or cookie).split(";")[0]
        text = answer.read().decode()
        if answer.status not in (200, 303):
            raise SystemExit(f"{method} {path}: {answer.status} {text[:200]}")
        return text

    def send(action: str, fields: dict[str, str]) -> None:
        page = dict(FIELD.findall(ask("GET", parts.path)))
        sent = {name: page[name] for name in ("csrf", "key", "entry") if name in page}
        start = time.perf_counter()
        ask("POST", f"{parts.path}/{action}", urllib.parse.urlencode({**sent, **fields}))
        times.append((time.perf_counter() - start) * 1000)

    for hand in range(HANDS):
        made = {"form": "played", "makers": str(hand % 2), "tricks": "4"}
        send("enter", {**made, "by": str(hand % 4)})
        send("confirm", {"by": str((hand + 1) % 4)})
    link.close()
    return times


def phones(urls: list[str]) -> list[float]:
    """Every table's phone at once (threads of this process)."""
    with ThreadPoolExecutor(len(urls)) as pool:
        return [ms for times in pool.map(phone, urls, range(len(urls))) for ms in times]


def drawn(admin: psycopg.Connection, server: Any, folder: Path, name: str, tables: int) -> Served:
    """A Progressive Euchre night of ``tables`` tables (rounds of 8 hands), round 1 drawn
    and started, and its pages."""
    event = create_event(admin, name, tables=tables)
    chosen = {"hands": HANDS, "rounds": 3, "movement": progressive_euchre.MOVE_UP.id}
    t.configure(admin, event.event, progressive_euchre.FORMAT, chosen, seed=2)
    for number in range(tables * 4):
        t.register(admin, event.event, f"Player with a longer name {number + 1}")
    t.draw(admin, event, 1)
    t.start_round(admin, event.event, 1)
    return Served(
        event.save(folder / event.event),
        server.admin_url(),
        secrets.token_bytes(32),
        folder / f"{event.event}.sqlite",
    )


def night(admin: psycopg.Connection, server: Any, folder: Path) -> None:
    """100 tables' round through the web pages, with the referee ``club serve`` runs."""
    served = drawn(admin, server, folder, "Web night", TABLES)
    event = served.event()
    urls = page_tokens(admin, served)
    referee = Referee(server.admin_url())
    referee.start()
    web = WebServer(served, "127.0.0.1", free_port())
    web.start_serving()
    try:
        start = time.perf_counter()
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as other:
            times = other.submit(phones, [web.address(f"/t/{u}") for u in urls.values()]).result()
        while accepted(admin, event.event) < TABLES * HANDS:
            time.sleep(0.01)
        elapsed = time.perf_counter() - start
    finally:
        web.stop()
        referee.stop()
    bench("web_entry_p99_ms", statistics.quantiles(times, n=100)[98], "ms")
    bench("web_night_100_tables_s", elapsed, "s")


def accepted(admin: psycopg.Connection, event: str) -> int:
    row = admin.execute(
        "SELECT count(*) FROM club.counted_hands WHERE event_id = %s", (event,)
    ).fetchone()
    return row[0] if row else 0


def main() -> int:
    with (
        club_server() as (folder, server, _),
        psycopg.connect(server.admin_url(), autocommit=True) as admin,
    ):
        migrate(admin)
        served = drawn(admin, server, folder, "Web benchmark", 2)
        token = page_tokens(admin, served)[1]
        web = WebServer(served, "127.0.0.1", free_port())
        web.start_serving()
        try:
            url = web.address(f"/t/{token}")
            sizes = [fetched(url)]
            for hand in range(HANDS):
                with served.table(token) as table:
                    posted = {"makers": [str(hand % 2)], "tricks": ["4"], "trump": ["hearts"]}
                    entry = table.enter(f"k{hand}", "played", posted, hand % 4)
                    if hand < HANDS - 1:
                        table.answer(entry.id, (hand + 1) % 4, True)
            sizes.append(fetched(url))
        finally:
            web.stop()
        bench("web_first_load_kb", max(sizes) / 1000, "kB")
        night(admin, server, folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
