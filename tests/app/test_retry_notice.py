""" "The engine … is busy; retrying in 2 s" stays in the status bar only while it is true: the answer
going on, finishing or failing takes it away (another sentence said since stays)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from engine.errors import UserError
from engine.protocol import Notice

from .fake_engine import FakeEngineClient

RETRYING = UserError("remote.retrying.busy", name="gpu-box", host="192.168.1.20:8000", seconds=2)


def test_the_retry_notice_goes_when_the_answer_ends(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    fake_window.chat.send_message("Name a colour.")
    fake_client.noticed.emit(Notice.from_error(RETRYING))
    assert fake_window.statusBar().currentMessage() == str(RETRYING)
    with qtbot.waitSignal(fake_window.chat.answer_failed):
        fake_client.fail("The engine gpu-box at 192.168.1.20:8000 did not answer.", kind="remote_down")
    assert fake_window.statusBar().currentMessage() == ""


def test_the_retry_notice_goes_when_the_answer_starts_but_a_later_sentence_stays(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    fake_window.chat.send_message("Name a colour.")
    fake_client.noticed.emit(Notice.from_error(RETRYING))
    with qtbot.waitSignal(fake_window.chat.answer_started):
        fake_client.start()
    assert fake_window.statusBar().currentMessage() == ""
    fake_client.noticed.emit(Notice.from_error(RETRYING))
    fake_window.statusBar().showMessage("Copied.", 2000)  # said since: not the retry's to take away
    with qtbot.waitSignal(fake_window.chat.answer_finished):
        fake_client.write("Blue.")
        fake_client.finish()
    assert fake_window.statusBar().currentMessage() == "Copied."
