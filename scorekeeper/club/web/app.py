"""The web app ``club serve`` serves on the local network: each table's page, and the
standings board's for a TV.

Server-rendered pages (Jinja2, escaped) and plain forms: no script, no font or picture
from elsewhere. Every write goes through :mod:`scorekeeper.club.web.tables` (the table's
own login, the engine, the referee). Each form carries a CSRF value bound to the page's
token and to the browser's own cookie, and the request must come from the page's own
origin; a body over :data:`MOST_BODY` bytes is refused before it is read, and a flood
of requests is refused by address.
"""

from __future__ import annotations

import functools
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, RedirectResponse
from starlette.routing import Route

from scorekeeper.club.calls import KIND_WORDS
from scorekeeper.club.web import tokens
from scorekeeper.club.web.calls import call_director, claim_renege, disagreement, table_calls
from scorekeeper.club.web.cards import played, playing, step
from scorekeeper.club.web.clock import time_left_words
from scorekeeper.club.web.entrance import page_of
from scorekeeper.club.web.form import entry_forms
from scorekeeper.club.web.players import night_view, player_night
from scorekeeper.club.web.tables import NotFound, Refusal, Served, Table
from scorekeeper.club.web.view import table_view
from scorekeeper.resources import resource_path

MOST_BODY = 8 * 1024  # bytes: a quick entry's form is a few hundred
WINDOW = 10.0  # seconds over which requests are counted
MOST_REQUESTS = 600  # from one address in a window (a phone shows a page with 3)
MOST_WRITES = 20  # forms to one page from one address in a window
MOST_STEPS = 60  # steps of a hand played card by card, so counted: a card each, quickly
MOST_KEYS = 10_000  # addresses and pages remembered before the quiet ones are forgotten
DEVICE = "sk_device"  # the browser's own random cookie, which the CSRF value is bound to
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self'; "
    "script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; "
    "base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    # the page's address is its token: never sent to another site (and a form's Origin
    # stays this server's, where "no-referrer" makes a browser send "null")
    "Referrer-Policy": "same-origin",
}
PAGE = {"Cache-Control": "no-store"}  # a page is read afresh
KEPT = {"Cache-Control": "max-age=86400"}  # its style sheet and icon are kept a day
REFRESH = 5  # seconds: a page read again while a hand waits for the other side
BOARD_REFRESH = 10  # seconds: the standings board's page is read again
BOARD_ROWS = 16  # players in each column of the board's standings
PLAYER_REFRESH = 5  # seconds: a player's page asks for its night again
SCRIPTS = {"player", "board", "table"}  # the pages' own small scripts, served as /NAME.js
STALE = "this page is out of date: reload it and enter again"
SHOWN = {"play": "#cards", "renege": "#call", "call": "#call"}  # where a form's answer opens

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


class Flood:
    """How many requests each key made in the last :data:`WINDOW` seconds."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str], deque[float]] = {}

    def allows(self, key: tuple[str, str], most: int, now: float) -> bool:
        """Whether one more request of ``key`` is within ``most`` (it is counted if so)."""
        if len(self.seen) > MOST_KEYS:  # forget those quiet for a window
            self.seen = {k: t for k, t in self.seen.items() if t and t[-1] > now - WINDOW}
        times = self.seen.setdefault(key, deque())
        while times and times[0] <= now - WINDOW:
            times.popleft()
        if len(times) >= most:
            return False
        times.append(now)
        return True


class Guard:
    """Refuses a flood (429: more than :data:`MOST_REQUESTS` requests from one address,
    or :data:`MOST_WRITES` forms of one kind to one page, :data:`MOST_STEPS` of a hand
    played card by card, in :data:`WINDOW` seconds) and a request
    whose body is over ``most`` bytes (413, by its declared length or as it arrives);
    adds the pages' security headers to every answer."""

    def __init__(self, app: Callable[..., Awaitable[None]], most: int = MOST_BODY) -> None:
        self.app = app
        self.most = most
        self.flood = Flood()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = (scope.get("client") or ("", 0))[0]
        parts = scope["path"].split("/")
        page = "/".join(parts[2:4]) if scope["path"].startswith("/t/") else ""
        most = MOST_STEPS if page.endswith("/play") else MOST_WRITES
        now = time.monotonic()
        if not self.flood.allows((client, ""), MOST_REQUESTS, now) or (
            scope["method"] == "POST" and not self.flood.allows((client, page), most, now)
        ):
            await _refuse(scope, receive, send, 429, "Too many requests: wait a few seconds.")
            return
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.most:
            await _too_large(scope, receive, send)
            return
        seen = 0

        async def counted() -> MutableMapping[str, Any]:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.most:
                raise TooLarge
            return message

        async def headed(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    *message.get("headers", []),
                    *((k.lower().encode(), v.encode()) for k, v in HEADERS.items()),
                ]
            await send(message)

        try:
            await self.app(scope, counted, headed)
        except TooLarge:
            await _too_large(scope, receive, send)


