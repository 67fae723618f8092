"""The glossary's entries, by key: the panel's figures and the tour link to these."""

from __future__ import annotations

# The entries, in reading order. The panel's figures link to these keys.
TOKENS = "tokens"
PREFILL_DECODE = "prefill_decode"
TTFT_TOTAL = "ttft_total"
SEGMENTS = "segments"
LONGER_ANSWER = "longer_answer"
CONTEXT = "context"
KV_CACHE = "kv_cache"
MEMORY = "memory"
RUNS_ON = "runs_on"
QUANTIZATION = "quantization"
MODEL_SIZE = "model_size"
THROUGHPUT_LATENCY = "throughput_latency"
LOCAL_REMOTE = "local_remote"
RETRY_FALLBACK = "retry_fallback"
ENTRIES = (
    TOKENS,
    PREFILL_DECODE,
    TTFT_TOTAL,
    SEGMENTS,
    LONGER_ANSWER,
    CONTEXT,
    KV_CACHE,
    MEMORY,
    RUNS_ON,
    QUANTIZATION,
    MODEL_SIZE,
    THROUGHPUT_LATENCY,
    LOCAL_REMOTE,
    RETRY_FALLBACK,
)
