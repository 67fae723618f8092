"""The Hub panel's suggested models: small instruct models that run on an ordinary computer, and
the embedding model that finds passages in your documents by their meaning.

A starting point for people new to local models. Sizes are for the file named (Q4_K_M for chat
models). The notes are marked for translation (context "CuratedModels") and shown in the
interface language.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from engine.models.embedding_models import SUGGESTED_FILE, SUGGESTED_MB, SUGGESTED_REPO


@dataclass(frozen=True)
class CuratedModel:
    repo_id: str
    file: str  # the one to start with: Q4_K_M for a chat model
    size_mb: int
    note: str  # English, as marked for the translators; show it through note_text()

    def note_text(self) -> str:
        return QCoreApplication.translate("CuratedModels", self.note)


CURATED_MODELS = (
    CuratedModel(
        "Qwen/Qwen2.5-0.5B-Instruct-GGUF",
        "qwen2.5-0.5b-instruct-q4_k_m.gguf",
        491,
        str(
            QT_TRANSLATE_NOOP(
                "CuratedModels", "Tiny and quick; writes English and Chinese (Traditional and Simplified)."
            )
        ),
    ),
    CuratedModel(
        "bartowski/Llama-3.2-1B-Instruct-GGUF",
        "Llama-3.2-1B-Instruct-Q4_K_M.gguf",
        808,
        str(QT_TRANSLATE_NOOP("CuratedModels", "Meta's small model: fast answers for everyday questions.")),
    ),
    CuratedModel(
        "unsloth/gemma-3-1b-it-GGUF",
        "gemma-3-1b-it-Q4_K_M.gguf",
        806,
        str(QT_TRANSLATE_NOOP("CuratedModels", "Google's small Gemma 3: good writing for its size.")),
    ),
    CuratedModel(
        "Qwen/Qwen2.5-1.5B-Instruct-GGUF",
        "qwen2.5-1.5b-instruct-q4_k_m.gguf",
        1117,
        str(QT_TRANSLATE_NOOP("CuratedModels", "A step up in quality, and strong in Chinese.")),
    ),
    CuratedModel(
        "HuggingFaceTB/SmolLM2-1.7B-Instruct-GGUF",
        "smollm2-1.7b-instruct-q4_k_m.gguf",
        1060,
        str(QT_TRANSLATE_NOOP("CuratedModels", "The big sibling of Hearth's starter model.")),
    ),
    CuratedModel(
        "bartowski/Llama-3.2-3B-Instruct-GGUF",
        "Llama-3.2-3B-Instruct-Q4_K_M.gguf",
        2020,
        str(QT_TRANSLATE_NOOP("CuratedModels", "Better reasoning; needs about 3 GB of free memory.")),
    ),
    CuratedModel(
        "bartowski/Phi-3.5-mini-instruct-GGUF",
        "Phi-3.5-mini-instruct-Q4_K_M.gguf",
        2390,
        str(QT_TRANSLATE_NOOP("CuratedModels", "Microsoft's Phi: careful answers, English first.")),
    ),
)

# Documents (engine/docs/) are found by meaning with an embedding model: the one Hearth suggests.
EMBEDDING_MODEL = CuratedModel(
    SUGGESTED_REPO,
    SUGGESTED_FILE,
    SUGGESTED_MB,
    str(
        QT_TRANSLATE_NOOP(
            "CuratedModels",
            "For your documents, not for chatting: finds passages by their meaning, in Chinese, English "
            "and ten other languages.",
        )
    ),
)

SUGGESTED_MODELS = (*CURATED_MODELS, EMBEDDING_MODEL)
