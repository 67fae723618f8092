"""The conversation settings panel: filling it, what the user changes, presets, and a narrow 320 px tab."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QFocusEvent, QTextCursor, QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QInputDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from app.conversations.conversation_settings import PROMPT_IDLE_MS, ConversationSettingsView, SettingsChange
from app.style import apply_style
from engine.presets import BUILTIN_PRESETS, apply_preset
from engine.prompt.builtin_templates import BUILTIN_TEMPLATES
from engine.protocol import SamplingParams
from engine.store.records import Conversation

from .conftest import settle_layouts


def conversation(**changes: object) -> Conversation:
    base = Conversation(
        id=7,
        title="Trip",
        title_is_auto=True,
        model="SmolLM2-135M-Instruct.Q4_1.gguf",
        system_prompt="You are a travel agent.",
        sampling=SamplingParams(),
        overflow_policy="drop_oldest",
        template_override=None,
        current_leaf_id=None,
        created_at=0.0,
        updated_at=0.0,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


@pytest.fixture
def view(qtbot: QtBot) -> ConversationSettingsView:
    panel = ConversationSettingsView()
    qtbot.addWidget(panel)
    panel.show_conversation(conversation(), {}, "ChatML")
    panel.resize(340, 900)
    panel.show()
    return panel


def choose(qtbot: QtBot, combo: QComboBox, index: int) -> None:
    """Pick an entry the way a user does: open the list and click it (which emits `activated` once)."""
    assert 0 <= index < combo.count()
    combo.showPopup()
    list_view = combo.view()
    qtbot.waitExposed(list_view)
    item = list_view.visualRect(combo.model().index(index, 0)).center()
    qtbot.mouseClick(list_view.viewport(), Qt.MouseButton.LeftButton, pos=item)
    assert combo.currentIndex() == index


def type_value(qtbot: QtBot, box: QWidget, text: str) -> None:
    box.lineEdit().selectAll()  # type: ignore[attr-defined]
    qtbot.keyClicks(box, text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def preset_texts(view: ConversationSettingsView) -> list[str]:
    return [view.preset_combo.itemText(i) for i in range(view.preset_combo.count()) if view.preset_combo.itemText(i)]


# --- filling -----------------------------------------------------------------------------


def test_filling_from_a_conversation_emits_nothing(qtbot: QtBot) -> None:
    panel = ConversationSettingsView()
    qtbot.addWidget(panel)
    sampling = SamplingParams(temperature=0.35, top_k=12, top_p=0.8, min_p=0.1, repeat_penalty=1.3, seed=99)
    with (
        qtbot.assertNotEmitted(panel.settings_changed),
        qtbot.assertNotEmitted(panel.preset_saved),
        qtbot.assertNotEmitted(panel.model_default_requested),
    ):
        panel.show_conversation(
            conversation(sampling=sampling, template_override="Gemma", overflow_policy="stop"),
            {"Mine": SamplingParams(temperature=0.5)},
            "ChatML",
        )
        panel.set_user_presets({"Other": SamplingParams(temperature=0.6)})
    assert not panel.has_pending_edit, "and nothing goes out later either"
    assert panel.prompt_edit.toPlainText() == "You are a travel agent."
    assert panel.temperature.value() == pytest.approx(0.35)
    assert panel.top_k.value() == 12
    assert panel.top_p.value() == pytest.approx(0.8)
    assert panel.min_p.value() == pytest.approx(0.1)
    assert panel.repeat_penalty.value() == pytest.approx(1.3)
    assert panel.max_tokens.value() == 512
    assert panel.seed.value() == 99
    assert panel.template_combo.currentText() == "Gemma"
    assert panel.overflow_combo.currentData() == "stop"
    assert panel.preset_combo.currentText() == "Custom"
    assert panel.current_change() == SettingsChange(
        system_prompt="You are a travel agent.",
        sampling=sampling,
        template_override="Gemma",
        overflow_policy="stop",
        conversation_id=7,
    )


def test_values_finer_than_the_fields_show_are_kept(view: ConversationSettingsView) -> None:
    sampling = SamplingParams(temperature=0.725)
    view.show_conversation(conversation(sampling=sampling), {}, "ChatML")
    assert view.current_change().sampling == sampling


def test_the_preset_combo_names_the_matching_preset(view: ConversationSettingsView) -> None:
    assert view.preset_combo.currentText() == "Balanced"
    assert "Custom" not in preset_texts(view)
    mine = SamplingParams(temperature=0.45, top_k=25)
    view.show_conversation(conversation(sampling=replace(mine, max_tokens=900)), {"Homework": mine}, "ChatML")
    assert preset_texts(view) == ["Precise", "Balanced", "Creative", "Homework"]
    assert view.preset_combo.currentText() == "Homework"


# --- presets -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Precise", "Creative"])
def test_picking_a_preset_fills_the_fields_and_emits_its_sampling(
    qtbot: QtBot, view: ConversationSettingsView, name: str
) -> None:
    preset = BUILTIN_PRESETS[name]
    with qtbot.waitSignal(view.settings_changed) as blocker:
        choose(qtbot, view.preset_combo, view.preset_combo.findText(name))
    change = blocker.args[0]
    assert isinstance(change, SettingsChange)
    assert change.sampling == preset
    assert change.conversation_id == 7
    assert change.system_prompt == "You are a travel agent."
    assert view.temperature.value() == pytest.approx(preset.temperature)
    assert view.top_k.value() == preset.top_k
    assert view.top_p.value() == pytest.approx(preset.top_p)
    assert view.min_p.value() == pytest.approx(preset.min_p)
    assert view.repeat_penalty.value() == pytest.approx(preset.repeat_penalty)
    assert view.preset_combo.currentText() == name


def test_a_preset_keeps_the_answer_length_and_seed(qtbot: QtBot, view: ConversationSettingsView) -> None:
    start = SamplingParams(temperature=0.3, max_tokens=2048, seed=5)
    mine = SamplingParams(temperature=0.9, top_k=60, max_tokens=100, seed=None)
    view.show_conversation(conversation(sampling=start), {"Loose": mine}, "ChatML")
    assert view.preset_combo.currentText() == "Custom"
    with qtbot.waitSignal(view.settings_changed) as blocker:
        choose(qtbot, view.preset_combo, view.preset_combo.findText("Loose"))
    assert blocker.args[0].sampling == apply_preset(start, mine)
    assert blocker.args[0].sampling.max_tokens == 2048
    assert blocker.args[0].sampling.seed == 5
    assert view.max_tokens.value() == 2048
    assert view.seed.value() == 5
    # The values match a preset now, so "Custom" is gone from the list.
    assert "Custom" not in preset_texts(view)


def test_editing_temperature_switches_the_preset_to_custom(qtbot: QtBot, view: ConversationSettingsView) -> None:
    emitted: list[SettingsChange] = []
    view.settings_changed.connect(emitted.append)
    with qtbot.waitSignal(view.settings_changed) as blocker:
        type_value(qtbot, view.temperature, "0.33")
    assert blocker.args[0].sampling == replace(SamplingParams(), temperature=0.33)
    assert view.preset_combo.currentText() == "Custom"
    assert len(emitted) == 1, "one change for the typed value, not one per key"
    # Back to the preset's value: the combo names the preset again.
    with qtbot.waitSignal(view.settings_changed):
        type_value(qtbot, view.temperature, "0.70")
    assert view.preset_combo.currentText() == "Balanced"


@pytest.mark.parametrize(
    ("field", "text", "expected"),
    [
        ("top_k", "12", {"top_k": 12}),
        ("top_p", "0.5", {"top_p": 0.5}),
        ("min_p", "0.2", {"min_p": 0.2}),
        ("repeat_penalty", "1.25", {"repeat_penalty": 1.25}),
        ("max_tokens", "2000", {"max_tokens": 2000}),
        ("seed", "1234", {"seed": 1234}),
    ],
)
def test_each_field_changes_its_sampling_value(
    qtbot: QtBot, view: ConversationSettingsView, field: str, text: str, expected: dict[str, object]
) -> None:
    with qtbot.waitSignal(view.settings_changed) as blocker:
        type_value(qtbot, view.fields[field], text)
    assert blocker.args[0].sampling == replace(SamplingParams(), **expected)  # type: ignore[arg-type]


def test_a_blank_seed_means_random(qtbot: QtBot, view: ConversationSettingsView) -> None:
    view.show_conversation(conversation(sampling=SamplingParams(seed=42)), {}, "ChatML")
    with qtbot.waitSignal(view.settings_changed) as blocker:
        view.seed.lineEdit().selectAll()
        qtbot.keyClick(view.seed, Qt.Key.Key_Delete)
        qtbot.keyClick(view.seed, Qt.Key.Key_Return)
    assert blocker.args[0].sampling.seed is None
    assert view.seed.text() == "Random"


def test_top_k_zero_reads_off(view: ConversationSettingsView) -> None:
    view.show_conversation(conversation(sampling=SamplingParams(top_k=0)), {}, "ChatML")
    assert view.top_k.text() == "Off"
    assert view.current_change().sampling.top_k == 0


def test_save_as_preset_asks_a_name_and_the_preset_then_shows(
    qtbot: QtBot, view: ConversationSettingsView, monkeypatch: pytest.MonkeyPatch
) -> None:
    custom = SamplingParams(temperature=0.45, top_k=25, max_tokens=1000)
    view.show_conversation(conversation(sampling=custom), {}, "ChatML")
    asked: list[str] = []

    def get_text(*args: object, **kwargs: object) -> tuple[str, bool]:
        asked.append(str(args[2]))
        return "  Homework  ", True

    monkeypatch.setattr(QInputDialog, "getText", get_text)
    with qtbot.waitSignal(view.preset_saved) as blocker:
        qtbot.mouseClick(view.save_preset_button, Qt.MouseButton.LeftButton)
    assert blocker.args == ["Homework", custom]
    assert len(asked) == 1
    # The window saves it in the store and hands the presets back.
    with qtbot.assertNotEmitted(view.settings_changed):
        view.set_user_presets({"Homework": custom})
    assert preset_texts(view) == ["Precise", "Balanced", "Creative", "Homework"]
    assert view.preset_combo.currentText() == "Homework"


def test_a_built_in_name_is_asked_again_and_cancel_saves_nothing(
    qtbot: QtBot, view: ConversationSettingsView, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter([("creative", True), ("My creative", True), ("", False)])
    questions: list[str] = []

    def get_text(*args: object, **kwargs: object) -> tuple[str, bool]:
        questions.append(str(args[2]))
        return next(answers)

    monkeypatch.setattr(QInputDialog, "getText", get_text)
    with qtbot.waitSignal(view.preset_saved) as blocker:
        qtbot.mouseClick(view.save_preset_button, Qt.MouseButton.LeftButton)
    assert blocker.args[0] == "My creative"
    assert "built-in" in questions[1]
    with qtbot.assertNotEmitted(view.preset_saved):
        qtbot.mouseClick(view.save_preset_button, Qt.MouseButton.LeftButton)


def test_replacing_an_own_preset_asks_first(
    qtbot: QtBot, view: ConversationSettingsView, monkeypatch: pytest.MonkeyPatch
) -> None:
    view.set_user_presets({"Homework": SamplingParams(temperature=0.45)})
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Homework", True))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    with qtbot.assertNotEmitted(view.preset_saved):
        qtbot.mouseClick(view.save_preset_button, Qt.MouseButton.LeftButton)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    with qtbot.waitSignal(view.preset_saved) as blocker:
        qtbot.mouseClick(view.save_preset_button, Qt.MouseButton.LeftButton)
    assert blocker.args == ["Homework", SamplingParams()]


def test_use_as_default_for_this_model(qtbot: QtBot, view: ConversationSettingsView) -> None:
    sampling = SamplingParams(temperature=0.2, max_tokens=300, seed=3)
    view.show_conversation(conversation(sampling=sampling), {}, "ChatML")
    with qtbot.waitSignal(view.model_default_requested) as blocker, qtbot.assertNotEmitted(view.settings_changed):
        qtbot.mouseClick(view.default_button, Qt.MouseButton.LeftButton)
    assert blocker.args == [sampling]


# --- system prompt -----------------------------------------------------------------------


def test_the_system_prompt_emits_once_after_typing_stops(qtbot: QtBot, view: ConversationSettingsView) -> None:
    emitted: list[SettingsChange] = []
    view.settings_changed.connect(emitted.append)
    view.prompt_edit.setFocus()
    view.prompt_edit.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(view.prompt_edit, " Be brief.")
    assert emitted == [], "nothing goes out while the user types"
    assert view.has_pending_edit
    with qtbot.waitSignal(view.settings_changed, timeout=PROMPT_IDLE_MS * 5):
        pass
    assert not view.has_pending_edit, "nothing more is to come"
    assert len(emitted) == 1
    assert emitted[0].system_prompt == "You are a travel agent. Be brief."
    assert emitted[0].conversation_id == 7


def test_the_system_prompt_is_applied_on_leaving_the_box(qtbot: QtBot, view: ConversationSettingsView) -> None:
    emitted: list[SettingsChange] = []
    view.settings_changed.connect(emitted.append)
    view.prompt_edit.setPlainText("Answer in French.")
    assert emitted == []
    with qtbot.waitSignal(view.settings_changed, timeout=PROMPT_IDLE_MS // 3) as blocker:
        QApplication.sendEvent(view.prompt_edit, QFocusEvent(QEvent.Type.FocusOut))
    assert blocker.args[0].system_prompt == "Answer in French."
    assert not view.has_pending_edit, "the idle timer does not send it a second time"
    assert len(emitted) == 1


def test_typing_back_the_same_prompt_emits_nothing(qtbot: QtBot, view: ConversationSettingsView) -> None:
    with qtbot.assertNotEmitted(view.settings_changed):
        view.prompt_edit.setPlainText("You are a travel agent!")
        view.prompt_edit.setPlainText("You are a travel agent.")
        assert view.has_pending_edit
        qtbot.waitUntil(lambda: not view.has_pending_edit, timeout=PROMPT_IDLE_MS * 5)  # the idle delay ran out


def test_a_prompt_still_being_typed_is_committed_before_switching(qtbot: QtBot, view: ConversationSettingsView) -> None:
    emitted: list[SettingsChange] = []
    view.settings_changed.connect(emitted.append)
    view.prompt_edit.setPlainText("Only for trip planning.")
    with qtbot.waitSignal(view.settings_changed, timeout=PROMPT_IDLE_MS // 3):
        view.commit_pending_edit()
    with qtbot.assertNotEmitted(view.settings_changed):
        view.commit_pending_edit()  # nothing pending any more
        view.show_conversation(conversation(id=8, system_prompt="Other"), {}, "ChatML")
    assert not view.has_pending_edit
    assert [(c.conversation_id, c.system_prompt) for c in emitted] == [(7, "Only for trip planning.")]
    assert view.current_change().system_prompt == "Other"
    assert view.current_change().conversation_id == 8


def test_showing_another_conversation_drops_an_uncommitted_prompt(qtbot: QtBot, view: ConversationSettingsView) -> None:
    view.prompt_edit.setPlainText("Typed, then the user pressed Ctrl+N")
    assert view.has_pending_edit
    with qtbot.assertNotEmitted(view.settings_changed):
        view.show_conversation(conversation(id=8, system_prompt="Other"), {}, "ChatML")
    assert not view.has_pending_edit, "the edit was dropped, not left to go out later"
    assert view.current_change().system_prompt == "Other"


# --- chat format and overflow ------------------------------------------------------------


def test_chat_format_combo_maps_to_the_template_override(qtbot: QtBot, view: ConversationSettingsView) -> None:
    combo = view.template_combo
    assert combo.itemText(0) == "From the model (ChatML)"
    assert [combo.itemText(i) for i in range(1, combo.count())] == list(BUILTIN_TEMPLATES)
    emitted: list[SettingsChange] = []
    view.settings_changed.connect(emitted.append)
    with qtbot.waitSignal(view.settings_changed) as blocker:
        choose(qtbot, combo, combo.findText("Llama 3"))
    assert blocker.args[0].template_override == "Llama 3"
    assert len(emitted) == 1
    with qtbot.assertNotEmitted(view.settings_changed):
        choose(qtbot, combo, combo.findText("Llama 3"))  # the same again: no change
    with qtbot.waitSignal(view.settings_changed) as blocker:
        choose(qtbot, combo, 0)
    assert blocker.args[0].template_override is None


def test_chat_format_keeps_a_template_name_it_does_not_know(view: ConversationSettingsView) -> None:
    view.show_conversation(conversation(template_override="Future format"), {}, "")
    assert view.template_combo.itemText(0) == "From the model"
    assert view.template_combo.currentText() == "Future format"
    assert view.current_change().template_override == "Future format"


def test_overflow_combo_maps_to_the_policy(qtbot: QtBot, view: ConversationSettingsView) -> None:
    combo = view.overflow_combo
    assert combo.currentText() == "Leave out the oldest messages"
    assert "system prompt" in view.overflow_note.text()
    with qtbot.waitSignal(view.settings_changed) as blocker:
        choose(qtbot, combo, combo.findText("Stop and tell me"))
    assert blocker.args[0].overflow_policy == "stop"
    assert "new conversation" in view.overflow_note.text()
    with qtbot.waitSignal(view.settings_changed) as blocker:
        choose(qtbot, combo, combo.findText("Leave out the oldest messages"))
    assert blocker.args[0].overflow_policy == "drop_oldest"


REMOTE = "remote:gpu-box/llama-70b"


def test_the_fallback_choice_shows_only_for_a_conversation_on_a_remote_engine(view: ConversationSettingsView) -> None:
    assert not view.fallback_section.isVisible(), "a conversation on this computer has nothing to fall back to"
    view.show_conversation(conversation(model_path=REMOTE), {}, "")
    assert view.fallback_section.isVisible()
    assert view.fallback_heading.text() == "When gpu-box does not answer"
    assert view.fallback_box.text() == "Answer on this computer instead"
    assert not view.fallback_box.isChecked()
    assert "tries gpu-box again" in view.fallback_note.text()
    view.show_conversation(conversation(model_path="/models/smol.gguf"), {}, "")
    assert not view.fallback_section.isVisible()


def test_the_fallback_choice_fills_without_a_signal_and_emits_when_ticked(
    qtbot: QtBot, view: ConversationSettingsView
) -> None:
    with qtbot.assertNotEmitted(view.settings_changed):
        view.show_conversation(conversation(model_path=REMOTE, fallback_local=True), {}, "")
        view.show_fallback(conversation(model_path=REMOTE, fallback_local=False))
    assert not view.fallback_box.isChecked()
    with qtbot.waitSignal(view.settings_changed) as blocker:
        view.fallback_box.click()
    change: SettingsChange = blocker.args[0]
    assert change.fallback_local
    assert change.conversation_id == 7
    assert change.system_prompt == "You are a travel agent.", "the other settings go out as they are"
    assert view.current_change().fallback_local


# --- plain words, and a narrow tab -------------------------------------------------------


def test_every_field_has_a_plain_one_sentence_tooltip(view: ConversationSettingsView) -> None:
    widgets: list[QWidget] = [
        *view.fields.values(),
        view.prompt_edit,
        view.preset_combo,
        view.template_combo,
        view.overflow_combo,
        view.save_preset_button,
        view.default_button,
        view.fallback_box,
    ]
    view.show_conversation(conversation(model_path=REMOTE), {}, "")
    for widget in widgets:
        tip = widget.toolTip()
        assert tip, f"{widget.objectName()} has no tooltip"
        assert tip.endswith("."), f"{widget.objectName()}: {tip!r}"
        assert tip.count(". ") <= 1, f"{widget.objectName()}: keep it to a sentence or two: {tip!r}"
    assert "varied" in view.temperature.toolTip()
    assert "strange" in view.template_combo.toolTip()


def test_the_mouse_wheel_scrolls_past_a_field_the_user_did_not_click(view: ConversationSettingsView) -> None:
    view.save_preset_button.setFocus()
    wheel = QWheelEvent(
        QPointF(5, 5),
        QPointF(5, 5),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.temperature, wheel)
    assert view.temperature.value() == pytest.approx(0.7)


@pytest.fixture
def styled(qapp: QApplication) -> Iterator[None]:
    """The app's real style sheet (it changes sizes); the previous style comes back afterwards."""
    style_name, sheet = qapp.style().name(), qapp.styleSheet()
    apply_style(qapp)
    yield
    qapp.setStyleSheet(sheet)
    qapp.setStyle(style_name)


