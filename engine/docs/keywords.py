"""Keyword search that works for Chinese and Japanese: text as SQLite FTS5 sees it, and queries.

FTS5's unicode61 tokenizer takes a whole run of CJK characters, which has no spaces, as one word,
so "學習" never matches inside "機器學習很有趣". Its trigram tokenizer matches inside runs but
never a query shorter than three characters, and two-character words are most of Chinese. So each
CJK run is written as its overlapping character pairs (as Lucene's CJK analyzer does), and so is
a question's: BM25 ranks the passages that share most of its pairs, rare pairs weighing most.
Other text goes to unicode61 as it is (case and accents folded).
"""

from __future__ import annotations

import re

_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]+")
_WORD = re.compile(r"\w+")
# Words too common to be worth a term of their own in a question (English; CJK pairs rarely are).
STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "can",
        "do",
        "does",
        "for",
        "from",
        "how",
        "i",
        "in",
        "is",
        "it",
        "me",
        "my",
        "of",
        "on",
        "or",
        "our",
        "so",
        "that",
        "the",
        "this",
        "to",
        "was",
        "we",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "will",
        "with",
        "you",
        "your",
    ]
)


def _pairs(run: str) -> list[str]:
    return [run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)]


def indexed_text(text: str) -> str:
    """`text` with every CJK run written as its overlapping character pairs, for the FTS table."""
    return _CJK_RUN.sub(lambda m: " " + " ".join(_pairs(m.group())) + " ", text)


def match_query(question: str) -> str:
    """An FTS5 MATCH expression for `question`: any of its words (CJK runs as their character
    pairs); empty when it has none worth searching for."""
    terms: list[str] = []
    for run in _CJK_RUN.split(question):
        terms.extend(w.lower() for w in _WORD.findall(run) if w.lower() not in STOP_WORDS)
    for run in _CJK_RUN.findall(question):
        terms.extend(_pairs(run))  # each pair a term: a question's run is rarely all in the text
    unique = list(dict.fromkeys(terms))
    return " OR ".join('"' + term.replace('"', '""') + '"' for term in unique)
