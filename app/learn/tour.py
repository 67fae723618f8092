"""The first-run tour: five callouts over the window, each pointing at one part of it.

`maybe_start_tour(window)` starts it on the first start only: settings.json's "tour_seen" is set
the moment it is shown, so it never comes back, whether the user finished it, skipped it, or
closed the window half way. The launcher calls it once the window is shown; MainWindow never
does, so the GUI tests see no tour unless they ask for one.

The overlay dims the window, leaves a lit hole around the widget of the step, and puts a bubble
(title, a sentence or two, Skip / Next) beside it. Esc skips. Colours come from the palette, so
the dark theme gets a fitting overlay.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QApplication, QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from engine.settings import load_settings, save_settings

if TYPE_CHECKING:
    from app.main_window import MainWindow

TOUR_SEEN_KEY = "tour_seen"
BUBBLE_WIDTH = 340
GAP = 14  # between the lit hole and the bubble
HOLE_MARGIN = 6  # around the widget of the step
MARGIN = 12  # between the bubble and the window's edges


@dataclass(frozen=True)
class TourStep:
    key: str
    title: str
    text: str
    target: Callable[[], QRect | None]  # the lit area in window coordinates (None: nothing to point at)


def tour_seen(path: Path | None = None) -> bool:
    return bool(load_settings(path).get(TOUR_SEEN_KEY))


def maybe_start_tour(window: MainWindow, path: Path | None = None) -> TourOverlay | None:
    """On the first start, the tour over `window` (already shown); None when it was shown before."""
    if tour_seen(path):
        return None
    save_settings({TOUR_SEEN_KEY: True}, path)  # shown once: even a skipped or interrupted tour stays seen
    tour = TourOverlay(window)
    tour.start()
    return tour


def _area(widget: QWidget, window: QWidget, rect: QRect | None = None) -> QRect | None:
    """`rect` of `widget` (all of it by default) in `window`'s coordinates; None while it is hidden."""
    if not widget.isVisible():
        return None
    rect = rect if rect is not None else widget.rect()
    return QRect(widget.mapTo(window, rect.topLeft()), rect.size())


class TourBubble(QFrame):
    """The callout: a rounded box in the palette's base colour."""

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 10, 10)


