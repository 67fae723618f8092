"""The conversation settings panel: system prompt, sampling preset and values, chat format, overflow policy,
and for a conversation on a remote engine, whether this computer's model answers when the engine does not.

It sits in a narrow tab (320–380 px) beside the metrics panel, so everything is stacked in one
column inside a scroll area. The panel never touches the store: it shows what `show_conversation`
gives it and says what the user changed through signals; the window saves it.

Every field has a one-sentence tooltip in plain words: the users are not expected to know what
top-p is. Typing in the system prompt is applied when the user stops (600 ms without a key, or
on leaving the box), and the number fields apply on Enter, on leaving the field or on an arrow
step, not on every key.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QPaintEvent, QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QVBoxLayout,
    QWidget,
)

from app.conversations.document_sets_view import DocumentSetsView
from engine.presets import BUILTIN_PRESETS, apply_preset, matching_preset, same_style
from engine.prompt.builtin_templates import BUILTIN_TEMPLATES
from engine.protocol import OverflowPolicy, SamplingParams
from engine.remote.model_ref import parse_remote_ref
from engine.store.records import Conversation

logger = logging.getLogger(__name__)

PROMPT_IDLE_MS = 600
SEED_RANDOM = -1  # the seed box's lowest value, shown as "Random": SamplingParams.seed = None
SEED_MAX = 2**31 - 1  # QSpinBox holds a C int
COMBO_MIN_CHARS = 12  # combos may shrink to this many characters; their lists still show the whole text

# Preset combo item data: "builtin:<name>", "user:<name>", or CUSTOM.
_BUILTIN = "builtin:"
_USER = "user:"
_CUSTOM = "custom"


@dataclass(frozen=True)
class SettingsChange:
    """The conversation's settings as the panel shows them after the user changed something."""

    system_prompt: str
    sampling: SamplingParams
    template_override: str | None  # a BUILTIN_TEMPLATES name; None: the model's own template
    overflow_policy: OverflowPolicy
    # Which conversation the change is for: the id of the last one given to show_conversation (None before).
    conversation_id: int | None = None
    # On a remote engine that does not answer, the model on this computer answers by itself.
    fallback_local: bool = False


class _SeedSpinBox(QSpinBox):
    """A seed box where an empty field means "Random" (SEED_RANDOM), like the special value text."""

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        if not text.strip():
            return QValidator.State.Acceptable, text, pos
        return super().validate(text, pos)

    def valueFromText(self, text: str) -> int:
        if not text.strip():
            return self.minimum()
        return super().valueFromText(text)


class _ElidingComboBox(QComboBox):
    """A combo that ends an entry too long for its width with "…" instead of cutting it off mid-letter."""

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        option.currentText = self.fontMetrics().elidedText(
            option.currentText, Qt.TextElideMode.ElideRight, field.width()
        )
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)


