"""The engine's error sentences in the interface language.

The engine writes its errors in English (engine.errors.UserError). The ones built from a
template listed here are marked for the translators (context "EngineErrors"); `error_text`
shows them translated, with the error's own values (a host, a file name, a size) filled in.
Any other error shows as the engine wrote it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

TRANSLATED_TEMPLATES = (
    # engine/hub/errors.py
    str(QT_TRANSLATE_NOOP("EngineErrors", "Hub actions are off because HF_HUB_OFFLINE is set.")),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This model is gated: accept its terms on huggingface.co, then add your access token "
            "(Models › Discover › Access token…, or --token on the command line).",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The Hugging Face Hub refused your access token: check it under Models › Discover › Access token….",
        )
    ),
    str(QT_TRANSLATE_NOOP("EngineErrors", "Could not reach the Hugging Face Hub at {host}: check your connection.")),
    str(QT_TRANSLATE_NOOP("EngineErrors", "The Hugging Face Hub is limiting requests: try again in a minute.")),
    str(QT_TRANSLATE_NOOP("EngineErrors", "The Hugging Face Hub had a server error ({status}): try again later.")),
    str(
        QT_TRANSLATE_NOOP("EngineErrors", "The Hugging Face Hub refused access to {repo}: your token lacks permission.")
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "No model named {repo} on the Hugging Face Hub "
            "(a private model needs your access token: Models › Discover › Access token…).",
        )
    ),
    # engine/store/conversations.py
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors", "The disk is full, so this could not be saved; free some space and try again."
        )
    ),
    # engine/hub/offline_mode.py
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Offline mode is on, so Hearth does not contact the Hugging Face Hub; "
            "turn it off under Privacy to search or download.",
        )
    ),
    # engine/hub/download.py
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The connection to the Hub dropped at {done} of {total}; "
            "the part is kept and the download resumes where it stopped.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The download of {name} failed its checksum (expected {expected}…, got {got}…); nothing was saved. "
            "Try again; if it keeps failing, the file on the Hub may be damaged.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Not enough free disk space to download {name}: it needs {needed} more and {usable} can be used in "
            "{folder}.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The disk filled up while downloading {name} ({done} of {total} saved); "
            "the part is kept, so free some space and the download resumes where it stopped.",
        )
    ),
)


def error_text(error: BaseException) -> str:
    """`error` as one sentence in the interface language (as the engine wrote it if we have no translation)."""
    return template_text(str(error), getattr(error, "template", None), getattr(error, "params", {}))


def template_text(
    english: str, template: str | None, params: Mapping[str, str] | Iterable[tuple[str, str]] = ()
) -> str:
    """The translation of `template` with `params` filled in; `english` when there is none."""
    if not template:
        return english
    translated = QCoreApplication.translate("EngineErrors", template)
    if translated == template:
        return english
    try:
        return translated.format(**dict(params))
    except (KeyError, IndexError, ValueError):  # a translation whose placeholders do not match
        return english
