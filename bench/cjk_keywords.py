#!/usr/bin/env python
"""Keyword search on Chinese text (issue 17): which way of feeding SQLite FTS5 finds the answers,
and what each index costs on disk, on real text, keywords only (no embedding model).

The corpus is tests/fixtures/manpages_zh_corpus.py: 50 Chinese man pages from Debian's manpages-zh
(25 Simplified, 25 Traditional), cut by Hearth's chunker, and 40 fixed questions (16 in each
script as a user types them, 8 as two-character keywords with spaces). Variants:

  unicode61            the text as it is, FTS5's porter unicode61 (the shipped tokenizer without
                       its CJK handling): a run of CJK characters is one word
  bigrams (shipped)    engine/docs/keywords.py through the real DocumentStore: each CJK run as its
                       overlapping character pairs, the question's pairs ORed
  trigram              FTS5's trigram tokenizer on the text as it is; the question's CJK runs as
                       their 3-character windows, ORed (a run under 3 characters can match nothing)
  jieba                each CJK run segmented by jieba (MIT; cut_for_search: words and their
                       sub-words), unicode61 on the words; the question segmented the same way.
                       Only where `jieba` is installed
  A + B                two of them fused by reciprocal rank fusion (k 60, 50 candidates from each,
                       as engine/docs/search.py fuses keywords and meaning)

Figures: Recall@5, MRR and nDCG@10 over the chunks that hold each answer (the licence corpus's
measure: tests/fixtures/licence_corpus.py), overall and nDCG@10 per kind of question; how many
questions give no MATCH terms at all; the FTS5 index's bytes (its shadow tables, after
'optimize'; the chunk text itself is stored once beside any of them); median ms a query.

Run:  python bench/cjk_keywords.py
Needs: apt-get install manpages-zh (groff-base renders them); for the jieba rows, pip install jieba.
"""

from __future__ import annotations

import argparse
import logging
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.docs.chunking import Chunk
from engine.docs.indexer import Indexer
from engine.docs.keywords import STOP_WORDS, indexed_text, match_query
from engine.docs.search import CANDIDATES, RRF_K
from engine.docs.store import DocumentStore
from tests.fixtures.licence_corpus import Quality, quality
from tests.fixtures.manpages_zh_corpus import KINDS, QUESTIONS, Corpus, Place, make_corpus, missing

CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]+")
WORD = re.compile(r"\w+")
SET = "manpages-zh"

Ranking = Callable[[str], list[Place]]  # a question -> chunks, best first


def _or(terms: Sequence[str]) -> str:
    unique = dict.fromkeys(t for t in terms if t)
    return " OR ".join('"' + term.replace('"', '""') + '"' for term in unique)


def _latin_words(question: str, shortest: int = 1) -> list[str]:
    """The question's words outside CJK runs, as match_query takes them."""
    words = []
    for part in CJK_RUN.split(question):
        words += [w.lower() for w in WORD.findall(part) if w.lower() not in STOP_WORDS and len(w) >= shortest]
    return words


def unicode61_query(question: str) -> str:
    return _or([w.lower() for w in WORD.findall(question) if w.lower() not in STOP_WORDS])


def trigram_query(question: str) -> str:
    grams = [run[i : i + 3] for run in CJK_RUN.findall(question) for i in range(len(run) - 2)]
    return _or(_latin_words(question, shortest=3) + grams)


def _jieba() -> Callable[[str], list[str]] | None:
    try:
        import jieba
    except ImportError:
        return None
    jieba.setLogLevel(logging.WARNING)
    began = time.monotonic()
    jieba.initialize()  # its dictionary: read (or its cache, in the temp folder, loaded), outside build s
    print(f"jieba {jieba.__version__}: dictionary ready in {time.monotonic() - began:.2f} s")

    def words(run: str) -> list[str]:
        return [w for w in jieba.cut_for_search(run) if w.strip()]

    return words


@dataclass(frozen=True)
class Variant:
    name: str
    tokenize: str
    text: Callable[[str], str]  # a chunk's section and text -> what the FTS table is fed
    query: Callable[[str], str]  # a question -> its MATCH expression


def variants() -> list[Variant]:
    made = [
        Variant("unicode61", "porter unicode61", lambda text: text, unicode61_query),
        Variant("bigrams (shipped)", "porter unicode61", indexed_text, match_query),
        Variant("trigram", "trigram", lambda text: text, trigram_query),
    ]
    segment = _jieba()
    if segment is not None:
        cut = segment

        def segmented(text: str) -> str:
            return CJK_RUN.sub(lambda m: " " + " ".join(cut(m.group())) + " ", text)

        def jieba_query(question: str) -> str:
            return _or(_latin_words(question) + [w for run in CJK_RUN.findall(question) for w in cut(run)])

        made.append(Variant("jieba", "porter unicode61", segmented, jieba_query))
    return made


