"""Read QR codes back from the app's own pictures, as a phone's camera does.

Only QR codes are looked for: with every format on, zxing-cpp now and then reads a stripe of a
heat map as a one-dimensional barcode (CI once found "4882" beside the poll's code at
1920 × 1080), which no phone pointed at the projector would offer to open.
"""

from __future__ import annotations

import numpy as np
import zxingcpp
from PySide6.QtGui import QImage


def grey(image: QImage) -> np.ndarray:
    """The picture as 8-bit grey levels, shape (height, width)."""
    image = image.convertToFormat(QImage.Format.Format_Grayscale8)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    return np.frombuffer(image.constBits(), dtype=np.uint8).reshape(height, stride)[:, :width].copy()


def qr_codes(image: QImage) -> list[str]:
    """The text of every QR code in the picture, in the order zxing-cpp finds them."""
    return [code.text for code in zxingcpp.read_barcodes(grey(image), formats=zxingcpp.BarcodeFormat.QRCode)]
