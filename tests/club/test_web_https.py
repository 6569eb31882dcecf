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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.club.admin import EventCredentials
from scorekeeper.club.server import free_port
from scorekeeper.club.web.app import DEVICE
from scorekeeper.club.web.entrance import entrances
from scorekeeper.club.web.tables import board_token
from scorekeeper.club.web.tls import CertificateError, load_tls
from tests.club.certificates import Made, make_certificates
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
        (saved,) = (data_dir / "club" / "events").glob("*.json")
        cards = entrances(data_dir / "club", EventCredentials.load(saved), ())
        with urllib.request.urlopen(cards[1], timeout=10, context=trusting) as entered:
            led_to = entered.url  # the table card's QR code, followed
    finally:
        stop(process)
    assert len(pages) == 3  # two tables and the board
    assert all(re.fullmatch(r"  \S.*: https://127\.0\.0\.1:\d+/[tb]/\S+", p) for p in pages)
    assert re.fullmatch(r"https://127\.0\.0\.1:\d+", noted)  # entrances, players' pages
    assert "<h1>Table 1 <span>round 1</span></h1>" in shown
    assert all(card.startswith(f"{noted}/s/") for card in cards.values()) and len(cards) == 2
    assert led_to == table_1


MISSING = "cannot be read: No such file or directory"
ODD: dict[str, dict[str, Any]] = {  # the other certificate each case is refused with
    "the key is another certificate's": {},
    "the key is protected by a passphrase": {"password": b"secret"},
    "the certificate has expired": {"valid": (-30, -1)},
    "the certificate is not valid yet": {"valid": (2, 30)},
    "the certificate is for another address": {"hosts": ("10.9.8.7",)},
}
Case = Callable[[Made, Made, Path], tuple[Path | None, Path | None, str]]
# each case: the certificate and key given (None: not given), and the line serve says
REFUSED: dict[str, Case] = {
    "the certificate file is missing": lambda good, odd, no: (
        no,
        good.key,
        f"the certificate file {no} {MISSING}",
    ),
    "the key file is missing": lambda good, odd, no: (
        good.certificate,
        no,
        f"the key file {no} {MISSING}",
    ),
    "the certificate file holds a key": lambda good, odd, no: (
        good.key,
        good.key,
        f"the certificate file {good.key} holds no PEM certificate",
    ),
    "the key file holds a certificate": lambda good, odd, no: (
        good.certificate,
        good.certificate,
        f"the key file {good.certificate} holds no PEM private key",
    ),
    "the key is another certificate's": lambda good, odd, no: (
        good.certificate,
        odd.key,
        f"the key file {odd.key} is not the key of the certificate {good.certificate}",
    ),
    "the key is protected by a passphrase": lambda good, odd, no: (
        good.certificate,
        odd.key,
        f"the key file {odd.key} is protected by a passphrase: give the key without one",
    ),
    "the certificate has expired": lambda good, odd, no: (
        odd.certificate,
        odd.key,
        f"the certificate {odd.certificate} expired on 20",
    ),
    "the certificate is not valid yet": lambda good, odd, no: (
        odd.certificate,
        odd.key,
        f"the certificate {odd.certificate} is valid only from 20",
    ),
    "the certificate is for another address": lambda good, odd, no: (
        odd.certificate,
        odd.key,
        f"the certificate {odd.certificate} is for 10.9.8.7, not for 127.0.0.1 "
        "(--web-host names the host it is for)",
    ),
    "a key without its certificate": lambda good, odd, no: (
        None,
        good.key,
        "HTTPS needs both --web-cert and --web-key",
    ),
}


@pytest.mark.parametrize("case", [*REFUSED, "a host without a certificate"])
def test_serve_refuses_a_certificate_it_cannot_serve_before_anything_starts(tmp_path, case):
    if case in REFUSED:
        good, odd = (make_certificates(tmp_path / n, **ODD.get(case, {})) for n in ("a", "b"))
        certificate, key, said = REFUSED[case](good, odd, tmp_path / "nowhere.pem")
        given = [("--web-cert", certificate), ("--web-key", key)]
        options = [str(part) for option, path in given if path for part in (option, path)]
    else:
        options = ["--web-host", "club.example"]
        said = "--web-host names the host of an HTTPS certificate: give --web-cert"
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