@pytest.mark.usefixtures("styled")
@pytest.mark.parametrize("height", [1100, 400])
def test_nothing_is_cut_off_at_320_px(qtbot: QtBot, height: int) -> None:
    panel = ConversationSettingsView()
    qtbot.addWidget(panel)
    long_prompt = "你是一位友善的助手。請用簡單的話簡短回答，並在需要時舉例說明。" * 3
    panel.show_conversation(
        conversation(
            system_prompt=long_prompt,
            sampling=SamplingParams(max_tokens=32768, seed=2_000_000_000),
            model_path="remote:a-rather-long-engine-name/model",  # its fallback choice shows too
        ),
        {"A preset with a rather long name of its own": SamplingParams(temperature=0.1)},
        "A chat template name that is much too long to fit",
    )
    panel.resize(320, height)
    panel.show()
    qtbot.waitExposed(panel)
    settle_layouts()
    area = panel.scroll_area
    content = area.widget()
    assert area.verticalScrollBar().isVisible() == (height < 600)
    assert not area.horizontalScrollBar().isVisible()
    assert content.width() <= area.viewport().width()
    assert content.minimumSizeHint().width() <= area.viewport().width()
    assert panel.fallback_section.isVisible()
    for child in content.findChildren(QWidget):
        if not child.isVisible() or child.parentWidget() not in (content, panel.fallback_section):
            continue
        name = child.objectName() or type(child).__name__
        geometry = child.geometry()
        assert geometry.left() >= 0, name
        assert geometry.right() < content.width(), f"{name} runs past the right edge"
        assert geometry.width() >= child.minimumSizeHint().width(), f"{name} is squeezed below its minimum"
        if not isinstance(child, QComboBox) and not child.sizePolicy().hasHeightForWidth():
            assert geometry.width() >= child.sizeHint().width(), f"{name} is narrower than its text"
