"""The engine's sentence catalog and the window's translations agree, code by code.

engine.errors.MESSAGES is the one place an English template is written; app/error_texts.py marks
the same text for the translators under the same code, and both .ts files translate it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import get_args

import pytest
from PySide6.QtWidgets import QApplication

from app.error_texts import CONTEXT, ENGINE_SENTENCES, code_text, details_text, error_text, failed_text
from engine.errors import ALL_CODES, MESSAGES, ErrorCode, UserError, code_of_sentence, message
from engine.protocol import AnswerFailed, CommandFailed, EngineDied, LoadFailed, Notice

I18N_DIR = Path(__file__).resolve().parents[2] / "resources" / "i18n"
LOCALES = ("zh_TW", "zh_CN")


def _finished(locale: str) -> dict[str, str]:
    """source -> translation of the finished EngineErrors messages in hearth_<locale>.ts."""
    root = ET.parse(I18N_DIR / f"hearth_{locale}.ts").getroot()
    found = {}
    for context in root.findall("context"):
        if context.findtext("name") != CONTEXT:
            continue
        for m in context.findall("message"):
            translation = m.find("translation")
            if translation is not None and translation.get("type") is None and (translation.text or "").strip():
                found[m.findtext("source") or ""] = translation.text or ""
    return found


def test_every_code_in_the_catalog_has_one_template() -> None:
    assert set(get_args(ErrorCode)) == set(MESSAGES) == set(ALL_CODES)
    assert len(ALL_CODES) == len(set(ALL_CODES))


def test_every_code_is_marked_for_translation_with_the_catalogs_english() -> None:
    missing = sorted(set(MESSAGES) - set(ENGINE_SENTENCES))
    assert not missing, f"add these codes to app/error_texts.py ENGINE_SENTENCES: {missing}"
    unknown = sorted(set(ENGINE_SENTENCES) - set(MESSAGES))
    assert not unknown, f"app/error_texts.py has codes the engine does not: {unknown}"
    differ = sorted(code for code in MESSAGES if ENGINE_SENTENCES[code] != MESSAGES[code])
    assert not differ, f"the English in app/error_texts.py differs from engine.errors.MESSAGES for {differ}"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_code_is_translated(locale: str) -> None:
    translated = _finished(locale)
    missing = sorted(code for code, template in MESSAGES.items() if template not in translated)
    assert not missing, (
        f"hearth_{locale}.ts lacks a translation for {missing}: run `python packaging/update_translations.py`"
    )


def test_a_user_error_says_its_template_with_its_values() -> None:
    error = UserError("model_file.incomplete", size="30 MB", total="92 MB")
    assert str(error) == "This file is incomplete: it ends at 30 MB of 92 MB."
    assert error.code == "model_file.incomplete"
    assert error.template == MESSAGES["model_file.incomplete"]
    assert dict(error.params) == {"size": "30 MB", "total": "92 MB"}
    # A value named "code" is a value like any other (the code itself is positional).
    assert str(UserError("engine.exit_code", code=3)) == "The engine stopped unexpectedly (exit code 3)."
    again = UserError.from_code(error.code, error.params)
    assert (str(again), again.code) == (str(error), error.code)
    with pytest.raises(KeyError):
        UserError.from_code("no.such_code", {})


def test_every_failure_event_carries_the_code_of_its_error() -> None:
    error = UserError("engine.no_model")
    answer = AnswerFailed.from_error(7, error, "details", kind="crash")
    assert (answer.request_id, answer.reason, answer.details) == (7, "No model is loaded yet.", "details")
    assert (answer.kind, answer.reason_code) == ("crash", "engine.no_model")
    events = (LoadFailed.from_error(3, error), CommandFailed.from_error(4, error), EngineDied.from_error(error))
    assert [event.reason_code for event in events] == ["engine.no_model"] * 3
    assert Notice.from_error(error).reason_code == "engine.no_model"
    died = EngineDied.from_error(error, "log tail")
    assert (died.of_answer(9).reason_code, died.of_load(2).reason_code) == ("engine.no_model", "engine.no_model")
    assert AnswerFailed.from_error(1, RuntimeError("boom")).reason_code == ""


def test_only_sentences_without_values_are_recognised_from_their_text() -> None:
    assert code_of_sentence(message("kernels.switched.amx")) == "kernels.switched.amx"
    assert code_of_sentence(message("kernels.nothing_works.missing", names="AVX2")) is None
    assert code_of_sentence("Something else.") is None


def test_without_a_translator_the_window_shows_the_engines_english(qapp: QApplication) -> None:
    error = UserError("hub.unreachable", host="huggingface.co")
    assert error_text(error) == str(error)
    assert failed_text(EngineDied.from_error(error)) == str(error)
    assert details_text(message("engine.see_log")) == message("engine.see_log")
    assert details_text("a log tail") == "a log tail"
    assert code_text("", (), "plain") == "plain"
