"""One answer's Metrics as JSON, the same for `hearth run --json`, `hearth replay` and batch results."""

from __future__ import annotations

from engine.protocol import Metrics, RemoteFigures


def metrics_json(metrics: Metrics, app_rss_bytes: int, ttft_s: float) -> dict[str, object]:
    mb = 1024 * 1024
    if metrics.remote is not None:
        return _remote_json(metrics, metrics.remote, app_rss_bytes / mb, ttft_s)
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


def _remote_json(metrics: Metrics, remote: RemoteFigures, app_rss_mb: float, ttft_s: float) -> dict[str, object]:
    """A remote engine's answer: what only the server knows is null where it did not say (never 0),
    and what no server says (its memory, its context) is left out."""

    def rounded(value: float | None, digits: int) -> float | None:
        return round(value, digits) if value is not None else None

    prefill_tok_s = (
        remote.server_prefill_tokens / remote.server_prefill_s
        if remote.server_prefill_tokens is not None and remote.server_prefill_s
        else None
    )
    return {
        "model": metrics.model,
        "engine": remote.engine,
        "host": remote.host,
        "prompt_tokens": remote.prompt_tokens,
        "cached_tokens": remote.cached_tokens,
        "prefill_tokens": remote.server_prefill_tokens,
        "prefill_s": rounded(remote.server_prefill_s, 4),
        "prefill_tok_s": rounded(prefill_tok_s, 1),
        "network_queue_s": rounded(remote.network_queue_s, 4),
        "ttft_s": round(ttft_s, 4),
        "decode_tokens": metrics.decode_tokens,
        "decode_s": round(metrics.decode_s, 4),
        "decode_tok_s": round(metrics.decode_tok_s, 1),
        "server_decode_tok_s": rounded(remote.server_decode_tok_s, 1),
        "total_s": round(metrics.total_s, 4),
        "retries": remote.retries,
        "app_rss_mb": round(app_rss_mb, 1),
        "stop_reason": metrics.stop_reason,
    }
