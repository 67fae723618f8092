"""One llama_batch, filled again for every llama_decode: a prompt chunk of one sequence, or one
token from each sequence that is writing (continuous batching)."""

from __future__ import annotations

import llama_cpp

# While other answers write, one step reads at most this many prompt tokens in all (chunks of the
# prompts being read, in the same llama_decode as the writers' next tokens), so that their next
# token waits for no more (alone, a prompt is read n_batch at a time). With a KV stream per slot,
# llama.cpp computes the writers' tokens and the chunks as separate ubatches anyway, and a ubatch
# costs a pass over the weights plus its tokens: measured on Qwen 2.5 1.5B (2 threads), a 64-token
# chunk took 1.06 s against 0.30 s for 8 writers alone, so small chunks made 8 clients' questions
# cost a third more than one read of them all. 256 reads 8 questions in one step and holds the
# writers up for at most about ten of their steps (bench/api.py, 8 clients: 0.92x llama-server's
# total speed with 64, 0.96-0.98x with 256).
SHARED_READ_CHUNK = 256


class TokenBatch:
    """A reusable llama_batch of up to `capacity` tokens, each in one sequence."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._batch = llama_cpp.llama_batch_init(capacity, 0, 1)

    @property
    def size(self) -> int:
        return int(self._batch.n_tokens)

    def clear(self) -> None:
        self._batch.n_tokens = 0

    def add(self, token: int, pos: int, seq_id: int, logits: bool) -> int:
        """Append one token; return its index in the batch (where its logits will be)."""
        batch = self._batch
        i = int(batch.n_tokens)
        if i >= self.capacity:
            raise IndexError(f"a batch of {self.capacity} tokens is full")
        batch.token[i] = token
        batch.pos[i] = pos
        batch.n_seq_id[i] = 1
        batch.seq_id[i][0] = seq_id
        batch.logits[i] = logits
        batch.n_tokens = i + 1
        return i

    def fill(self, tokens: list[int], first_pos: int, seq_id: int) -> None:
        """The batch becomes `tokens` of sequence `seq_id` from position `first_pos`, logits for the last."""
        if len(tokens) > self.capacity:
            raise IndexError(f"{len(tokens)} tokens do not fit a batch of {self.capacity}")
        batch = self._batch
        for i, token in enumerate(tokens):
            batch.token[i] = token
            batch.pos[i] = first_pos + i
            batch.n_seq_id[i] = 1
            batch.seq_id[i][0] = seq_id
            batch.logits[i] = False
        if tokens:
            batch.logits[len(tokens) - 1] = True
        batch.n_tokens = len(tokens)

    def decode(self, ctx: llama_cpp.llama_context_p) -> int:
        return int(llama_cpp.llama_decode(ctx, self._batch))

    def encode(self, ctx: llama_cpp.llama_context_p) -> int:
        """For encoder-only models (BERT-likes): the whole batch in one pass, no memory kept."""
        return int(llama_cpp.llama_encode(ctx, self._batch))

    def close(self) -> None:
        if self._batch is not None:
            llama_cpp.llama_batch_free(self._batch)
            self._batch = None
