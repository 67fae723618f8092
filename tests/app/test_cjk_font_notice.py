"""A Chinese interface on a computer without a Chinese font says so in one (English) sentence."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontDatabase
from pytestqt.qtbot import QtBot

from app import i18n


def test_with_a_chinese_font_nothing_is_said(qtbot: QtBot) -> None:
    # CI installs fonts-noto-cjk (.ci/run), as the .deb depends on it.
    assert i18n.missing_font_notice("zh_TW") == ""
    assert i18n.missing_font_notice("zh_CN") == ""
    assert i18n.missing_font_notice("en") == ""


def test_without_a_font_for_the_script_the_sentence_names_the_package(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A script no font here covers stands in for Chinese on a bare system: the same Qt query answers it.
    nko = QFontDatabase.WritingSystem.Nko
    assert not i18n.has_font_for(nko)
    monkeypatch.setitem(i18n.WRITING_SYSTEMS, "zh_TW", nko)
    notice = i18n.missing_font_notice("zh_TW")
    english, _, own_words = notice.partition(". ")
    assert "fonts-noto-cjk" in english
    assert english.isascii(), "said in English first: the Chinese would be drawn as boxes"
    assert own_words.startswith("中文需要中文字型"), "and in the interface language's own words"
    assert "fonts-noto-cjk" in own_words
