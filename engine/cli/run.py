"""`hearth run`: stream one answer to stdout, with no window and no Qt."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, assert_never

import psutil

from engine.client.answer_json import metrics_json
from engine.client.session import EngineSession
from engine.models.starter_model import StarterModelMissingError, starter_model_path
from engine.protocol import (
    AUTO_GPU_LAYERS,
    AnswerFailed,
    CacheReport,
    ChatMessage,
    ClientEvent,
    CommandFailed,
    Embedded,
    EngineDied,
    EngineStarted,
    EngineStats,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    LoadProgress,
    ModelInfo,
    Notice,
    SamplingParams,
    Started,
    Token,
    Unloaded,
)
from engine.remote.rpc_machines import split_problems

if TYPE_CHECKING:
    from engine.docs.grounding import Grounding
    from engine.remote.remote_session import RemoteSession
    from engine.store.chat_turn import ChatTurn
    from engine.store.conversations import ConversationStore


class RunError(RuntimeError):
    """Ends `hearth run` with this one line on stderr and exit code 1."""


@dataclass(frozen=True)
class RunRequest:
    prompt: str
    model: str | None = None
    system: str | None = None
    # None: the conversation's setting with --chat, else SamplingParams' default (512, 0.7).
    max_tokens: int | None = None
    temperature: float | None = None
    seed: int | None = None
    threads: int | None = None
    ctx: int = 4096
    as_json: bool = False
    chat: str | None = None  # continue (or start) the stored conversation with this title or number
    docs: tuple[str, ...] = ()  # answer from these document sets (engine/docs/grounding.py)
    embedding_model: str | None = None  # for --docs: a library name or GGUF path (default: the library's first)
    engine: str | None = None  # a remote engine's name (hearth engines add): it answers, with `model` its model id
    rpc_servers: tuple[str, ...] = ()  # rpc-server machines the local model is split across (--rpc)

    def sampling_changes(self) -> dict[str, Any]:
        """The sampling settings given on the command line."""
        given = {"max_tokens": self.max_tokens, "temperature": self.temperature, "seed": self.seed}
        return {name: value for name, value in given.items() if value is not None}


def resolve_model(model: str | None) -> str:
    """The model file for --model: a path that exists, else a library name, else the path as given.

    The file itself is checked once, in the engine child, before llama.cpp loads it; so a
    missing file path keeps that check's sentence ("Model file not found: …")."""
    if not model:
        try:
            return str(starter_model_path())
        except StarterModelMissingError as exc:
            raise RunError(str(exc)) from exc
    if Path(model).expanduser().exists():
        return str(Path(model).expanduser())
    from engine.models.library import Library, LibraryError

    try:
        return str(Library().find(model).path)
    except LibraryError as exc:
        if _looks_like_a_path(model):
            return model
        raise RunError(str(exc)) from exc


def _looks_like_a_path(model: str) -> bool:
    separators = [s for s in ("/", os.sep, os.altsep) if s]
    return any(s in model for s in separators) or model.lower().endswith(".gguf") or model.startswith(("~", "."))


def _open_chat(request: RunRequest, model_path: str) -> tuple[ConversationStore, ChatTurn]:
    from engine.store.chat_turn import ChatTurn
    from engine.store.conversations import ConversationStore
    from engine.store.schema import SchemaTooNewError

    assert request.chat is not None
    store: ConversationStore | None = None
    try:
        store = ConversationStore()
        turn = ChatTurn(
            store,
            request.chat,
            request.prompt,
            model_name=Path(model_path).stem,
            system_prompt=request.system,
            sampling_changes=request.sampling_changes(),
        )
    except SchemaTooNewError as exc:
        raise RunError(str(exc)) from exc
    except sqlite3.Error as exc:
        if store is not None:
            store.close()
        raise RunError(f"Could not open the conversation database: {exc}.") from exc
    return store, turn


def run(request: RunRequest, out: TextIO = sys.stdout) -> int:
    """Stream one answer to `out`. With `request.chat`, it also goes into that stored conversation.

    The engine runs in an EngineSession (engine/client/session.py), so it recovers as the window's
    does: one that dies of SIGILL before it wrote anything is started again on llama.cpp's safe
    kernels and asked again (engine/kernels/policy.py), once; the change is said on stderr."""
    sent_at = time.monotonic()  # the user "pressed Send" when they ran the command
    if request.engine is not None:
        return _run_remote(request, out, sent_at)
    model_path = resolve_model(request.model)
    grounding: Grounding | None = None
    if request.docs:
        from engine.cli.run_docs import grounded

        request, grounding = grounded(request)
    store: ConversationStore | None = None
    turn: ChatTurn | None = None
    session = EngineSession()
    request_id = session.new_id()
    if request.chat is not None:
        store, turn = _open_chat(request, model_path)
        generate = turn.generate(request_id, sent_at)
    else:
        messages = []
        if request.system:
            messages.append(ChatMessage("system", request.system))
        messages.append(ChatMessage("user", request.prompt))
        sampling = SamplingParams(**request.sampling_changes())
        generate = Generate(request_id, tuple(messages), sampling, sent_at)
    if grounding is not None:  # the engine says which prompt tokens hold them (Started.documents_at)
        generate = replace(generate, documents=grounding.documents)
    answer = _Answer(out, request, turn, sent_at, grounding)
    try:
        session.start(load_began_at=sent_at)  # the first start on a new computer probes the kernels
        # One answer: one slot, so the context memory is allocated once, not per slot.
        options = LoadOptions(
            model_path,
            n_ctx=request.ctx,
            n_threads=request.threads,
            parallel=1,
            n_gpu_layers=AUTO_GPU_LAYERS if request.rpc_servers else 0,
            rpc_servers=request.rpc_servers,
        )
        session.send(Load(session.new_id(), options))
        session.send(generate)
        return answer.stream(session)
    finally:
        # Ctrl+C or any other way out: what was streamed is saved, as interrupted.
        if turn is not None:
            turn.close()
        session.close()
        if store is not None:
            store.close()


