"""Themes and text size: light, dark, following the system live, kept in the settings, and `--theme` with
`--screenshot`. Real widgets, real style sheets."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from app import theme
from app.chat.message_bubble import MessageBubble
from app.panels.appearance_view import AppearanceView
from app.panels.segment_bar import SEGMENT_COLORS
from engine.cli.main import build_parser
from engine.settings import load_settings

CODE_ANSWER = "Here:\n\n```python\nprint('hi')  # a comment\n```\n"


@pytest.fixture(autouse=True)
def light_again(qapp: QApplication) -> Iterator[None]:
    """Each test starts and ends in the light theme at the system's text size, not following a
    simulated system."""
    sheet = qapp.styleSheet()
    theme.apply_theme(qapp, "light", 1.0)
    yield
    theme._state.system_scheme = None  # the simulated system scheme goes with the test
    theme.apply_theme(qapp, "light", 1.0)
    qapp.setStyleSheet(sheet)


def window_colour(app: QApplication) -> QColor:
    return app.palette().color(QPalette.ColorRole.Window)


def test_light_and_dark_set_the_palette_and_the_sheet(qapp: QApplication) -> None:
    assert theme.apply_theme(qapp, "light") == "light"
    light_window, light_text = window_colour(qapp), qapp.palette().color(QPalette.ColorRole.Text)
    assert light_window == QColor(theme.COLORS["light"]["window"])
    assert "#bubbleBody { color: #1d1d1d;" in qapp.styleSheet()

    assert theme.apply_theme(qapp, "dark") == "dark"
    dark_window, dark_text = window_colour(qapp), qapp.palette().color(QPalette.ColorRole.Text)
    assert dark_window == QColor(theme.COLORS["dark"]["window"])
    assert dark_window.lightness() < 60
    assert light_window.lightness() > 200
    assert dark_text.lightness() > 200
    assert light_text.lightness() < 60
    assert f"#bubbleBody {{ color: {theme.COLORS['dark']['text']};" in qapp.styleSheet()
    assert "@" not in qapp.styleSheet()  # every role was replaced


def test_every_role_the_sheet_names_is_in_both_tables() -> None:
    for name in ("light", "dark"):
        assert "@" not in theme.style_sheet(name)
    assert theme.COLORS["light"].keys() == theme.COLORS["dark"].keys()


def test_a_label_in_the_window_takes_the_theme(qtbot: QtBot, qapp: QApplication) -> None:
    label = QLabel("Hello")
    label.setObjectName("metricName")
    qtbot.addWidget(label)
    label.show()
    theme.apply_theme(qapp, "dark")
    label.ensurePolished()
    assert label.palette().color(QPalette.ColorRole.WindowText) == QColor(theme.COLORS["dark"]["muted_text"])
    theme.apply_theme(qapp, "light")
    assert label.palette().color(QPalette.ColorRole.WindowText) == QColor(theme.COLORS["light"]["muted_text"])


def test_system_follows_a_change_of_the_system_scheme_live(qapp: QApplication) -> None:
    theme.apply_theme(qapp, "system")
    theme.on_color_scheme_changed(Qt.ColorScheme.Dark)  # what colorSchemeChanged calls
    assert theme.current_theme() == "dark"
    assert window_colour(qapp) == QColor(theme.COLORS["dark"]["window"])
    theme.zoom_in()  # re-applying keeps what the system said
    assert theme.current_theme() == "dark"
    theme.on_color_scheme_changed(Qt.ColorScheme.Light)
    assert theme.current_theme() == "light"
    assert window_colour(qapp) == QColor(theme.COLORS["light"]["window"])


def test_the_signal_itself_reaches_the_theme(qapp: QApplication) -> None:
    theme.apply_theme(qapp, "system")
    qapp.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert theme.current_theme() == "dark"


def test_a_chosen_theme_ignores_the_system(qapp: QApplication) -> None:
    theme.apply_theme(qapp, "light")
    theme.on_color_scheme_changed(Qt.ColorScheme.Dark)
    assert theme.current_theme() == "light"


def test_the_choice_and_the_text_size_are_kept(qapp: QApplication) -> None:
    theme.set_theme("dark")
    assert load_settings()[theme.THEME_KEY] == "dark"
    theme.zoom_in()
    assert load_settings()[theme.SCALE_KEY] == pytest.approx(1.1)
    theme.apply_theme(qapp, "light", 1.0)  # as a new start would find it
    assert theme.apply_saved_theme(qapp) == "dark"
    assert theme.current_scale() == pytest.approx(1.1)
    assert theme.apply_saved_theme(qapp, "light") == "light"  # --theme light: for this run
    assert load_settings()[theme.THEME_KEY] == "dark"


def test_damaged_values_fall_back() -> None:
    assert theme.parse_choice("purple") == "system"
    assert theme.parse_choice(None) == "system"
    assert theme.parse_scale("big") == 1.0
    assert theme.parse_scale(True) == 1.0
    assert theme.parse_scale(50) == theme.MAX_SCALE


def test_zoom_scales_the_app_font_and_the_sheet(qapp: QApplication) -> None:
    base_points = qapp.font().pointSizeF()
    base_sheet = qapp.styleSheet()
    assert "font-size: 14px" in base_sheet
    theme.zoom_in()
    theme.zoom_in()
    assert theme.current_scale() == pytest.approx(1.25)
    assert qapp.font().pointSizeF() == pytest.approx(base_points * 1.25)
    assert "#bubbleBody { color: #1d1d1d; font-size: 18px;" in qapp.styleSheet()  # 14 px x 1.25, rounded
    assert "#bubbleFooter { color: #666666; font-size: 14px;" in qapp.styleSheet()  # 11 px x 1.25
    for _ in range(20):
        theme.zoom_out()
    assert theme.current_scale() == theme.MIN_SCALE
    theme.zoom_reset()
    assert qapp.font().pointSizeF() == pytest.approx(base_points)
    assert qapp.styleSheet() == base_sheet
    assert load_settings()[theme.SCALE_KEY] == 1.0


def test_appearance_view_sets_the_theme_and_shows_the_size(qtbot: QtBot, qapp: QApplication) -> None:
    view = AppearanceView()
    qtbot.addWidget(view)
    view.show()
    assert view.theme_box.currentData() == "light"
    assert view.scale_label.text() == "100 %"
    view.theme_box.setCurrentIndex(view.theme_box.findData("dark"))
    assert theme.current_theme() == "dark"
    assert load_settings()[theme.THEME_KEY] == "dark"
    view.larger.click()
    assert view.scale_label.text() == "110 %"
    theme.zoom_reset()  # a shortcut: the view follows
    assert view.scale_label.text() == "100 %"
    view.theme_box.setCurrentIndex(view.theme_box.findData("system"))
    assert load_settings()[theme.THEME_KEY] == "system"


def test_code_blocks_take_the_theme_and_shown_answers_are_restyled(qtbot: QtBot, qapp: QApplication) -> None:
    bubble = MessageBubble("assistant", "Model", CODE_ANSWER)
    qtbot.addWidget(bubble)
    light_bg = theme.COLORS["light"]["code_background"]
    dark_bg = theme.COLORS["dark"]["code_background"]
    assert f'bgcolor="{light_bg}"' in bubble.rendered_html
    theme.apply_theme(qapp, "dark")
    assert f'bgcolor="{dark_bg}"' in bubble.rendered_html
    assert f'bgcolor="{dark_bg}"' in bubble.body.toHtml() or dark_bg in bubble.body.toHtml()
    theme.apply_theme(qapp, "light")
    assert f'bgcolor="{light_bg}"' in bubble.rendered_html


def test_painted_colours_follow_the_theme(qapp: QApplication) -> None:
    theme.apply_theme(qapp, "dark")
    assert SEGMENT_COLORS["prefill"] == QColor(theme.COLORS["dark"]["segment_prefill"])
    assert set(SEGMENT_COLORS) >= {"load", "queue", "prefill", "decode"}
    theme.apply_theme(qapp, "light")
    assert SEGMENT_COLORS["prefill"] == QColor(theme.COLORS["light"]["segment_prefill"])


def test_the_command_line_takes_theme() -> None:
    assert build_parser().parse_args(["--theme", "dark"]).theme == "dark"
    assert build_parser().parse_args([]).theme is None
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--theme", "purple"])


@pytest.mark.e2e
def test_screenshot_honours_theme_dark(tmp_path: Path, starter_model: Path) -> None:
    """`hearth --theme dark --screenshot`: the real launcher, engine and model, a dark picture, and the
    saved choice left alone."""
    shot = tmp_path / "dark.png"
    command = [sys.executable, "-m", "app", "--theme", "dark", "--language", "en", "--ctx", "2048", "--threads", "2"]
    command += ["--model", str(starter_model), "--screenshot", str(shot), "--prompt", "Hi"]
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    image = QImage(str(shot))
    assert not image.isNull()
    corner = image.pixelColor(image.width() // 2, image.height() - 30)  # the chat's background, under the composer
    window = QColor(theme.COLORS["dark"]["window"])
    assert corner.lightness() < 80, (corner.name(), window.name())
    assert theme.THEME_KEY not in load_settings()
