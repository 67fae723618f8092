"""Render resources/icons/hearth.svg as the hicolor PNG sizes a .deb installs (16 to 512 px).

Usage: python render_icons.py OUT_DIR   (writes OUT_DIR/<n>x<n>/apps/<id>.png and scalable/apps/<id>.svg)
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
APP_ID = "io.github.hearth.Hearth"
SVG = Path(__file__).resolve().parents[2] / "resources" / "icons" / "hearth.svg"


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    out = Path(sys.argv[1])
    _app = QGuiApplication([])
    renderer = QSvgRenderer(str(SVG))
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = out / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target)):
            raise SystemExit(f"could not write {target}")
    scalable = out / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SVG, scalable)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
