"""The engine's error sentences in the interface language.

The engine writes its errors in English (engine.errors.UserError). The ones built from a
template listed here are marked for the translators (context "EngineErrors"); `error_text`
shows them translated, with the error's own values (a host, a file name, a size) filled in.
Any other error shows as the engine wrote it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from engine.protocol import Failed

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
    # engine/client/crash_report.py
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine stopped responding.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine stopped unexpectedly (exit code {code}).",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine stopped unexpectedly ({signal}).",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed (segmentation fault, SIGSEGV); this is a bug in llama.cpp or a damaged model file.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine was stopped by the system (killed, SIGKILL); this often means the computer ran out of memory.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine aborted (SIGABRT): llama.cpp stopped itself after an internal error.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed (bus error, SIGBUS); the model file may have changed or become "
            "unreadable while in use.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed on an instruction this processor refused (illegal instruction, SIGILL).",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed (arithmetic error, SIGFPE); this is a bug in llama.cpp or a damaged model file.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine was stopped by another program (terminated, SIGTERM).",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The system stopped the engine because the computer ran out of memory (SIGKILL); close "
            "other programs or pick a smaller model or context.",
        )
    ),
    # engine/client/process.py, engine/runtime/worker.py
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine is not running.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "No model is loaded yet.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "See the engine log for llama.cpp's own messages.",
        )
    ),
    # engine/runtime/memory_guard.py
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} needs about {need} but {free} is free; close other programs, pick a smaller model "
            "or context, or load it anyway.",
        )
    ),
    # engine/runtime/llama_runtime.py
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "llama.cpp could not load {name}; see the details for its log.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Not enough memory to give {name} a context of {n_ctx} tokens; try a smaller context.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The conversation is {tokens} tokens long but this model's context holds {n_ctx}.",
        )
    ),
    # engine/prompt/context_fit.py
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This conversation is {tokens} tokens long and no longer fits this model's context of "
            "{n_ctx} tokens with room for an answer; start a new conversation, or choose “leave out the "
            "oldest messages” in the conversation settings.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Your message alone is {tokens} tokens, too long for this model's context of {n_ctx} tokens "
            "with room for an answer; shorten it or use a larger context.",
        )
    ),
    # engine/models/model_file.py
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "Model file not found: {path}",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{path} is a folder, not a model file.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is empty (0 bytes), not a model.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is not a GGUF model file (it looks like {kind}).",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is a big-endian GGUF file, which this computer cannot read.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This GGUF version ({version}) is not supported (this engine reads versions 2 and 3).",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This file is incomplete: it ends inside its header, at {size}.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This file is incomplete: it ends at {size} of {total}.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} does not say which model architecture it is, so it cannot be loaded.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "{name} is a vision projector (mmproj), not a model: it goes with a model's file.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This model's architecture '{architecture}' is newer than this version of Hearth's engine.",
        )
    ),
    # engine/kernels/policy.py: what Hearth did about CPU kernels this processor refuses
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This processor refuses the AMX instructions it advertises, so Hearth switched llama.cpp to its safe "
            "kernels on this computer.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "This processor refuses the instructions of llama.cpp's weight-repacking kernels, so Hearth switched "
            "llama.cpp to its safe kernels on this computer.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed because this processor refuses the AMX instructions it advertises; Hearth restarted "
            "it with llama.cpp's safe kernels and will keep them on this computer.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "The engine crashed because this processor refuses the instructions of llama.cpp's weight-repacking "
            "kernels; Hearth restarted it with llama.cpp's safe kernels and will keep them on this computer.",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "llama.cpp crashes on this processor even with its safe kernels: this build uses {names} instructions, "
            "which this processor does not have; reinstall llama-cpp-python on this computer (hearth doctor shows "
            "the details).",
        )
    ),
    str(
        QT_TRANSLATE_NOOP(
            "EngineErrors",
            "llama.cpp crashes on this processor even with its safe kernels, because the processor refuses an "
            "instruction it advertises; reinstall llama-cpp-python on this computer (hearth doctor shows the "
            "details).",
        )
    ),
)


def error_text(error: BaseException) -> str:
    """`error` as one sentence in the interface language (as the engine wrote it if we have no translation)."""
    return template_text(str(error), getattr(error, "template", None), getattr(error, "params", {}))


def failed_text(event: Failed) -> str:
    """An engine Failed event's reason in the interface language."""
    return template_text(event.reason, event.reason_template or event.reason, event.reason_params)


def details_text(details: str) -> str:
    """Details that are one known sentence (the pointer to the engine log) translated; a log tail as it is."""
    return template_text(details, details)


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
