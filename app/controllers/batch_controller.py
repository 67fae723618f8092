"""A batch job in the window: a file of prompts answered on the window's own engine, beside the chats.

The job shares the loaded model, its slots and the prefix cache with the conversations (one engine,
one continuous batch). It keeps at most as many requests in flight as app/batch/speed_curve.Ramp
allows, never more than the slots, so a question asked in a chat waits at most for one answer of
the job to end. Each answer is on disk (engine/client/batch_file.py) before the next is counted;
Stop cancels what is in flight and writes none of it, so Start goes on where the job stopped.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from app import formatting as fmt
from app.batch.speed_curve import Ramp, SpeedCurve
from app.controllers.engine_port import EnginePort
from app.error_texts import failed_text
from engine.client.batch_file import BatchError, InFlight, Job, JobDefaults, Results, done_ids, read_jobs, result_record
from engine.protocol import AnswerFailed, EngineDied, EngineStats, Failed, Finished, Loaded, LoadFailed, Token

if TYPE_CHECKING:
    from app.batch.batch_window import BatchWindow
    from app.controllers.model_controller import ModelController

logger = logging.getLogger(__name__)


@dataclass
class BatchState:
    running: bool = False
    total: int = 0  # lines to answer in this run (not those the results file held already)
    done: int = 0
    failed: int = 0
    tokens: int = 0
    started_at: float = 0.0
    problems: list[str] = field(default_factory=list)


class BatchController(QObject):
    said = Signal(str, int)
    job_ended = Signal()

    def __init__(
        self, client: EnginePort, models: ModelController, *, dialog_parent: object, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._client = client
        self._models = models
        self._dialog_parent = dialog_parent
        self._view: BatchWindow | None = None
        self.state = BatchState()
        self._waiting: deque[Job] = deque()
        self._in_flight: dict[int, InFlight] = {}
        self._results: Results | None = None
        self._ramp = Ramp(1)
        self.curve = SpeedCurve()
        client.token_received.connect(self._on_token)
        client.stats_received.connect(self._on_stats)
        client.finished.connect(self._on_finished)
        client.failed.connect(self._on_failed)
        models.model_loaded.connect(self._on_model_loaded)

    # --- the page ----------------------------------------------------------------------

    def open_window(self) -> BatchWindow:
        from app.batch.batch_window import BatchWindow

        if self._view is None:
            view = BatchWindow(self._dialog_parent)  # type: ignore[arg-type]
            view.start_requested.connect(self.start)
            view.stop_requested.connect(self.stop)
            self._view = view
            view.show_slots(self._models.state.slots)
        self._view.show()
        self._view.raise_()
        return self._view

    @property
    def view(self) -> BatchWindow | None:
        return self._view

    def close(self) -> None:
        """The window closes: what is in flight is stopped and not written."""
        if self.state.running:
            self.stop()
        if self._view is not None:
            self._view.close()

    # --- running a job --------------------------------------------------------------------

    def start(self, prompts: Path, results_path: Path) -> None:
        if self.state.running:
            return
        try:
            done = done_ids(results_path)
            jobs, bad, skipped = read_jobs(prompts, JobDefaults(), done)
            results = Results(results_path)
        except (BatchError, OSError) as exc:
            self._show_status(str(exc))
            return
        problems = [
            self.tr("Line {n}: {reason}; skipped.").replace("{n}", str(n)).replace("{reason}", r) for n, r in bad
        ]
        self.state = BatchState(running=bool(jobs), total=len(jobs), started_at=time.monotonic(), problems=problems)
        if not jobs:
            results.close()
            note = self.tr("Nothing to answer: the results file holds every line already.") if skipped else ""
            self._show_status(note or self.tr("The file holds no prompts that can be run."))
            self._refresh_problems()
            return
        self._results = results
        self._waiting = deque(jobs)
        self._ramp = Ramp(self._models.state.slots)
        self.curve = SpeedCurve()
        self._models.ensure_model_for_send()
        self._models.set_answering(True, holder="batch")
        if self._view is not None:
            self._view.show_running(True)
            self._view.show_curve([])
        self._refresh_problems()
        if skipped:
            self.said.emit(
                self.tr("{n} prompts were answered before; answering the other {m}.")
                .replace("{n}", str(skipped))
                .replace("{m}", str(len(jobs))),
                8000,
            )
        self._send_more()
        self._refresh()

    def stop(self) -> None:
        """Cancel what is in flight (none of it is written) and send no more."""
        if not self.state.running:
            return
        self._waiting.clear()
        for request_id in self._in_flight:
            self._client.cancel(request_id)
        self._end(self.tr("Stopped. {done} of {total} answered; Start goes on with the rest."))

    def _send_more(self) -> None:
        while self._waiting and len(self._in_flight) < self._ramp.level:
            job = self._waiting.popleft()
            sent_at = time.monotonic()
            request_id = self._client.generate(
                job.messages, job.sampling, sent_at, pin_system_prompt=True, follow_up=False
            )
            self._in_flight[request_id] = InFlight(job, sent_at)

    def _end(self, status: str) -> None:
        self.state.running = False
        self._in_flight.clear()
        self._waiting.clear()
        if self._results is not None:
            self._results.close()
            self._results = None
        self._models.set_answering(False, holder="batch")
        if self._view is not None:
            self._view.show_running(False)
        self._refresh(status)
        self.job_ended.emit()

    # --- engine events ------------------------------------------------------------------

    def _on_token(self, event: Token) -> None:
        flight = self._in_flight.get(event.request_id)
        if flight is not None:
            flight.text.append(event.text)
            flight.first_token_at = flight.first_token_at or time.monotonic()

    def _on_stats(self, event: EngineStats) -> None:
        if self.state.running:
            self.curve.add(event)  # a chat's answers beside the job count as answers at once too

    def _on_finished(self, event: Finished) -> None:
        flight = self._in_flight.pop(event.request_id, None)
        if flight is None or not self.state.running:
            return
        metrics = event.metrics
        if metrics.stop_reason == "cancelled":  # Stop, or the window closing: never written half-done
            return
        ttft = flight.first_token_at - flight.sent_at if flight.first_token_at else metrics.ttft_s
        try:
            assert self._results is not None
            self._results.write(result_record(flight.job, "".join(flight.text), metrics, ttft))
        except BatchError as exc:  # a full disk: what is written stays, the rest waits for another Start
            for request_id in self._in_flight:
                self._client.cancel(request_id)
            self._end(str(exc))
            return
        self.state.done += 1
        self.state.tokens += metrics.decode_tokens
        self._ramp.answer_finished()
        self._next()

    def _on_failed(self, event: Failed) -> None:
        if not self.state.running:
            return
        match event:
            case AnswerFailed():
                flight = self._in_flight.pop(event.request_id, None)
                if flight is None:
                    return
                self.state.failed += 1
                reason = failed_text(event)
                self.state.problems.append(
                    self.tr("Line {n}: {reason}").replace("{n}", str(flight.job.line)).replace("{reason}", reason)
                )
                self._refresh_problems()
                self._next()
            case LoadFailed() | EngineDied():
                self._end(
                    self.tr(
                        "The engine stopped: {reason} {done} of {total} answered are saved; Start goes on."
                    ).replace("{reason}", failed_text(event))
                )
            case _:
                pass

    def _next(self) -> None:
        if not self._waiting and not self._in_flight:
            self._end(self.tr("Done: {done} of {total} answered in {time}."))
            return
        self._send_more()
        self._refresh()

    def _on_model_loaded(self, _event: Loaded) -> None:
        if self._view is not None:
            self._view.show_slots(self._models.state.slots)

    # --- what the page shows --------------------------------------------------------------

    def _refresh(self, status: str | None = None) -> None:
        state = self.state
        elapsed = max(1e-6, time.monotonic() - state.started_at)
        rate = state.tokens / elapsed
        if status is None:
            status = self.tr("{done} of {total} answered · {rate} tokens/s · {at_once} at once")
            finished = state.done + state.failed
            if finished:
                left = elapsed / finished * (state.total - finished)
                status += self.tr(" · about {left} left").replace("{left}", fmt.duration(left))
            status = status.replace("{rate}", f"{rate:.1f}").replace("{at_once}", str(self._ramp.level))
        status = (
            status.replace("{done}", str(state.done))
            .replace("{total}", str(state.total))
            .replace("{time}", fmt.duration(elapsed))
        )
        if self._view is not None:
            self._view.show_progress(state.done + state.failed, state.total, status)
            self._view.show_curve(self.curve.points())

    def _refresh_problems(self) -> None:
        if self._view is not None:
            self._view.show_problems(self.state.problems)

    def _show_status(self, text: str) -> None:
        if self._view is not None:
            self._view.show_progress(0, 0, text)
        else:
            self.said.emit(text, 10_000)
