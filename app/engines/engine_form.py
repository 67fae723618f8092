"""Add or edit one remote engine: its name, the address its server documents, an optional API key,
and whether it is a computer of the user's own or someone else's service. "Test connection" asks
the server for its models before anything is saved."""

from __future__ import annotations

import logging

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.background import run_in_background
from app.engines.connection_test import server_models
from app.engines.trust_texts import trust_name, what_it_sees
from app.error_texts import error_text
from engine.remote.engines import EngineRegistryError, RemoteEngine, Trust, add_engine, list_engines

logger = logging.getLogger(__name__)

MODELS_SHOWN = 6  # a server may offer hundreds; the first few say enough that it answered


class EngineFormDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, engine: RemoteEngine | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("engineForm")
        self.editing = engine
        self.saved_engine: RemoteEngine | None = None
        self._test_round = 0  # a test's answer counts only if no newer test was started since
        self.setWindowTitle(self.tr("Edit remote engine") if engine else self.tr("Add a remote engine"))
        self.setMinimumWidth(560)

        self.name = QLineEdit()
        self.name.setPlaceholderText("gpu-box")  # a name as typed: no translation
        self.name.setMaxLength(40)
        self.url = QLineEdit()
        self.url.setPlaceholderText("http://192.168.1.20:8080")
        url_hint = self._hint(
            self.tr(
                "The address given in the server's documentation, with or without /v1: llama-server, Ollama, "
                "vLLM, LM Studio or another Hearth."
            )
        )
        self.api_key = QLineEdit()
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.api_key.setPlaceholderText(self.tr("Optional"))
        self.forget_key = QCheckBox(self.tr("Forget the saved key"))
        self.forget_key.hide()
        key_hint = self._hint(self.tr("Kept in a file only you can read, like the Hugging Face access token."))

        self.mine = QRadioButton(trust_name("mine"))
        self.service = QRadioButton(trust_name("service"))
        self.trust_group = QButtonGroup(self)
        self.trust_group.addButton(self.mine)
        self.trust_group.addButton(self.service)
        self.mine.setChecked(True)
        self.trust_note = self._hint("")
        trust_box = QVBoxLayout()
        trust_box.setSpacing(4)
        trust_box.addWidget(self.mine)
        trust_box.addWidget(self.service)
        trust_box.addWidget(self.trust_note)

        self.test_button = QPushButton(self.tr("Test connection"))
        self.test_button.setToolTip(self.tr("Ask the server which models it offers. Nothing is saved."))
        self.test_result = QLabel()
        self.test_result.setObjectName("settingsNote")
        self.test_result.setWordWrap(True)
        self.test_result.setTextFormat(Qt.TextFormat.PlainText)
        self.test_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.test_result.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.test_result.hide()
        test_row = QVBoxLayout()
        test_row.setSpacing(6)
        test_row.addWidget(self.test_button, 0, Qt.AlignmentFlag.AlignLeft)
        test_row.addWidget(self.test_result)

        self.error = QLabel()
        self.error.setObjectName("errorMessage")
        self.error.setWordWrap(True)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.error.hide()

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setText(self.tr("Save") if engine else self.tr("Add"))

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        form.setVerticalSpacing(10)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Address"), self._stacked(self.url, url_hint))
        form.addRow(self.tr("API key"), self._stacked(self.api_key, self.forget_key, key_hint))
        form.addRow(self.tr("Whose is it?"), trust_box)
        form.addRow("", test_row)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 12)
        layout.setSpacing(10)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addStretch(1)
        layout.addWidget(self.buttons)

        self.trust_group.buttonToggled.connect(self._show_trust_note)
        self.test_button.clicked.connect(self.test_connection)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        if engine is not None:
            self._fill(engine)
        self._show_trust_note()

    def _hint(self, text: str) -> QLabel:
        label = QLabel(text)
        label.setObjectName("settingsHint")
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        return label

    @staticmethod
    def _stacked(*widgets: QWidget) -> QVBoxLayout:
        box = QVBoxLayout()
        box.setSpacing(4)
        for widget in widgets:
            box.addWidget(widget)
        return box

    def _fill(self, engine: RemoteEngine) -> None:
        self.name.setText(engine.name)
        # Conversations remember their engine by its name: renaming would strand them.
        self.name.setReadOnly(True)
        self.name.setToolTip(self.tr("The name stays: conversations remember their engine by it."))
        self.url.setText(engine.base_url)
        self.service.setChecked(engine.trust == "service")
        self.mine.setChecked(engine.trust == "mine")
        if engine.has_key:
            self.api_key.setPlaceholderText(self.tr("Saved; leave empty to keep it"))
            self.forget_key.show()

    @property
    def trust(self) -> Trust:
        return "service" if self.service.isChecked() else "mine"

    def _show_trust_note(self) -> None:
        sees = what_it_sees(self.trust)
        self.trust_note.setText(sees[:1].upper() + sees[1:])
        if self.isVisible():
            self._grow_to_fit()

    def _key_to_use(self) -> str | None:
        """The key typed; else, when editing, the saved one unless the user asked to forget it."""
        typed = self.api_key.text().strip()
        if typed:
            return typed
        if self.editing is not None and not self.forget_key.isChecked():
            return self.editing.api_key()
        return None

    # --- test connection ---------------------------------------------------------------

    def test_connection(self) -> None:
        self._test_round += 1
        round_number = self._test_round
        name, url, key = self.name.text().strip(), self.url.text(), self._key_to_use()
        self.test_button.setEnabled(False)
        self._show_test_result(self.tr("Asking the server for its models…"), "settingsNote")
        run_in_background(
            self,
            lambda: server_models(name, url, key),
            lambda models: self._on_models_listed(round_number, models),
            lambda exc: self._on_test_failed(round_number, exc),
        )

    def _on_models_listed(self, round_number: int, models: list[str]) -> None:
        if round_number != self._test_round:
            return
        self.test_button.setEnabled(True)
        shown = self.tr(", ").join(models[:MODELS_SHOWN])  # 、 in Chinese
        if len(models) > MODELS_SHOWN:
            shown = self.tr("{models} and {more} more").format(models=shown, more=len(models) - MODELS_SHOWN)
        self._show_test_result(self.tr("Connected. Its models: {models}").format(models=shown), "testPassed")

    def _on_test_failed(self, round_number: int, exc: Exception) -> None:
        if round_number != self._test_round:
            return
        self.test_button.setEnabled(True)
        self._show_test_result(error_text(exc), "errorMessage")

    def _show_test_result(self, text: str, look: str) -> None:
        """`look`: the object name the style sheets colour it by (grey, green, red)."""
        self.test_result.setText(text)
        self.test_result.setObjectName(look)
        self.test_result.style().unpolish(self.test_result)
        self.test_result.style().polish(self.test_result)
        self.test_result.show()
        self._grow_to_fit()

    # --- save --------------------------------------------------------------------------

    def save(self) -> None:
        """Add (or replace) the engine; on a bad name or address, say why in one sentence and keep the form."""
        name = self.name.text().strip()
        if self.editing is None and any(e.name.lower() == name.lower() for e in list_engines()):
            self._show_error(
                self.tr("An engine called {name} is already added: pick another name, or edit that one.").format(
                    name=name
                )
            )
            return
        try:
            self.saved_engine = add_engine(name, self.url.text(), self._key_to_use(), self.trust)
        except EngineRegistryError as exc:
            self._show_error(error_text(exc))
            return
        logger.info("remote engine %s saved (%s)", self.saved_engine.name, self.saved_engine.host)
        self.accept()

    def _show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()
        self._grow_to_fit()

    def _grow_to_fit(self) -> None:
        """Taller when a sentence appears: a dialog already shown keeps its size, which would cut
        the wrapped lines off."""
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        needed = layout.totalHeightForWidth(self.width())
        if needed > self.height():
            self.resize(self.width(), needed)
