"""What an embedding model is given for a passage and for a question.

Retrieval models are trained with markers that tell a question from a passage, and score worse
without them: the E5 family wants "query: " and "passage: ", nomic-embed "search_query: " and
"search_document: ". Others (BGE-M3, MiniLM) take the text as it is. The model is known by the
name its GGUF gives (general.name) or its file name.
"""

from __future__ import annotations

_MARKERS = (  # (name part, question marker, passage marker)
    ("e5", "query: ", "passage: "),
    ("nomic", "search_query: ", "search_document: "),
)


def _markers(model: str) -> tuple[str, str]:
    name = model.lower()
    for part, question, passage in _MARKERS:
        if part in name:
            return question, passage
    return "", ""


def passage_text(model: str, section: str, text: str) -> str:
    """A chunk as its embedding is computed: its heading too, which often says what it is about."""
    heading = f"{section}\n" if section and not text.startswith(section) else ""
    return _markers(model)[1] + heading + text


def question_text(model: str, question: str) -> str:
    return _markers(model)[0] + question
