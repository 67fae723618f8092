"""The model settings dialog returns what the user set, answers at once and the shared context included."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.models.model_settings_dialog import ModelSettingsDialog
from engine.models.model_settings import MAX_PARALLEL, ModelSettings


def test_answers_at_once_and_the_shared_context_come_back_as_set(qtbot: QtBot) -> None:
    dialog = ModelSettingsDialog("model", ModelSettings(parallel=2))
    qtbot.addWidget(dialog)
    assert dialog.parallel.value() == 2
    assert dialog.parallel.maximum() == MAX_PARALLEL
    assert dialog.parallel.minimum() == 1
    dialog.parallel.setValue(6)
    dialog.kv_unified.setChecked(True)
    chosen = dialog.settings()
    assert (chosen.parallel, chosen.kv_unified) == (6, True)
    assert dialog.parallel.toolTip()
    assert dialog.kv_unified.toolTip()