def _run_remote(request: RunRequest, out: TextIO, sent_at: float) -> int:
    """The answer from a remote engine the user added: the same stream, figures and failures."""
    from engine.errors import UserError
    from engine.remote.engines import find_engine
    from engine.remote.remote_session import RemoteSession

    if request.chat is not None or request.docs:
        raise RunError("--engine answers one question for now; --chat and --docs use the engine on this computer.")
    assert request.engine is not None
    try:
        engine = find_engine(request.engine)
    except UserError as exc:
        raise RunError(str(exc)) from exc
    session = RemoteSession(engine, request.model)
    messages = [ChatMessage("system", request.system)] if request.system else []
    messages.append(ChatMessage("user", request.prompt))
    generate = Generate(session.new_id(), tuple(messages), SamplingParams(**request.sampling_changes()), sent_at)
    answer = _Answer(out, request, None, sent_at, None)
    try:
        session.send(generate)
        return answer.stream(session)
    finally:
        session.close()


class _Answer:
    """One answer's events, from an engine session to `out` (and the stored conversation)."""

    def __init__(
        self, out: TextIO, request: RunRequest, turn: ChatTurn | None, sent_at: float, grounding: Grounding | None
    ) -> None:
        self.out = out
        self.grounding = grounding
        self.sent_at = sent_at
        self.request = request
        self.turn = turn
        self.ttft_s = 0.0
        self.loaded: ModelInfo | None = None
        self.started: Started | None = None

    def stream(self, session: EngineSession | RemoteSession) -> int:
        for event in session.events():
            if self.take(event):
                return 0
        return 1

    def take(self, event: ClientEvent) -> bool:
        """Show or store `event`; True once the answer is complete. A failure raises RunError."""
        turn = self.turn
        match event:
            case Loaded():
                self.loaded = event.info
                if event.info.chat_template_warning:
                    print(f"hearth: {event.info.chat_template_warning}", file=sys.stderr)
                for problem in split_problems(event.info):  # machines left out: the model runs on the rest
                    print(f"hearth: {problem}", file=sys.stderr)
            case Started():
                self.started = event
                if turn is not None and turn.writer is None:  # a second try after a crash saves nothing twice
                    _save_started(turn, event)
                if event.dropped_messages:
                    print(
                        f"hearth: the conversation is longer than the context; the {event.dropped_messages} oldest"
                        " messages were left out of the prompt.",
                        file=sys.stderr,
                    )
            case Token():
                if turn is not None:
                    turn.token(event)
                if event.text:
                    self.out.write(event.text)
                    self.out.flush()
                    if not self.ttft_s:
                        self.ttft_s = time.monotonic() - self.sent_at
            case AnswerFailed(kind="crash" | "crash_loop") | EngineDied():
                if turn is not None:
                    turn.finish("error", error=event.reason)
                raise RunError(event.reason)
            case AnswerFailed() | LoadFailed() | CommandFailed():
                if isinstance(event, AnswerFailed) and event.kind in ("remote_down", "remote_cut"):
                    print("hearth: to ask the model on this computer instead, leave out --engine.", file=sys.stderr)
                if turn is not None:  # text already written stays, marked interrupted (Continue can pick it up)
                    kept = turn.writer is not None and bool(turn.writer.text)
                    turn.finish("interrupted" if kept else "error", error=event.reason)
                raise RunError(event.reason)
            case Finished():
                self._finish(event)
                return True
            case Notice():  # the kernels changed (a first start's probe, or a crash): said once
                print(f"hearth: {event.reason}", file=sys.stderr)
            case LoadProgress() | Unloaded() | EngineStats() | CacheReport() | EngineStarted() | Embedded():
                pass
            case _:
                assert_never(event)
        return False

    def _finish(self, event: Finished) -> None:
        turn = self.turn
        app_rss = psutil.Process().memory_info().rss
        metrics = metrics_json(event.metrics, app_rss, self.ttft_s or event.metrics.ttft_s)
        if self.loaded is not None:  # where it ran
            metrics |= {
                "kernels": self.loaded.kernels,
                "gpu_layers": self.loaded.gpu_layers,
                "n_layers": self.loaded.n_layers,
                "offload_devices": list(self.loaded.offload_devices),
                "layers": [
                    {"device": share.device, "where": share.where, "layers": share.layers}
                    for share in self.loaded.layer_split
                ],
            }
        if turn is not None:
            turn.finish("interrupted" if event.metrics.stop_reason == "cancelled" else "complete", metrics)
        self.out.write("\n")
        if self.grounding is not None:
            from engine.cli.run_docs import print_sources, sources_json

            if self.request.as_json:
                started = self.started
                at, cached = (started.documents_at, started.cached_tokens) if started is not None else ((0, 0), 0)
                metrics |= sources_json(self.grounding, at, cached)
            else:
                print_sources(self.grounding, self.out)
        if self.request.as_json:
            self.out.write(json.dumps(metrics, ensure_ascii=False))
            self.out.write("\n")
        self.out.flush()
        if turn is not None and turn.save_error is not None:
            raise RunError(str(turn.save_error))


def _save_started(turn: ChatTurn, event: Started) -> None:
    from engine.store.conversations import DiskFullError

    try:
        turn.started(event)
    except DiskFullError as exc:
        raise RunError(str(exc)) from exc
    except sqlite3.Error as exc:
        raise RunError(f"Could not save to the conversation database: {exc}.") from exc
