"""Bad model files through the window's load path, with the real engine: the window shows the
file's one sentence, stays alive, and the model that was loaded keeps answering."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from engine.prompt.chat_template import BROKEN_SOURCE
from engine.protocol import SamplingParams
from tests.fixtures.bad_ggufs import BadFile, build_corpus

from .conftest import ANSWER_TIMEOUT_MS, LOAD_TIMEOUT_MS

pytestmark = pytest.mark.e2e

SHORT = SamplingParams(temperature=0.0, max_tokens=4)
# One of each way a file goes wrong: refused before loading (another file type, a cut-off download,
# a version, an architecture, a hostile count), refused by llama.cpp itself (the previous model
# comes back), and a hostile chat template (loads, with the default template).
PICKED = (
    "photo.gguf",
    "starter-cut-at-31MB.gguf",
    "version-99.gguf",
    "unknown-arch.gguf",
    "huge-tensor-count.gguf",
    "sound-tiny.gguf",
)


@pytest.fixture(scope="module")
def corpus(starter_model: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, BadFile]:
    return {bad.path.name: bad for bad in build_corpus(tmp_path_factory.mktemp("bad-ggufs"), starter_model)}


def _ask(qtbot: QtBot, window: MainWindow, text: str) -> str:
    """Send `text`; the name of the model that answered."""
    window.conversations.state.sampling = SHORT
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS) as finished:
        window.chat.send_message(text)
    return str(finished.args[0].metrics.model)


def test_bad_files_show_their_sentence_and_the_model_keeps_answering(
    qtbot: QtBot, window: MainWindow, starter_model: Path, corpus: dict[str, BadFile]
) -> None:
    pid = window.client.engine_pid()
    for name in PICKED:
        bad = corpus[name]
        with qtbot.waitSignal(window.models.model_failed, timeout=LOAD_TIMEOUT_MS) as failed:
            window.models.switch_model(str(bad.path))
        assert bad.sentence in failed.args[0].reason
        assert window.load_error.isVisibleTo(window)
        assert bad.sentence in window.load_error.message_label.text()
        if not bad.checked_before_load:  # llama.cpp refused it: the previous model is loaded again
            qtbot.waitUntil(lambda: window.models.state.loaded_path == str(starter_model), timeout=LOAD_TIMEOUT_MS)
        assert window.client.engine_pid() == pid, "no bad file costs the engine process"
        assert _ask(qtbot, window, "Still there?") == starter_model.stem


def test_a_hostile_chat_template_loads_with_the_default(
    qtbot: QtBot, window: MainWindow, corpus: dict[str, BadFile]
) -> None:
    hostile = corpus["template-endless-loops.gguf"]
    with qtbot.waitSignal(window.models.model_loaded, timeout=LOAD_TIMEOUT_MS) as loaded:
        window.models.switch_model(str(hostile.path))
    assert loaded.args[0].info.chat_template_source == BROKEN_SOURCE
    assert not window.load_error.isVisibleTo(window)
    warning = "The model's chat template is broken or unsafe: using the default template instead."
    assert window.template_label.toolTip() == warning
    assert window.statusBar().currentMessage() == warning
    assert "broken" in window.template_label.text()
    assert _ask(qtbot, window, "Hello?") == hostile.path.stem
