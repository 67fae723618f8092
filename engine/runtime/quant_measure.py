"""The measuring child of engine/models/quant_compare.py: speed and KL divergence of model files.

Runs in a throwaway process (a fault in a file ends only it). For each job it loads one file with
the engine's own loader (the kernels this machine runs) and either
- times a prompt read (prefill) and one-token-at-a-time writing (decode), or
- reads a fixed text in chunks and compares every position's token distribution with the
  reference file's, as llama.cpp's `llama-perplexity --kl-divergence` does
  (tools/perplexity/perplexity.cpp, kl_divergence()): each chunk of n_ctx tokens starts with BOS,
  only the second half of a chunk is scored (the first half is its context), the reference's
  log-probabilities are kept as 16-bit steps over the top 16 nats, terms where the reference's
  log-probability is at most -16 are left out, and the "same top" count compares the argmax of
  the two distributions.

Messages to the parent are tuples on a pipe: ("progress", done, total), ("bench", path, {...}),
("kl", path, {...}), ("error", path, sentence), ("done",).
"""

from __future__ import annotations

import ctypes
import logging
import math
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import llama_cpp
import numpy as np
import numpy.typing as npt

from engine.protocol import LoadOptions
from engine.runtime.batch import TokenBatch
from engine.runtime.llama_runtime import LlamaModel
from engine.runtime.worker import redirect_output

logger = logging.getLogger(__name__)

Progress = Callable[[int], None]  # tokens done in this job
LOG_RANGE = 16.0  # nats of the reference's log-probabilities kept (llama.cpp's cut-off)


def chunks_of(tokens: Sequence[int], n_ctx: int, max_chunks: int) -> list[list[int]]:
    """Whole chunks of n_ctx tokens, at most max_chunks of them."""
    count = min(max_chunks, len(tokens) // n_ctx)
    return [list(tokens[i * n_ctx : (i + 1) * n_ctx]) for i in range(count)]


def _chunk_logits(model: LlamaModel, chunk: list[int], bos: int | None, batch: TokenBatch) -> npt.NDArray[np.float32]:
    """Logits of positions n_ctx/2 … n_ctx-2 of one chunk (each predicts the next token)."""
    n_ctx = len(chunk)
    first = n_ctx // 2
    model.clear()
    tokens = list(chunk)
    if bos is not None:
        tokens[0] = bos
    rows: list[npt.NDArray[np.float32]] = []
    n_vocab = model.n_vocab
    for start in range(0, n_ctx, batch.capacity):
        batch.clear()
        part = tokens[start : start + batch.capacity]
        for k, token in enumerate(part):
            batch.add(token, start + k, 0, start + k >= first)
        rc = batch.decode(model.context)
        if rc != 0:
            raise RuntimeError(f"llama_decode returned {rc}")
        outputs = sum(1 for k in range(len(part)) if start + k >= first)
        if outputs:
            pointer = llama_cpp.llama_get_logits(model.context)
            flat = np.ctypeslib.as_array(ctypes.cast(pointer, ctypes.POINTER(ctypes.c_float)), (outputs * n_vocab,))
            rows.append(flat.reshape(outputs, n_vocab).copy())
    logits = np.concatenate(rows)
    return logits[: n_ctx - 1 - first]


def _log_softmax(logits: npt.NDArray[np.float32]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """(max logit + log sum exp, per row) and the row maxima, in float64 like llama.cpp's sums."""
    top = logits.max(axis=1).astype(np.float64)
    sums = np.exp(logits.astype(np.float64) - top[:, None]).sum(axis=1)
    return top + np.log(sums), top


def quantize_reference(logits: npt.NDArray[np.float32]) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.float32]]:
    """llama.cpp's 16-bit log-probabilities: per row a scale and a minimum, then one step count per token."""
    norm, top = _log_softmax(logits)
    low = np.maximum(logits.min(axis=1), (top - LOG_RANGE).astype(np.float32))
    scale = ((top.astype(np.float32) - low) / 65535.0).astype(np.float32)
    min_log_prob = (low - norm).astype(np.float32)
    safe = np.where(scale > 0, scale, 1.0).astype(np.float32)
    steps = np.rint((logits - low[:, None]) / safe[:, None])
    steps = np.where((logits > low[:, None]) & (scale[:, None] > 0), steps, 0)
    header = np.stack([scale, min_log_prob], axis=1)
    return np.clip(steps, 0, 65535).astype(np.uint16), header


