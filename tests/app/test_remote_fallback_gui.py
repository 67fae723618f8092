"""A conversation on a remote engine that stays down, in the window, end to end: another real `hearth
serve` on a loopback port answers, then is killed. With the conversation's "fall back automatically"
choice off, the answer's error offers the model on this computer and nothing more happens; with it on
(in the Conversation tab, or ticked under the error), the model on this computer answers by itself and
the answer says where it came from and why, the conversation keeps its engine and tries it again on
the next question, and answers from it once the server is back. A stream cut partway keeps its text,
choice or not. Offline mode with the choice on answers here too, and says so.

The waits between retries are shortened; the retries themselves still go to the real, dead port."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

import tests.engine.server.served as served_module
from app.controllers.engine_client import EngineClient
from app.main_window import MainWindow
from engine.hub.offline_mode import set_offline_mode
from engine.protocol import AnswerFailed, Failed, SamplingParams
from engine.remote.engines import add_engine
from engine.remote.model_ref import remote_ref
from engine.store.records import Conversation
from tests.engine.server.served import ServedApi, serving

from .conftest import ANSWER_TIMEOUT_MS, LOAD_TIMEOUT_MS, answer_on_screen

pytestmark = pytest.mark.e2e
STARTER_ID = "SmolLM2-135M-Instruct.Q4_1"  # the id hearth serve gives the starter model
ENGINE = "gpu-box"
QUIET_MS = 1500  # how long "nothing more happens" is watched for


@pytest.fixture
def peer(tmp_path: Path, probed_kernels: Path) -> Iterator[ServedApi]:
    with serving(tmp_path / "peer-home", probed_kernels, "--parallel", "1", "--ctx", "2048") as served:
        yield served


@pytest.fixture
def peer_back(tmp_path: Path, probed_kernels: Path) -> Callable[[int], AbstractContextManager[ServedApi]]:
    """Start the server again on its old port (as after a restart of the machine it runs on)."""

    @contextmanager
    def back(port: int) -> Iterator[ServedApi]:
        with pytest.MonkeyPatch.context() as same_port:
            same_port.setattr(served_module, "free_port", lambda: port)
            with serving(tmp_path / "peer-home-again", probed_kernels, "--parallel", "1", "--ctx", "2048") as again:
                yield again

    return back


@pytest.fixture(autouse=True)
def short_retry_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("engine.remote.chat_stream.BACKOFF_S", (0.05, 0.05, 0.05))


@pytest.fixture
def failures(window: MainWindow) -> list[Failed]:
    seen: list[Failed] = []
    window.chat.answer_failed.connect(seen.append)
    return seen


def _pick_remote(qtbot: QtBot, window: MainWindow, peer: ServedApi) -> str:
    add_engine(ENGINE, peer.base_url)
    window.models.remote_models.refresh()
    ref = remote_ref(ENGINE, STARTER_ID)
    qtbot.waitUntil(lambda: window.model_picker.combo.findData(ref) >= 0, timeout=30_000)
    with qtbot.waitSignal(window.models.model_loaded, timeout=LOAD_TIMEOUT_MS):
        window.models.switch_model(ref)
    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=24)
    return ref


def _choose_fallback_in_the_conversation_tab(qtbot: QtBot, window: MainWindow) -> Conversation:
    tab = window.settings_view
    assert tab.fallback_section.isVisibleTo(tab), "a new chat on a remote engine offers the choice"
    assert not tab.fallback_box.isChecked()
    with qtbot.waitSignal(tab.settings_changed):
        tab.fallback_box.click()
    conversation = window.conversations.state.conversation
    assert conversation is not None
    assert conversation.fallback_local  # the new chat is saved with it
    return conversation


def _remote(window: MainWindow) -> bool:
    """Whether a remote engine answers the window now (else the engine on this computer)."""
    client = window.client
    assert isinstance(client, EngineClient)
    return client.remote


def _stay_down(peer: ServedApi) -> None:
    peer.process.kill()
    peer.process.wait(10)


def _stored(window: MainWindow) -> Conversation:
    window.conversations.wait_for_saves()
    conversation = window.conversations.state.conversation
    assert conversation is not None
    return window.conversations.store.get(conversation.id)


def _said_here(peer: ServedApi) -> str:
    return f"The engine {ENGINE} at 127.0.0.1:{peer.port} did not answer, so this answer was written on this computer."


def test_with_the_choice_off_an_engine_that_stays_down_only_offers_this_computer(
    qtbot: QtBot, window: MainWindow, peer: ServedApi, failures: list[Failed]
) -> None:
    ref = _pick_remote(qtbot, window, peer)
    _stay_down(peer)
    with qtbot.waitSignal(window.chat.answer_failed, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Name three colours.")
    assert isinstance(failures[0], AnswerFailed)
    assert failures[0].kind == "remote_down"
    error = window.chat_view.bubbles[-1].error_view
    assert error.action_button.isVisible()
    assert error.action_button.text() == "Ask the model on this computer instead"
    assert error.choice_box.isVisible()
    assert error.choice_box.text() == "Always do this in this conversation"
    assert not error.choice_box.isChecked()
    with qtbot.assertNotEmitted(window.chat.answer_started, wait=QUIET_MS):
        pass
    assert not window.chat.state.answers
    assert _remote(window), "the model on this computer was not asked"
    assert _stored(window).model_path == ref
    assert not _stored(window).fallback_local


def test_with_the_choice_on_this_computer_answers_says_why_and_the_engine_is_tried_again(
    qtbot: QtBot,
    window: MainWindow,
    peer: ServedApi,
    failures: list[Failed],
    peer_back: Callable[[int], AbstractContextManager[ServedApi]],
) -> None:
    ref = _pick_remote(qtbot, window, peer)
    _choose_fallback_in_the_conversation_tab(qtbot, window)
    _stay_down(peer)
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Name three colours.")
    assert [f.kind for f in failures if isinstance(f, AnswerFailed)] == ["remote_down"]
    bubble = window.chat_view.bubbles[-1]
    assert bubble.text.strip(), "this computer's model wrote the answer"
    assert bubble.notice.isVisibleTo(bubble)
    assert bubble.notice.text() == _said_here(peer)
    assert not _remote(window)
    assert window.metrics_panel.values["device"].text().startswith("CPU")
    stored = _stored(window)
    assert stored.model_path == ref, "the conversation keeps its engine"
    assert stored.fallback_local
    answer = window.conversations.store.message(bubble.message_id or 0)
    assert answer.metrics is not None
    assert answer.metrics["fallback"] == {"engine": ENGINE, "host": f"127.0.0.1:{peer.port}", "why": "down"}
    assert window.settings_view.fallback_box.isChecked()

    # The next question goes to the engine first; still down, this computer answers again.
    loaded: list[str] = []
    window.models.model_loaded.connect(lambda event: loaded.append(event.info.path))
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Name three animals.")
    assert loaded[0] == ref
    assert len(failures) == 2
    assert window.chat_view.bubbles[-1].notice.text() == _said_here(peer)

    # The server is back on its port: the next question is answered there, with no notice.
    with peer_back(peer.port) as again:
        with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
            window.chat.send_message("Name three fruits.")
        assert again.port == peer.port
        assert _remote(window)
        assert window.metrics_panel.values["device"].text() == f"127.0.0.1:{peer.port}, not on this computer"
        assert len(failures) == 2
        answered = window.chat_view.bubbles[-1]
        assert not answered.notice.isVisibleTo(answered)
        assert answered.text.strip()


def test_the_choice_ticked_under_the_error_is_kept_with_the_conversation(
    qtbot: QtBot, window: MainWindow, peer: ServedApi
) -> None:
    ref = _pick_remote(qtbot, window, peer)
    _stay_down(peer)
    with qtbot.waitSignal(window.chat.answer_failed, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Name three colours.")
    conversation_id = _stored(window).id
    error = window.chat_view.bubbles[-1].error_view
    error.choice_box.click()
    assert window.conversations.store.get(conversation_id).fallback_local
    assert window.settings_view.fallback_box.isChecked(), "the Conversation tab says it too"
    # With the choice on, the button's answer stands in for the engine's: the conversation keeps it.
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        error.action_button.click()
    assert window.chat_view.bubbles[-1].notice.text() == _said_here(peer)
    assert _stored(window).model_path == ref

    # Another conversation, then this one again: the choice and the answer's notice are as they were.
    window.conversations.new_conversation()
    assert not window.settings_view.fallback_box.isChecked()
    with qtbot.waitSignal(window.models.model_loaded, timeout=LOAD_TIMEOUT_MS):
        window.conversations.show_conversation(conversation_id)  # it brings back its engine
    assert _remote(window)
    tab = window.settings_view
    assert tab.fallback_section.isVisibleTo(tab)
    assert tab.fallback_box.isChecked()
    assert window.chat_view.bubbles[-1].notice.text() == _said_here(peer)


def test_a_stream_cut_partway_keeps_its_text_even_with_the_choice_on(
    qtbot: QtBot, window: MainWindow, peer: ServedApi, failures: list[Failed]
) -> None:
    ref = _pick_remote(qtbot, window, peer)
    _choose_fallback_in_the_conversation_tab(qtbot, window)
    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=1500)
    window.chat.send_message("Count from 1 to 500, one number per line.")
    qtbot.waitUntil(lambda: len(answer_on_screen(window)) > 20, timeout=ANSWER_TIMEOUT_MS)
    with qtbot.waitSignal(window.chat.answer_failed, timeout=ANSWER_TIMEOUT_MS):
        _stay_down(peer)
    assert isinstance(failures[0], AnswerFailed)
    assert failures[0].kind == "remote_cut"
    bubble = window.chat_view.bubbles[-1]
    cut_text = bubble.text
    assert len(cut_text) > 20
    with qtbot.assertNotEmitted(window.chat.answer_started, wait=QUIET_MS):
        pass
    assert bubble.text == cut_text
    stored_answer = window.conversations.store.message(bubble.message_id or 0)
    assert (stored_answer.state, stored_answer.text) == ("interrupted", cut_text)
    assert bubble.error_view.action_button.isVisible()
    assert bubble.error_view.choice_box.isChecked()
    # Asked by the button, this computer's answer is a new version that says why.
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        bubble.error_view.action_button.click()
    assert window.chat_view.bubbles[-1].notice.text() == (
        f"The engine {ENGINE} at 127.0.0.1:{peer.port} stopped partway, so this answer was written on this computer."
    )
    assert window.conversations.store.message(stored_answer.id).text == cut_text
    assert _stored(window).model_path == ref


def test_offline_mode_with_the_choice_on_answers_here_and_says_why(
    qtbot: QtBot, window: MainWindow, peer: ServedApi, failures: list[Failed]
) -> None:
    ref = _pick_remote(qtbot, window, peer)
    _choose_fallback_in_the_conversation_tab(qtbot, window)
    set_offline_mode(True)
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Name three colours.")
    assert isinstance(failures[0], AnswerFailed)
    assert failures[0].reason_code == "remote.offline"
    assert window.chat_view.bubbles[-1].notice.text() == (
        "Offline mode is on, so this answer was written by the model on this computer, "
        f"not by the engine {ENGINE} at 127.0.0.1:{peer.port}."
    )
    assert answer_on_screen(window).strip()
    assert not _remote(window)
    assert _stored(window).model_path == ref
