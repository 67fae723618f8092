"""`hearth replay SCRIPT.jsonl`: play turns into stored conversations through one engine.

Each line is {"conversation": NAME, "user": TEXT} with an optional "system". The
conversations are the stored named ones (as `hearth run --chat NAME`), so a later replay
continues them. With `--no-prefix-cache` nothing is reused: every turn reads its whole
prompt, which is the baseline the cache is measured against.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import psutil

from engine.cli.run import RunError, metrics_json, start_kernels
from engine.client.process import EngineDiedError, EngineProcess
from engine.kernels.policy import KernelPolicy
from engine.protocol import Failed, Finished, Load, Loaded, LoadOptions, Started, Token
from engine.store.chat_turn import ChatTurn
from engine.store.conversations import ConversationStore


@dataclass(frozen=True)
class ReplayRequest:
    script: str
    model: str
    prefix_cache: bool = True
    temperature: float | None = None
    max_tokens: int | None = None
    threads: int | None = None
    ctx: int = 4096
    as_json: bool = False


def read_script(path: str) -> list[dict[str, str]]:
    """The script's turns; a bad line is one sentence naming its number."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise RunError(f"Could not read {path}: {exc}.") from exc
    turns = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            turn = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RunError(f"Line {number} of {path} is not JSON ({exc.msg}).") from exc
        if (
            not isinstance(turn, dict)
            or not isinstance(turn.get("conversation"), str)
            or not isinstance(turn.get("user"), str)
            or not isinstance(turn.get("system", ""), str)
        ):
            raise RunError(f'Line {number} of {path} needs "conversation" and "user" text (and optionally "system").')
        turns.append(turn)
    if not turns:
        raise RunError(f"{path} has no turns.")
    return turns


def replay(request: ReplayRequest, out: TextIO = sys.stdout) -> int:
    turns = read_script(request.script)
    changes: dict[str, Any] = {}
    if request.temperature is not None:
        changes["temperature"] = request.temperature
    if request.max_tokens is not None:
        changes["max_tokens"] = request.max_tokens
    model_name = Path(request.model).stem
    engine = EngineProcess(kernels=start_kernels(KernelPolicy()))  # a new computer probes them first
    store = ConversationStore()
    try:
        engine.start()
        options = LoadOptions(request.model, n_ctx=request.ctx, n_threads=request.threads)
        engine.send(Load(0, _with_cache(options, request.prefix_cache)))
        for event in engine.events():
            if isinstance(event, Failed):
                raise RunError(event.reason)
            if isinstance(event, Loaded):
                break
        for number, line in enumerate(turns, 1):
            name = line["conversation"]
            turn = ChatTurn(
                store, name, line["user"], model_name=model_name, system_prompt=line.get("system"),
                sampling_changes=changes,
            )  # fmt: skip
            turn_number = 1 + sum(m.role == "user" for m in turn.branch)  # in the stored conversation
            try:
                result = _play(engine, turn, number)
            finally:
                turn.close()
            if request.as_json:
                record = {"conversation": name, "turn": turn_number}
                record.update({k: result[k] for k in REPORTED})
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
            else:
                out.write(f"[{name} #{turn_number}] {result['text']}\n")
            out.flush()
    except EngineDiedError as exc:
        raise RunError(exc.failure.reason) from exc
    finally:
        engine.stop()
        store.close()
    return 0


REPORTED = (
    "prompt_tokens",
    "cached_tokens",
    "cache_source",
    "ttft_s",
    "prefill_tokens",
    "decode_tokens",
    "decode_tok_s",
    "text",
)


def _with_cache(options: LoadOptions, enabled: bool) -> LoadOptions:
    from dataclasses import replace

    return replace(options, prefix_cache=enabled)


def _play(engine: EngineProcess, turn: ChatTurn, request_id: int) -> dict[str, Any]:
    sent_at = time.monotonic()
    engine.send(turn.generate(request_id, sent_at))
    pieces: list[str] = []
    for event in engine.events():
        if isinstance(event, Started) and event.request_id == request_id:
            turn.started(event)
        elif isinstance(event, Token) and event.request_id == request_id:
            turn.token(event)
            pieces.append(event.text)
        elif isinstance(event, Failed):
            turn.finish("error", error=event.reason)
            raise RunError(event.reason)
        elif isinstance(event, Finished) and event.request_id == request_id:
            metrics = metrics_json(event.metrics, psutil.Process().memory_info().rss, event.metrics.ttft_s)
            turn.finish("complete", metrics)
            return {**metrics, "text": "".join(pieces)}
    raise RunError("The engine stopped before the answer finished.")
