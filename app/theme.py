"""Light, dark or the system's: one colour table per theme, one style sheet template, and the text size.

The colour table is the one source of truth: the Fusion palette, the style sheet
(resources/styles/hearth.qss names its colours `@role`), the painted plots and the code
blocks' Pygments style all read it. tests/app/test_theme_contrast.py checks every text
colour against the backgrounds it is drawn on, for WCAG AA.

The text size starts from the system's font and is scaled by `text_scale` (Ctrl+plus,
Ctrl+minus, Ctrl+0: `zoom_in`, `zoom_out`, `zoom_reset`); the sheet's px font sizes are
scaled with it. The choice and the scale are kept in settings.json ("theme", "text_scale").
"""

from __future__ import annotations

import logging
import re
from typing import Literal, get_args

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QFontInfo, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from app.resources import resource_path

logger = logging.getLogger(__name__)

ThemeChoice = Literal["light", "dark", "system"]
ThemeName = Literal["light", "dark"]
THEME_CHOICES: tuple[ThemeChoice, ...] = get_args(ThemeChoice)
THEME_KEY = "theme"
SCALE_KEY = "text_scale"
SHEET = ("styles", "hearth.qss")
# The sheet's px sizes were drawn for a 12 px system font (9 pt at 96 dpi): a larger system font
# scales them by as much.
DESIGN_FONT_PX = 12.0
SCALE_STEPS = (0.8, 0.9, 1.0, 1.1, 1.25, 1.4, 1.6, 1.8, 2.0)
MIN_SCALE, MAX_SCALE = SCALE_STEPS[0], SCALE_STEPS[-1]

# Text roles end in _text (or are "text"); tests/app/test_theme_contrast.py checks each against
# every surface. Roles for borders, plot lines and bars are not text and need no AA ratio.
COLORS: dict[ThemeName, dict[str, str]] = {
    "light": {
        # surfaces
        "window": "#fafafa",
        "surface": "#ffffff",
        "sidebar": "#f3f3f3",
        "input": "#ffffff",
        "user_bubble": "#dbeafe",
        "selection": "#dbeafe",
        "chip": "#eef2f7",
        "code_background": "#f4f5f7",
        "warning_background": "#fff6e0",
        "button": "#f0f0f0",
        "tooltip": "#ffffdc",
        # text
        "text": "#1d1d1d",
        "strong_text": "#111111",
        "muted_text": "#555555",
        "faint_text": "#666666",
        "selection_text": "#111111",
        "error_text": "#b42318",
        "success_text": "#1d5e3a",
        "warning_text": "#8a5a00",
        "info_text": "#1e4f8a",
        "warning_box_text": "#5c3d00",
        "link_text": "#1a5fb4",
        "highlight_text": "#ffffff",
        "disabled_text": "#767676",
        "tooltip_text": "#1d1d1d",
        # lines, bars, plots
        "border": "#e4e4e4",
        "border_strong": "#c4c4c4",
        "chip_border": "#d3dbe6",
        "warning_border": "#e8c170",
        "table_border": "#d0d0d0",
        "row_separator": "#eeeeee",
        "scroll_handle": "#c4c4c4",
        "scroll_handle_hover": "#a8a8a8",
        "track": "#e8e8e8",
        "accent": "#3b82f6",
        "highlight": "#2f6fd6",
        "plot_frame": "#c8c8c8",
        "bar_background": "#f2f2f2",
        "series_speed": "#22a06b",
        "series_engine": "#3b82f6",
        "series_app": "#f0b429",
        "series_each": "#e8590c",
        "segment_load": "#9e9e9e",
        "segment_queue": "#f0b429",
        "segment_prefill": "#3b82f6",
        "segment_decode": "#22a06b",
        "segment_network": "#a855f7",
        "segment_first": "#6b7280",
        "segment_other": "#888888",
    },
    "dark": {
        "window": "#1e1f22",
        "surface": "#2b2d31",
        "sidebar": "#232428",
        "input": "#1e1f22",
        "user_bubble": "#1f3a5c",
        "selection": "#2c4f7c",
        "chip": "#30353f",
        "code_background": "#161b22",
        "warning_background": "#3a2e12",
        "button": "#36383e",
        "tooltip": "#36383e",
        "text": "#e3e3e3",
        "strong_text": "#f2f2f2",
        "muted_text": "#b8b8b8",
        "faint_text": "#a3a3a3",
        "selection_text": "#f2f2f2",
        "error_text": "#ff9c94",
        "success_text": "#7ad3a0",
        "warning_text": "#f0c36a",
        "info_text": "#93bdf5",
        "warning_box_text": "#f5d899",
        "link_text": "#8ab4f8",
        "highlight_text": "#ffffff",
        "disabled_text": "#8c8c8c",
        "tooltip_text": "#e3e3e3",
        "border": "#3a3c42",
        "border_strong": "#565961",
        "chip_border": "#4a505c",
        "warning_border": "#8a6d2b",
        "table_border": "#4f535b",
        "row_separator": "#35373c",
        "scroll_handle": "#54575e",
        "scroll_handle_hover": "#6d7078",
        "track": "#3a3c42",
        "accent": "#5b9bff",
        "highlight": "#2f6fd6",
        "plot_frame": "#4f535b",
        "bar_background": "#35373c",
        "series_speed": "#3fbf83",
        "series_engine": "#5b9bff",
        "series_app": "#f5c542",
        "series_each": "#ff8a4c",
        "segment_load": "#8a8d93",
        "segment_queue": "#f0b429",
        "segment_prefill": "#5b9bff",
        "segment_decode": "#3fbf83",
        "segment_network": "#b57cff",
        "segment_first": "#8b93a1",
        "segment_other": "#888888",
    },
}
# Code blocks: a Pygments style whose every token colour reaches AA on the theme's code background.
PYGMENTS_STYLES: dict[ThemeName, str] = {"light": "xcode", "dark": "github-dark"}