def kl_rows(
    logits: npt.NDArray[np.float32],
    ref_steps: npt.NDArray[np.uint16],
    ref_header: npt.NDArray[np.float32],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """Per position: KL(p_ref || p) and whether both put the same token on top."""
    norm, _top = _log_softmax(logits)
    log_p = logits.astype(np.float64) - norm[:, None]
    ref_log_p = ref_header[:, 0:1].astype(np.float64) * ref_steps + ref_header[:, 1:2].astype(np.float64)
    kept = ref_log_p > -LOG_RANGE
    terms = np.where(kept, np.exp(ref_log_p) * (ref_log_p - log_p), 0.0)
    same_top = logits.argmax(axis=1) == ref_log_p.argmax(axis=1)
    return terms.sum(axis=1), same_top


def percentile(values: npt.NDArray[np.float64], fraction: float) -> float:
    """llama.cpp's percentile: linear between the two nearest sorted values."""
    return float(np.percentile(values, 100 * fraction, method="linear"))


def _load(path: str, n_ctx: int, n_batch: int, n_threads: int | None) -> LlamaModel:
    return LlamaModel(
        LoadOptions(path, n_ctx=n_ctx, n_batch=n_batch, n_threads=n_threads, parallel=1, prefix_cache=False)
    )


def _bos(model: LlamaModel) -> int | None:
    vocab = model.vocab
    return int(llama_cpp.llama_vocab_bos(vocab)) if llama_cpp.llama_vocab_get_add_bos(vocab) else None


def benchmark(
    path: str, text: str, prefill_tokens: int, decode_tokens: int, *, n_threads: int | None, report: Progress
) -> dict[str, Any]:
    """Prefill tok/s over one read of `prefill_tokens`, decode tok/s over `decode_tokens` single-token steps
    (after one untimed warm-up read, as llama-bench does)."""
    n_ctx = prefill_tokens + decode_tokens + 8
    model = _load(path, n_ctx, prefill_tokens, n_threads)
    try:
        tokens = model.tokenize(text)
        while len(tokens) < prefill_tokens + decode_tokens:
            tokens = tokens + tokens
        prompt = tokens[:prefill_tokens]
        model.decode(prompt[: min(16, prefill_tokens)])  # warm-up: first-touch of the weights
        model.clear()
        started = time.perf_counter()
        model.decode(prompt)
        llama_cpp.llama_synchronize(model.context)
        prefill_s = time.perf_counter() - started
        report(prefill_tokens)
        position = prefill_tokens
        started = time.perf_counter()
        for i, token in enumerate(tokens[prefill_tokens : prefill_tokens + decode_tokens]):
            model.decode_alone(0, [token], position + i)
        llama_cpp.llama_synchronize(model.context)
        decode_s = time.perf_counter() - started
        report(prefill_tokens + decode_tokens)
        return {
            "prefill_tokens": prefill_tokens,
            "prefill_s": prefill_s,
            "prefill_tok_s": prefill_tokens / prefill_s if prefill_s > 0 else 0.0,
            "decode_tokens": decode_tokens,
            "decode_s": decode_s,
            "decode_tok_s": decode_tokens / decode_s if decode_s > 0 else 0.0,
            "threads": model.n_threads,
            "kernels": model.kernels,
            "measured_at": time.time(),
        }
    finally:
        model.close()


class KlRun:
    """The reference pass, then each compared file against it; the reference's log-probabilities
    wait in files in `scratch` (n positions x n_vocab x 2 bytes), a folder the parent made and
    removes (a stopped child is killed, and would leave its own temporary folder behind)."""

    def __init__(
        self, reference: str, text: str, n_ctx: int, max_chunks: int, n_threads: int | None, *, scratch: str
    ) -> None:
        self.reference = reference
        self.text = text
        self.n_ctx = n_ctx
        self.max_chunks = max_chunks
        self.n_threads = n_threads
        self.tokens: list[int] = []
        self.n_vocab = 0
        self._dir = Path(scratch)
        self._steps: list[Path] = []
        self._headers: list[npt.NDArray[np.float32]] = []

    def positions(self) -> int:
        return len(chunks_of(self.tokens, self.n_ctx, self.max_chunks)) * (self.n_ctx - 1 - self.n_ctx // 2)

    def run_reference(self, report: Progress, on_chunks: Callable[[int], None] | None = None) -> None:
        """The reference's pass; `on_chunks` hears how many chunks the text holds, before the first is read."""
        model = _load(self.reference, self.n_ctx, min(self.n_ctx, 512), self.n_threads)
        try:
            self.tokens = model.tokenize(self.text)  # with BOS, as llama-perplexity tokenizes
            self.n_vocab = model.n_vocab
            chunks = chunks_of(self.tokens, self.n_ctx, self.max_chunks)
            if not chunks:
                raise ValueError(f"the text holds {len(self.tokens)} tokens, fewer than one chunk of {self.n_ctx}")
            if on_chunks is not None:
                on_chunks(len(chunks))
            batch = TokenBatch(min(self.n_ctx, 512))
            try:
                for i, chunk in enumerate(chunks):
                    steps, header = quantize_reference(_chunk_logits(model, chunk, _bos(model), batch))
                    file = self._dir / f"ref-{i}.npy"
                    np.save(file, steps)
                    self._steps.append(file)
                    self._headers.append(header)
                    report((i + 1) * self.n_ctx)
            finally:
                batch.close()
        finally:
            model.close()

    def compare(self, path: str, report: Progress) -> dict[str, Any]:
        model = _load(path, self.n_ctx, min(self.n_ctx, 512), self.n_threads)
        try:
            if model.n_vocab != self.n_vocab:
                raise ValueError("its vocabulary differs from the reference's")
            if model.tokenize(self.text) != self.tokens:
                raise ValueError("it splits the text into different tokens than the reference")
            kl_parts, top_parts = [], []
            batch = TokenBatch(min(self.n_ctx, 512))
            try:
                for i, chunk in enumerate(chunks_of(self.tokens, self.n_ctx, self.max_chunks)):
                    logits = _chunk_logits(model, chunk, _bos(model), batch)
                    kl, tops = kl_rows(logits, np.load(self._steps[i]), self._headers[i])
                    kl_parts.append(kl)
                    top_parts.append(tops)
                    report((i + 1) * self.n_ctx)
            finally:
                batch.close()
        finally:
            model.close()
        kl_all = np.concatenate(kl_parts)
        same_all = np.concatenate(top_parts)
        count = len(kl_all)
        mean = float(kl_all.mean())
        spread = float(kl_all.std(ddof=1) / math.sqrt(count)) if count > 10 else 0.0
        same = float(same_all.mean())
        return {
            "kl_mean": mean,
            "kl_mean_error": spread,
            "kl_median": float(np.median(kl_all)),
            "kl_p99": percentile(kl_all, 0.99),
            "kl_max": float(kl_all.max()),
            "same_top": same,
            "same_top_error": math.sqrt(same * (1 - same) / (count - 1)) if count > 1 else 0.0,
            "positions": count,
            "n_ctx": self.n_ctx,
            "chunks": len(kl_parts),
            "measured_at": time.time(),
        }

    def close(self) -> None:
        """Free the disk early (the parent removes the folder in any case)."""
        for file in self._steps:
            file.unlink(missing_ok=True)


def child_main(conn: Connection, jobs: dict[str, Any], log_path: str) -> None:
    """Run `jobs` (see engine/models/quant_compare.py: MeasureJobs.to_child) and report on `conn`."""
    redirect_output(log_path)
    text: str = jobs["text"]
    threads: int | None = jobs.get("threads")
    bench_files: list[str] = jobs["bench"]
    kl_files: list[str] = jobs["kl"]
    reference: str | None = jobs.get("reference")
    prefill, decode = int(jobs["prefill_tokens"]), int(jobs["decode_tokens"])
    n_ctx, max_chunks = int(jobs["n_ctx"]), int(jobs["chunks"])
    # The text may hold fewer than max_chunks chunks: the total is corrected once the reference has read it.
    total = len(bench_files) * (prefill + decode) + (len(kl_files) + 1) * n_ctx * max_chunks * bool(kl_files)
    per_file = n_ctx * max_chunks  # tokens read per KL pass
    done = 0

    def reporter(base: int) -> Progress:
        return lambda n: conn.send(("progress", base + n, total))

    def on_chunks(count: int) -> None:
        nonlocal total, per_file
        total -= (len(kl_files) + 1) * n_ctx * (max_chunks - count)
        per_file = n_ctx * count

    for path in bench_files:
        try:
            conn.send(("bench", path, benchmark(path, text, prefill, decode, n_threads=threads, report=reporter(done))))
        except Exception as exc:
            logger.exception("benchmark of %s failed", path)
            conn.send(("error", path, str(exc)))
        done += prefill + decode
        conn.send(("progress", done, total))
    if kl_files and reference is not None:
        run = KlRun(reference, text, n_ctx, max_chunks, threads, scratch=jobs["scratch"])
        try:
            run.run_reference(reporter(done), on_chunks)
            done += per_file
            for path in kl_files:
                try:
                    conn.send(("kl", path, run.compare(path, reporter(done))))
                except Exception as exc:
                    logger.exception("KL divergence of %s failed", path)
                    conn.send(("error", path, str(exc)))
                done += per_file
                conn.send(("progress", done, total))
        except Exception as exc:
            logger.exception("the reference pass over %s failed", reference)
            conn.send(("error", reference, str(exc)))
        finally:
            run.close()
    conn.send(("done",))