class ConversationSettingsView(QWidget):
    settings_changed = Signal(object)  # SettingsChange
    preset_saved = Signal(str, object)  # name, SamplingParams
    model_default_requested = Signal(object)  # SamplingParams

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("conversationSettings")
        self._conversation_id: int | None = None
        self._sampling = SamplingParams()
        self._system_prompt = ""  # the last one shown or emitted; typing differs from it until committed
        self._template_override: str | None = None
        self._overflow_policy: OverflowPolicy = "drop_oldest"
        self._fallback_local = False
        self._user_presets: dict[str, SamplingParams] = {}
        self._model_template_name = ""
        self._filling = False  # True while the panel itself sets fields: no signal goes out
        self._prompt_timer = QTimer(self)
        self._prompt_timer.setSingleShot(True)
        self._prompt_timer.setInterval(PROMPT_IDLE_MS)
        self._build()
        self._connect()
        self._fill_fields()
        self._fill_preset_combo()
        self._fill_template_combo()
        self._select_overflow()

    # --- layout ------------------------------------------------------------------------

    def _build(self) -> None:
        self.documents_view = DocumentSetsView()  # filled by app/controllers/documents_controller.py
        title = QLabel(self.tr("Conversation settings"))
        title.setObjectName("panelTitle")
        hint = QLabel(self.tr("Changes apply from the next answer."))
        hint.setObjectName("settingsHint")
        hint.setWordWrap(True)

        # System prompt
        prompt_tip = self.tr(
            "Instructions the model reads before every message of this conversation, "
            "such as who it should be or how it should answer."
        )
        self.prompt_edit = QPlainTextEdit()
        self.prompt_edit.setObjectName("systemPrompt")
        self.prompt_edit.setAccessibleName(self.tr("System prompt"))
        self.prompt_edit.setPlaceholderText(self.tr("For example: You are a friendly helper who answers briefly."))
        self.prompt_edit.setToolTip(prompt_tip)
        self.prompt_edit.setTabChangesFocus(True)
        line = self.prompt_edit.fontMetrics().lineSpacing()
        self.prompt_edit.setFixedHeight(line * 5 + 16)
        prompt_label = self._heading(self.tr("System prompt"), prompt_tip, self.prompt_edit)

        # Preset and sampling values
        self.preset_combo = self._combo("presetCombo")
        self.preset_combo.setToolTip(
            self.tr("Ready-made answer styles; choosing one fills in the values below, which you can still change.")
        )
        preset_label = self._heading(self.tr("Answer style"), self.preset_combo.toolTip(), self.preset_combo)
        self.save_preset_button = QPushButton(self.tr("Save as preset…"))
        self.save_preset_button.setObjectName("savePresetButton")
        self.save_preset_button.setToolTip(self.tr("Keep these values under a name of your own, to use them again."))
        self.default_button = QPushButton(self.tr("Use as default for this model"))
        self.default_button.setObjectName("modelDefaultButton")
        self.default_button.setToolTip(self.tr("New conversations with this model will start with these values."))

        self.temperature = self._double_spin(0.0, 2.0, 0.05)
        self.temperature.setToolTip(
            self.tr(
                "Higher values make answers more varied and surprising; "
                "lower values make them more focused and predictable."
            )
        )
        self.top_k = QSpinBox()
        self.top_k.setRange(0, 500)
        self.top_k.setSpecialValueText(self.tr("Off"))
        self.top_k.setToolTip(
            self.tr(
                "The model picks each next word only from this many of its likeliest choices; "
                "fewer gives safer answers, Off means no limit."
            )
        )
        self.top_p = self._double_spin(0.0, 1.0, 0.01)
        self.top_p.setToolTip(
            self.tr(
                "The model picks only among its likeliest words until their chances add up to this share; "
                "lower gives safer answers, 1.00 turns it off."
            )
        )
        self.min_p = self._double_spin(0.0, 1.0, 0.01)
        self.min_p.setToolTip(
            self.tr(
                "Leaves out words far less likely than the best one; higher keeps answers sensible, 0.00 turns it off."
            )
        )
        self.repeat_penalty = self._double_spin(1.0, 2.0, 0.05)
        self.repeat_penalty.setToolTip(
            self.tr("Higher values keep the model from repeating the same words and sentences; 1.00 means no penalty.")
        )
        self.max_tokens = QSpinBox()
        self.max_tokens.setRange(16, 32768)
        self.max_tokens.setSingleStep(64)
        self.max_tokens.setSuffix(self.tr(" tokens"))
        self.max_tokens.setToolTip(
            self.tr(
                "The most the model may write in one answer; a token is a short piece of a word, "
                "about three quarters of an English word."
            )
        )
        self.seed = _SeedSpinBox()
        self.seed.setRange(SEED_RANDOM, SEED_MAX)
        self.seed.setSpecialValueText(self.tr("Random"))
        self.seed.setToolTip(
            self.tr(
                "Leave it on Random for a different answer each time; "
                "enter a number to get the same answer again to the same question."
            )
        )
        self.fields: dict[str, QSpinBox | QDoubleSpinBox] = {
            "temperature": self.temperature,
            "top_k": self.top_k,
            "top_p": self.top_p,
            "min_p": self.min_p,
            "repeat_penalty": self.repeat_penalty,
            "max_tokens": self.max_tokens,
            "seed": self.seed,
        }
        labels = {
            "temperature": self.tr("Temperature"),
            "top_k": self.tr("Top-k"),
            "top_p": self.tr("Top-p"),
            "min_p": self.tr("Min-p"),
            "repeat_penalty": self.tr("Repeat penalty"),
            "max_tokens": self.tr("Answer length"),
            "seed": self.tr("Seed"),
        }
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        form.setHorizontalSpacing(10)
        form.setVerticalSpacing(6)
        for name, box in self.fields.items():
            box.setObjectName(f"{name}Field")
            box.setKeyboardTracking(False)  # valueChanged on Enter, focus-out or a step, not per key
            box.setAlignment(Qt.AlignmentFlag.AlignRight)
            self._quiet_wheel(box)
            label = QLabel(labels[name])
            label.setObjectName("settingName")
            label.setToolTip(box.toolTip())
            label.setBuddy(box)
            form.addRow(label, box)

        # Chat format
        self.template_combo = self._combo("templateCombo")
        self.template_combo.setToolTip(
            self.tr(
                "How the conversation is laid out for the model. Keep the model's own unless answers look "
                "strange: a wrong format makes answers odd, repeated or cut off."
            )
        )
        template_label = self._heading(self.tr("Chat format"), self.template_combo.toolTip(), self.template_combo)

        # Overflow policy
        self.overflow_combo = self._combo("overflowCombo")
        self.overflow_combo.setToolTip(
            self.tr(
                "What happens when the conversation no longer fits in what the model can read at once: "
                "leave out the oldest messages, or stop so you can start a new conversation."
            )
        )
        # The items stay short enough for a 320 px panel; the note under the combo says what the choice means.
        self.overflow_combo.addItem(self.tr("Leave out the oldest messages"), "drop_oldest")
        self.overflow_combo.addItem(self.tr("Stop and tell me"), "stop")
        self.overflow_notes = {
            "drop_oldest": self.tr(
                "The system prompt is always kept; the oldest questions and answers are left out first."
            ),
            "stop": self.tr("Hearth stops and tells you, so you can start a new conversation."),
        }
        for i in range(self.overflow_combo.count()):
            note = self.overflow_notes[self.overflow_combo.itemData(i)]
            self.overflow_combo.setItemData(i, note, Qt.ItemDataRole.ToolTipRole)
        self.overflow_note = QLabel()
        self.overflow_note.setObjectName("settingsNote")
        self.overflow_note.setWordWrap(True)
        overflow_label = self._heading(
            self.tr("When the conversation gets too long"), self.overflow_combo.toolTip(), self.overflow_combo
        )

        # A remote engine that does not answer (shown only for a conversation on one)
        self.fallback_box = QCheckBox(self.tr("Answer on this computer instead"))
        self.fallback_box.setObjectName("fallbackLocalBox")
        self.fallback_heading = self._heading("", "", self.fallback_box)
        self.fallback_note = QLabel()
        self.fallback_note.setObjectName("settingsNote")
        self.fallback_note.setWordWrap(True)
        self.fallback_section = QWidget()
        self.fallback_section.setObjectName("fallbackSection")
        fallback_column = QVBoxLayout(self.fallback_section)
        fallback_column.setContentsMargins(0, 10, 0, 0)
        fallback_column.setSpacing(6)
        fallback_column.addWidget(self.fallback_heading)
        fallback_column.addWidget(self.fallback_box)
        fallback_column.addWidget(self.fallback_note)
        self.fallback_section.hide()

        content = QWidget()
        content.setObjectName("settingsContent")
        column = QVBoxLayout(content)
        column.setContentsMargins(12, 12, 12, 12)
        column.setSpacing(6)
        column.addWidget(title)
        column.addWidget(hint)
        column.addSpacing(6)
        column.addWidget(prompt_label)
        column.addWidget(self.prompt_edit)
        column.addSpacing(10)
        column.addWidget(self.documents_view)
        column.addSpacing(10)
        column.addWidget(preset_label)
        column.addWidget(self.preset_combo)
        column.addLayout(form)
        column.addSpacing(2)
        column.addWidget(self.save_preset_button)
        column.addWidget(self.default_button)
        column.addSpacing(10)
        column.addWidget(template_label)
        column.addWidget(self.template_combo)
        column.addSpacing(10)
        column.addWidget(overflow_label)
        column.addWidget(self.overflow_combo)
        column.addWidget(self.overflow_note)
        column.addWidget(self.fallback_section)
        column.addStretch(1)

        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("settingsScroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll_area)

    def _heading(self, text: str, tip: str, buddy: QWidget) -> QLabel:
        label = QLabel(text)
        label.setObjectName("settingsHeading")
        label.setWordWrap(True)
        label.setToolTip(tip)
        label.setBuddy(buddy)
        return label

    def _combo(self, name: str) -> QComboBox:
        combo = _ElidingComboBox()
        combo.setObjectName(name)
        # Long entries (a model's template name, a translation, a user's preset name) must not widen the
        # panel: the combo shrinks and elides, its list still shows the whole text.
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(COMBO_MIN_CHARS)
        combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._quiet_wheel(combo)
        return combo

    def _double_spin(self, low: float, high: float, step: float) -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setDecimals(2)
        box.setRange(low, high)
        box.setSingleStep(step)
        return box

    def _quiet_wheel(self, widget: QWidget) -> None:
        """The mouse wheel scrolls the panel instead of changing a field the user did not click."""
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        widget.installEventFilter(self)

    def _connect(self) -> None:
        self.prompt_edit.textChanged.connect(self._on_prompt_text_changed)
        self.prompt_edit.installEventFilter(self)
        self._prompt_timer.timeout.connect(self._on_prompt_idle)
        for name, box in self.fields.items():
            box.valueChanged.connect(partial(self._on_field_value_changed, name))
        self.preset_combo.activated.connect(self._on_preset_activated)
        self.save_preset_button.clicked.connect(self._on_save_preset_clicked)
        self.default_button.clicked.connect(self._on_default_clicked)
        self.template_combo.activated.connect(self._on_template_activated)
        self.overflow_combo.activated.connect(self._on_overflow_activated)
        self.fallback_box.toggled.connect(self._on_fallback_toggled)

    # --- public API --------------------------------------------------------------------

    def adopt_conversation_id(self, conversation_id: int) -> None:
        """The new chat on screen (id 0, a draft) was just saved as `conversation_id`: later changes belong to it."""
        if not self._conversation_id:
            self._conversation_id = conversation_id

    def show_conversation(
        self, conversation: Conversation, user_presets: dict[str, SamplingParams], model_template_name: str
    ) -> None:
        """Show `conversation`'s settings; emits nothing.

        A system prompt still being typed for the previous conversation (less than PROMPT_IDLE_MS ago, and the
        box never lost focus) is dropped: call `commit_pending_edit()` first, before switching, to keep it.
        """
        if self._prompt_timer.isActive():
            logger.info("a system prompt edit was still pending when another conversation was shown; dropped")
        self._prompt_timer.stop()
        self._conversation_id = conversation.id
        self._sampling = conversation.sampling
        self._system_prompt = conversation.system_prompt
        self._template_override = conversation.template_override
        self._overflow_policy = conversation.overflow_policy
        self._user_presets = dict(user_presets)
        self._model_template_name = model_template_name
        self._filling = True
        try:
            self.prompt_edit.setPlainText(conversation.system_prompt)
        finally:
            self._filling = False
        self._fill_fields()
        self._fill_preset_combo()
        self._fill_template_combo()
        self._select_overflow()
        self.show_fallback(conversation)

    def show_fallback(self, conversation: Conversation) -> None:
        """The fallback choice of `conversation` (the one shown), and only it; emits nothing. The section
        shows while the conversation uses a remote engine."""
        self._fallback_local = conversation.fallback_local
        remote = parse_remote_ref(conversation.model_path)
        self._filling = True
        try:
            self.fallback_box.setChecked(conversation.fallback_local)
        finally:
            self._filling = False
        self.fallback_section.setVisible(remote is not None)
        if remote is None:
            return
        tip = self.tr(
            "This conversation runs on the engine {engine}. When it does not answer, even after Hearth has tried "
            "again, the model on this computer can answer instead."
        ).format(engine=remote.engine)
        self.fallback_heading.setText(self.tr("When {engine} does not answer").format(engine=remote.engine))
        self.fallback_heading.setToolTip(tip)
        self.fallback_box.setToolTip(tip)
        self.fallback_note.setText(
            self.tr(
                "Hearth then asks the model on this computer by itself and says so under the answer. "
                "Your next question tries {engine} again."
            ).format(engine=remote.engine)
        )

    def commit_pending_edit(self) -> None:
        """Emit a system prompt the user is still typing now, instead of after the idle delay.

        The window calls this before it switches to another conversation or creates one, so the edit
        goes to the conversation it was typed in. Emits nothing when there is nothing pending.
        """
        self._commit_prompt()

    @property
    def has_pending_edit(self) -> bool:
        """A system prompt is being typed: it goes out PROMPT_IDLE_MS after the last key, or on
        commit_pending_edit(). Nothing else is emitted later than the change that causes it."""
        return self._prompt_timer.isActive()

    def set_user_presets(self, user_presets: dict[str, SamplingParams]) -> None:
        """The user's own presets changed (one was saved or deleted). Emits nothing."""
        self._user_presets = dict(user_presets)
        self._fill_preset_combo()

    def current_change(self) -> SettingsChange:
        """The settings as shown now, a system prompt still being typed included."""
        return SettingsChange(
            system_prompt=self.prompt_edit.toPlainText(),
            sampling=self._sampling,
            template_override=self._template_override,
            overflow_policy=self._overflow_policy,
            conversation_id=self._conversation_id,
            fallback_local=self._fallback_local,
        )

    # --- filling the fields without signals ---------------------------------------------

    def _fill_fields(self) -> None:
        self._filling = True
        try:
            s = self._sampling
            self.temperature.setValue(s.temperature)
            self.top_k.setValue(s.top_k)
            self.top_p.setValue(s.top_p)
            self.min_p.setValue(s.min_p)
            self.repeat_penalty.setValue(s.repeat_penalty)
            self.max_tokens.setValue(s.max_tokens)
            self.seed.setValue(SEED_RANDOM if s.seed is None else s.seed)
        finally:
            self._filling = False

    def _builtin_label(self, name: str) -> str:
        labels = {"Precise": self.tr("Precise"), "Balanced": self.tr("Balanced"), "Creative": self.tr("Creative")}
        return labels.get(name, name)

    def _builtin_tip(self, name: str) -> str:
        tips = {
            "Precise": self.tr("Focused, predictable answers: good for facts, summaries and code."),
            "Balanced": self.tr("A mix of focus and variety that suits everyday chat."),
            "Creative": self.tr("Varied, surprising answers: good for stories and brainstorming."),
        }
        return tips.get(name, "")

    def _fill_preset_combo(self) -> None:
        combo = self.preset_combo
        combo.clear()
        for name in BUILTIN_PRESETS:
            combo.addItem(self._builtin_label(name), _BUILTIN + name)
            combo.setItemData(combo.count() - 1, self._builtin_tip(name), Qt.ItemDataRole.ToolTipRole)
        if self._user_presets:
            combo.insertSeparator(combo.count())
            for name in self._user_presets:
                combo.addItem(name, _USER + name)
                combo.setItemData(combo.count() - 1, name, Qt.ItemDataRole.ToolTipRole)
        match = matching_preset(self._sampling, self._user_presets)
        if match is None:
            combo.addItem(self.tr("Custom"), _CUSTOM)
            combo.setItemData(
                combo.count() - 1, self.tr("Your own values, not one of the presets."), Qt.ItemDataRole.ToolTipRole
            )
            combo.setCurrentIndex(combo.count() - 1)
            return
        builtin = match in BUILTIN_PRESETS and same_style(self._sampling, BUILTIN_PRESETS[match])
        combo.setCurrentIndex(combo.findData((_BUILTIN if builtin else _USER) + match))

    def _fill_template_combo(self) -> None:
        combo = self.template_combo
        combo.clear()
        if self._model_template_name:
            own = self.tr("From the model ({name})").format(name=self._model_template_name)
        else:
            own = self.tr("From the model")
        combo.addItem(own, None)
        for name in BUILTIN_TEMPLATES:
            combo.addItem(name, name)
        override = self._template_override
        if override is not None and combo.findData(override) < 0:
            # A name this version does not know (a newer Hearth saved it): keep it rather than lose it.
            combo.addItem(override, override)
        for i in range(combo.count()):
            combo.setItemData(i, combo.itemText(i), Qt.ItemDataRole.ToolTipRole)
        combo.setCurrentIndex(0 if override is None else combo.findData(override))

    def _select_overflow(self) -> None:
        index = self.overflow_combo.findData(self._overflow_policy)
        if index < 0:
            logger.warning("unknown overflow policy %r; showing the default", self._overflow_policy)
            index = 0
        self.overflow_combo.setCurrentIndex(index)
        self.overflow_note.setText(self.overflow_notes[self.overflow_combo.itemData(index)])

    # --- what the user does ---------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.prompt_edit and event.type() == QEvent.Type.FocusOut:
            self._commit_prompt()
        elif (
            event.type() == QEvent.Type.Wheel
            and isinstance(watched, QAbstractSpinBox | QComboBox)
            and not watched.hasFocus()
        ):
            event.ignore()  # the scroll area gets it
            return True
        return super().eventFilter(watched, event)

    def _on_prompt_text_changed(self) -> None:
        if not self._filling:
            self._prompt_timer.start()

    def _on_prompt_idle(self) -> None:
        self._commit_prompt()

    def _commit_prompt(self) -> None:
        self._prompt_timer.stop()
        if self.prompt_edit.toPlainText() != self._system_prompt:
            self._emit_change()

    def _on_field_value_changed(self, name: str, value: float) -> None:
        if self._filling:
            return
        new_value: Any
        if name == "seed":
            new_value = None if value == SEED_RANDOM else int(value)
        elif isinstance(self.fields[name], QSpinBox):
            new_value = int(value)
        else:
            new_value = float(value)
        self._sampling = replace(self._sampling, **{name: new_value})
        self._fill_preset_combo()
        self._emit_change()

    def _on_preset_activated(self, index: int) -> None:
        key = self.preset_combo.itemData(index)
        if not isinstance(key, str) or key == _CUSTOM:
            return
        if key.startswith(_BUILTIN):
            preset = BUILTIN_PRESETS[key.removeprefix(_BUILTIN)]
        else:
            preset = self._user_presets[key.removeprefix(_USER)]
        applied = apply_preset(self._sampling, preset)
        if applied == self._sampling:
            return
        self._sampling = applied
        self._fill_fields()
        self._fill_preset_combo()
        self._emit_change()

    def _on_save_preset_clicked(self) -> None:
        reserved = {n.casefold() for n in BUILTIN_PRESETS} | {
            self._builtin_label(n).casefold() for n in BUILTIN_PRESETS
        }
        match = matching_preset(self._sampling, self._user_presets)
        suggestion = match if match in self._user_presets else ""
        question = self.tr("Name for this preset:")
        while True:
            name, ok = QInputDialog.getText(
                self, self.tr("Save as preset"), question, QLineEdit.EchoMode.Normal, suggestion
            )
            name = name.strip()
            if not ok or not name:
                return
            if name.casefold() not in reserved:
                break
            question = self.tr("“{name}” is a built-in preset. Choose another name:").format(name=name)
            suggestion = name
        if name in self._user_presets and self._user_presets[name] != self._sampling:
            answer = QMessageBox.question(
                self,
                self.tr("Replace preset?"),
                self.tr("You already have a preset called “{name}”. Replace it with these values?").format(name=name),
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        logger.info("preset saved: %r", name)
        self.preset_saved.emit(name, self._sampling)

    def _on_default_clicked(self) -> None:
        self.model_default_requested.emit(self._sampling)

    def _on_template_activated(self, index: int) -> None:
        override = self.template_combo.itemData(index)
        if override == self._template_override:
            return
        self._template_override = override
        self._emit_change()

    def _on_overflow_activated(self, index: int) -> None:
        policy = self.overflow_combo.itemData(index)
        if policy == self._overflow_policy:
            return
        self._overflow_policy = policy
        self._select_overflow()
        self._emit_change()

    def _on_fallback_toggled(self, checked: bool) -> None:
        if self._filling or checked == self._fallback_local:
            return
        self._fallback_local = checked
        self._emit_change()

    def _emit_change(self) -> None:
        self._prompt_timer.stop()
        change = self.current_change()
        self._system_prompt = change.system_prompt  # a prompt being typed goes out with this change
        self.settings_changed.emit(change)
