"""`hearth run`: stream one answer to stdout, with no window and no Qt."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from typing import TextIO

import psutil

from engine.process import EngineDiedError, EngineProcess
from engine.protocol import (
    ChatMessage,
    Failed,
    Finished,
    Generate,
    Load,
    LoadOptions,
    Metrics,
    SamplingParams,
    Token,
)
from engine.starter_model import StarterModelMissingError, starter_model_path


class RunError(RuntimeError):
    """Ends `hearth run` with this one line on stderr and exit code 1."""


@dataclass(frozen=True)
class RunRequest:
    prompt: str
    model: str | None = None
    system: str | None = None
    max_tokens: int = 512
    temperature: float = 0.7
    seed: int | None = None
    threads: int | None = None
    ctx: int = 4096
    as_json: bool = False


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
    }


def _resolve_model(model: str | None) -> str:
    # The file itself is checked once, in the engine child, before llama.cpp loads it.
    try:
        return model or str(starter_model_path())
    except StarterModelMissingError as exc:
        raise RunError(str(exc)) from exc


def run(request: RunRequest, out: TextIO = sys.stdout) -> int:
    sent_at = time.monotonic()  # the user "pressed Send" when they ran the command
    model_path = _resolve_model(request.model)
    messages = []
    if request.system:
        messages.append(ChatMessage("system", request.system))
    messages.append(ChatMessage("user", request.prompt))
    sampling = SamplingParams(temperature=request.temperature, seed=request.seed, max_tokens=request.max_tokens)
    engine = EngineProcess()
    engine.start(load_began_at=sent_at)
    try:
        engine.send(Load(LoadOptions(model_path, n_ctx=request.ctx, n_threads=request.threads)))
        engine.send(Generate(1, tuple(messages), sampling, sent_at))
        ttft_s = 0.0
        for event in engine.events():
            if isinstance(event, Token):
                if event.text:
                    out.write(event.text)
                    out.flush()
                    if not ttft_s:
                        ttft_s = time.monotonic() - sent_at
            elif isinstance(event, Failed):
                raise RunError(event.reason)
            elif isinstance(event, Finished):
                out.write("\n")
                if request.as_json:
                    app_rss = psutil.Process().memory_info().rss
                    out.write(json.dumps(metrics_json(event.metrics, app_rss, ttft_s or event.metrics.ttft_s)))
                    out.write("\n")
                out.flush()
                return 0
    except EngineDiedError as exc:
        raise RunError(exc.failure.reason) from exc
    finally:
        engine.stop()
    return 1
