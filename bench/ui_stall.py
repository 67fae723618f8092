#!/usr/bin/env python
"""UI responsiveness: how soon the window shows, how soon the model is ready, how long the event loop stalls.

Starts the real GUI in this process (QT_QPA_PLATFORM=offscreen unless set), the way
app/launcher.py does: QApplication, translator, style, MainWindow().show(), then
attach_plot on the first event-loop turn and load_model(--model, the starter by default; n_ctx 4096, 2 threads).

  (i)   window shown: from this script's start (before PySide6 is imported) until show()
        returns, and until the first frame is painted (the pending events processed).
        Target < 1 s. Python's own start-up, before this script runs, is reported apart.
  (ii)  model ready: until window.models.model_loaded.
  (iii) while an answer streams at full speed (send_message with temperature 0.7, seed 1,
        max_tokens 400 and a prompt that yields a long answer), a 1 ms PreciseTimer ticks
        on the GUI thread; from the first token until 0.5 s after window.chat.answer_finished (so the
        work of finishing an answer counts, even where it is spread over later turns of the
        event loop) the longest gap between ticks minus the 1 ms interval is the longest stall.
        Target < 16 ms (one frame at 60 Hz). The 99th percentile gap and the tokens streamed are
        reported too, and apart from them the longest stall between Send and the first token
        ("at Send": the question and answer bubbles are built then; nothing streams yet). The
        answer runs --answers times (fresh conversation each time) and the worst is reported.

The window is closed at the end, which shuts the engine down.

Run:  python bench/ui_stall.py [--model starter|qwen1.5b|PATH] [--answers 3] [--tokens 400] [--threads 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from typing import Any

from _common import LONG_PROMPT, SEED, TEMPERATURE, CpuPressure, load_note, percentile, verdict
from _window import hearth_application

SCRIPT_STARTED = time.monotonic()
SCRIPT_STARTED_BOOT = time.clock_gettime(time.CLOCK_BOOTTIME) if hasattr(time, "CLOCK_BOOTTIME") else None

TAIL_MS = 500  # keep measuring this long after answer_finished: the finishing work, deferred or not, counts
TARGET_SHOWN_S = 1.0
TARGET_STALL_MS = 16.0
LOAD_TIMEOUT_S = 120.0
ANSWER_TIMEOUT_S = 180.0


@dataclass
class AnswerResult:
    answer: int
    tokens: int
    stop: str
    decode_tok_s: float  # as the engine measured it
    max_stall_ms: float
    send_stall_ms: float  # the longest stall from Send to the first token (new bubbles built; not streaming yet)
    p99_gap_ms: float
    mean_gap_ms: float
    ticks: int
    cpu_wait: float | None  # share of the answer in which some task waited for a CPU (Linux PSI)


class BenchError(RuntimeError):
    pass


def main(argv: list[str] | None = None) -> int:
    # The window saves conversations: keep the bench's out of the user's own data folder.
    os.environ.setdefault("HEARTH_HOME", tempfile.mkdtemp(prefix="hearth-ui-stall-"))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--answers", type=int, default=3, help="answers to stream (default 3)")
    parser.add_argument("--tokens", type=int, default=400, help="max tokens per answer (default 400)")
    parser.add_argument("--threads", type=int, default=2, help="llama.cpp threads (default 2)")
    parser.add_argument("--model", default="starter", help="starter, qwen1.5b, qwen0.5b or a GGUF path")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    # --- (i) the window, as app/launcher.py builds it ------------------------------------
    from PySide6.QtCore import QEvent, QTimer
    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow

    app = hearth_application()
    window = MainWindow()
    window.show()
    shown_s = time.monotonic() - SCRIPT_STARTED
    app.processEvents()  # expose and paint: the first frame
    painted_s = time.monotonic() - SCRIPT_STARTED
    QTimer.singleShot(0, window.attach_plot)

    import psutil

    leak = _emit_drops_true_reference()
    python_startup_s = _process_age_at_script_start()
    platform = os.environ["QT_QPA_PLATFORM"]
    print(f"ui stall benchmark: {args.model}, QT_QPA_PLATFORM={platform}, {args.threads} threads; {load_note()}")
    print(
        f"window shown      {shown_s * 1000:7.0f} ms after script start, first frame painted {painted_s * 1000:.0f} ms"
        f"  (target < {TARGET_SHOWN_S * 1000:.0f} ms)  {verdict(painted_s < TARGET_SHOWN_S)}"
    )
    if python_startup_s is not None:
        print(
            f"                  (the process ran ~{python_startup_s * 1000:.0f} ms before this script started: "
            f"interpreter and launcher; shown ~{(shown_s + python_startup_s) * 1000:.0f} ms after the process began)"
        )

    if leak:
        import PySide6

        print(
            f"warning: PySide6 {PySide6.__version__} on Python {sys.version.split()[0]} drops a reference to True on "
            "every Signal.emit() (6.12.0 does; pyproject excludes it): the app aborts with 'Fatal Python error: "
            f"bool_dealloc' after ~{sys.getrefcount(True)} more emits, and this run may too."
        )

    results: list[AnswerResult] = []
    error = ""
    ready_s: float | None = None
    try:
        # --- (ii) the starter model ------------------------------------------------------
        from batching import model_path

        from engine.protocol import LoadOptions, SamplingParams

        load_called = time.monotonic()
        window.models.load_model(LoadOptions(str(model_path(args.model)), n_ctx=4096, n_threads=args.threads))
        _wait_for(window.models.model_loaded, window.models.model_failed, LOAD_TIMEOUT_S, "the model to load")
        ready = time.monotonic()
        ready_s = ready - SCRIPT_STARTED
        print(
            f"model ready       {ready_s * 1000:7.0f} ms after script start "
            f"({(ready - load_called) * 1000:.0f} ms after load_model)"
        )
        if window.metrics_panel.plot is None:  # attach_plot ran on the first event-loop turn
            raise BenchError("the live plot was not attached")

        # --- (iii) stalls while answers stream -------------------------------------------
        window.conversations.state.sampling = SamplingParams(temperature=TEMPERATURE, seed=SEED, max_tokens=args.tokens)
        print()
        print(
            f"{'answer':>6}  {'tokens':>6}  {'stop':<10}  {'tok/s':>6}  {'longest stall':>13}  {'p99 gap':>8}  "
            f"{'mean gap':>8}  {'cpu wait':>8}  {'at Send':>8}"
        )
        for n in range(1, args.answers + 1):
            r = _stream_answer(window, n)
            results.append(r)
            print(
                f"{r.answer:>6}  {r.tokens:>6}  {r.stop:<10}  {r.decode_tok_s:>6.1f}  {r.max_stall_ms:>10.1f} ms  "
                f"{r.p99_gap_ms:>5.1f} ms  {r.mean_gap_ms:>5.2f} ms  {_percent(r.cpu_wait):>8}  "
                f"{r.send_stall_ms:>5.1f} ms",
                flush=True,
            )
    except BenchError as exc:
        error = str(exc)
        print(f"error: {error}", file=sys.stderr)
    finally:
        engine_pid = window.client.engine_pid()
        closing = time.monotonic()
        window.close()  # closeEvent shuts the engine client and its child down
        closed_s = time.monotonic() - closing
        engine_gone = engine_pid is None or not psutil.pid_exists(engine_pid)
        window.deleteLater()  # now, while our message handler is installed, not at interpreter exit
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    worst_stall = max((r.max_stall_ms for r in results), default=0.0)
    worst_p99 = max((r.p99_gap_ms for r in results), default=0.0)
    stall_ok = bool(results) and worst_stall < TARGET_STALL_MS
    print()
    if results:
        print(
            f"worst longest stall {worst_stall:.1f} ms, worst p99 tick gap {worst_p99:.1f} ms, "
            f"over {len(results)} answers  (target stall < {TARGET_STALL_MS:.0f} ms)  {verdict(stall_ok)}"
        )
        waits = [r.cpu_wait for r in results if r.cpu_wait is not None]
        if waits and max(waits) > 0.10:
            print(
                f"note: some task waited for a CPU up to {max(waits):.0%} of the time while answers streamed "
                f"(Linux PSI: the engine's {args.threads} llama.cpp threads, this process and anything else running "
                f"share {os.cpu_count()} CPUs), so part of a stall can be the GUI thread waiting for a CPU."
            )
    print(f"window closed in {closed_s * 1000:.0f} ms; engine process ended: {'yes' if engine_gone else 'NO'}")

    if args.json:
        print(
            json.dumps(
                {
                    "bench": "ui_stall",
                    "platform": platform,
                    "threads": args.threads,
                    "shown_s": shown_s,
                    "first_frame_s": painted_s,
                    "shown_pass": painted_s < TARGET_SHOWN_S,
                    "before_script_s": python_startup_s,
                    "model_ready_s": ready_s,
                    "worst_stall_ms": worst_stall,
                    "worst_p99_gap_ms": worst_p99,
                    "stall_pass": stall_ok,
                    "engine_ended": engine_gone,
                    "error": error or None,
                    "answers": [asdict(r) for r in results],
                }
            )
        )
    return 1 if error else 0


def _process_age_at_script_start() -> float | None:
    """Seconds from this process's start (exec of the launcher or interpreter) to SCRIPT_STARTED, on Linux."""
    if SCRIPT_STARTED_BOOT is None:
        return None
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    started_since_boot = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22, starttime, in clock ticks
    return SCRIPT_STARTED_BOOT - started_since_boot


