"""The Models window's "Compare quantizations" tab on real files and the real measuring child:
the starter model (Q4_1) and its Q8_0 and Q4_0 requantizations (tests/fixtures/quantized.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from app.models.models_window import ModelsWindow
from engine.models.library import Library
from engine.models.quant_compare import MeasureSettings

SETTINGS = MeasureSettings(prefill_tokens=32, decode_tokens=8, n_ctx=128, chunks=2, threads=2)


def cell(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None
    return item.text()


SCREENSHOT_ENV = "HEARTH_QUANT_SCREENSHOT"  # a path: the test saves the tab there, for a look


def test_three_quantizations_compared_measured_and_plotted(qtbot: QtBot, quants: dict[str, Path]) -> None:
    Library().add_folder(quants["Q8_0"].parent)
    window = ModelsWindow()
    qtbot.addWidget(window)
    window.resize(1000, 760)
    view = window.compare_view
    view.controller.settings = SETTINGS
    with qtbot.waitSignal(view.groups_loaded, timeout=30_000):
        window.show()
    window.tabs.setCurrentWidget(view)
    assert len(view.groups) == 1
    table = view.table
    assert table.rowCount() == 3
    assert [cell(table, r, 0).split(" ")[0] for r in range(3)] == ["Q8_0", "Q4_1", "Q4_0"]
    for r in range(3):
        assert cell(table, r, 1).endswith("bpw")  # size, with bits per weight
        assert cell(table, r, 2).endswith("MB")  # memory at 4,096 tokens
        assert cell(table, r, 4) == "-"  # not measured yet
    memory_4k = cell(table, 0, 2)
    view.context_box.setCurrentIndex(view.context_box.findData(32768))
    assert cell(table, 0, 2) != memory_4k  # more context, more memory
    assert view.chart.grab().isNull() is False
    assert view.chart.drawn_points == 1  # only the reference's own point, at 0

    with qtbot.waitSignal(view.controller.finished, timeout=300_000) as finished:
        view.measure_button.click()
        assert view.stop_button.isEnabled()
    outcome = finished.args[0]
    assert outcome.errors == ()
    assert outcome.measured == 5
    assert not view.stop_button.isEnabled()
    for r in range(3):
        assert float(cell(table, r, 3).replace(",", "")) > 0  # reading tok/s
        assert float(cell(table, r, 4).replace(",", "")) > 0  # writing tok/s
    assert float(cell(table, 0, 5)) == 0.0
    kl_q4_1, kl_q4_0 = float(cell(table, 1, 5)), float(cell(table, 2, 5))
    assert 0 < kl_q4_1 < kl_q4_0
    assert cell(table, 2, 7).endswith("%")
    view.chart.repaint()
    assert view.chart.drawn_points == 6  # three points and three bars
    if os.environ.get(SCREENSHOT_ENV):
        from PySide6.QtWidgets import QApplication

        from app.style import apply_style

        app = QApplication.instance()
        for theme in ("light", "dark"):
            apply_style(app, theme)  # type: ignore[arg-type]  # QCoreApplication, a QApplication here
            qtbot.wait(50)
            window.grab().save(os.environ[SCREENSHOT_ENV].replace(".png", f"-{theme}.png"))
        apply_style(app, "light")  # type: ignore[arg-type]

    # Measured once, remembered: a fresh window shows the figures without measuring.
    again = ModelsWindow()
    qtbot.addWidget(again)
    again.compare_view.controller.settings = SETTINGS
    with qtbot.waitSignal(again.compare_view.groups_loaded, timeout=30_000):
        again.show()
    assert cell(again.compare_view.table, 2, 5) == cell(table, 2, 5)
    assert not again.compare_view.controller.start(again.compare_view.groups[0])


@pytest.mark.parametrize("how", ["stop button", "escape"])
def test_stop_ends_the_measurement(qtbot: QtBot, quants: dict[str, Path], how: str) -> None:
    """The Stop button ends a measurement, and so does leaving the Models window (Esc hides it)."""
    Library().add_folder(quants["Q8_0"].parent)
    window = ModelsWindow()
    qtbot.addWidget(window)
    view = window.compare_view
    view.controller.settings = SETTINGS
    with qtbot.waitSignal(view.groups_loaded, timeout=30_000):
        window.show()
    with qtbot.waitSignal(view.controller.finished, timeout=60_000) as finished:
        view.measure_button.click()
        if how == "escape":
            qtbot.keyClick(window, Qt.Key.Key_Escape)
            assert not window.isVisible()
        else:
            view.stop_button.click()
    assert finished.args[0].stopped
    assert "Stopped" in view.status.text()
    assert view.measure_button.isEnabled()
