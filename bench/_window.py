"""The QApplication the benches run the real window in, set up as app/launcher.py sets it up."""

from __future__ import annotations

import sys
from typing import Any


def hearth_application() -> Any:
    """QApplication named Hearth, with the interface language and style the launcher gives it, and
    the offscreen platform's 'does not support propagateSizeHints()' lines dropped."""
    from PySide6.QtWidgets import QApplication

    from app.i18n import install_translator
    from app.style import apply_style

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("Hearth")
    app.setOrganizationName("Hearth")
    _quiet_offscreen_warnings()
    install_translator(app, None)
    apply_style(app)
    return app


def _quiet_offscreen_warnings() -> None:
    from PySide6.QtCore import qInstallMessageHandler

    previous: list[Any] = []

    def handler(mode: Any, context: Any, message: str) -> None:
        if "propagateSizeHints" in message:
            return
        if previous and previous[0] is not None:
            previous[0](mode, context, message)
        else:
            print(message, file=sys.stderr)

    previous.append(qInstallMessageHandler(handler))