_ROLE = re.compile(r"@([a-z_]+)")
_COMMENT = re.compile(r"/\*.*?\*/\s*", re.DOTALL)
_FONT_PX = re.compile(r"font-size:\s*(\d+(?:\.\d+)?)px")


class ThemeNotifier(QObject):
    """Says when the shown theme or the text size changed (a view that caches colours redraws)."""

    theme_changed = Signal(str)  # "light" or "dark"
    text_scale_changed = Signal(float)


class _State:
    choice: ThemeChoice = "system"
    scale: float = 1.0
    shown: ThemeName = "light"
    system_point_size: float | None = None  # the app font's size before we first scaled it
    system_font_px: float = DESIGN_FONT_PX
    following_system = False
    fusion_set = False
    system_scheme: Qt.ColorScheme | None = None  # as last said by colorSchemeChanged
    notifier: ThemeNotifier | None = None


_state = _State()


def notifier() -> ThemeNotifier:
    if _state.notifier is None:
        _state.notifier = ThemeNotifier()
    return _state.notifier


def current_theme() -> ThemeName:
    """The theme on screen now: "light" or "dark" ("system" resolved)."""
    return _state.shown


def current_choice() -> ThemeChoice:
    return _state.choice


def current_scale() -> float:
    return _state.scale


def color(role: str) -> QColor:
    """A colour of the theme on screen, by role (see COLORS)."""
    return QColor(COLORS[_state.shown][role])


def color_name(role: str, theme: ThemeName | None = None) -> str:
    return COLORS[theme or _state.shown][role]


def resolve(choice: ThemeChoice, scheme: Qt.ColorScheme | None = None) -> ThemeName:
    """ "system" becomes the system's scheme (light when the system says nothing)."""
    if choice != "system":
        return choice
    if scheme is None:
        scheme = _state.system_scheme or QGuiApplication.styleHints().colorScheme()
    return "dark" if scheme == Qt.ColorScheme.Dark else "light"


def parse_choice(value: object) -> ThemeChoice:
    return value if value in THEME_CHOICES else "system"


def parse_scale(value: object) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return min(MAX_SCALE, max(MIN_SCALE, float(value)))
    return 1.0


def style_sheet(theme: ThemeName, font_factor: float = 1.0) -> str:
    """The sheet for a theme: each `@role` replaced by its colour, each px font size scaled."""
    template = _COMMENT.sub("", resource_path(*SHEET).read_text(encoding="utf-8"))
    table = COLORS[theme]
    sheet = _ROLE.sub(lambda m: table[m.group(1)], template)
    if font_factor != 1.0:
        sheet = _FONT_PX.sub(lambda m: f"font-size: {max(6, round(float(m.group(1)) * font_factor))}px", sheet)
    return sheet


