"""Downloads: the queue, each with progress, speed and time left, and Pause / Resume / Cancel.

The downloads run on engine.hub.download_queue's own thread; this view reads their state four
times a second (the window never waits on the network or the disk)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.error_texts import code_text
from app.panels.segment_bar import FillBarView
from engine.models.gguf_info import human_size

POLL_MS = 250


class DownloadRowView(QWidget):
    pause_clicked = Signal(int)
    resume_clicked = Signal(int)
    cancel_clicked = Signal(int)

    def __init__(self, job_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.job_id = job_id
        self.title = QLabel()
        self.title.setObjectName("downloadTitle")
        self.progress = FillBarView()
        self.detail = QLabel()
        self.detail.setObjectName("settingsHint")
        self.detail.setWordWrap(True)
        self.pause_button = QPushButton(self.tr("Pause"))
        self.resume_button = QPushButton(self.tr("Resume"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.title, 1)
        buttons.addWidget(self.pause_button)
        buttons.addWidget(self.resume_button)
        buttons.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 6, 4, 6)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.detail)
        self.pause_button.clicked.connect(lambda: self.pause_clicked.emit(self.job_id))
        self.resume_button.clicked.connect(lambda: self.resume_clicked.emit(self.job_id))
        self.cancel_button.clicked.connect(lambda: self.cancel_clicked.emit(self.job_id))

    def show_job(self, job: Any) -> None:
        self.title.setText(f"{job.repo_id} · {job.file}")
        self.progress.set_fill(job.bytes_done, job.bytes_total or 1)
        self.detail.setText(self._describe(job))
        active = job.state in ("queued", "running", "waiting")
        self.pause_button.setVisible(active)
        self.resume_button.setVisible(job.state in ("paused", "failed"))
        self.cancel_button.setVisible(job.state not in ("done", "cancelled"))

    def _describe(self, job: Any) -> str:
        done, total = human_size(job.bytes_done), human_size(job.bytes_total) if job.bytes_total else "?"
        if job.state == "running":
            eta = self.tr("{s} s left").format(s=f"{job.eta_s:,.0f}") if job.eta_s is not None else ""
            speed = f"{human_size(int(job.speed_bps))}/s"
            return self.tr("{done} of {total} · {speed} · {eta}").format(done=done, total=total, speed=speed, eta=eta)
        if job.state == "waiting":
            # Another Hearth window or `hearth models download` has the file: its progress is shown.
            return self.tr(
                "Another Hearth window or command is downloading this file ({done} of {total}); "
                "this download waits for it to finish."
            ).format(done=done, total=total)
        if job.state == "cancelled" and job.left_to_other:
            return self.tr("Cancelled; the partial file stays for the other Hearth window or command that needs it.")
        states = {
            "queued": self.tr("Waiting for the download before it."),
            "paused": self.tr("Paused at {done} of {total}; Resume goes on from there.").format(done=done, total=total),
            "done": self.tr("Done: {total}, checked against the Hub's checksum, and in your library.").format(
                total=total
            ),
            "cancelled": self.tr("Cancelled; the partial file was deleted."),
        }
        if job.state == "failed":
            if not job.error:
                return self.tr("The download failed.")
            return code_text(job.error_code, job.error_params, job.error)
        return states.get(job.state, str(job.state))


class DownloadsView(QWidget):
    finished_one = Signal()  # a model arrived in the library

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._queue: Any = None  # engine.hub.download_queue.DownloadQueue, started on the first download
        self.rows: dict[int, DownloadRowView] = {}
        self._done: set[int] = set()
        self.empty = QLabel(self.tr("No downloads yet. Find a model under Discover and press Download."))
        self.empty.setObjectName("settingsHint")
        self.empty.setWordWrap(True)
        self._column = QVBoxLayout()
        self._column.addWidget(self.empty)
        layout = QVBoxLayout(self)
        layout.addLayout(self._column)
        layout.addStretch(1)
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self.refresh)

    def add(self, repo_id: str, paths: tuple[str, ...], revision: str) -> int:
        from app.models.hub_view import hub_token
        from engine.hub.download_queue import DownloadQueue

        if self._queue is None:
            self._queue = DownloadQueue()
        job_id = int(self._queue.add(repo_id, list(paths), revision, hub_token()))
        self._timer.start()
        self.refresh()
        return job_id

    def refresh(self) -> None:
        if self._queue is None:
            return
        for job in self._queue.jobs():
            row = self.rows.get(job.id)
            if row is None:
                row = DownloadRowView(job.id)
                row.pause_clicked.connect(self._queue.pause)
                row.resume_clicked.connect(self._queue.resume)
                row.cancel_clicked.connect(self._queue.cancel)
                self.rows[job.id] = row
                self._column.addWidget(row)
            row.show_job(job)
            if job.state == "done" and job.id not in self._done:
                self._done.add(job.id)
                self.finished_one.emit()
        self.empty.setVisible(not self.rows)

    def close_queue(self) -> None:
        """Stop the download thread (a running download is paused: its part resumes next time)."""
        self._timer.stop()
        if self._queue is not None:
            self._queue.close()
            self._queue = None
