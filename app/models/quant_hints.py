"""The engine's plain-words quantization hints (engine/hub/quant.py), in the interface language.

The engine writes them in English for the command line; the Hub panel shows them through
here. Every hint the engine can give is marked below for the translators (context
"QuantHints"); tests/app/test_i18n.py checks that none is missing.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

TRANSLATED_HINTS = (
    str(QT_TRANSLATE_NOOP("QuantHints", "full precision: the largest files, the original quality")),
    str(QT_TRANSLATE_NOOP("QuantHints", "almost the original quality, large")),
    str(QT_TRANSLATE_NOOP("QuantHints", "very close to the original quality")),
    str(QT_TRANSLATE_NOOP("QuantHints", "high quality, a little larger")),
    str(QT_TRANSLATE_NOOP("QuantHints", "a good balance of size and quality")),
    str(QT_TRANSLATE_NOOP("QuantHints", "small, good quality")),
    str(QT_TRANSLATE_NOOP("QuantHints", "smaller, noticeably lower quality")),
    str(QT_TRANSLATE_NOOP("QuantHints", "the smallest, much lower quality: only when nothing else fits")),
    str(QT_TRANSLATE_NOOP("QuantHints", "quantization not named in the file name")),
    str(QT_TRANSLATE_NOOP("QuantHints", "a less common quantization")),
)


def quant_hint_text(hint: str) -> str:
    """`hint` (as engine.hub.quant.quant_hint wrote it) in the interface language."""
    return QCoreApplication.translate("QuantHints", hint)
