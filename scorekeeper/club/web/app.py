"""The web app ``club serve`` serves on the local network: each table's page.

Server-rendered pages (Jinja2, escaped) and plain forms: no script, no font or picture
from elsewhere. Every write goes through :mod:`scorekeeper.club.web.tables` (the table's
own login, the engine, the referee). Each form carries a CSRF value bound to the page's
token and to the browser's own cookie, and the request must come from the page's own
origin; a body over :data:`MOST_BODY` bytes is refused before it is read.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, RedirectResponse
from starlette.routing import Route

from scorekeeper.club.web import tokens
from scorekeeper.club.web.form import FormError, entry_forms
from scorekeeper.club.web.tables import NotFound, Refusal, Served, Table
from scorekeeper.club.web.view import table_view
from scorekeeper.resources import resource_path

MOST_BODY = 8 * 1024  # bytes: a quick entry's form is a few hundred
DEVICE = "sk_device"  # the browser's own random cookie, which the CSRF value is bound to
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    # the page's address is its token: never sent to another site (and a form's Origin
    # stays this server's, where "no-referrer" makes a browser send "null")
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}
STALE = "this page is out of date: reload it and enter again"

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


class BodyLimit:
    """Refuses a request whose body is over ``most`` bytes (413), by its declared length
    or as it arrives, and adds the pages' security headers to every answer."""

    def __init__(self, app: Callable[..., Awaitable[None]], most: int = MOST_BODY) -> None:
        self.app = app
        self.most = most

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
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


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    await PlainTextResponse("That request is too large.", status_code=413)(scope, receive, send)


def create_app(served: Served) -> Starlette:
    """The pages of the night ``served`` holds."""
    pages = Environment(
        loader=FileSystemLoader(resource_path("web")),
        autoescape=select_autoescape(default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )

    def render(status: int, name: str, **values: Any) -> HTMLResponse:
        return HTMLResponse(pages.get_template(name).render(**values), status_code=status)

    def table_page(request: Request, table: Table, token: str, said: str = "") -> HTMLResponse:
        device = request.cookies.get(DEVICE) or secrets.token_urlsafe(16)
        values: dict[str, Any] = {"table": table.seating, "said": said}
        if table.drawn:
            ledger = table.ledger()
            values |= table_view(table, ledger)
            values["forms"] = entry_forms(ledger)
        values |= {
            "token": token,
            "csrf": tokens.csrf(served.secret, token, device),
            "key": secrets.token_urlsafe(16),  # this entry's own: sent again, it counts once
        }
        response = render(400 if said else 200, "table.html", **values)
        response.set_cookie(DEVICE, device, httponly=True, samesite="strict", path="/t/")
        return response

    async def show(request: Request) -> HTMLResponse:
        token = request.path_params["token"]
        try:
            with served.table(token) as table:
                return table_page(request, table, token)
        except NotFound as missing:
            return render(404, "gone.html", why=str(missing))

    async def write(request: Request) -> HTMLResponse | RedirectResponse:
        token = request.path_params["token"]
        posted = await request.form()
        values = {key: posted.getlist(key) for key in posted}
        sent = [str(v) for v in values.get("csrf", [])]
        if not _same_origin(request) or not tokens.csrf_valid(
            served.secret, token, request.cookies.get(DEVICE, ""), sent[-1] if sent else ""
        ):
            return render(403, "gone.html", why=STALE)
        text = {key: [str(v) for v in got] for key, got in values.items()}
        try:
            with served.table(token) as table:
                try:
                    _act(request.path_params["action"], table, text)
                except (Refusal, FormError, ValueError) as refused:
                    return table_page(request, table, token, f"Not recorded: {refused}")
        except NotFound as missing:
            return render(404, "gone.html", why=str(missing))
        return RedirectResponse(f"/t/{token}", status_code=303)

    async def style(request: Request) -> FileResponse:
        return FileResponse(resource_path("web", "style.css"), media_type="text/css")

    async def icon(request: Request) -> FileResponse:
        return FileResponse(resource_path("icons", "scorekeeper-32.png"), media_type="image/png")

    return Starlette(
        routes=[
            Route("/t/{token}", show),
            Route("/t/{token}/{action:str}", write, methods=["POST"]),
            Route("/style.css", style),
            Route("/icon.png", icon),
            Route("/favicon.ico", icon),
        ]
    )


def _act(action: str, table: Table, posted: dict[str, list[str]]) -> None:
    def one(name: str) -> str:
        got = posted.get(name) or [""]
        return got[-1]

    by = _number(one("by"))
    if action == "enter":
        table.enter(one("key")[:64], one("form"), posted, by)
    elif action in ("confirm", "decline"):
        table.answer(_number(one("entry")), by, action == "confirm")
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


def uvicorn_app(served: Served) -> BodyLimit:
    """The app as the server runs it, behind the body limit."""
    return BodyLimit(create_app(served))
