"""Start the window: Qt application, translations, style, the engine, the starter model.

The window is shown first and the model loads behind it, with visible progress.
`--screenshot PATH --prompt TEXT` sends TEXT, waits for the answer, saves a PNG
of the window and exits.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from typing import TYPE_CHECKING

from engine.protocol import AUTO_GPU_LAYERS, Failed, LoadOptions

if TYPE_CHECKING:
    from app.main_window import MainWindow
LAUNCHED_AT = time.monotonic()
DESKTOP_ID = "io.github.hearth.Hearth"
SCREENSHOT_TIMEOUT_MS = 300_000

logger = logging.getLogger(__name__)


def launch(args: argparse.Namespace) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from app.error_texts import error_text
    from app.i18n import apply_regional_font, install_translator, missing_font_notice
    from app.main_window import MainWindow
    from app.resources import resource_path
    from app.style import apply_style
    from engine.models.starter_model import StarterModelMissingError, starter_model_path
    from engine.remote.rpc_use import machines_to_use

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    _log_to_file()
    from engine.settings import load_settings, settings_notice

    load_settings()  # a damaged settings file is set aside now, and said once, below
    notice = settings_notice()
    app.setApplicationName("Hearth")
    app.setOrganizationName("Hearth")
    # The desktop id: the launcher file's name (packaging/linux/), so the desktop shell groups
    # the window under Hearth's icon and name.
    app.setDesktopFileName(DESKTOP_ID)
    app.setWindowIcon(QIcon(str(resource_path("icons", "hearth.svg"))))
    language = install_translator(app, args.language)
    apply_regional_font(app, language)
    notice = notice or missing_font_notice(language)
    apply_style(app, getattr(args, "theme", None))  # --theme: for this run, the saved choice unchanged
    window = MainWindow()
    if notice:
        window.statusBar().showMessage(notice, 15_000)
    window.show()
    QTimer.singleShot(0, window.attach_plot)
    if not args.screenshot:  # a screenshot would show the tour, and use up its one showing
        from app.learn.entry_points import maybe_start_tour

        maybe_start_tour(window)
    logger.info("window shown %.3f s after launch", time.monotonic() - LAUNCHED_AT)

    try:
        model_path = args.model or str(starter_model_path())
    except StarterModelMissingError as exc:
        window.load_error.show_error(error_text(exc), "")
        model_path = None
    if model_path:
        machines = machines_to_use()  # split across the rpc-server machines the user added, if any
        window.models.load_model(
            LoadOptions(
                model_path,
                n_ctx=args.ctx,
                n_threads=args.threads,
                rpc_servers=machines,
                n_gpu_layers=AUTO_GPU_LAYERS if machines else 0,
            )
        )

    exit_code = [0]
    if args.screenshot:
        _arrange_screenshot(window, args.screenshot, args.prompt or "Hello!", exit_code)
    app.exec()
    window.client.shutdown()
    return exit_code[0]


def _log_to_file() -> None:
    from engine.paths import log_dir

    logging.basicConfig(
        level=logging.INFO,
        filename=log_dir() / "hearth.log",
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )


def _arrange_screenshot(window: MainWindow, path: str, prompt: str, exit_code: list[int]) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    def save_and_quit() -> None:
        window.grab().save(path)
        print(f"hearth: screenshot saved to {path}")
        window.close()
        QApplication.quit()

    def on_failed(event: Failed) -> None:
        print(f"hearth: {event.reason}", file=sys.stderr)
        exit_code[0] = 1
        QTimer.singleShot(200, save_and_quit)

    def on_timeout() -> None:
        print("hearth: the answer did not finish in time for the screenshot", file=sys.stderr)
        exit_code[0] = 1
        save_and_quit()

    window.models.model_loaded.connect(lambda _event: window.chat.send_message(prompt))
    window.chat.answer_finished.connect(lambda _event: QTimer.singleShot(300, save_and_quit))
    window.chat.answer_failed.connect(on_failed)
    window.models.model_failed.connect(on_failed)
    QTimer.singleShot(SCREENSHOT_TIMEOUT_MS, on_timeout)
