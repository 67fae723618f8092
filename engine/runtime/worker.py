"""The engine child process: owns the model and streams events back over a pipe.

Runs in its own process (multiprocessing, spawn) so that a llama.cpp abort, a
segfault on a bad file or an out-of-memory kill ends this process, not the window.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import time
import traceback
from collections import deque
from dataclasses import replace
from multiprocessing.connection import Connection
from typing import Any, assert_never

from engine.errors import UserError, message
from engine.kernels.kernel_sets import KernelSet
from engine.protocol import (
    AnswerFailed,
    CacheReport,
    Cancel,
    ClearCache,
    Command,
    CommandFailed,
    EngineStats,
    Event,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    LoadProgress,
    Metrics,
    QueryCache,
    Shutdown,
    Started,
    Token,
    Unload,
    Unloaded,
)
from engine.runtime.text_stream import Utf8Stream

logger = logging.getLogger(__name__)

STATS_INTERVAL_S = 0.25
TOKEN_BATCH_S = 0.05  # the GUI appends text every 50 ms anyway
AFTER_ANSWER_GRACE_S = 0.05  # bench/ui_stall.py: the longest stall came when a finished answer was formatted


def redirect_output(log_path: str) -> None:
    """Send this process's stdout and stderr (llama.cpp's log included) to the log file."""
    fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    sys.stdout.flush()
    sys.stderr.flush()
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    logging.basicConfig(
        level=logging.INFO, stream=sys.stderr, format="%(asctime)s engine[%(process)d] %(name)s: %(message)s"
    )


class Worker:
    def __init__(self, conn: Connection, started_at: float, kernels: KernelSet = "full") -> None:
        self.conn = conn
        self.kernels: KernelSet = kernels  # the CPU kernel set every model in this process loads with
        self.pending: deque[Command] = deque()
        self.current: Command | None = None  # the command being carried out: an internal error fails it
        self.model: Any = None  # engine.runtime.llama_runtime.LlamaModel once loaded
        self.options: LoadOptions | None = None  # what `model` was loaded with
        self.cache: Any = None  # engine.cache.prefix_cache.PrefixCache for the loaded model, if enabled
        self.reuse_enabled = True  # False: no live context or snapshot reuse at all (--no-prefix-cache)
        self.answers_total = 0
        self.answers_reused = 0
        self.process_started_at = started_at
        # When the last load began and ended; the first one began at process spawn.
        self.load_began_at = 0.0
        self.load_finished_at = 0.0
        import psutil

        self._proc = psutil.Process()

    def send(self, event: Event) -> None:
        self.conn.send(event)

    def next_command(self) -> Command:
        return self.pending.popleft() if self.pending else self.conn.recv()

    def run(self) -> None:
        while True:
            self.current = None
            try:
                cmd = self.next_command()
            except EOFError:  # the parent went away
                return
            self.current = cmd
            match cmd:
                case Shutdown():
                    if self.cache is not None:
                        self.cache.persist_all()
                    return
                case Load():
                    self.handle_load(cmd)
                case Unload():
                    self.handle_unload(cmd)
                case Generate():
                    self.handle_generate(cmd)
                case ClearCache():
                    if self.cache is not None:
                        if cmd.owner is None:
                            self.cache.clear()
                        else:
                            self.cache.forget_owner(cmd.owner)
                    self.send(self._cache_report(cmd.command_id))
                case QueryCache():
                    self.send(self._cache_report(cmd.command_id))
                case Cancel():
                    pass  # for a request that already ended: nothing to do
                case _:
                    assert_never(cmd)

    # --- load ----------------------------------------------------------------------

    def handle_load(self, cmd: Load) -> None:
        """Load a model. A switch that fails keeps the user working: the previous model is loaded
        again and reported with Loaded(restored_after_failure=True) after the LoadFailed event."""
        from engine.models.model_file import ModelFileError, check_model_file
        from engine.runtime.llama_runtime import ModelLoadError
        from engine.runtime.memory_guard import check_memory

        if self._superseded(cmd):
            return  # the user picked another model before this one began loading
        started = time.monotonic()
        loaded = self.options if self.model is not None else None
        fallback = loaded or cmd.fallback
        try:
            check_model_file(cmd.options.model_path)  # a bad file never costs the loaded model
        except ModelFileError as exc:
            self.send(LoadFailed.from_error(cmd.load_id, exc, LOG_HINT))
            self._bring_back(fallback, cmd.load_id)
            return
        if (too_big := check_memory(cmd.options, replacing=loaded)) is not None:
            self.send(LoadFailed.from_error(cmd.load_id, too_big, kind="memory"))  # the window offers "Load anyway"
            self._bring_back(fallback, cmd.load_id)
            return
        self._free_model()
        try:
            self._load(cmd.options, cmd.load_id)
        except ModelLoadError as exc:
            self.send(LoadFailed.from_error(cmd.load_id, exc, LOG_HINT))
            self._bring_back(fallback, cmd.load_id)
            return
        # The first load also waited for the process to start and import llama.cpp.
        self.load_began_at = self.process_started_at if self.load_finished_at == 0.0 else started
        self.load_finished_at = time.monotonic()
        self.send(Loaded(cmd.load_id, self.model.info, self.load_finished_at - self.load_began_at, cmd.options))

    def _load(self, options: LoadOptions, load_id: int) -> None:
        from engine.runtime.llama_runtime import LlamaModel

        last_sent = [-1.0]

        def on_progress(fraction: float) -> None:
            if fraction - last_sent[0] >= 0.02 or fraction >= 1.0:
                last_sent[0] = fraction
                self.send(LoadProgress(load_id, fraction))

        self.model = LlamaModel(options, on_progress, kernels=self.kernels)
        self.options = options
        self.reuse_enabled = options.prefix_cache
        if options.prefix_cache:
            self.cache = self._open_cache(options)

    def _bring_back(self, options: LoadOptions | None, load_id: int) -> None:
        """After refused load `load_id`: the model the user had, unless it is still loaded."""
        if options is None or self.has_model():
            return
        from engine.runtime.llama_runtime import ModelLoadError

        started = time.monotonic()
        try:
            self._load(options, load_id)
        except ModelLoadError as exc:  # e.g. the file went away meanwhile: nothing is loaded now
            self.send(LoadFailed.from_error(load_id, exc, LOG_HINT))
            return
        info = self.model.info
        self.send(Loaded(load_id, info, time.monotonic() - started, options, restored_after_failure=True))

    def has_model(self) -> bool:
        return self.model is not None

    def _free_model(self) -> None:
        if self.model is not None:
            if self.cache is not None:
                self.cache.persist_all()
            self.model.close()
        self.model = None
        self.cache = None

    def _superseded(self, cmd: Load) -> bool:
        """Whether a later Load is already waiting (a user clicking through models)."""
        while self.conn.poll():
            self.pending.append(self.conn.recv())
        return any(isinstance(waiting, Load) for waiting in self.pending)

    def handle_unload(self, cmd: Unload) -> None:
        import gc

        rss_before = self._proc.memory_info().rss
        self._free_model()
        gc.collect()
        _return_free_heap_to_the_system()
        self.send(Unloaded(cmd.command_id, rss_before, self._proc.memory_info().rss))

    def _open_cache(self, options: LoadOptions) -> Any:
        from pathlib import Path

        from engine.cache.prefix_cache import CacheKey, PrefixCache, cache_root
        from engine.models.model_hash import model_sha256
        from engine.paths import cache_dir

        try:
            type_k, type_v, flash_attn, swa_full = self.model.cache_settings()
            key = CacheKey(
                model_sha256(Path(options.model_path), cache_dir()),
                self.model.n_ctx,
                type_k,
                type_v,
                flash_attn,
                swa_full,
            )
            return PrefixCache(
                key,
                cache_root(),
                ram_budget=options.cache_ram_budget,
                disk_budget=options.cache_disk_budget,
            )
        except OSError:  # no cache dir, say: answers are only slower
            logger.warning("prefix cache disabled", exc_info=True)
            return None

    def _cache_report(self, command_id: int) -> CacheReport:
        """The cache's state, answering command `command_id`."""
        if self.cache is None:
            return CacheReport(command_id, False, 0, 0, 0, 0, 0, 0, 0, 0)
        report: CacheReport = self.cache.stats(command_id)
        # "Helped" means any reuse, the live context included, not only snapshot hits.
        return replace(report, hits=self.answers_reused, misses=self.answers_total - self.answers_reused)

    # --- generate ------------------------------------------------------------------

    def handle_generate(self, cmd: Generate) -> None:
        from engine.cache.prompt_reuse import (
            PromptState,
            Reuse,
            keep_snapshot,
            prepare_context,
            read_prompt,
            settle_answer,
        )
        from engine.prompt.assembly import plan_prompt
        from engine.prompt.chat_template import TemplateError
        from engine.runtime.llama_runtime import PromptTooLongError

        if self.model is None:
            self.send(AnswerFailed.from_error(cmd.request_id, UserError("engine.no_model")))
            return
        model = self.model
        t_start = time.monotonic()
        # Load time counts only for the part of a load that happened after the user pressed Send.
        load_s = max(0.0, self.load_finished_at - max(cmd.sent_at, self.load_began_at))
        queue_s = max(0.0, t_start - max(cmd.sent_at, self.load_finished_at))
        try:
            plan = plan_prompt(model, cmd)  # render, fit, tokenise, pin, plan the reads: once
            prompt, dropped, pin_at, segments = plan.tokens, plan.dropped_messages, plan.pin_at, plan.segments
            if self.reuse_enabled:
                reuse = prepare_context(model, self.cache, prompt, segments)
            else:  # the baseline: every answer reads its whole prompt
                model.clear()
                reuse = Reuse(0, "none")
            cached = reuse.cached_tokens
            self.answers_total += 1
            self.answers_reused += cached > 0
            self.send(Started(cmd.request_id, len(prompt), cached, time.monotonic(), tuple(prompt), dropped))
            read_prompt(model, self.cache, prompt, segments, cached=cached, pin_at=pin_at)
        except (TemplateError, PromptTooLongError) as exc:
            self.send(AnswerFailed.from_error(cmd.request_id, exc))
            return
        text_stream = Utf8Stream()
        t_first = 0.0
        t_last = time.monotonic()
        count = 0
        next_stats = t_start + STATS_INTERVAL_S
        cancel: Cancel | None = None
        pending_text: list[str] = []
        pending_tokens: list[int] = []
        next_flush = 0.0
        recent: deque[float] = deque(maxlen=8)  # sample times, to count tokens after a Cancel
        answer: list[int] = []  # every token sent, as the store keeps the answer
        # A memory that cannot be cut back goes back to the prompt's state to read the answer again.
        prompt_state: PromptState | None = None
        keep_prompt_state = self.reuse_enabled and not model.can_cut_back
        for step in model.generate(prompt, cmd.sampling):
            t_last = time.monotonic()
            recent.append(t_last)
            count += 1
            if count == 1:
                t_first = t_last
            pending_text.append(text_stream.feed(step.piece))
            pending_tokens.append(step.token)
            answer.append(step.token)
            # The last token allowed goes out at once: the model decodes it before the loop ends.
            if t_last >= next_flush or count == cmd.sampling.max_tokens:
                self.send(Token(cmd.request_id, "".join(pending_text), count, t_last, tuple(pending_tokens)))
                pending_text.clear()
                pending_tokens.clear()
                next_flush = t_last + TOKEN_BATCH_S
            if count == 1 and keep_prompt_state:
                # The first token went out and is not decoded yet: the context holds the prompt alone.
                prompt_state = PromptState.of(model)
            if t_last >= next_stats:
                next_stats = t_last + STATS_INTERVAL_S
                self.send(self._stats(cmd.request_id, count, t_last - t_first))
            cancel = self._cancel_requested(cmd.request_id)
            if cancel is not None:
                break
        pending_text.append(text_stream.flush())
        if any(pending_text) or pending_tokens:
            self.send(Token(cmd.request_id, "".join(pending_text), count, t_last, tuple(pending_tokens)))
        t_end = time.monotonic()
        prefill_end = t_first if count else t_end
        metrics = Metrics(
            model=model.info.name,
            prompt_tokens=len(prompt),
            cached_tokens=cached,
            cache_source=reuse.source,
            prefill_tokens=len(prompt) - cached,
            load_s=load_s,
            queue_s=queue_s,
            prefill_s=prefill_end - t_start,
            ttft_s=(t_first - cmd.sent_at) if count else 0.0,
            decode_tokens=count,
            decode_s=(t_last - t_first) if count else 0.0,
            total_s=t_end - cmd.sent_at,
            engine_rss_bytes=self._proc.memory_info().rss,
            kv_bytes=model.kv_bytes(),
            n_ctx_used=len(model.kv_tokens),
            n_ctx=model.n_ctx,
            stop_reason="cancelled" if cancel is not None else model.stop_reason,
            tokens_after_cancel=sum(t > cancel.sent_at for t in recent) if cancel is not None else 0,
            dropped_messages=dropped,
        )
        self.send(Finished(cmd.request_id, metrics))
        # Housekeeping (re-reading the answer, a snapshot) keeps both cores busy for a while; let the
        # window format the finished answer first. A command that arrives meanwhile ends the wait.
        self.conn.poll(AFTER_ANSWER_GRACE_S)
        if self.reuse_enabled:
            settle_answer(model, prompt, answer, prompt_state)
            # Remember this exchange for a switch back or a restart (a few ms per 1,000 tokens).
            keep_snapshot(model, self.cache, cmd.cache_owner)
        if self.cache is not None:
            self.send(self._cache_report(cmd.request_id))

    def _stats(self, request_id: int, count: int, decode_s: float) -> EngineStats:
        model = self.model
        return EngineStats(
            request_id=request_id,
            decode_tokens=count,
            decode_s=decode_s,
            engine_rss_bytes=self._proc.memory_info().rss,
            kv_bytes=model.kv_bytes(),
            n_ctx_used=len(model.kv_tokens),
            n_ctx=model.n_ctx,
        )

    def _cancel_requested(self, request_id: int) -> Cancel | None:
        """Between tokens: look at what the parent sent without waiting."""
        while self.conn.poll():
            cmd = self.conn.recv()
            if isinstance(cmd, Cancel) and cmd.request_id == request_id:
                return cmd
            if isinstance(cmd, Cancel):
                continue
            self.pending.append(cmd)
            if isinstance(cmd, Shutdown):
                return Cancel(request_id, time.monotonic())
        return None


