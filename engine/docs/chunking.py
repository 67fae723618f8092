"""A document's passages cut into chunks of about 256-512 tokens that overlap, on its structure.

A chunk never crosses a page or a heading (so that its citation names one place); inside a page
it is cut between paragraphs, else between sentences, else between words. Each chunk begins with
the last sentences of the one before it, about `overlap` tokens, so that an answer that sits on a
cut is whole in one of them. Sizes are counted without a model's tokenizer (the index does not
depend on which model answers): a CJK character is about a token, other text about 4 characters.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.docs.extract import Passage

TARGET_TOKENS = 384
MAX_TOKENS = 512
OVERLAP_TOKENS = 64

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\U00020000-\U0002ffff]")
_PARAGRAPHS = re.compile(r"\n[ \t]*\n+")
# After end punctuation and its closing quotes, in Latin and CJK text.
_SENTENCES = re.compile(r"(?<=[.!?。！？；;])[\"'”’」』)）]*\s+|(?<=[。！？])")


@dataclass(frozen=True)
class Chunk:
    text: str
    page: int | None
    section: str
    ordinal: int  # its place in the document
    hash: str  # of its text and place: an unchanged chunk keeps its embedding

    @property
    def place(self) -> str:
        return f"p. {self.page}" if self.page is not None else self.section


def estimate_tokens(text: str) -> int:
    cjk = len(_CJK.findall(text))
    return cjk + (len(text) - cjk + 3) // 4


def chunk_passages(
    passages: Sequence[Passage], target: int = TARGET_TOKENS, overlap: int = OVERLAP_TOKENS
) -> list[Chunk]:
    chunks: list[Chunk] = []
    for passage in passages:
        for text in _cut(passage.text, target, overlap):
            place = f"{passage.page}|{passage.section}"
            digest = hashlib.sha256(f"{place}\x00{text}".encode()).hexdigest()
            chunks.append(Chunk(text, passage.page, passage.section, len(chunks), digest))
    return chunks


def _pieces(text: str, limit: int) -> Iterator[str]:
    """The text's paragraphs, those longer than `limit` cut into sentences, and those into words."""
    for raw_paragraph in _PARAGRAPHS.split(text):
        paragraph = raw_paragraph.strip()
        if not paragraph:
            continue
        if estimate_tokens(paragraph) <= limit:
            yield paragraph
            continue
        for raw_sentence in _SENTENCES.split(paragraph):
            sentence = raw_sentence.strip()
            if not sentence:
                continue
            if estimate_tokens(sentence) <= limit:
                yield sentence
            else:
                yield from _hard_cut(sentence, limit)


def _hard_cut(text: str, limit: int) -> Iterator[str]:
    """A run with no sentence ends (a table, a long CJK line): between words, else anywhere."""
    piece = ""
    for found in re.findall(r"\S+\s*", text):
        word = found
        while estimate_tokens(word) > limit:  # one "word" longer than a chunk: CJK without spaces
            head = _prefix_of(word, limit)
            if piece:
                yield piece.strip()
                piece = ""
            yield head.strip()
            word = word[len(head) :]
        if estimate_tokens(piece + word) > limit and piece:
            yield piece.strip()
            piece = ""
        piece += word
    if piece.strip():
        yield piece.strip()


def _prefix_of(text: str, limit: int) -> str:
    low, high = 1, len(text)
    while low < high:  # the longest prefix within the limit
        middle = (low + high + 1) // 2
        if estimate_tokens(text[:middle]) <= limit:
            low = middle
        else:
            high = middle - 1
    return text[:low]


def _cut(text: str, target: int, overlap: int) -> Iterator[str]:
    pieces = list(_pieces(text, target))
    current: list[str] = []
    size = 0
    for piece in pieces:
        tokens = estimate_tokens(piece)
        if current and size + tokens > target:
            yield "\n\n".join(current)
            current, size = _tail(current, overlap), 0
            size = sum(estimate_tokens(p) for p in current)
            if size + tokens > MAX_TOKENS:
                current, size = [], 0
        current.append(piece)
        size += tokens
    if current:
        yield "\n\n".join(current)


def _tail(pieces: list[str], overlap: int) -> list[str]:
    """The last sentences of `pieces`, about `overlap` tokens, to begin the next chunk with."""
    if overlap <= 0:
        return []
    sentences = [s.strip() for s in _SENTENCES.split(pieces[-1]) if s.strip()]
    tail: list[str] = []
    size = 0
    for sentence in reversed(sentences):
        tokens = estimate_tokens(sentence)
        if tail and size + tokens > overlap:
            break
        if tokens > overlap:
            break
        tail.insert(0, sentence)
        size += tokens
    return [" ".join(tail)] if tail else []
