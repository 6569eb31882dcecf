"""HTTPS for the web pages, with a certificate and key the club supplies: both are read
and checked before ``club serve`` starts anything, and the pages' addresses name a host
the certificate is for (so that a phone which trusts its authority opens them without a
warning)."""

from __future__ import annotations

import datetime
import ipaddress
import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cryptography import x509
    from cryptography.hazmat.primitives.asymmetric.types import PublicKeyTypes


class CertificateError(ValueError):
    """A certificate or key the pages cannot be served with, in one line naming the file."""


@dataclass(frozen=True)
class Tls:
    """The certificate (PEM, the server's first, then any authorities between it and
    the one phones trust), its key, and the host the pages' addresses name."""

    certificate: Path
    key: Path
    host: str


def load_tls(certificate: Path, key: Path, listen: str, host: str | None = None) -> Tls:
    """The pages' HTTPS, once ``certificate`` and ``key`` are found usable: readable PEM,
    the key the certificate's, valid today, and for ``host`` (default: the address
    ``listen``, if the certificate is for it, else the first name it is for)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    pem, secret_pem = _read(certificate, "certificate"), _read(key, "key")
    try:
        chain = x509.load_pem_x509_certificates(pem)
    except ValueError:
        raise CertificateError(
            f"the certificate file {certificate} holds no PEM certificate"
        ) from None
    try:
        secret = serialization.load_pem_private_key(secret_pem, password=None)
    except TypeError:
        raise CertificateError(
            f"the key file {key} is protected by a passphrase: give the key without one"
        ) from None
    except ValueError:
        raise CertificateError(f"the key file {key} holds no PEM private key") from None
    served = chain[0]
    if _public(secret.public_key()) != _public(served.public_key()):
        raise CertificateError(
            f"the key file {key} is not the key of the certificate {certificate}"
        )
    now = datetime.datetime.now(datetime.UTC)
    if served.not_valid_after_utc < now:
        raise CertificateError(
            f"the certificate {certificate} expired on {served.not_valid_after_utc:%Y-%m-%d}"
        )
    if served.not_valid_before_utc > now:
        raise CertificateError(
            f"the certificate {certificate} is valid only from "
            f"{served.not_valid_before_utc:%Y-%m-%d %H:%M} UTC"
        )
    names = _names(served)
    if host is None:  # where the pages are served, else the first name it is for
        named = [name for name in names if not name.startswith("*.") and not _address(name)]
        host = listen if any(_covers(name, listen) for name in names) else next(iter(named), listen)
    if not any(_covers(name, host) for name in names):
        raise CertificateError(
            f"the certificate {certificate} is for {', '.join(names) or 'no host'}, "
            f"not for {host} (--web-host names the host it is for)"
        )
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(certificate, key)
    except ssl.SSLError as error:
        raise CertificateError(
            f"the certificate {certificate} and key {key} cannot be served: {error.reason}"
        ) from None
    return Tls(certificate, key, host)


def _read(path: Path, what: str) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise CertificateError(f"the {what} file {path} cannot be read: {error.strerror}") from None


def _public(key: PublicKeyTypes) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return key.public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def _names(certificate: x509.Certificate) -> list[str]:
    """The hosts the certificate is for (its subject alternative names)."""
    from cryptography import x509

    try:
        alt = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return []
    addresses = [str(address) for address in alt.get_values_for_type(x509.IPAddress)]
    return [*addresses, *alt.get_values_for_type(x509.DNSName)]


def _address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _covers(name: str, host: str) -> bool:
    """Whether the certificate's ``name`` (an address, a host, or ``*.`` a domain's
    hosts) is for ``host``, as a browser reads it."""
    if _address(name) or _address(host):
        return (
            _address(name)
            and _address(host)
            and (ipaddress.ip_address(name) == ipaddress.ip_address(host))
        )
    name, host = name.lower().rstrip("."), host.lower().rstrip(".")
    if name.startswith("*."):
        first, _, rest = host.partition(".")
        return bool(first) and rest == name[2:]
    return name == host
