"""Embeddings from an embedding model of its own (BERT, XLM-RoBERTa, nomic-bert...), for documents.

Unlike engine/runtime/embedding.py (a second context on the chat model, for the local API), this
loads the embedding model's GGUF beside whatever chat model is loaded. Short texts share a pass
over the weights, each its own sequence, pooled per sequence by llama.cpp (the model's own
pooling, mean where it names none), up to PASS_TOKENS. Not more: llama.cpp attends over a BERT
pass's whole batch (masked), so the cost grows with its square. Measured on multilingual-e5-small,
2 threads: 13-token texts 1,860 tok/s one a pass, 2,220 at 128 tokens a pass, 1,030 at 512;
110-token texts 2,030 tok/s one a pass, 850 at 2,048 a pass (GPT4All embeds 4 texts a call).
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from pathlib import Path

import llama_cpp
import numpy as np

from engine.kernels.kernel_sets import KernelSet, uses_extra_buffers
from engine.runtime.batch import TokenBatch
from engine.runtime.embedding import EmbedError
from engine.runtime.llama_runtime import ModelLoadError, _ensure_backend, default_threads

MAX_TEXT_TOKENS = 512  # the longest text (BERT-likes are trained on 512)
PASS_TOKENS = 128  # short texts together in one pass, up to this many tokens
MAX_SEQUENCES = 64  # texts of one pass


def _meta(model: llama_cpp.llama_model_p, key: str) -> str:
    value = ctypes.create_string_buffer(256)
    size = llama_cpp.llama_model_meta_val_str(model, key.encode(), value, len(value))
    return value.value.decode(errors="replace") if size >= 0 else ""


class TextEmbedder:
    def __init__(self, model_path: str, kernels: KernelSet, n_threads: int = 0, pass_capacity: int = 0) -> None:
        """`pass_capacity`: the most tokens one pass holds (MAX_TEXT_TOKENS unless a caller packs more)."""
        _ensure_backend()
        self.model_path = model_path
        params = llama_cpp.llama_model_default_params()
        params.use_extra_bufts = uses_extra_buffers(kernels)
        self._model = llama_cpp.llama_model_load_from_file(model_path.encode(), params)
        if not self._model:
            raise ModelLoadError("model_load.llama_refused", name=Path(model_path).name)
        self._vocab = llama_cpp.llama_model_get_vocab(self._model)
        self.n_embd = int(llama_cpp.llama_model_n_embd(self._model))
        # Each text at most what the model was trained on (512 for BERT-likes).
        self.max_tokens = min(MAX_TEXT_TOKENS, int(llama_cpp.llama_model_n_ctx_train(self._model)) or MAX_TEXT_TOKENS)
        # A BERT-like attends both ways and keeps no memory: llama_encode (llama_decode would say
        # so in the log, then encode anyway).
        self.encoder = _meta(self._model, f"{_meta(self._model, 'general.architecture')}.attention.causal") == "false"
        ctx_params = llama_cpp.llama_context_default_params()
        ctx_params.embeddings = True
        capacity = max(pass_capacity, MAX_TEXT_TOKENS)
        ctx_params.n_ctx = capacity
        ctx_params.n_batch = ctx_params.n_ubatch = capacity  # non-causal: a text in one ubatch
        ctx_params.n_seq_max = MAX_SEQUENCES
        ctx_params.kv_unified = True  # texts share the one pool (a causal embedder's cache)
        ctx_params.n_threads = ctx_params.n_threads_batch = n_threads or default_threads()
        self._ctx = llama_cpp.llama_init_from_model(self._model, ctx_params)
        if not self._ctx:
            llama_cpp.llama_model_free(self._model)
            raise EmbedError("engine.embed_failed")
        if llama_cpp.llama_pooling_type(self._ctx) == llama_cpp.LLAMA_POOLING_TYPE_NONE:
            llama_cpp.llama_free(self._ctx)
            ctx_params.pooling_type = llama_cpp.LLAMA_POOLING_TYPE_MEAN  # a generative model: mean
            self._ctx = llama_cpp.llama_init_from_model(self._model, ctx_params)
        self._batch = TokenBatch(capacity)

    def tokenize(self, text: str) -> list[int]:
        data = text.encode("utf-8", errors="replace")
        room = len(data) + 8
        tokens = (llama_cpp.llama_token * room)()
        count = llama_cpp.llama_tokenize(self._vocab, data, len(data), tokens, room, True, False)
        return list(tokens[:count])

    def embed(self, texts: Sequence[str], *, truncate: bool) -> tuple[list[list[float]], int]:
        """One unit-length vector per text, in order, and the tokens read in all."""
        encoded = []
        for text in texts:
            tokens = self.tokenize(text)
            if not tokens:
                raise EmbedError("engine.embed_empty")
            if len(tokens) > self.max_tokens:
                if not truncate:
                    raise EmbedError("engine.embed_too_long", tokens=f"{len(tokens):,}", limit=f"{self.max_tokens:,}")
                tokens = tokens[: self.max_tokens]
            encoded.append(tokens)
        vectors: list[list[float]] = []
        start = 0
        while start < len(encoded):
            end, size = start, 0
            while end < len(encoded) and end - start < MAX_SEQUENCES:
                if end > start and size + len(encoded[end]) > PASS_TOKENS:
                    break
                size += len(encoded[end])
                end += 1
            vectors.extend(self._pass(encoded[start:end]))
            start = end
        return vectors, sum(len(tokens) for tokens in encoded)

    def _pass(self, texts: list[list[int]]) -> list[list[float]]:
        llama_cpp.llama_memory_clear(llama_cpp.llama_get_memory(self._ctx), True)
        batch = self._batch
        batch.clear()
        for seq_id, tokens in enumerate(texts):
            for position, token in enumerate(tokens):
                batch.add(token, position, seq_id, True)
        if (batch.encode(self._ctx) if self.encoder else batch.decode(self._ctx)) != 0:
            raise EmbedError("engine.embed_failed")
        vectors = []
        for seq_id in range(len(texts)):
            pooled = llama_cpp.llama_get_embeddings_seq(self._ctx, seq_id)
            if not pooled:
                raise EmbedError("engine.embed_failed")
            vector = np.ctypeslib.as_array(pooled, shape=(self.n_embd,)).astype(np.float64)
            vectors.append((vector / (float(np.linalg.norm(vector)) or 1.0)).tolist())
        return vectors

    def close(self) -> None:
        self._batch.close()
        if self._ctx:
            llama_cpp.llama_free(self._ctx)
            self._ctx = None
        if self._model:
            llama_cpp.llama_model_free(self._model)
            self._model = None
