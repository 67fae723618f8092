"""Indexing document sets (engine/docs/indexer.py, store.py) and finding passages in them
(engine/docs/search.py), with the real embedding model."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.docs.indexer import Indexer, Progress
from engine.docs.search import search
from engine.docs.store import DocsError, DocumentStore
from engine.kernels.kernel_sets import KernelSet
from engine.runtime.text_embedder import TextEmbedder
from tests.engine.docs.documents import pdf

MODEL = "multilingual-e5-small"
MANUAL = [
    "The kettle must be descaled every month with white vinegar.\nRinse it twice after descaling.",
    "To reset the thermostat, hold the power button for ten seconds.",
    "The warranty covers the heating element for five years from the date of purchase.",
]


class CountingEmbedder:
    """The real embedder, counting what it was asked to embed."""

    def __init__(self, embedder: TextEmbedder) -> None:
        self.embedder = embedder
        self.texts: list[str] = []

    def __call__(self, texts: list[str]) -> list[list[float]]:
        self.texts.extend(texts)
        return self.embedder.embed(texts, truncate=True)[0]

    def one(self, text: str) -> list[float]:
        return self.embedder.embed([text], truncate=True)[0][0]


@pytest.fixture(scope="module")
def text_embedder(embedding_model: Path, machine_kernels: KernelSet) -> Iterator[TextEmbedder]:
    e = TextEmbedder(str(embedding_model), machine_kernels, n_threads=2)
    yield e
    e.close()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[DocumentStore]:
    s = DocumentStore(tmp_path / "documents.sqlite3")
    yield s
    s.close()


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    pdf(folder / "manual.pdf", MANUAL)
    pdf(folder / "zh.pdf", ["機器學習是人工智慧的一個分支。", "台北的捷運系統很方便，每天早上六點開始。"], chinese=True)
    (folder / "garden.md").write_text("# Garden\n\nTomatoes need six hours of sun.\n\n## Water\n\nWater at dawn.\n")
    pdf(folder / "secret.pdf", ["salaries"], password="hunter2")
    (folder / "broken.pdf").write_bytes(b"%PDF-1.4\n1 0 obj garbage\n")
    (folder / ".hidden").mkdir()
    (folder / ".hidden" / "skip.md").write_text("# Hidden\n\nnot indexed")
    return folder


def test_a_folder_is_indexed_and_bad_files_are_named_and_skipped(tmp_path: Path, store: DocumentStore) -> None:
    seen: list[Progress] = []
    report = Indexer(store, "home", on_progress=seen.append).add([_folder(tmp_path)])
    assert sorted(Path(p).name for p in report.read) == ["garden.md", "manual.pdf", "zh.pdf"]
    assert sorted((Path(p).name, e) for p, e in report.failed) == [
        ("broken.pdf", "broken.pdf is damaged and could not be read, so it was skipped."),
        ("secret.pdf", "secret.pdf is protected by a password, so it was skipped."),
    ]
    assert seen[-1].done == seen[-1].total == 5
    summary = store.summary("home")
    assert (summary.files, summary.failed) == (5, 2)
    again = Indexer(store, "home").add([tmp_path / "docs"])
    assert again.read == [], "an unchanged file is not read again"
    assert again.unchanged == 3


def test_keywords_find_two_character_chinese_words_inside_a_run(tmp_path: Path, store: DocumentStore) -> None:
    Indexer(store, "home").add([_folder(tmp_path)])
    for question, page in (("學習", 1), ("捷運", 2), ("早上六點", 2)):
        hits = search(store, ["home"], question, mode="keywords")
        assert hits, question
        assert (Path(hits[0].path).name, hits[0].page) == ("zh.pdf", page), question
    hits = search(store, ["home"], "how do I reset the thermostat?", mode="keywords")
    assert (Path(hits[0].path).name, hits[0].page) == ("manual.pdf", 2)
    assert search(store, ["home"], "捷運系統的歷史", mode="keywords")[0].page == 2
    assert search(store, ["home"], "the of and", mode="keywords") == [], "stop words alone find nothing"


def test_only_the_changed_pages_chunks_are_embedded_again(
    tmp_path: Path, store: DocumentStore, text_embedder: TextEmbedder
) -> None:
    folder = _folder(tmp_path)
    embed = CountingEmbedder(text_embedder)
    first = Indexer(store, "home", embed=embed, model=MODEL).add([folder])
    assert first.chunks_embedded == store.summary("home", MODEL).chunks == len(embed.texts)
    embed.texts.clear()
    changed = [MANUAL[0], "To reset the thermostat, unplug it for one minute.", MANUAL[2]]
    pdf(folder / "manual.pdf", changed)
    os.utime(folder / "manual.pdf", ns=(1, 1))
    report = Indexer(store, "home", embed=embed, model=MODEL).add([folder])
    assert [Path(p).name for p in report.read] == ["manual.pdf"]
    assert len(embed.texts) == 1
    assert "unplug it for one minute" in embed.texts[0]
    summary = store.summary("home", MODEL)
    assert summary.embedded == summary.chunks
    hits = search(store, ["home"], "thermostat reset", mode="keywords")
    assert "unplug" in hits[0].text
    assert not any("ten seconds" in h.text for h in hits), "the old page's words are gone from the index"


def test_a_paused_index_resumes_to_the_same_index(
    tmp_path: Path, store: DocumentStore, text_embedder: TextEmbedder
) -> None:
    folder = _folder(tmp_path)
    whole = DocumentStore(tmp_path / "whole.sqlite3")
    try:
        Indexer(whole, "home", embed=CountingEmbedder(text_embedder), model=MODEL).add([folder])
        pause = threading.Event()

        def stop_after_the_first_file(progress: Progress) -> None:
            if progress.phase == "reading" and progress.done >= 1:
                pause.set()

        first = Indexer(
            store,
            "home",
            embed=CountingEmbedder(text_embedder),
            model=MODEL,
            on_progress=stop_after_the_first_file,
            pause=pause,
        ).add([folder])
        assert first.paused
        assert store.summary("home", MODEL).files < whole.summary("home", MODEL).files
        Indexer(store, "home", embed=CountingEmbedder(text_embedder), model=MODEL).add([folder])

        def contents(s: DocumentStore) -> list[tuple[str, int | None, str, str]]:
            ids, _ = s.vectors(["home"], MODEL)
            return sorted((Path(c.path).name, c.page, c.text, c.hash) for c in (s.chunk(int(i)) for i in ids))

        assert contents(store) == contents(whole)
        assert store.summary("home", MODEL) == whole.summary("home", MODEL)
    finally:
        whole.close()


def test_hybrid_search_finds_by_meaning_what_no_keyword_matches(
    tmp_path: Path, store: DocumentStore, text_embedder: TextEmbedder
) -> None:
    embed = CountingEmbedder(text_embedder)
    Indexer(store, "home", embed=embed, model=MODEL).add([_folder(tmp_path)])
    question = "How long is the guarantee on the heater?"
    keyword_hits = search(store, ["home"], question, mode="keywords")
    assert not any("warranty" in h.text for h in keyword_hits[:1])
    hits = search(store, ["home"], question, embed=embed.one, model=MODEL)
    assert (Path(hits[0].path).name, hits[0].page) == ("manual.pdf", 3)
    chinese = search(store, ["home"], "什么是机器学习？", embed=embed.one, model=MODEL)
    assert (Path(chinese[0].path).name, chinese[0].page) == ("zh.pdf", 1)


def test_sets_are_separate_and_removable(tmp_path: Path, store: DocumentStore) -> None:
    folder = _folder(tmp_path)
    Indexer(store, "home").add([folder / "manual.pdf"])
    Indexer(store, "garden").add([folder / "garden.md"])
    assert search(store, ["garden"], "thermostat", mode="keywords") == []
    assert search(store, ["home", "garden"], "thermostat tomatoes", mode="keywords")
    assert store.remove_files("home", [str((folder / "manual.pdf").absolute())]) == 1
    assert search(store, ["home"], "thermostat", mode="keywords") == []
    store.remove_set("garden")
    assert store.set_names() == ["home"]
    with pytest.raises(DocsError, match=r"There is no document set named garden\."):
        search(store, ["garden"], "tomatoes")
