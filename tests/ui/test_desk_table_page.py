"""The desk shows each table's page for the players' phones as a QR code on screen: a
phone that scans it from the screen reaches the table's page."""

from __future__ import annotations

import zxingcpp
from PIL import Image
from PySide6.QtWidgets import QApplication

from scorekeeper.club.results import WEB_ADDRESS
from scorekeeper.club.web.entrance import entrances
from scorekeeper.club.web.tokens import SECRET_FILE
from tests.club.drawn import drawn_night
from tests.club.phones import Phone, serving
from tests.shots import save_png, screenshot
from tests.ui.test_desk import click, opened_desk
from tests.ui.test_desk_passes import choose_table


def test_the_desk_shows_a_tables_page_as_a_qr_code_a_phone_opens(
    qtbot, club_server, gateway, admin, tmp_path
):
    night = drawn_night(admin, club_server, gateway, tmp_path, "Desk pages night")
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        desk = opened_desk(
            qtbot, admin, night.event, tmp_path / "results", None, tmp_path / "events"
        )
        choose_table(desk, 1)
        click(qtbot, desk.table_page)
        assert desk.message.text().startswith("Table 2 has no page for phones")
        (tmp_path / SECRET_FILE).write_bytes(pages.served.secret)
        (tmp_path / WEB_ADDRESS).write_text(pages.web.address())
        click(qtbot, desk.table_page)
        dialog = desk.page_dialog
        qtbot.waitExposed(dialog)
        screenshot(dialog, "desk-table-page")
        shot = tmp_path / "code.png"
        save_png(dialog.code.grab(), shot)  # as a phone's camera sees the screen
        image = Image.open(shot)
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        assert [code.text for code in found] == [entrances(tmp_path, night.event, ())[2]]
        assert dialog.address.text() == found[0].text
        page = Phone().get(found[0].text)
        assert page.status == 200 and "<title>Table 2, round 1</title>" in page.body
        dialog.close()
        QApplication.processEvents()
