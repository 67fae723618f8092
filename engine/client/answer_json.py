"""One answer's Metrics as JSON, the same for `hearth run --json`, `hearth replay` and batch results."""

from __future__ import annotations

from engine.protocol import Metrics


def metrics_json(metrics: Metrics, app_rss_bytes: int, ttft_s: float) -> dict[str, object]:
    mb = 1024 * 1024
    return {
        "model": metrics.model,
        "prompt_tokens": metrics.prompt_tokens,
        "cached_tokens": metrics.cached_tokens,
        "cache_source": metrics.cache_source,
        "prefill_tokens": metrics.prefill_tokens,
        "prefill_s": round(metrics.prefill_s, 4),
        "prefill_tok_s": round(metrics.prefill_tok_s, 1),
        "ttft_s": round(ttft_s, 4),
        "decode_tokens": metrics.decode_tokens,
        "decode_s": round(metrics.decode_s, 4),
        "decode_tok_s": round(metrics.decode_tok_s, 1),
        "load_s": round(metrics.load_s, 4),
        "queue_s": round(metrics.queue_s, 4),
        "total_s": round(metrics.total_s, 4),
        "engine_rss_mb": round(metrics.engine_rss_bytes / mb, 1),
        "app_rss_mb": round(app_rss_bytes / mb, 1),
        "kv_bytes": metrics.kv_bytes,
        "n_ctx_used": metrics.n_ctx_used,
        "n_ctx": metrics.n_ctx,
        "stop_reason": metrics.stop_reason,
        "dropped_messages": metrics.dropped_messages,
    }
