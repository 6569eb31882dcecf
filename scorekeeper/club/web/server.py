"""The web pages' server: uvicorn in a thread of ``club serve``."""

from __future__ import annotations

import threading
import time

import uvicorn

from scorekeeper.club.server import DEFAULT_WEB_PORT
from scorekeeper.club.web.app import uvicorn_app
from scorekeeper.club.web.tables import Served
from scorekeeper.club.web.tls import Tls


class WebServer(threading.Thread):
    """Serves the pages of ``served`` on ``host``:``port`` until :meth:`stop`, over
    HTTPS with ``tls`` (else plain HTTP)."""

    def __init__(
        self, served: Served, host: str, port: int = DEFAULT_WEB_PORT, tls: Tls | None = None
    ) -> None:
        super().__init__(name="club web pages", daemon=True)
        config = uvicorn.Config(
            uvicorn_app(served),
            host=host,
            port=port,
            log_level="warning",
            access_log=False,
            lifespan="off",
            server_header=False,
            limit_concurrency=200,
            timeout_keep_alive=5,
            ssl_certfile=tls.certificate if tls else None,
            ssl_keyfile=tls.key if tls else None,
        )
        self.server = uvicorn.Server(config)
        self.served = served
        self.host, self.port, self.tls = host, port, tls

    def run(self) -> None:
        self.server.run()

    def start_serving(self, timeout: float = 10) -> None:
        """Start, and return once the pages are served (``OSError`` when they cannot be)."""
        self.start()
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if not self.is_alive() or time.monotonic() > deadline:
                raise OSError(f"the web pages cannot be served on {self.host}:{self.port}")
            time.sleep(0.02)

    def stop(self, timeout: float = 10) -> None:
        self.server.should_exit = True
        self.join(timeout)
        self.served.close()

    def address(self, path: str = "") -> str:
        """The address of the page at ``path``, as a phone opens it: over HTTPS, the
        host the certificate is for."""
        host = self.tls.host if self.tls else self.host
        host = f"[{host}]" if ":" in host else host
        return f"{'https' if self.tls else 'http'}://{host}:{self.port}{path}"