class FtsIndex:
    """One contentless FTS5 table over the corpus's chunks, as the store's chunk_words is made."""

    def __init__(self, path: Path, variant: Variant, chunks: Sequence[tuple[str, Chunk]]) -> None:
        self.variant = variant
        self.places = [(name, chunk.ordinal) for name, chunk in chunks]
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute(f"CREATE VIRTUAL TABLE words USING fts5 (body, content='', tokenize='{variant.tokenize}')")
        began = time.monotonic()
        self.db.execute("BEGIN")
        for rowid, (_name, chunk) in enumerate(chunks, 1):
            body = variant.text(f"{chunk.section}\n{chunk.text}")
            self.db.execute("INSERT INTO words (rowid, body) VALUES (?, ?)", (rowid, body))
        self.db.execute("COMMIT")
        self.build_s = time.monotonic() - began
        self.db.execute("INSERT INTO words (words) VALUES ('optimize')")
        self.db.execute("VACUUM")
        self.bytes = fts_bytes(self.db, "words")

    def rank(self, question: str, limit: int = CANDIDATES) -> list[Place]:
        query = self.variant.query(question)
        if not query:
            return []
        rows = self.db.execute(
            "SELECT rowid FROM words WHERE words MATCH ? ORDER BY bm25(words) LIMIT ?", (query, limit)
        )
        return [self.places[rowid - 1] for (rowid,) in rows]


def fts_bytes(db: sqlite3.Connection, table: str) -> int:
    """Bytes of an FTS5 table's shadow tables (dbstat), or of the whole file where SQLite lacks dbstat."""
    try:
        row = db.execute("SELECT SUM(pgsize) FROM dbstat WHERE name LIKE ?", (f"{table}%",)).fetchone()
    except sqlite3.OperationalError:
        row = db.execute("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size").fetchone()
    return int(row[0] or 0)


def shipped(store: DocumentStore, corpus: Corpus) -> Ranking:
    """The real code path: DocumentStore.keyword_search, as search(mode="keywords") calls it."""

    def rank(question: str) -> list[Place]:
        places = []
        for chunk_id, _score in store.keyword_search([SET], question, CANDIDATES):
            chunk = store.chunk(chunk_id)
            places.append(corpus.place_of(Path(chunk.path).name, chunk.hash))
        return places

    return rank


def fused(first: Ranking, second: Ranking) -> Ranking:
    def rank(question: str) -> list[Place]:
        scores: dict[Place, float] = {}
        for ranking in (first, second):
            for position, place in enumerate(ranking(question)[:CANDIDATES]):
                scores[place] = scores.get(place, 0.0) + 1.0 / (RRF_K + position + 1)
        return sorted(scores, key=lambda place: -scores[place])

    return rank


@dataclass(frozen=True)
class Contender:
    name: str
    rank: Ranking  # what is measured
    timed: Ranking  # the same ranking on plain FTS5 tables, for ms a query
    index_bytes: int
    build_s: float  # feeding its table(s) the corpus


@dataclass(frozen=True)
class Row:
    contender: Contender
    overall: Quality
    per_kind: dict[str, Quality]
    empty: int  # questions that found nothing
    query_ms: float
    first: list[int | None]  # per question: the rank of its first answering chunk (top 10), or None


def first_answer(hits: Sequence[Place], answers: frozenset[Place]) -> int | None:
    return next((rank for rank, place in enumerate(dict.fromkeys(hits), 1) if place in answers), None)


def against(row: Row, base: Row) -> str:
    """Questions whose first answer `row` ranks above / below `base`'s (10 is past the top 10)."""
    mine = [11 if r is None else r for r in row.first]
    theirs = [11 if r is None else r for r in base.first]
    better = sum(m < t for m, t in zip(mine, theirs, strict=True))
    worse = sum(m > t for m, t in zip(mine, theirs, strict=True))
    return f"{better:>3} / {worse:<3}"


