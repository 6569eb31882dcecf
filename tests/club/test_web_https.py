"""The web pages over HTTPS, with a certificate the club supplies (here, signed by a
club's own authority made for the test, which the phones trust): a real client verifies
it, every address ``serve`` prints is https://, the browser's cookie is sent over HTTPS
only, and a certificate or key that cannot serve is refused before anything starts, in
one line naming the file."""

from __future__ import annotations

import re
import ssl
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from scorekeeper.club.server import free_port
from scorekeeper.club.web.app import DEVICE
from scorekeeper.club.web.tables import board_token
from scorekeeper.club.web.tls import CertificateError, load_tls
from tests.club.certificates import make_certificates
from tests.club.drawn import drawn_night
from tests.club.phones import Phone, serving
from tests.club.test_serve import data_dir, serve, stop
from tests.club.test_web_table import MADE_4, answer, enter

__all__ = ["data_dir"]  # the fixture, as serve's tests make it


@pytest.fixture
def night(club_server, gateway, admin, tmp_path):
    return drawn_night(admin, club_server, gateway, tmp_path, "Secure night")


def test_a_phone_that_trusts_the_clubs_authority_enters_and_confirms_a_hand_over_https(
    night, club_server, referee, tmp_path
):
    made = make_certificates(tmp_path / "tls")
    tls = load_tls(made.certificate, made.key, "127.0.0.1")
    with serving(night, tmp_path, club_server.admin_url(), tls) as pages:
        url, phone = pages.address(1), Phone(made.authority)
        assert url.startswith(f"https://127.0.0.1:{pages.web.port}/t/1-1-")
        entered = enter(phone, url, MADE_4)
        (cookie,) = (c for c in phone.cookies if c.name == DEVICE)
        confirmed = answer(phone, url, 1)
        board = phone.get(pages.web.address(f"/b/{board_token(pages.served)}"))
        with pytest.raises(urllib.error.URLError) as untrusted:
            Phone().get(url)  # a phone that does not trust the club's authority
        with pytest.raises((urllib.error.URLError, ConnectionError)):
            Phone().get(url.replace("https://", "http://"))  # no plain HTTP on that port
    assert entered.status == 200 and "Hand 1: to be confirmed" in entered.body
    assert confirmed.status == 200 and "Hand 1: to be confirmed" not in confirmed.body
    assert cookie.secure and cookie.has_nonstandard_attr("HttpOnly")
    assert board.status == 200 and "<h1>Secure night" in board.body
    assert isinstance(untrusted.value.reason, ssl.SSLCertVerificationError)


def test_over_plain_http_the_cookie_is_not_marked_secure(night, club_server, tmp_path):
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        phone = Phone()
        assert phone.get(pages.address(1)).status == 200
    (cookie,) = (c for c in phone.cookies if c.name == DEVICE)
    assert not cookie.secure  # a phone on plain HTTP would not send it back otherwise


def test_serve_with_a_certificate_prints_every_page_as_https(data_dir, tmp_path):
    made = make_certificates(tmp_path / "tls")
    process, lines = serve(
        data_dir, free_port(), "--web-cert", str(made.certificate), "--web-key", str(made.key)
    )
    try:
        pages = [line for line in lines if re.search(r"/[tb]/", line)]
        noted = (data_dir / "club" / "web-address").read_text()
        table_1 = pages[0].split(": ", 1)[1]
        trusting = ssl.create_default_context(cafile=made.authority)
        with urllib.request.urlopen(table_1, timeout=10, context=trusting) as page:
            shown = page.read().decode()
    finally:
        stop(process)
    assert len(pages) == 3  # two tables and the board
    assert all(re.fullmatch(r"  \S.*: https://127\.0\.0\.1:\d+/[tb]/\S+", p) for p in pages)
    assert re.fullmatch(r"https://127\.0\.0\.1:\d+", noted)  # entrances, players' pages
    assert "<h1>Table 1 <span>round 1</span></h1>" in shown


