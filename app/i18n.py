"""Load the interface language: English, Traditional Chinese or Simplified Chinese.

Translations are Qt .qm files built from resources/i18n/*.ts. Without a match
the interface stays in English, the source language.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtGui import QFontDatabase, QGuiApplication

from app.resources import resource_path

logger = logging.getLogger(__name__)

SUPPORTED = ("en", "zh_TW", "zh_CN")


def install_translator(app: QCoreApplication, language: str | None = None) -> str:
    """Install translators for `language` (e.g. "zh_TW") or the system locale; return the one used."""
    locale = QLocale(language) if language else QLocale.system()
    installed = "en"
    ours = QTranslator(app)
    if ours.load(locale, "hearth", "_", str(resource_path("i18n"))):
        app.installTranslator(ours)
        installed = locale.name()
    qt_base = QTranslator(app)
    if qt_base.load(locale, "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt_base)
    logger.info("interface language: %s", installed)
    return installed


# Han characters share code points across regions but not glyph shapes or punctuation
# placement; name the regional Noto CJK face so Taiwan users get Traditional forms.
REGIONAL_CJK_FAMILIES = {"zh_TW": "Noto Sans CJK TC", "zh_HK": "Noto Sans CJK HK", "zh_CN": "Noto Sans CJK SC"}


def apply_regional_font(app: QGuiApplication, language: str) -> None:
    family = REGIONAL_CJK_FAMILIES.get(language)
    if family is None:
        return
    font = app.font()
    font.setFamilies([font.family(), family])
    app.setFont(font)


# Which writing system each Chinese interface needs a font for.
WRITING_SYSTEMS = {
    "zh_TW": QFontDatabase.WritingSystem.TraditionalChinese,
    "zh_HK": QFontDatabase.WritingSystem.TraditionalChinese,
    "zh_CN": QFontDatabase.WritingSystem.SimplifiedChinese,
}
# Said in English first: without the font, the Chinese sentence after it is itself drawn as boxes
# (a screen reader, or the text copied elsewhere, still reads it).
NO_CJK_FONT = (
    "Chinese text needs a Chinese font, which this computer lacks: install fonts-noto-cjk "
    "(Debian, Ubuntu) or google-noto-sans-cjk-fonts (Fedora), then start Hearth again."
)
NO_CJK_FONT_OWN_WORDS = {
    "zh_TW": "中文需要中文字型，這台電腦沒有：請安裝 fonts-noto-cjk（Debian、Ubuntu）或 "
    "google-noto-sans-cjk-fonts（Fedora），然後重新啟動 Hearth。",
    "zh_HK": "中文需要中文字型，這台電腦沒有：請安裝 fonts-noto-cjk（Debian、Ubuntu）或 "
    "google-noto-sans-cjk-fonts（Fedora），然後重新啟動 Hearth。",
    "zh_CN": "中文需要中文字体，这台电脑没有：请安装 fonts-noto-cjk（Debian、Ubuntu）或 "
    "google-noto-sans-cjk-fonts（Fedora），然后重新启动 Hearth。",
}


def has_font_for(writing_system: QFontDatabase.WritingSystem) -> bool:
    return bool(QFontDatabase.families(writing_system))


def missing_font_notice(language: str) -> str:
    """One sentence when the interface language's script has no font here (the tar.gz on a bare
    system; the .deb depends on fonts-noto-cjk); "" otherwise."""
    writing_system = WRITING_SYSTEMS.get(language)
    if writing_system is None or has_font_for(writing_system):
        return ""
    logger.warning("no font for %s", language)
    return f"{NO_CJK_FONT} {NO_CJK_FONT_OWN_WORDS.get(language, '')}".strip()
