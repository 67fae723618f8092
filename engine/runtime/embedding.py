"""Embeddings of texts: a second, small llama.cpp context on the loaded model's weights.

The answering context keeps its slots and caches; this one is made on the first request for an
embedding (llama-server's --embeddings does the same with a generative model): mean pooling over
the text's tokens, read in one batch, then normalised to length 1 (as OpenAI's are). Freed with
the model.
"""

from __future__ import annotations

from collections.abc import Sequence

import llama_cpp
import numpy as np

from engine.errors import UserError
from engine.runtime.batch import TokenBatch
from engine.runtime.llama_runtime import LlamaModel

MAX_EMBED_TOKENS = 2048  # the longest text one embedding reads (more with truncate: the first this many)


class EmbedError(UserError):
    """A text could not be embedded; str() is one sentence."""


class Embedder:
    def __init__(self, model: LlamaModel) -> None:
        self.model = model
        self.n_ctx = min(
            MAX_EMBED_TOKENS, max(64, int(llama_cpp.llama_model_n_ctx_train(model.handle)) or MAX_EMBED_TOKENS)
        )
        params = llama_cpp.llama_context_default_params()
        params.embeddings = True
        params.pooling_type = llama_cpp.LLAMA_POOLING_TYPE_MEAN
        params.n_ctx = self.n_ctx
        params.n_batch = params.n_ubatch = self.n_ctx  # pooling needs the whole text in one batch
        params.n_seq_max = 1
        params.n_threads = params.n_threads_batch = model.n_threads
        self._ctx = llama_cpp.llama_init_from_model(model.handle, params)
        if not self._ctx:
            raise EmbedError("engine.embed_failed")
        self._batch = TokenBatch(self.n_ctx)
        self.n_embd = int(llama_cpp.llama_model_n_embd(model.handle))

    def embed(self, texts: Sequence[str], *, truncate: bool) -> tuple[list[list[float]], int]:
        """One unit-length vector per text, and the tokens read in all."""
        vectors, total = [], 0
        for text in texts:
            tokens = self.model.tokenize(text, add_special=True)
            if len(tokens) > self.n_ctx:
                if not truncate:
                    raise EmbedError("engine.embed_too_long", tokens=f"{len(tokens):,}", limit=f"{self.n_ctx:,}")
                tokens = tokens[: self.n_ctx]
            if not tokens:
                raise EmbedError("engine.embed_empty")
            llama_cpp.llama_memory_clear(llama_cpp.llama_get_memory(self._ctx), True)
            self._batch.clear()
            for i, token in enumerate(tokens):
                self._batch.add(token, i, 0, True)
            if self._batch.decode(self._ctx) != 0:
                raise EmbedError("engine.embed_failed")
            pooled = llama_cpp.llama_get_embeddings_seq(self._ctx, 0)
            if not pooled:
                raise EmbedError("engine.embed_failed")
            vector = np.ctypeslib.as_array(pooled, shape=(self.n_embd,)).astype(np.float64)
            vectors.append((vector / (float(np.linalg.norm(vector)) or 1.0)).tolist())
            total += len(tokens)
        return vectors, total

    def close(self) -> None:
        self._batch.close()
        if self._ctx:
            llama_cpp.llama_free(self._ctx)
            self._ctx = None
