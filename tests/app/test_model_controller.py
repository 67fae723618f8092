"""The model in the header, in the real window on the scripted engine client: loading, a refused load
and "Load anyway", the crash-loop sentence, unloading, the chat format named, and the model each
conversation remembers. (Switching on the real engine: test_model_switching.py, e2e.)"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from engine.protocol import LoadOptions, SamplingParams

from .fake_engine import FakeEngineClient, model_info


def _other_model(tmp_path: Path) -> str:
    path = tmp_path / "Other-Model-Q4_0.gguf"
    path.write_bytes(b"GGUF")  # the engine is scripted: only the file's being there matters
    return str(path)


def test_a_model_picked_while_answering_waits_for_the_answer(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient, tmp_path: Path
) -> None:
    window = fake_window
    window.chat.send_message("Hello?")
    assert not window.model_picker.combo.isEnabled()
    assert not window.model_picker.unload_button.isEnabled()
    loads = len(fake_client.loads)
    window.models.switch_model(_other_model(tmp_path))
    assert len(fake_client.loads) == loads
    assert window.statusBar().currentMessage() == "Stop the answer first, then switch models."
    fake_client.start()
    with qtbot.waitSignal(window.chat.answer_finished):
        fake_client.finish()
    assert window.model_picker.combo.isEnabled()
    assert window.model_picker.unload_button.isEnabled()


def test_a_load_refused_for_memory_says_why_and_offers_load_anyway(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient, starter_model: Path
) -> None:
    window = fake_window
    fake_client.loads_succeed = False
    window.models.load_model(LoadOptions(str(starter_model), n_ctx=10_000_000, n_threads=2))
    assert window.load_bar.isVisibleTo(window)
    with qtbot.waitSignal(window.models.model_failed):
        fake_client.refuse_load("This model needs 300 GB of memory, and 8 GB is free.", kind="memory")
    assert window.load_error.isVisibleTo(window)
    assert window.load_error.message_label.text() == "This model needs 300 GB of memory, and 8 GB is free."
    assert window.load_anyway_button.isVisibleTo(window)
    assert not window.load_bar.isVisibleTo(window)
    assert window.models.state.can_load_anyway
    assert window.model_picker.combo.currentData() == str(starter_model), "the model loaded before stays"

    qtbot.mouseClick(window.load_anyway_button, Qt.MouseButton.LeftButton)
    insisted = fake_client.loads[-1]
    assert insisted.ignore_memory_guard
    assert insisted.n_ctx == 10_000_000
    assert not window.load_error.isVisibleTo(window)
    assert not window.load_anyway_button.isVisibleTo(window)
    assert window.models.state.failure is None


def test_a_refused_switch_goes_back_to_the_model_still_loaded(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient, starter_model: Path, tmp_path: Path
) -> None:
    window = fake_window
    other = _other_model(tmp_path)
    fake_client.loads_succeed = False
    window.models.switch_model(other)
    assert fake_client.loads[-1].model_path == other
    assert window.model_label.text() == "Loading Other-Model-Q4_0…"
    with qtbot.waitSignal(window.models.model_failed):
        fake_client.refuse_load("llama.cpp could not load Other-Model-Q4_0.gguf.")
    assert window.model_picker.combo.currentData() == str(starter_model)
    assert not window.load_anyway_button.isVisibleTo(window), "only a refusal for memory offers it"
    assert not window.model_label.isVisibleTo(window), "a model is still loaded: the picker names it"
    with qtbot.waitSignal(window.models.model_loaded):
        fake_client.finish_loading(str(starter_model), restored=True)
    assert window.statusBar().currentMessage() == f"{starter_model.stem} is loaded again."
    assert window.load_error.isVisibleTo(window), "the error still says why the switch failed"


def test_the_crash_loop_sentence_shows_in_the_header_until_a_model_is_picked_again(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient, starter_model: Path
) -> None:
    window = fake_window
    sentence = (
        f"Hearth stopped trying to load {starter_model.stem} after 3 crashes; pick another model or check the file."
    )
    with qtbot.waitSignal(window.models.model_failed):
        fake_client.refuse_load(sentence, kind="crash_loop")
    assert window.models.state.stopped_restarting
    assert window.load_error.message_label.text() == sentence
    window.models.switch_model(str(starter_model))  # asked for by name: a fresh set of tries
    assert not window.models.state.stopped_restarting
    assert not window.load_error.isVisibleTo(window)


def test_unload_frees_the_model_and_the_next_send_loads_it_again(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient, starter_model: Path
) -> None:
    window = fake_window
    with qtbot.waitSignal(window.models.model_unloaded):
        qtbot.mouseClick(window.model_picker.unload_button, Qt.MouseButton.LeftButton)
    assert fake_client.unloads == 1
    assert window.models.state.loaded_path == ""
    assert not window.model_picker.unload_button.isEnabled()
    assert window.model_label.text() == "Not loaded: sending a message loads it"
    assert "freed" in window.statusBar().currentMessage()
    loads = len(fake_client.loads)
    window.chat.send_message("Back?")
    assert [o.model_path for o in fake_client.loads[loads:]] == [str(starter_model)]
    assert fake_client.requests, "the question goes out after the load"


def test_the_header_names_the_chat_format(qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient) -> None:
    window = fake_window
    assert window.template_label.text() == "chat format: from the model file"
    path = fake_client.loads[-1].model_path
    with qtbot.waitSignal(window.models.model_loaded):
        fake_client.finish_loading(info=model_info(path, template_source="default"))
    assert window.template_label.text() == "chat format: ChatML (default)"
    assert window.template_label.toolTip()
    warning = "The model's chat template is broken or unsafe: using the default template instead."
    with qtbot.waitSignal(window.models.model_loaded):
        fake_client.finish_loading(info=model_info(path, template_source="broken", warning="broken"))
    assert "broken" in window.template_label.text()
    assert window.template_label.toolTip() == warning
    assert window.statusBar().currentMessage() == warning


def test_a_conversation_remembers_its_model_and_brings_it_back(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient, starter_model: Path, tmp_path: Path
) -> None:
    window = fake_window
    fake_client.reply("Hi.")
    with qtbot.waitSignal(window.chat.answer_finished):
        window.chat.send_message("Hello!")
    conversation = window.conversations.state.conversation
    assert conversation is not None
    assert window.conversations.store.get(conversation.id).model_path == str(starter_model)

    other = _other_model(tmp_path)
    with qtbot.waitSignal(window.models.model_loaded):
        window.models.switch_model(other)  # while the conversation is on screen: it answers with this one now
    assert window.conversations.store.get(conversation.id).model_path == other
    window.conversations.new_conversation()
    with qtbot.waitSignal(window.models.model_loaded):
        window.models.switch_model(str(starter_model))
    with qtbot.waitSignal(window.models.model_loaded) as back:
        window.conversations.show_conversation(conversation.id)
    assert back.args[0].info.path == other


def test_a_conversation_whose_model_is_gone_says_so(fake_window: MainWindow, fake_client: FakeEngineClient) -> None:
    window = fake_window
    store = window.conversations.store
    conversation = store.create(model="Gone-Model", model_path="/nowhere/Gone-Model.gguf")
    loads = len(fake_client.loads)
    window.conversations.show_conversation(conversation.id)
    assert (
        window.statusBar().currentMessage() == "This conversation used Gone-Model, which is no longer on this computer."
    )
    assert len(fake_client.loads) == loads


def test_the_first_model_brings_its_default_settings_and_use_as_default_saves_them(
    qtbot: QtBot, fake_client: FakeEngineClient, starter_model: Path
) -> None:
    window = MainWindow(client=fake_client)
    qtbot.addWidget(window)
    mine = SamplingParams(temperature=0.2, max_tokens=300)
    window.conversations.store.set_model_default(starter_model.stem, mine)
    with qtbot.waitSignal(window.models.model_loaded):
        window.models.load_model(LoadOptions(str(starter_model)))
    assert window.conversations.state.sampling == mine
    assert window.settings_view.current_change().sampling == mine
    window.settings_view.temperature.setValue(0.4)
    qtbot.mouseClick(window.settings_view.default_button, Qt.MouseButton.LeftButton)
    assert window.conversations.store.model_default(starter_model.stem) == SamplingParams(
        temperature=0.4, max_tokens=300
    )
    assert window.statusBar().currentMessage().startswith(f"New conversations with {starter_model.stem}")
    window.close()