def _files(tmp_path: Path, case: str) -> tuple[list[str], str]:
    """The options of a refused case, and the one line serve answers."""
    made = make_certificates(tmp_path / "good")
    cert, key = made.certificate, made.key
    missing = tmp_path / "nowhere.pem"
    if case == "the certificate file is missing":
        return ["--web-cert", str(missing), "--web-key", str(key)], (
            f"the certificate file {missing} cannot be read: No such file or directory"
        )
    if case == "the key file is missing":
        return ["--web-cert", str(cert), "--web-key", str(missing)], (
            f"the key file {missing} cannot be read: No such file or directory"
        )
    if case == "the certificate file holds a key":
        return ["--web-cert", str(key), "--web-key", str(key)], (
            f"the certificate file {key} holds no PEM certificate"
        )
    if case == "the key file holds a certificate":
        return ["--web-cert", str(cert), "--web-key", str(cert)], (
            f"the key file {cert} holds no PEM private key"
        )
    if case == "the key is another certificate's":
        other = make_certificates(tmp_path / "other").key
        return ["--web-cert", str(cert), "--web-key", str(other)], (
            f"the key file {other} is not the key of the certificate {cert}"
        )
    if case == "the key is protected by a passphrase":
        locked = make_certificates(tmp_path / "locked", password=b"secret").key
        return ["--web-cert", str(cert), "--web-key", str(locked)], (
            f"the key file {locked} is protected by a passphrase: give the key without one"
        )
    if case == "the certificate has expired":
        old = make_certificates(tmp_path / "old", valid=(-30, -1))
        return ["--web-cert", str(old.certificate), "--web-key", str(old.key)], (
            f"the certificate {old.certificate} expired on "
        )
    if case == "the certificate is for another address":
        far = make_certificates(tmp_path / "far", hosts=("10.9.8.7",))
        return ["--web-cert", str(far.certificate), "--web-key", str(far.key)], (
            f"the certificate {far.certificate} is for 10.9.8.7, not for 127.0.0.1 "
            "(--web-host names the host it is for)"
        )
    if case == "a key without its certificate":
        return ["--web-key", str(key)], "HTTPS needs both --web-cert and --web-key"
    assert case == "a host without a certificate"
    return ["--web-host", "club.example"], (
        "--web-host names the host of an HTTPS certificate: give --web-cert"
    )


@pytest.mark.parametrize(
    "case",
    [
        "the certificate file is missing",
        "the key file is missing",
        "the certificate file holds a key",
        "the key file holds a certificate",
        "the key is another certificate's",
        "the key is protected by a passphrase",
        "the certificate has expired",
        "the certificate is for another address",
        "a key without its certificate",
        "a host without a certificate",
    ],
)
def test_serve_refuses_a_certificate_it_cannot_serve_before_anything_starts(tmp_path, case):
    options, said = _files(tmp_path, case)
    folder = tmp_path / "data"
    folder.mkdir()
    command = [sys.executable, "-m", "scorekeeper.cli", "club", "serve", "--data-dir"]
    refused = subprocess.run(
        [*command, str(folder), "--listen", "127.0.0.1", "--web-port", str(free_port()), *options],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2 and refused.stdout == ""
    (line,) = refused.stderr.splitlines()
    assert line.startswith(f"scorekeeper club serve: {said}")
    assert not (folder / "club").exists()  # no server, no event, nothing made


@pytest.mark.parametrize(
    ("hosts", "listen", "named", "host"),
    [
        pytest.param(("127.0.0.1",), "127.0.0.1", None, "127.0.0.1", id="its address"),
        pytest.param(
            ("club.example", "10.0.0.9"), "192.168.1.5", None, "club.example", id="its first name"
        ),
        pytest.param(
            ("club.example", "scores.club.example"),
            "192.168.1.5",
            "scores.club.example",
            "scores.club.example",
            id="the name given",
        ),
        pytest.param(
            ("*.club.example",),
            "192.168.1.5",
            "Scores.Club.Example",
            "Scores.Club.Example",
            id="a name of its domain",
        ),
    ],
)
def test_the_pages_address_names_a_host_the_certificate_is_for(
    tmp_path, hosts, listen, named, host
):
    made = make_certificates(tmp_path, hosts)
    assert load_tls(made.certificate, made.key, listen, named).host == host


@pytest.mark.parametrize(
    ("hosts", "named"),
    [
        pytest.param(("*.club.example",), None, id="a domain's hosts, none named"),
        pytest.param(("*.club.example",), "a.b.club.example", id="a host two levels down"),
        pytest.param(("club.example",), "10.0.0.9", id="an address it is not for"),
    ],
)
def test_a_host_the_certificate_is_not_for_is_refused(tmp_path, hosts, named):
    made = make_certificates(tmp_path, hosts)
    with pytest.raises(CertificateError, match=r"^the certificate .* is for .*, not for "):
        load_tls(made.certificate, made.key, "192.168.1.5", named)
