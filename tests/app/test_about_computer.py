"""The About this computer page and the Performance panel's 'Runs on', with the real report."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.panels.about_computer import AboutComputerDialog
from engine.kernels.machine import this_machine

from .conftest import LOAD_TIMEOUT_MS


@pytest.mark.e2e
def test_the_about_page_shows_what_doctor_finds_without_blocking_the_window(qtbot: QtBot) -> None:
    dialog = AboutComputerDialog()
    qtbot.addWidget(dialog)
    assert dialog.report is None  # read behind the window's back
    assert not dialog.copy_button.isEnabled()
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=LOAD_TIMEOUT_MS)
    shown = [dialog.form.itemAt(i).widget().text() for i in range(dialog.form.count())]
    assert "Processor" in shown
    assert any(this_machine().cpu_model in text for text in shown)
    assert any(text.startswith(("Fast kernels", "Safe kernels")) for text in shown)
    assert dialog.copy_button.isEnabled()
    dialog.copy_button.click()
    from PySide6.QtGui import QGuiApplication

    assert "Kernels" in QGuiApplication.clipboard().text()


@pytest.mark.e2e
def test_the_performance_panel_says_where_the_layers_run(qtbot: QtBot, window: MainWindow) -> None:
    shown = window.metrics_panel.values["device"].text()
    assert shown in ("CPU · fast kernels", "CPU · safe kernels")  # a CPU-only build: no layer on a GPU
    window.metrics_panel.about_link.linkActivated.emit("about")
    dialogs = window.findChildren(AboutComputerDialog)
    assert len(dialogs) == 1
    qtbot.waitUntil(lambda: dialogs[0].report is not None, timeout=LOAD_TIMEOUT_MS)
    dialogs[0].close()