def _emit_drops_true_reference() -> bool:
    """Whether Signal.emit() loses a reference to True (PySide6 6.12.0 on Python < 3.12, where True is mortal)."""
    from PySide6.QtCore import QObject, Signal

    class _Emitter(QObject):
        ping = Signal()

    emitter = _Emitter()
    before = sys.getrefcount(True)
    for _ in range(10):
        emitter.ping.emit()
    return sys.getrefcount(True) < before


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"


def _wait_for(signal: Any, failure: Any, timeout_s: float, what: str) -> Any:
    """Run the event loop until `signal` fires; raise if `failure` fires or time runs out."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    outcome: dict[str, Any] = {}

    def on_signal(value: object) -> None:
        outcome["value"] = value
        loop.quit()

    def on_failure(value: object) -> None:
        outcome["failed"] = value
        loop.quit()

    signal.connect(on_signal)
    failure.connect(on_failure)
    QTimer.singleShot(int(timeout_s * 1000), loop.quit)
    try:
        loop.exec()
    finally:
        signal.disconnect(on_signal)
        failure.disconnect(on_failure)
    if "failed" in outcome:
        raise BenchError(f"waiting for {what}: {getattr(outcome['failed'], 'reason', outcome['failed'])}")
    if "value" not in outcome:
        raise BenchError(f"timed out after {timeout_s:.0f} s waiting for {what}")
    return outcome["value"]


def _stream_answer(window: Any, number: int) -> AnswerResult:
    from _stall_probe import StallProbe  # imports Qt: not before the window-shown clock starts
    from PySide6.QtCore import QEventLoop, QObject, QTimer, Slot

    class Probe(QObject):
        """Lives on the GUI thread, so the client's signals reach it queued, as they reach the window."""

        def __init__(self, loop: QEventLoop) -> None:
            super().__init__()
            self.loop = loop
            self.first_token = 0.0
            self.tokens = 0
            self.finished_at = 0.0
            self.finished: Any = None
            self.failed: Any = None

        @Slot(object)
        def on_token(self, event: Any) -> None:
            if not self.first_token:
                self.first_token = time.perf_counter()
            self.tokens = max(self.tokens, event.index)

        @Slot(object)
        def on_finished(self, event: Any) -> None:
            self.finished_at = time.perf_counter()
            self.finished = event
            QTimer.singleShot(TAIL_MS, self.loop.quit)

        @Slot(object)
        def on_failed(self, event: Any) -> None:
            self.failed = event
            self.loop.quit()

    loop = QEventLoop()
    probe = Probe(loop)
    stalls = StallProbe()
    client = window.client
    client.token_received.connect(probe.on_token)
    window.chat.answer_finished.connect(probe.on_finished)
    window.chat.answer_failed.connect(probe.on_failed)
    QTimer.singleShot(int(ANSWER_TIMEOUT_S * 1000), loop.quit)
    pressure = CpuPressure()
    try:
        sampling = window.conversations.state.sampling
        window.conversations.new_conversation()  # each answer is the same fresh one-question conversation
        window.conversations.state.sampling = sampling  # a new chat starts from the defaults; keep the bench's
        stalls.start()
        pressure.start()
        stalls.tick()  # the moment of Send: the work done inside send_message counts as a stall
        window.chat.send_message(LONG_PROMPT)
        loop.exec()
        cpu_wait = pressure.stop()
    finally:
        stalls.stop()
        client.token_received.disconnect(probe.on_token)
        window.chat.answer_finished.disconnect(probe.on_finished)
        window.chat.answer_failed.disconnect(probe.on_failed)
    if probe.failed is not None:
        raise BenchError(f"answer {number} failed: {probe.failed.reason}")
    if probe.finished is None:
        window.chat.stop()
        raise BenchError(f"answer {number} did not finish within {ANSWER_TIMEOUT_S:.0f} s")
    if not probe.first_token:
        raise BenchError(f"answer {number} finished without a token")

    # From the last tick before the first token to the end of the tail after answer_finished.
    start = stalls.last_tick_before(probe.first_token)
    gaps_ms = stalls.gaps_ms(start)
    if not gaps_ms:
        raise BenchError(f"answer {number}: the timer did not tick while the answer streamed")
    send_gaps_ms = stalls.gaps_ms(0, start)
    metrics = probe.finished.metrics
    return AnswerResult(
        answer=number,
        tokens=probe.tokens,
        stop=metrics.stop_reason,
        decode_tok_s=metrics.decode_tok_s,
        max_stall_ms=stalls.stall_ms(gaps_ms),
        send_stall_ms=stalls.stall_ms(send_gaps_ms),
        p99_gap_ms=percentile(gaps_ms, 99),
        mean_gap_ms=sum(gaps_ms) / len(gaps_ms),
        ticks=len(gaps_ms),
        cpu_wait=cpu_wait,
    )


if __name__ == "__main__":
    sys.exit(main())
