"""`hearth replay SCRIPT.jsonl`: play turns into stored conversations through one engine.

Each line is {"conversation": NAME, "user": TEXT} with an optional "system". The
conversations are the stored named ones (as `hearth run --chat NAME`), so a later replay
continues them. With `--no-prefix-cache` nothing is reused: every turn reads its whole
prompt, which is the baseline the cache is measured against. The engine runs in an
EngineSession: one that dies between two turns is said on stderr, and the next turn starts a
fresh one (which loads the model again).
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO, assert_never

import psutil

from engine.cli.run import RunError
from engine.client.answer_json import metrics_json
from engine.client.session import EngineSession
from engine.protocol import (
    AnswerFailed,
    CacheReport,
    ClientEvent,
    CommandFailed,
    Embedded,
    EngineDied,
    EngineStarted,
    EngineStats,
    Finished,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    LoadProgress,
    Notice,
    Started,
    Token,
    Unloaded,
)
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
    session = EngineSession()
    store = ConversationStore()
    try:
        options = LoadOptions(request.model, n_ctx=request.ctx, n_threads=request.threads)
        session.send(Load(session.new_id(), _with_cache(options, request.prefix_cache)))  # a new computer probes first
        _wait_for_the_model(session)
        for line in turns:
            name = line["conversation"]
            turn = ChatTurn(
                store, name, line["user"], model_name=model_name, system_prompt=line.get("system"),
                sampling_changes=changes,
            )  # fmt: skip
            turn_number = 1 + sum(m.role == "user" for m in turn.branch)  # in the stored conversation
            try:
                result = _play(session, turn)
            finally:
                turn.close()
            if request.as_json:
                record = {"conversation": name, "turn": turn_number}
                record.update({k: result[k] for k in REPORTED})
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
            else:
                out.write(f"[{name} #{turn_number}] {result['text']}\n")
            out.flush()
    finally:
        session.close()
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


def _wait_for_the_model(session: EngineSession) -> None:
    for event in session.events():
        match event:
            case Loaded():
                return
            case AnswerFailed() | LoadFailed() | CommandFailed() | EngineDied():
                raise RunError(event.reason)
            case Notice():
                print(f"hearth: {event.reason}", file=sys.stderr)
            case LoadProgress() | Unloaded() | Started() | Token() | EngineStats() | Finished() | CacheReport():
                pass
            case EngineStarted() | Embedded():
                pass
            case _:
                assert_never(event)
    raise RunError("The engine stopped before the model loaded.")


def _play(session: EngineSession, turn: ChatTurn) -> dict[str, Any]:
    request_id = session.new_id()
    sent_at = time.monotonic()
    session.send(turn.generate(request_id, sent_at))
    pieces: list[str] = []
    for event in session.events():
        if (result := _take(event, request_id, turn, pieces)) is not None:
            return result
    raise RunError("The engine stopped before the answer finished.")


def _take(event: ClientEvent, request_id: int, turn: ChatTurn, pieces: list[str]) -> dict[str, Any] | None:
    """Store `event` if it is request `request_id`'s; the turn's numbers once it finished."""
    match event:
        case Started() if event.request_id == request_id:
            turn.started(event)
        case Token() if event.request_id == request_id:
            turn.token(event)
            pieces.append(event.text)
        case Finished() if event.request_id == request_id:
            metrics = metrics_json(event.metrics, psutil.Process().memory_info().rss, event.metrics.ttft_s)
            turn.finish("complete", metrics)
            return {**metrics, "text": "".join(pieces)}
        case AnswerFailed() | LoadFailed() | CommandFailed():
            turn.finish("error", error=event.reason)
            raise RunError(event.reason)
        case EngineDied() | Notice():  # it died between turns (this turn starts a fresh one), or the kernels changed
            print(f"hearth: {event.reason}", file=sys.stderr)
        case Started() | Token() | Finished() | Loaded() | LoadProgress() | Unloaded() | EngineStats() | CacheReport():
            pass
        case EngineStarted() | Embedded():
            pass
        case _:
            assert_never(event)
    return None
