"""What the model is given to answer from a document set: numbered excerpts it cites as [1], [2].

Retrieval always runs before the model answers (never left to the model's choice: small models
ignore a search tool). Two ways in:

- whole: the set is small enough to fit the context comfortably, so every page (or section) of
  every file goes into the system message, in reading order. It repeats unchanged from one
  question to the next, so the prefix cache reads it once per conversation;
- excerpts: the best chunks for this question (engine/docs/search.py), put in the user's message,
  before the question (what changes goes last).

When nothing in the set matches, the model is told so, and to say so instead of inventing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.docs.chunking import estimate_tokens
from engine.docs.extract import DocumentError, extract
from engine.docs.search import EmbedOne, place_of, search
from engine.docs.store import DocumentStore

EXCERPTS = 5
WHOLE_SHARE = 0.5  # a set is given whole when it takes at most this share of the context

CITE = (
    "Answer the user's question from the numbered excerpts of their documents. After each fact you use, cite "
    "its excerpt's number in square brackets, like [1] or [2]. If the excerpts do not answer the question, say "
    "that the documents do not say, and do not guess."
)
NOTHING_FOUND = (
    "The user asked about their documents ({sets}), but nothing in them matches this question. Tell the user "
    "that their documents do not cover it; do not make up what they say."
)


@dataclass(frozen=True)
class Source:
    number: int
    path: str
    page: int | None
    section: str
    text: str

    @property
    def place(self) -> str:
        return place_of(self.page, self.section)

    @property
    def label(self) -> str:
        name = Path(self.path).name
        return f"{name}, {self.place}" if self.place else name

    def as_json(self) -> dict[str, object]:
        return {"number": self.number, "path": self.path, "page": self.page, "section": self.section,
                "excerpt": self.text}  # fmt: skip


@dataclass(frozen=True)
class Grounding:
    """The instructions (and, whole, the documents) for the system message; the user's message."""

    mode: str  # "whole", "excerpts" or "nothing"
    system: str
    user: str
    sources: tuple[Source, ...]

    @property
    def documents(self) -> str:
        """The documents as they stand in the system message (whole) or before the question
        (excerpts), numbered; "" for none. Generate.documents: the engine says which prompt tokens
        hold them (Started.documents_at), and so how many of them the cache reused."""
        return _numbered(self.sources)


def _numbered(sources: Sequence[Source]) -> str:
    return "\n\n".join(f"[{s.number}] {s.label}\n{s.text.strip()}" for s in sources)


def whole_sources(store: DocumentStore, names: Sequence[str], budget_tokens: int) -> list[Source] | None:
    """Every page or section of the sets' files, numbered in reading order; None when they would
    take more than `budget_tokens` (or a file can no longer be read: then excerpts it is)."""
    records = [record for name in names for record in store.files(name) if record.status == "indexed"]
    if not records or sum(record.chars for record in records) // 4 > budget_tokens:
        return None  # a quick bound before reading anything
    sources: list[Source] = []
    for record in sorted(records, key=lambda r: r.path):
        try:
            passages = extract(Path(record.path))
        except DocumentError:
            return None
        for passage in passages:
            sources.append(Source(len(sources) + 1, record.path, passage.page, passage.section, passage.text))
    if sum(estimate_tokens(s.text) for s in sources) > budget_tokens:
        return None
    return sources


def ground(
    store: DocumentStore,
    names: Sequence[str],
    question: str,
    *,
    context_tokens: int,
    embed: EmbedOne | None = None,
    model: str = "",
    system: str = "",
) -> Grounding:
    """What to send for `question` over the sets `names`; `system` is the user's own system prompt."""
    for name in names:
        store.set_id(name)  # a set that does not exist is one sentence (DocsError)
    own = f"{system.strip()}\n\n" if system.strip() else ""
    whole = whole_sources(store, names, int(context_tokens * WHOLE_SHARE))
    if whole is not None:
        return Grounding("whole", f"{own}{CITE}\n\n{_numbered(whole)}", question, tuple(whole))
    hits = search(store, names, question, limit=EXCERPTS, embed=embed, model=model)
    if not hits:
        sets = ", ".join(names)
        return Grounding("nothing", f"{own}{NOTHING_FOUND.format(sets=sets)}", question, ())
    sources = tuple(Source(i, h.path, h.page, h.section, h.text) for i, h in enumerate(hits, 1))
    return Grounding("excerpts", f"{own}{CITE}", f"Excerpts:\n\n{_numbered(sources)}\n\nQuestion: {question}", sources)