def palette(theme: ThemeName) -> QPalette:
    c = {role: QColor(value) for role, value in COLORS[theme].items()}
    p = QPalette()
    role = QPalette.ColorRole
    for r, value in (
        (role.Window, c["window"]),
        (role.WindowText, c["text"]),
        (role.Base, c["input"]),
        (role.AlternateBase, c["sidebar"]),
        (role.Text, c["text"]),
        (role.Button, c["button"]),
        (role.ButtonText, c["text"]),
        (role.BrightText, c["error_text"]),
        (role.Highlight, c["highlight"]),
        (role.HighlightedText, c["highlight_text"]),
        (role.ToolTipBase, c["tooltip"]),
        (role.ToolTipText, c["tooltip_text"]),
        (role.PlaceholderText, c["faint_text"]),
        (role.Link, c["link_text"]),
        (role.LinkVisited, c["link_text"]),
        (role.Light, c["surface"].lighter(130)),
        (role.Midlight, c["border"]),
        (role.Mid, c["border_strong"]),
        (role.Dark, c["border_strong"].darker(130)),
        (role.Shadow, QColor("#000000")),
    ):
        p.setColor(r, value)
    disabled = QPalette.ColorGroup.Disabled
    for r in (role.WindowText, role.Text, role.ButtonText):
        p.setColor(disabled, r, c["disabled_text"])
    p.setColor(disabled, role.Highlight, c["border_strong"])
    return p


def apply_theme(app: QApplication, choice: ThemeChoice, text_scale: float = 1.0) -> ThemeName:
    """Fusion, the theme's palette and sheet, and the text size; returns the theme shown."""
    if _state.system_point_size is None:
        font = app.font()
        _state.system_point_size = font.pointSizeF() if font.pointSizeF() > 0 else 9.0
        _state.system_font_px = float(QFontInfo(font).pixelSize() or DESIGN_FONT_PX)
    _follow_system(app)
    previous = (_state.shown, _state.scale)
    _state.choice = choice
    _state.scale = parse_scale(text_scale)
    _state.shown = resolve(choice)
    if not _state.fusion_set:  # under a style sheet, app.style() is Qt's sheet style, named ""
        _state.fusion_set = True
        app.setStyle("Fusion")
    font = app.font()
    font.setPointSizeF(_state.system_point_size * _state.scale)
    app.setFont(font)
    app.setPalette(palette(_state.shown))
    app.setStyleSheet(style_sheet(_state.shown, _state.scale * _state.system_font_px / DESIGN_FONT_PX))
    if previous[0] != _state.shown:
        _restyle_rich_text(app)
        notifier().theme_changed.emit(_state.shown)
    if previous[1] != _state.scale:
        notifier().text_scale_changed.emit(_state.scale)
    logger.info("theme %s (%s), text scale %.2f", _state.shown, choice, _state.scale)
    return _state.shown


def apply_saved_theme(app: QApplication, choice: ThemeChoice | None = None) -> ThemeName:
    """The saved theme and text size (or `choice`, as from `--theme`, for this run only)."""
    from engine.settings import load_settings

    settings = load_settings()
    return apply_theme(app, choice or parse_choice(settings.get(THEME_KEY)), parse_scale(settings.get(SCALE_KEY)))


def set_theme(choice: ThemeChoice) -> None:
    """The user's choice: shown now, and kept."""
    from engine.settings import save_settings

    apply_theme(_app(), choice, _state.scale)
    save_settings({THEME_KEY: choice})


def set_text_scale(scale: float) -> None:
    from engine.settings import save_settings

    apply_theme(_app(), _state.choice, scale)
    save_settings({SCALE_KEY: _state.scale})


def zoom_in() -> None:
    set_text_scale(next((s for s in SCALE_STEPS if s > _state.scale + 1e-6), MAX_SCALE))


def zoom_out() -> None:
    set_text_scale(next((s for s in reversed(SCALE_STEPS) if s < _state.scale - 1e-6), MIN_SCALE))


def zoom_reset() -> None:
    set_text_scale(1.0)


def _app() -> QApplication:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return app


def _follow_system(app: QApplication) -> None:
    if not _state.following_system:
        _state.following_system = True
        app.styleHints().colorSchemeChanged.connect(on_color_scheme_changed)


def on_color_scheme_changed(scheme: Qt.ColorScheme) -> None:
    """The system turned light or dark: followed at once when the choice is "system"."""
    _state.system_scheme = scheme  # resolve() reads it before the style hints
    if _state.choice == "system" and resolve("system") != _state.shown:
        apply_theme(_app(), "system", _state.scale)


def _restyle_rich_text(app: QApplication) -> None:
    """Formatted answers carry their code colours inline: render them again in the new theme."""
    from app.chat.markdown_render import markdown_to_html
    from app.chat.message_bubble import MessageBubble

    for widget in app.allWidgets():
        if isinstance(widget, MessageBubble) and widget.rendered_html and widget.text:
            widget.rendered_html = markdown_to_html(widget.text)
            widget.body.show_html(widget.rendered_html)
