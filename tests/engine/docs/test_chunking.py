"""Chunks of about 256-512 tokens that overlap and keep to one page or heading (engine/docs/chunking.py)."""

from __future__ import annotations

import itertools

from engine.docs.chunking import MAX_TOKENS, TARGET_TOKENS, chunk_passages, estimate_tokens
from engine.docs.extract import Passage


def _sentences(n: int, page: int) -> str:
    return " ".join(f"Sentence {i} of page {page} says something about tides and the moon." for i in range(n))


def test_long_pages_are_cut_into_overlapping_chunks_that_stay_on_their_page() -> None:
    passages = [Passage(_sentences(120, 1), page=1), Passage(_sentences(10, 2), page=2)]
    chunks = chunk_passages(passages)
    first_page = [c for c in chunks if c.page == 1]
    assert len(first_page) >= 3
    assert all(estimate_tokens(c.text) <= MAX_TOKENS for c in chunks)
    assert all(estimate_tokens(c.text) >= TARGET_TOKENS // 2 for c in first_page[:-1])
    for before, after in itertools.pairwise(first_page):
        last_sentence = before.text.rsplit("Sentence ", 1)[1]
        assert after.text.startswith("Sentence " + last_sentence), "a chunk begins with the end of the one before"
    assert all("page 1" not in c.text for c in chunks if c.page == 2), "no chunk crosses a page"
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))


def test_chinese_without_spaces_or_sentence_ends_is_still_cut_to_size() -> None:
    text = "機器學習" * 600  # 2,400 characters, no punctuation
    chunks = chunk_passages([Passage(text, section="第一章")])
    assert len(chunks) >= 5
    assert all(estimate_tokens(c.text) <= MAX_TOKENS for c in chunks)
    assert "".join(c.text for c in chunks).count("機") >= 600
    assert {c.section for c in chunks} == {"第一章"}


def test_a_chunk_keeps_its_hash_when_its_text_and_place_do() -> None:
    one = chunk_passages([Passage("Tides follow the moon.", page=1), Passage("Bread needs rest.", page=2)])
    two = chunk_passages([Passage("Tides follow the moon.", page=1), Passage("Bread needs an hour.", page=2)])
    assert one[0].hash == two[0].hash
    assert one[1].hash != two[1].hash
