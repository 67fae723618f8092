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
    Embed,
    Embedded,
    Event,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    LoadProgress,
    QueryCache,
    Shutdown,
    Unload,
    Unloaded,
)
from engine.runtime.cpu_variants import load_cpu_backend

logger = logging.getLogger(__name__)


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
        self.scheduler: Any = None  # engine.runtime.scheduler.Scheduler over the loaded model
        self.embedder: Any = None  # engine.runtime.embedding.Embedder, made on the first Embed
        self.text_embedder: Any = None  # engine.runtime.text_embedder.TextEmbedder: a document embedder
        self.answers_total = 0  # of models loaded before this one (the scheduler counts its own)
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
        """Commands in the order they came; answers run side by side (engine/runtime/scheduler.py).
        A Load, Unload or cache command waits until the answers asked before it are done."""
        while True:
            if not self._receive():
                return
            if not self._carry_out_pending():
                return
            scheduler = self.scheduler
            self.current = None
            if scheduler is not None and scheduler.busy:
                scheduler.step()
            elif (
                scheduler is not None
                and not self.pending
                and scheduler.has_housekeeping
                and time.monotonic() >= scheduler.settle_after
            ):
                scheduler.settle_one(self.conn.poll)

    def _receive(self) -> bool:
        """Take what the parent sent: wait for it when there is nothing else to do. False: it went away."""
        scheduler = self.scheduler
        busy = bool(self.pending) or (scheduler is not None and scheduler.busy)
        timeout: float | None = 0.0 if busy else None
        if not busy and scheduler is not None and scheduler.has_housekeeping:
            timeout = max(0.0, scheduler.settle_after - time.monotonic())
        try:
            if self.conn.poll(timeout):
                self.pending.append(self.conn.recv())
            while self.conn.poll():
                self.pending.append(self.conn.recv())
        except EOFError:  # the parent went away
            return False
        return True

    def _carry_out_pending(self) -> bool:
        """Carry out waiting commands in order, as far as the answers in flight allow. False: shut down."""
        scheduler = self.scheduler
        while self.pending:
            cmd = self.pending[0]
            self.current = cmd
            match cmd:
                case Cancel():
                    self.pending.popleft()
                    self._cancel(cmd)
                    continue
                case Embed():  # at once, between two steps: a short read of its own context
                    self.pending.popleft()
                    self._embed(cmd)
                    continue
                case Generate():
                    self.pending.popleft()
                    if scheduler is None:
                        self.send(AnswerFailed.from_error(cmd.request_id, UserError("engine.no_model")))
                    else:
                        scheduler.submit(cmd)
                    continue
                case Shutdown():
                    if scheduler is not None and scheduler.busy:
                        scheduler.cancel_all()  # they end at the next step, then the engine stops
                        return True
                    self._finish_housekeeping()
                    if self.cache is not None:
                        self.cache.persist_all()
                    return False
                case Load() | Unload() | ClearCache() | QueryCache():
                    if scheduler is not None and scheduler.busy:
                        return True  # after the answers asked before it
                    self._finish_housekeeping()  # what the cache holds is settled before it is touched
                    self.pending.popleft()
                    self._carry_out(cmd)
                    scheduler = self.scheduler
                case _:
                    assert_never(cmd)
        return True

    def _finish_housekeeping(self) -> None:
        """Settle every answer still written as it was, before anything but another answer."""
        scheduler = self.scheduler
        while scheduler is not None and scheduler.has_housekeeping:
            scheduler.settle_one(lambda: False)

    def _carry_out(self, cmd: Load | Unload | ClearCache | QueryCache) -> None:
        match cmd:
            case Load():
                self.handle_load(cmd)
            case Unload():
                self.handle_unload(cmd)
            case ClearCache():
                if self.scheduler is not None:
                    if cmd.owner is None:
                        self.scheduler.clear()
                    else:
                        self.scheduler.forget_owner(cmd.owner)
                if self.cache is not None:
                    if cmd.owner is None:
                        self.cache.clear()
                    else:
                        self.cache.forget_owner(cmd.owner)
                self.send(self._cache_report(cmd.command_id))
            case QueryCache():
                self.send(self._cache_report(cmd.command_id))
            case _:
                assert_never(cmd)

    def _cancel(self, cmd: Cancel) -> None:
        """Stop an answer wherever it is: writing, reading its prompt, waiting for a slot, or still
        behind a Load in `pending`. For one that already ended there is nothing to do."""
        if self.scheduler is not None and self.scheduler.cancel(cmd):
            return
        for waiting in self.pending:
            if isinstance(waiting, Generate) and waiting.request_id == cmd.request_id:
                from engine.runtime.scheduler import never_started

                self.pending.remove(waiting)
                name = self.model.info.name if self.model is not None else ""
                self.send(Finished(cmd.request_id, never_started(waiting, name, self.model.n_ctx if self.model else 0)))
                return

    def in_flight(self) -> list[Command]:
        """Every command an internal error would cut short."""
        answers = [answer.cmd for answer in self.scheduler.active] if self.scheduler is not None else []
        return [*answers, *([self.current] if self.current is not None else [])]

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
        self.scheduler = self._make_scheduler()

    def _make_scheduler(self) -> Any:
        from engine.runtime.scheduler import Scheduler

        return Scheduler(
            self.model,
            self.cache,
            self.send,
            reuse_enabled=self.reuse_enabled,
            load_window=lambda: (self.load_began_at, self.load_finished_at),
            memory_rss=lambda: int(self._proc.memory_info().rss),
            on_housekeeping_done=self._after_housekeeping,
            cancel_arrived=self._cancel_arrived,
        )

    def _cancel_arrived(self, request_id: int) -> bool:
        """Whether the parent has sent a Cancel for `request_id` (or a Shutdown, or went away). Asked
        between graph nodes of a long read: what came in waits in `pending`, in order."""
        try:
            while self.conn.poll():
                self.pending.append(self.conn.recv())
        except EOFError:
            return True
        return any(
            isinstance(cmd, Shutdown) or (isinstance(cmd, Cancel) and cmd.request_id == request_id)
            for cmd in self.pending
        )

    def _after_housekeeping(self, request_id: int) -> None:
        """An answer's cache work is over: report the cache, answering that request."""
        if self.cache is not None:
            self.send(self._cache_report(request_id))

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
        if self.scheduler is not None:
            self.answers_total += self.scheduler.answers_total
            self.answers_reused += self.scheduler.answers_reused
            self.scheduler.close()
            self.scheduler = None
        if self.embedder is not None:
            self.embedder.close()
            self.embedder = None
        if self.model is not None:
            if self.cache is not None:
                self.cache.persist_all()
            self.model.close()
        self.model = None
        self.cache = None

    def _embed(self, cmd: Embed) -> None:
        from engine.runtime.embedding import Embedder, EmbedError

        if cmd.model_path:
            self._embed_with_own_model(cmd)
            return
        if self.model is None:
            self.send(CommandFailed.from_error(cmd.command_id, UserError("engine.no_model")))
            return
        began = time.monotonic()
        try:
            if self.embedder is None:
                self.embedder = Embedder(self.model)
            vectors, tokens = self.embedder.embed(cmd.texts, truncate=cmd.truncate)
        except EmbedError as exc:
            self.send(CommandFailed.from_error(cmd.command_id, exc))
            return
        took = time.monotonic() - began
        self.send(Embedded(cmd.command_id, tuple(tuple(v) for v in vectors), tokens, took))

    def _embed_with_own_model(self, cmd: Embed) -> None:
        from engine.runtime.embedding import EmbedError
        from engine.runtime.llama_runtime import ModelLoadError
        from engine.runtime.text_embedder import TextEmbedder

        began = time.monotonic()
        try:
            if self.text_embedder is None or self.text_embedder.model_path != cmd.model_path:
                if self.text_embedder is not None:
                    self.text_embedder.close()
                    self.text_embedder = None
                self.text_embedder = TextEmbedder(cmd.model_path, self.kernels)
            vectors, tokens = self.text_embedder.embed(cmd.texts, truncate=cmd.truncate)
        except (EmbedError, ModelLoadError) as exc:
            self.send(CommandFailed.from_error(cmd.command_id, exc))
            return
        self.send(Embedded(cmd.command_id, tuple(tuple(v) for v in vectors), tokens, time.monotonic() - began))

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
                1 if options.kv_unified else max(1, options.parallel),
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
        total, reused = self.answers_total, self.answers_reused
        if self.scheduler is not None:
            total, reused = total + self.scheduler.answers_total, reused + self.scheduler.answers_reused
        return replace(report, hits=reused, misses=total - reused)


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
        case Unload() | ClearCache() | QueryCache() | Embed():
            return CommandFailed.from_error(command.command_id, error, details)
        case Cancel() | Shutdown() | None:
            return None
        case _:
            assert_never(command)


LOG_HINT = message("engine.see_log")  # the details of a failed load: the log has llama.cpp's own words


def main(
    conn: Connection, log_path: str, started_at: float, kernels: KernelSet = "full", variant: str | None = None
) -> None:
    """Entry point of the engine child process. `variant`: a portable build's CPU variant to load
    (the best one crashed here before); None: ggml's choice."""
    redirect_output(log_path)
    # Ctrl+C in a terminal reaches the whole process group; the parent decides what stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _yield_to_the_window()
    # Before anything asks llama.cpp about its devices (the memory check before a load does).
    loaded = load_cpu_backend(variant=variant)
    logger.info("engine started, pid %d, %s kernels, CPU variant %s", os.getpid(), kernels, loaded or "none")
    worker = Worker(conn, started_at, kernels)
    try:
        worker.run()
    except Exception as exc:  # report, then die: the parent restarts us on the next request
        logger.error("engine failed:\n%s", traceback.format_exc())
        for command in worker.in_flight():
            failure = _internal_error(command, UserError("engine.internal_error", problem=exc), traceback.format_exc())
            if failure is not None:
                with contextlib.suppress(OSError):
                    conn.send(failure)
        raise
    finally:
        if worker.model is not None:
            worker.model.close()
