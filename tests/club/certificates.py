"""A club's own certificate authority and a server certificate it signs, made for a test
(what a club would install on its phones, and give ``club serve --web-cert``)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from scorekeeper.club.server import host_names

DAY = datetime.timedelta(days=1)


@dataclass(frozen=True)
class Made:
    """The authority's certificate (what a phone trusts), the server's, and its key."""

    authority: Path
    certificate: Path
    key: Path


def _name(text: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])


def _pem(key: ec.EllipticCurvePrivateKey, password: bytes | None = None) -> bytes:
    encryption = (
        serialization.BestAvailableEncryption(password)
        if password
        else serialization.NoEncryption()
    )
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, encryption
    )


def make_certificates(
    folder: Path,
    hosts: tuple[str, ...] = ("127.0.0.1",),
    valid: tuple[int, int] = (-1, 365),
    password: bytes | None = None,
) -> Made:
    """An authority, and a certificate it signs for ``hosts`` (addresses or names),
    valid from ``valid[0]`` to ``valid[1]`` days from now, its key in ``folder``."""
    now = datetime.datetime.now(datetime.UTC)
    authority_key = ec.generate_private_key(ec.SECP256R1())
    authority = (
        x509.CertificateBuilder()
        .subject_name(_name("A club's own authority"))
        .issuer_name(_name("A club's own authority"))
        .public_key(authority_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - DAY)
        .not_valid_after(now + 400 * DAY)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .sign(authority_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    served = (
        x509.CertificateBuilder()
        .subject_name(_name("The club's server"))
        .issuer_name(authority.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now + valid[0] * DAY)
        .not_valid_after(now + valid[1] * DAY)
        .add_extension(x509.SubjectAlternativeName(host_names(hosts)), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(authority_key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    made = Made(folder / "authority.pem", folder / "server.pem", folder / "server.key")
    made.authority.write_bytes(authority.public_bytes(serialization.Encoding.PEM))
    made.certificate.write_bytes(served.public_bytes(serialization.Encoding.PEM))
    made.key.write_bytes(_pem(key, password))
    return made
