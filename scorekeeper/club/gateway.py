"""TLS for the embedded server's network side.

The embedded PostgreSQL binaries are built without TLS, so the server listens on this
machine only and this gateway faces the local network: it answers PostgreSQL's
``SSLRequest`` with yes, does the TLS handshake with the server's certificate (the one a
join code pins), and passes the bytes to the server. A client that does not ask for
TLS is turned away, so nothing crosses the network in clear.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import struct
import threading
from pathlib import Path

SSL_REQUEST = 80877103
GSSENC_REQUEST = 80877104


class TlsGateway:
    """Listens on ``host:port`` in a thread of its own; :meth:`start` and :meth:`stop`."""

    def __init__(self, host: str, port: int, backend_port: int, cert: Path, key: Path) -> None:
        self.host, self.port, self.backend_port = host, port, backend_port
        self.context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.context.load_cert_chain(cert, key)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._server: asyncio.base_events.Server | None = None
        self._relays: set[asyncio.Task[None]] = set()  # held here, so none is collected midway

    def start(self) -> None:
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._listen(), self._loop)
        self._server = future.result(10)

    def stop(self) -> None:
        """Stop listening, end the open connections and the thread."""
        asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    async def _shutdown(self) -> None:
        if self._server is not None:
            self._server.close()
        others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)

    async def _listen(self) -> asyncio.base_events.Server:
        return await asyncio.start_server(self._serve, self.host, self.port)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._relays.add(task)
        # stopping cancels the connections' tasks: each ends quietly (asyncio would print
        # each cancelled one it started as an error)
        try:
            with contextlib.suppress(asyncio.CancelledError):
                await self._relay(reader, writer)
        finally:
            self._relays.discard(task)

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            code = await _request_code(reader)
            if code == GSSENC_REQUEST:  # libpq may ask for GSS first: no, then TLS
                writer.write(b"N")
                await writer.drain()
                code = await _request_code(reader)
            if code != SSL_REQUEST:
                writer.close()  # in clear from the network: refused
                return
            writer.write(b"S")
            await writer.drain()
            await writer.start_tls(self.context)
            backend_reader, backend_writer = await asyncio.open_connection(
                "127.0.0.1", self.backend_port
            )
        except (OSError, asyncio.IncompleteReadError, ssl.SSLError):
            writer.close()
            return
        try:
            await asyncio.gather(_pipe(reader, backend_writer), _pipe(backend_reader, writer))
        finally:
            for stream in (writer, backend_writer):
                stream.close()


async def _request_code(reader: asyncio.StreamReader) -> int:
    length, code = struct.unpack("!ii", await reader.readexactly(8))
    return code if length == 8 else -1


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(OSError, ssl.SSLError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    with contextlib.suppress(OSError, RuntimeError):
        if writer.can_write_eof():
            writer.write_eof()
        else:
            writer.close()