ENGINE_NICENESS = 5


def _return_free_heap_to_the_system() -> None:
    """glibc keeps freed heap memory for reuse; after an unload, give it back (bench/model_switch.py:
    the engine stayed ~75 MB above its idle size without this)."""
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("c")
    if sys.platform.startswith("linux") and name:
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(name).malloc_trim(0)


def _yield_to_the_window() -> None:
    """Run a little below normal priority, so the window's thread gets a core the moment it
    needs one; decode loses nothing while the window is idle (bench/ui_stall.py, bench/decode.py)."""
    try:
        import psutil

        proc = psutil.Process()
        if hasattr(psutil, "BELOW_NORMAL_PRIORITY_CLASS"):  # Windows
            proc.nice(psutil.BELOW_NORMAL_PRIORITY_CLASS)
        else:
            proc.nice(max(proc.nice(), ENGINE_NICENESS))
    except Exception:  # priority is a nicety; never fail the engine over it
        logger.warning("could not lower the engine's priority", exc_info=True)


def _internal_error(command: Command | None, error: BaseException, details: str) -> Event | None:
    """The failure of `command` that an internal error makes. None outside any command, or for a
    Cancel or Shutdown: the parent's account of the death (with the log, traceback included) says it."""
    match command:
        case Generate():
            return AnswerFailed.from_error(command.request_id, error, details)
        case Load():
            return LoadFailed.from_error(command.load_id, error, details)
        case Unload() | ClearCache() | QueryCache():
            return CommandFailed.from_error(command.command_id, error, details)
        case Cancel() | Shutdown() | None:
            return None
        case _:
            assert_never(command)


LOG_HINT = message("engine.see_log")  # the details of a failed load: the log has llama.cpp's own words


def main(conn: Connection, log_path: str, started_at: float, kernels: KernelSet = "full") -> None:
    """Entry point of the engine child process."""
    redirect_output(log_path)
    # Ctrl+C in a terminal reaches the whole process group; the parent decides what stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _yield_to_the_window()
    logger.info("engine started, pid %d, %s kernels", os.getpid(), kernels)
    worker = Worker(conn, started_at, kernels)
    try:
        worker.run()
    except Exception as exc:  # report, then die: the parent restarts us on the next request
        logger.error("engine failed:\n%s", traceback.format_exc())
        failure = _internal_error(
            worker.current, UserError("engine.internal_error", problem=exc), traceback.format_exc()
        )
        if failure is not None:
            with contextlib.suppress(OSError):
                conn.send(failure)
        raise
    finally:
        if worker.model is not None:
            worker.model.close()