class TooLarge(Exception):
    """A body that went past the limit while it arrived."""


async def _refuse(scope: Scope, receive: Receive, send: Send, status: int, said: str) -> None:
    await PlainTextResponse(said, status_code=status)(scope, receive, send)


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    await _refuse(scope, receive, send, 413, "That request is too large.")


@functools.cache
def page_templates() -> Environment:
    """The pages' templates, compiled once in a process (not by the first requests of a
    busy night all at once, nor again by a server started anew)."""
    pages = Environment(
        loader=FileSystemLoader(resource_path("web")),
        autoescape=select_autoescape(default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    for name in pages.list_templates(extensions=["html"]):
        pages.get_template(name)
    return pages


def create_app(served: Served) -> Starlette:
    """The pages of the night ``served`` holds."""
    pages = page_templates()

    def render(status: int, name: str, **values: Any) -> HTMLResponse:
        text = pages.get_template(name).render(**values)
        return HTMLResponse(text, status_code=status, headers=PAGE)

    def table_page(
        request: Request,
        table: Table,
        token: str,
        said: str = "",
        posted: dict[str, list[str]] | None = None,
    ) -> HTMLResponse:
        """The table's page; with what a refused form ``posted``, filled in again."""
        device = request.cookies.get(DEVICE) or secrets.token_urlsafe(16)
        values: dict[str, Any] = {"table": table.seating, "said": said, "posted": posted or {}}
        if table.drawn:
            ledger = table.ledger()
            values |= table_view(table, ledger)
            played_out = table.round_played(ledger)
            values["played_out"] = table.seating.hands if played_out else None
            values["forms"] = [] if played_out else entry_forms(ledger)
            values["calls"] = [(KIND_WORDS[c.kind], c.made) for c in table_calls(table)]
            if values["waiting"] is None:
                values["playing"] = playing(table, ledger)  # last: it records into ledger
        values |= {
            "token": token,
            "csrf": tokens.csrf(served.secret, token, device),
            "key": secrets.token_urlsafe(16),  # this entry's own: sent again, it counts once
            "refresh": REFRESH,
        }
        response = render(400 if said else 200, "table.html", **values)
        secure = request.url.scheme == "https"  # over HTTPS, never sent over plain HTTP
        response.set_cookie(
            DEVICE, device, httponly=True, samesite="strict", path="/t/", secure=secure
        )
        return response

    def show(request: Request) -> HTMLResponse:  # plain: Starlette runs it in a thread
        token = request.path_params["token"]
        try:
            with served.table(token) as table:
                return table_page(request, table, token)
        except NotFound as missing:
            return render(404, "gone.html", why=str(missing))

    def board(request: Request) -> HTMLResponse:  # plain: Starlette runs it in a thread
        try:
            shown, clock = served.board(request.path_params["token"])
        except NotFound as missing:
            return render(404, "gone.html", why=str(missing))
        return render(
            200,
            "board.html",
            board=shown,
            clock=clock,
            left=time_left_words,
            refresh=BOARD_REFRESH,
            rows=BOARD_ROWS,
        )

    def enter_table(request: Request) -> HTMLResponse | RedirectResponse:  # in a thread
        try:
            page = page_of(served, request.path_params["token"])
        except NotFound as missing:
            return render(404, "gone.html", why=str(missing))
        return RedirectResponse(f"/t/{page}", status_code=303, headers=PAGE)

    def player(request: Request) -> HTMLResponse:  # plain: Starlette runs it in a thread
        try:
            night = player_night(served, request.path_params["key"])
        except NotFound as missing:
            return render(404, "gone.html", why=str(missing))
        return render(200, "player.html", refresh=PLAYER_REFRESH, **night_view(night))

    def record(
        request: Request, token: str, posted: dict[str, list[str]]
    ) -> HTMLResponse | RedirectResponse:
        try:
            with served.table(token) as table:
                try:
                    _act(request.path_params["action"], table, posted)
                except ValueError as refused:  # the page's or the engine's refusal
                    said = f"Not recorded: {refused}"
                    return table_page(request, table, token, said, posted)
        except NotFound as missing:
            return render(404, "gone.html", why=str(missing))
        at = SHOWN.get(request.path_params["action"], "")  # what the form changed, in view
        return RedirectResponse(f"/t/{token}{at}", status_code=303)

    async def write(request: Request) -> HTMLResponse | RedirectResponse:
        token = request.path_params["token"]
        form = await request.form()
        posted = {key: [str(value) for value in form.getlist(key)] for key in form}
        sent = (posted.get("csrf") or [""])[-1]
        device = request.cookies.get(DEVICE, "")
        if not _same_origin(request) or not tokens.csrf_valid(served.secret, token, device, sent):
            return render(403, "gone.html", why=STALE)
        return await run_in_threadpool(record, request, token, posted)

    async def style(request: Request) -> FileResponse:
        return FileResponse(resource_path("web", "style.css"), media_type="text/css", headers=KEPT)

    async def script(request: Request) -> FileResponse | PlainTextResponse:
        name = request.path_params["name"]
        if name not in SCRIPTS:
            return PlainTextResponse("There is no such page.", status_code=404)
        return FileResponse(
            resource_path("web", f"{name}.js"), media_type="text/javascript", headers=KEPT
        )

    async def icon(request: Request) -> FileResponse:
        path = resource_path("icons", "scorekeeper-32.png")
        return FileResponse(path, media_type="image/png", headers=KEPT)

    return Starlette(
        routes=[
            Route("/t/{token}", show),
            Route("/b/{token}", board),
            Route("/t/{token}/{action:str}", write, methods=["POST"]),
            Route("/s/{token}", enter_table),
            Route("/p/{key}", player),
            Route("/style.css", style),
            Route("/{name:str}.js", script),
            Route("/icon.png", icon),
            Route("/favicon.ico", icon),
        ]
    )


def _act(action: str, table: Table, posted: dict[str, list[str]]) -> None:
    def one(name: str) -> str:
        got = posted.get(name) or [""]
        return got[-1]

    key = one("key")[:64]
    if action == "play":
        step(table, key, posted)
        return
    by = _number(one("by"))
    if action == "played":
        played(table, key, by)
    elif action == "enter":
        table.enter(key, one("form"), posted, by)
    elif action == "confirm":
        table.answer(_number(one("entry")), by, True)
    elif action == "decline":
        disagreement(table, table.answer(_number(one("entry")), by, False))
    elif action == "renege":
        hand = _number(one("hand")) if one("hand") else None
        claim_renege(table, key, by, _number(one("accused")), hand)
    elif action == "call":
        call_director(table, key, by)
    else:
        raise Refusal("the page asked for something it does not do")


def _number(text: str) -> int:
    if not text.isdigit() or len(text) > 6:
        raise Refusal("choose who you are from this table's players")
    return int(text)


def _same_origin(request: Request) -> bool:
    """Whether the browser says the form came from this server's own page (a browser
    sends Origin with every form post; a missing one is taken as a non-browser client,
    whose CSRF value must still match)."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == request.headers.get("host", "")


def uvicorn_app(served: Served) -> Guard:
    """The app as the server runs it, behind the body limit."""
    return Guard(create_app(served))
