"""The tables' web pages, against a real embedded PostgreSQL started for the run.

``web_first_load_kb``: what a phone fetches to show a table's page the first time (the
page and every file it names: style sheet, icon), at its largest in a round of 8 hands
(7 hands counted and the 8th waiting to be confirmed), in kilobytes (1,000 bytes), as
sent (no compression). Goal: at most 150, and no request to any other server (the run
fails if the page names one).
"""

from __future__ import annotations

import re
import secrets
import sys
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import bench, embedded_club_server
from scorekeeper.club import tournament as t
from scorekeeper.club.admin import create_event
from scorekeeper.club.formats import progressive_euchre
from scorekeeper.club.server import free_port
from scorekeeper.club.web.server import WebServer
from scorekeeper.club.web.tables import Served, page_tokens

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


def main() -> int:
    with embedded_club_server("scorekeeper-web-bench-") as (server, admin, folder):
        event = create_event(admin, "Web benchmark", tables=2)
        chosen = {"hands": 8, "rounds": 3}
        t.configure(admin, event.event, progressive_euchre.FORMAT, chosen, seed=1)
        for number in range(8):
            t.register(admin, event.event, f"Player with a longer name {number + 1}")
        t.draw(admin, event, 1)
        t.start_round(admin, event.event, 1)
        served = Served(
            event.save(folder / "events"),
            server.admin_url(),
            secrets.token_bytes(32),
            folder / "phones.sqlite",
        )
        token = page_tokens(admin, served)[1]
        web = WebServer(served, "127.0.0.1", free_port())
        web.start_serving()
        try:
            url = web.address(f"/t/{token}")
            sizes = [fetched(url)]
            for hand in range(8):
                with served.table(token) as table:
                    posted = {"makers": [str(hand % 2)], "tricks": ["4"], "trump": ["hearts"]}
                    entry = table.enter(f"k{hand}", "played", posted, hand % 4)
                    if hand < 7:
                        table.answer(entry.id, (hand + 1) % 4, True)
            sizes.append(fetched(url))
        finally:
            web.stop()
    bench("web_first_load_kb", max(sizes) / 1000, "kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