class TourOverlay(QWidget):
    """The tour over the whole window; `finished` says "done" or "skipped"."""

    finished = Signal(str)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.setObjectName("tourOverlay")
        self._window = window
        self.steps = self._steps(window)
        self.step = 0
        self.hole: QRect | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        self.bubble = TourBubble(self)
        self.bubble.setObjectName("tourBubble")
        self.counter = QLabel()
        self.counter.setObjectName("tourCounter")
        self.title = QLabel()
        self.title.setObjectName("tourTitle")
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.text = QLabel()
        self.text.setObjectName("tourText")
        self.text.setWordWrap(True)
        for label in (self.counter, self.title, self.text):
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setForegroundRole(QPalette.ColorRole.Text)  # on the bubble's Base colour
        self.skip_button = QPushButton(self.tr("Skip tour"))
        self.skip_button.setObjectName("tourSkip")
        self.skip_button.setToolTip(self.tr("Close the tour now (Esc); it will not come back."))
        self.next_button = QPushButton()
        self.next_button.setObjectName("tourNext")
        self.next_button.setDefault(True)
        self.skip_button.clicked.connect(self.skip)
        self.next_button.clicked.connect(self.next)
        buttons = QHBoxLayout()
        buttons.addWidget(self.counter, 1)
        buttons.addWidget(self.skip_button)
        buttons.addWidget(self.next_button)
        layout = QVBoxLayout(self.bubble)
        layout.setContentsMargins(18, 14, 18, 14)
        layout.setSpacing(8)
        layout.addWidget(self.title)
        layout.addWidget(self.text)
        layout.addLayout(buttons)
        self.bubble.setFixedWidth(BUBBLE_WIDTH)
        window.installEventFilter(self)  # resizes

    def _steps(self, w: MainWindow) -> list[TourStep]:
        tabs = w.side_tabs

        def privacy_tab() -> QRect | None:
            index = tabs.indexOf(w.privacy_view)
            bar = tabs.tabBar()
            return _area(bar, w, bar.tabRect(index)) if index >= 0 else None

        return [
            TourStep(
                "composer",
                self.tr("Ask anything here"),
                self.tr(
                    "Type your question and press Enter, or Send. The answer appears above as the model writes it; "
                    "Esc stops it."
                ),
                lambda: _area(w.composer, w),
            ),
            TourStep(
                "model_picker",
                self.tr("Choose the model"),
                self.tr(
                    "This is the model that answers. Models… finds more to download: small ones answer quickly, "
                    "larger ones know more."
                ),
                lambda: _area(w.model_picker, w),
            ),
            TourStep(
                "performance",
                self.tr("Watch it work"),
                self.tr(
                    "The Performance panel shows, live, how long you waited for the first word, how fast the model "
                    "reads and writes, and the memory it uses. Each ? explains its figure in plain words."
                ),
                lambda: _area(w.metrics_panel, w),
            ),
            TourStep(
                "glossary",
                self.tr("Learn what the numbers mean"),
                self.tr(
                    "This page explains every figure with your own last answer as the example. It is also under "
                    "F1 at any time."
                ),
                lambda: _area(w.metrics_panel.glossary_link, w),
            ),
            TourStep(
                "privacy",
                self.tr("Your data stays here"),
                self.tr(
                    "The Privacy tab shows what stays on this computer and what, if anything, is sent elsewhere, "
                    "and lets you delete it all."
                ),
                privacy_tab,
            ),
        ]

    # --- steps -----------------------------------------------------------------------------

    def start(self) -> None:
        tabs = self._window.side_tabs
        if tabs.isVisible():
            tabs.setCurrentWidget(self._window.metrics_panel)
        self.setGeometry(self._window.rect())
        self.show()
        self.raise_()
        # Every key of the window passes here while the tour is up: Esc skips it from anywhere, and
        # Tab cannot wander to the controls under the dimmed window.
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)
        self._show_step(0)

    def next(self) -> None:
        if self.step + 1 < len(self.steps):
            self._show_step(self.step + 1)
        else:
            self._end("done")

    def skip(self) -> None:
        self._end("skipped")

    def _end(self, how: str) -> None:
        self._window.removeEventFilter(self)
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
        self.hide()
        self.finished.emit(how)
        self.deleteLater()

    def _show_step(self, index: int) -> None:
        self.step = index
        step = self.steps[index]
        self.counter.setText(self.tr("{n} of {total}").format(n=index + 1, total=len(self.steps)))
        self.title.setText(step.title)
        self.text.setText(step.text)
        last = index + 1 == len(self.steps)
        self.next_button.setText(self.tr("Done") if last else self.tr("Next"))
        self.next_button.setFocus()
        self._place()

    def _place(self) -> None:
        """Light the step's widget and put the bubble beside it, inside the window."""
        self.setGeometry(self._window.rect())
        area = self.steps[self.step].target()
        # The lit hole, with a margin, kept inside the window (so its ring shows at the edges too).
        inside = self.rect().adjusted(2, 2, -2, -2)
        self.hole = area.adjusted(-HOLE_MARGIN, -HOLE_MARGIN, HOLE_MARGIN, HOLE_MARGIN) & inside if area else None
        layout = self.bubble.layout()
        height = layout.heightForWidth(BUBBLE_WIDTH) if layout is not None and layout.hasHeightForWidth() else -1
        height = max(height, self.bubble.sizeHint().height())
        self.bubble.setFixedHeight(height)
        self.bubble.move(self._bubble_position(self.hole, BUBBLE_WIDTH, height))
        self.bubble.raise_()
        self.update()

    def _bubble_position(self, hole: QRect | None, width: int, height: int) -> QPoint:
        bounds = self.rect().adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        if hole is None:
            return QPoint(bounds.center().x() - width // 2, bounds.center().y() - height // 2)
        below = QRect(hole.left(), hole.bottom() + GAP, width, height)
        above = QRect(hole.left(), hole.top() - GAP - height, width, height)
        left = QRect(hole.left() - GAP - width, hole.top() + 24, width, height)
        right = QRect(hole.right() + GAP, hole.top() + 24, width, height)
        for candidate in (below, above, left, right):
            moved = self._clamp_x(candidate, bounds)
            if bounds.contains(moved) and not moved.intersects(hole):
                return moved.topLeft()
        # Nothing beside it fits (a tall widget in a small window): over it, near its top.
        return self._clamp_x(QRect(hole.left() + 24, hole.top() + 24, width, height), bounds).topLeft()

    @staticmethod
    def _clamp_x(rect: QRect, bounds: QRect) -> QRect:
        """`rect` moved sideways (and up, if needed) to lie inside `bounds` where it can."""
        x = min(max(rect.left(), bounds.left()), bounds.right() - rect.width())
        y = min(max(rect.top(), bounds.top()), bounds.bottom() - rect.height())
        if rect.top() < bounds.top() or rect.bottom() > bounds.bottom():
            return QRect(x, rect.top(), rect.width(), rect.height())  # does not fit vertically: leave it out
        return QRect(x, y, rect.width(), rect.height())

    # --- painting and events -------------------------------------------------------------------

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        shade = QColor(palette.color(QPalette.ColorRole.Shadow))
        shade.setAlpha(150)
        backdrop = QPainterPath()
        backdrop.addRect(QRectF(self.rect()))
        if self.hole is not None:
            lit = QPainterPath()
            lit.addRoundedRect(QRectF(self.hole), 8, 8)
            backdrop = backdrop.subtracted(lit)
        painter.fillPath(backdrop, shade)
        if self.hole is not None:
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(self.hole), 8, 8)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        event.accept()  # the window under the tour waits until it ends

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.skip()
            return
        super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self._place()
        elif isinstance(watched, QWidget) and watched.window() is self._window:  # a dialog keeps its keys
            if isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Escape:
                return self._escape(event)
            if event.type() == QEvent.Type.FocusIn and not (watched is self or self.isAncestorOf(watched)):
                QTimer.singleShot(0, self.next_button.setFocus)  # focus stays in the bubble
        return False

    def _escape(self, event: QKeyEvent) -> bool:
        """Esc is the window's Stop shortcut; during the tour it skips the tour instead."""
        if event.type() == QEvent.Type.ShortcutOverride:
            event.accept()
            return True
        if event.type() == QEvent.Type.KeyPress:
            self.skip()
            return True
        return False
