"""What a printed page holds, read as a person's phone would: rendered, then decoded by a
real QR reader."""

from __future__ import annotations

import pypdfium2
import zxingcpp


def qr_codes(pdf: bytes) -> list[list[str]]:
    """What each page's QR codes hold, page by page. Only QR codes are looked for: a
    QR code's own modules can read as a one-dimensional barcode (ITF)."""
    found = []
    for page in pypdfium2.PdfDocument(pdf):
        image = page.render(scale=4).to_pil()
        found.append(
            [
                barcode.text
                for barcode in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
            ]
        )
    return found
