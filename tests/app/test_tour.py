"""The first-run tour: shown on the first start only (also after Skip), Esc skips it, and each
step lights its part of the window with the bubble beside it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.learn.tour import TOUR_SEEN_KEY, TourOverlay, maybe_start_tour, tour_seen
from app.main_window import MainWindow
from engine.settings import load_settings

from .fake_engine import FakeEngineClient


def new_window(qtbot: QtBot) -> MainWindow:
    window = MainWindow(client=FakeEngineClient())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_window_alone_starts_no_tour(qtbot: QtBot) -> None:
    window = new_window(qtbot)
    assert window.findChild(TourOverlay) is None
    assert not tour_seen()


def test_the_tour_is_shown_once_and_never_again(qtbot: QtBot) -> None:
    window = new_window(qtbot)
    tour = maybe_start_tour(window)
    assert tour is not None
    assert tour.isVisible()
    assert load_settings()[TOUR_SEEN_KEY] is True
    assert tour.title.text() == "Ask anything here"
    with qtbot.waitSignal(tour.finished) as ended:
        for _ in tour.steps:
            qtbot.mouseClick(tour.next_button, Qt.MouseButton.LeftButton)
    assert ended.args == ["done"]
    assert maybe_start_tour(window) is None
    assert maybe_start_tour(new_window(qtbot)) is None  # the next start of Hearth


def test_a_skipped_tour_never_comes_back(qtbot: QtBot) -> None:
    window = new_window(qtbot)
    tour = maybe_start_tour(window)
    assert tour is not None
    qtbot.mouseClick(tour.next_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(tour.finished) as ended:
        qtbot.mouseClick(tour.skip_button, Qt.MouseButton.LeftButton)
    assert ended.args == ["skipped"]
    assert not tour.isVisible()
    assert maybe_start_tour(new_window(qtbot)) is None


def test_esc_skips_the_tour_and_stops_nothing_else(qtbot: QtBot) -> None:
    window = new_window(qtbot)
    tour = maybe_start_tour(window)
    assert tour is not None
    stops: list[bool] = []
    window.chat.busy_changed.connect(stops.append)
    with qtbot.waitSignal(tour.finished) as ended:
        qtbot.keyClick(tour.next_button, Qt.Key.Key_Escape)
    assert ended.args == ["skipped"]
    assert tour_seen()
    qtbot.waitUntil(lambda: window.findChild(TourOverlay) is None)
    assert stops == []


def test_tab_stays_in_the_bubble_and_esc_skips_from_wherever_the_focus_went(qtbot: QtBot) -> None:
    """The controls under the dimmed window are out of reach: Tab comes back to the bubble; and were
    the focus put on one of them anyway, Esc still skips the tour instead of the window's Stop."""
    window = new_window(qtbot)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    tour = maybe_start_tour(window)
    assert tour is not None
    tour.next_button.setFocus()
    for _ in range(4):
        qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Tab)
        qtbot.waitUntil(lambda: tour.isAncestorOf(window.focusWidget()))
    window.composer.setFocus()  # as a click would, were the overlay not there
    stops: list[bool] = []
    window.chat.busy_changed.connect(stops.append)
    with qtbot.waitSignal(tour.finished) as ended:
        qtbot.keyClick(window.composer, Qt.Key.Key_Escape)
    assert ended.args == ["skipped"]
    assert stops == []


def test_each_step_lights_its_widget_and_the_bubble_sits_beside_it(qtbot: QtBot) -> None:
    window = new_window(qtbot)
    tour = maybe_start_tour(window)
    assert tour is not None
    assert [step.key for step in tour.steps] == ["composer", "model_picker", "performance", "glossary", "privacy"]
    targets = {
        "composer": window.composer,
        "model_picker": window.model_picker,
        "performance": window.metrics_panel,
        "glossary": window.metrics_panel.glossary_link,
        "privacy": window.side_tabs.tabBar(),
    }
    for index, step in enumerate(tour.steps):
        assert tour.step == index
        assert tour.counter.text() == f"{index + 1} of 5"
        hole = tour.hole
        assert hole is not None, step.key
        target = targets[step.key]
        centre = target.mapTo(window, target.rect().center())
        if step.key == "privacy":
            bar = window.side_tabs.tabBar()
            tab = bar.tabRect(window.side_tabs.indexOf(window.privacy_view))
            centre = bar.mapTo(window, tab.center())
        assert hole.contains(centre), step.key
        bubble = tour.bubble.geometry()
        assert window.rect().contains(bubble), step.key
        if step.key != "performance":  # the panel is taller than the room beside it in a small window
            assert not bubble.intersects(hole), step.key
        assert tour.next_button.text() == ("Done" if index == len(tour.steps) - 1 else "Next")
        if index < len(tour.steps) - 1:
            tour.next()


def test_the_tour_follows_a_resized_window(qtbot: QtBot) -> None:
    window = new_window(qtbot)
    tour = maybe_start_tour(window)
    assert tour is not None
    window.resize(1400, 900)
    qtbot.waitUntil(lambda: tour.size() == window.size())
    assert tour.hole is not None
    assert tour.hole.contains(window.composer.mapTo(window, window.composer.rect().center()))


def test_in_a_narrow_window_a_folded_part_gets_a_centred_bubble(qtbot: QtBot) -> None:
    window = new_window(qtbot)
    window.resize(700, 600)
    qtbot.waitUntil(lambda: not window.side_tabs.isVisible())  # the side column folds away
    tour = maybe_start_tour(window)
    assert tour is not None
    tour.next()
    tour.next()
    assert tour.steps[tour.step].key == "performance"
    assert tour.hole is None
    assert window.rect().contains(tour.bubble.geometry())