def measure(contender: Contender, corpus: Corpus) -> Row:
    ranked = [contender.rank(question)[:10] for question, _answers in QUESTIONS]
    spent = []
    for question, _answers in QUESTIONS:
        began = time.monotonic()
        contender.timed(question)
        spent.append(time.monotonic() - began)
    per_kind = {
        kind: quality([ranked[i] for i in which], [corpus.relevant[i] for i in which]) for kind, which in KINDS.items()
    }
    empty = sum(1 for hits in ranked if not hits)
    first = [first_answer(hits, answers) for hits, answers in zip(ranked, corpus.relevant, strict=True)]
    overall = quality(ranked, corpus.relevant)
    return Row(contender, overall, per_kind, empty, statistics.median(spent) * 1000, first)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-question", action="store_true", help="also each question's first answer's rank")
    parser.add_argument(
        "--distractors", action="store_true", help="add the rest of manpages-zh (about 1,300 pages) to the corpus"
    )
    args = parser.parse_args()
    why = missing()
    if why:
        print(f"cannot make the corpus: {why}")
        return 1
    with tempfile.TemporaryDirectory(prefix="hearth-cjk-bench-") as tmp:
        corpus = make_corpus(Path(tmp) / "pages", distractors=args.distractors)
        chunks = [(name, chunk) for name, file_chunks in corpus.chunks.items() for chunk in file_chunks]
        text_bytes = sum(len(f"{c.section}\n{c.text}".encode()) for _n, c in chunks)
        print(
            f"corpus: {len(corpus.chunks)} pages, {len(chunks)} chunks, {text_bytes:,} bytes of text (UTF-8); "
            f"{len(QUESTIONS)} questions ({', '.join(f'{k} {len(v)}' for k, v in KINDS.items())})"
        )
        store = DocumentStore(Path(tmp) / "documents.sqlite3")
        Indexer(store, SET).add([corpus.folder])
        as_written = fts_bytes(store._db, "chunk_words")
        indexes = {v.name: FtsIndex(Path(tmp) / f"{i}.sqlite3", v, chunks) for i, v in enumerate(variants())}
        # The shipped row is measured through the store itself; its replica, a plain table fed the
        # same, gives its size and speed (the store's query also joins files and reads each chunk).
        real = shipped(store, corpus)
        replica = indexes["bigrams (shipped)"].rank
        agree = sum(real(q)[:10] == replica(q)[:10] for q, _a in QUESTIONS)
        contenders = {
            name: Contender(
                name, real if name == "bigrams (shipped)" else index.rank, index.rank, index.bytes, index.build_s
            )
            for name, index in indexes.items()
        }
        for a, b in [("bigrams (shipped)", "trigram"), ("bigrams (shipped)", "jieba"), ("trigram", "jieba")]:
            if a in contenders and b in contenders:
                first, second = contenders[a], contenders[b]
                name = f"{a.split()[0]} + {b}"
                contenders[name] = Contender(
                    name,
                    fused(first.rank, second.rank),
                    fused(first.timed, second.timed),
                    first.index_bytes + second.index_bytes,
                    first.build_s + second.build_s,
                )
        rows = [measure(contender, corpus) for contender in contenders.values()]
        store.close()
        for index in indexes.values():
            index.db.close()
    base = rows[[row.contender.name for row in rows].index("bigrams (shipped)")]
    kinds = list(KINDS)
    print(
        f"{'variant':18} {'Recall@5':>8} {'MRR':>6} {'nDCG@10':>7} | nDCG@10 "
        + " ".join(f"{k:>15}" for k in kinds)
        + f" | {'no hits':>7} {'vs bigrams +/-':>14} {'index bytes':>11} {'build s':>7} {'ms/query':>8}"
    )
    for row in rows:
        o, c = row.overall, row.contender
        per = " ".join(f"{row.per_kind[k].ndcg_at_10:15.3f}" for k in kinds)
        print(
            f"{c.name:18} {o.recall_at_5:8.3f} {o.mrr:6.3f} {o.ndcg_at_10:7.3f} |         {per} | "
            f"{row.empty:7} {against(row, base):>14} {c.index_bytes:11,} {c.build_s:7.2f} {row.query_ms:8.2f}"
        )
    print(
        "vs bigrams +/-: questions whose first answer this variant ranks above / below the shipped bigrams'.\n"
        "index bytes: the FTS5 table's shadow tables after 'optimize' (fused rows: both tables). The store's "
        f"own chunk_words as the indexer wrote it (a transaction a file): {as_written:,} bytes.\n"
        "build s: the text's transformation and the table's inserts, one transaction.\n"
        "The shipped row is measured through DocumentStore.keyword_search; a plain FTS5 table fed the same "
        f"(its size, build s and ms/query) ranks the same top 10 on {agree} of {len(QUESTIONS)} questions."
    )
    if args.per_question:
        print("\nrank of the first answering chunk (- : not in the top 10)")
        labels = ["unicode61", "bigrams", "trigram", "jieba", "bi+tri", "bi+jieba", "tri+jieba"]
        print(" ".join(f"{label:>9}" for label in labels[: len(rows)]) + "  question")
        for i, (question, _answers) in enumerate(QUESTIONS):
            print(" ".join(f"{row.first[i] or '-':>9}" for row in rows) + f"  {question}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
