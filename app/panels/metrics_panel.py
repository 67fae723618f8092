"""The live panel: how fast the answer came, where the time went, what memory it took.

Every figure carries a one-sentence tooltip in plain words, and a short summary
under the figures says the same in a sentence or two.
"""

from __future__ import annotations

import html
import time
from typing import TYPE_CHECKING

import psutil
from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from app import formatting as fmt
from app.learn import entries
from app.panels.live_metrics import LiveAnswer
from app.panels.segment_bar import SEGMENT_COLORS, FillBarView, SegmentBarView
from engine.protocol import EngineStats, ModelInfo, RemoteFigures
from engine.remote.model_ref import parse_remote_ref

if TYPE_CHECKING:
    from app.panels.live_plot import LivePlotView
SAMPLE_INTERVAL_MS = 1000

# Each figure's entry on the "What these numbers mean" page (app/learn/glossary.py).
GLOSSARY_ENTRY = {
    "ttft": entries.TTFT_TOTAL,
    "prefill": entries.PREFILL_DECODE,
    "decode": entries.PREFILL_DECODE,
    "total": entries.SEGMENTS,
    "engine_rss": entries.MEMORY,
    "app_rss": entries.MEMORY,
    "kv": entries.KV_CACHE,
    "context": entries.CONTEXT,
    "device": entries.RUNS_ON,
}


def _nbsp(text: str) -> str:
    return text.replace(" ", "&nbsp;")


def _unbreakable(text: str) -> str:
    """`text` with no line break inside: non-breaking spaces, and for Chinese, which may break
    between any two characters, a word joiner (U+2060) between them."""
    return _nbsp(text if text.isascii() else "\u2060".join(text))


def _sentences(parts: list[str]) -> str:
    """Sentences one after another: Chinese ones end in 。 and take no space between them."""
    return "".join(p if p.endswith(("。", "！")) else p + " " for p in parts).strip()


class SteadyLabel(QWidget):
    """A one-line figure whose size does not follow its text.

    The figures change four times a second while an answer streams. A QLabel asks for a new
    layout on every change, which repaints the whole panel, live plots included (about 6 ms
    each time here); this widget only repaints its own pixels. Style sheets still set its
    font and colour."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = text
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:
        if text != self._text:
            self._text = text
            self.update()

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance("0000 tokens · 000 tok/s"), metrics.height() + 2)

    def minimumSizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance("00000"), self.fontMetrics().height() + 2)

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        shown = self.fontMetrics().elidedText(self._text, Qt.TextElideMode.ElideRight, self.width())
        painter.drawText(self.rect(), int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), shown)


class HelpButton(QToolButton):
    """A small round "?" that opens a figure's entry on the "What these numbers mean" page.

    Drawn from the palette (link colour, a ring in the mid tone, the highlight on hover), so it
    follows the theme."""

    MIN_SIZE = 16

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setText("?")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def _diameter(self) -> int:
        """As tall as a line of the panel's text, so it grows with the text size (Ctrl+plus)."""
        return max(self.MIN_SIZE, self.fontMetrics().height())

    def sizeHint(self) -> QSize:
        side = self._diameter() + 2
        return QSize(side, side)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.updateGeometry()
        super().changeEvent(event)

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        lit = self.underMouse() or self.hasFocus()
        ring = palette.color(QPalette.ColorRole.Highlight if lit else QPalette.ColorRole.Mid)
        painter.setPen(ring)
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        side = self._diameter()
        painter.drawEllipse(1, 1, side - 1, side - 1)
        font = self.font()
        font.setBold(True)
        font.setPixelSize(max(11, round(side * 0.68)))
        painter.setFont(font)
        painter.setPen(palette.color(QPalette.ColorRole.Link))
        painter.drawText(1, 1, side, side, int(Qt.AlignmentFlag.AlignCenter), "?")


class MetricsPanel(QFrame):
    about_requested = Signal()  # the user wants the About this computer page
    # The user wants the "What these numbers mean" page, at this entry ("": its first).
    glossary_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("metricsPanel")
        self.setMinimumWidth(300)
        self.answer: LiveAnswer | None = None
        self.last_finished: LiveAnswer | None = None  # the newest answer that ended: the glossary's example
        self.model: ModelInfo | None = None  # the loaded model (None: none)
        self.engine_pid: int | None = None
        self._app_process = psutil.Process()
        self._engine_process: psutil.Process | None = None
        self._last_stats: EngineStats | None = None
        self.plot: LivePlotView | None = None
        self.remote_host = ""  # the loaded model runs on a remote engine there ("": on this computer)

        title = QLabel(self.tr("Performance"))
        title.setObjectName("panelTitle")
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(6)
        self.values: dict[str, SteadyLabel] = {}
        self.help_buttons: dict[str, QToolButton] = {}
        rows = [
            (
                "ttft",
                self.tr("First token"),
                self.tr(
                    "How long you waited before the answer started: "
                    "it grows with how much text the model must read first."
                ),
            ),
            (
                "prefill",
                self.tr("Reading"),
                self.tr("How much of your conversation the model read before answering, and how fast it read it."),
            ),
            (
                "decode",
                self.tr("Writing"),
                self.tr("How many word pieces (tokens) the model wrote and how many it writes per second."),
            ),
            (
                "total",
                self.tr("Total time"),
                self.tr("From pressing Send to the last word, split into loading, waiting, reading and writing."),
            ),
            (
                "engine_rss",
                self.tr("Engine memory"),
                self.tr("Memory used by the separate process that runs the model, model weights included."),
            ),
            ("app_rss", self.tr("App memory"), self.tr("Memory used by this window itself, without the model.")),
            (
                "kv",
                self.tr("Conversation memory"),
                self.tr("Memory the model uses to remember this conversation so far (its key-value cache)."),
            ),
            (
                "context",
                self.tr("Context used"),
                self.tr(
                    "How much of the model's working memory this conversation fills; when it is full, old text must go."
                ),
            ),
            (
                "device",
                self.tr("Runs on"),
                self.tr(
                    "Where the model's layers run: on the processor (CPU), or on a graphics card (GPU), which reads"
                    " and writes much faster. Kernels are llama.cpp's CPU routines: fast ones, or safe ones where"
                    " this processor refuses the fast ones."
                ),
            ),
        ]
        row = 0
        for key, label_text, tip in rows:
            label = QLabel(label_text)
            label.setObjectName("metricName")
            label.setToolTip(tip)
            value = SteadyLabel("–")
            value.setObjectName("metricValue")
            value.setToolTip(tip)
            grid.addWidget(label, row, 0)
            grid.addWidget(self._help_button(key, label_text), row, 1)
            grid.addWidget(value, row, 2)
            self.values[key] = value
            row += 1
            if key == "total":
                self.segment_bar = SegmentBarView()
                self.segment_bar.setToolTip(tip)
                grid.addWidget(self.segment_bar, row, 0, 1, 3)
                self.segment_legend = QLabel()
                self.segment_legend.setObjectName("segmentLegend")
                self.segment_legend.setTextFormat(Qt.TextFormat.RichText)
                self.segment_legend.setWordWrap(True)
                self.segment_legend.setToolTip(tip)
                grid.addWidget(self.segment_legend, row + 1, 0, 1, 3)
                row += 2
            if key == "device":
                # A model split across machines (llama.cpp RPC): which machine holds how many layers.
                self.layer_split = QLabel()
                self.layer_split.setObjectName("layerSplit")
                self.layer_split.setTextFormat(Qt.TextFormat.RichText)
                self.layer_split.setWordWrap(True)
                self.layer_split.setToolTip(tip)
                self.layer_split.hide()
                grid.addWidget(self.layer_split, row, 0, 1, 3)
                row += 1
            if key == "context":
                self.context_bar = FillBarView()
                self.context_bar.setObjectName("contextBar")
                self.context_bar.setToolTip(tip)
                grid.addWidget(self.context_bar, row, 0, 1, 3)
                row += 1
        grid.setColumnStretch(2, 1)

        about = self.tr("About this computer…")
        self.about_link = QLabel(f'<a href="about">{about}</a>')
        self.about_link.setObjectName("aboutComputerLink")
        self.about_link.setTextFormat(Qt.TextFormat.RichText)
        self.about_link.setToolTip(self.tr("The processor, graphics cards and memory Hearth found, and what it uses."))
        self.about_link.linkActivated.connect(lambda _link: self.about_requested.emit())
        grid.addWidget(self.about_link, row, 0, 1, 3)
        meaning = self.tr("What these numbers mean…")
        self.glossary_link = QLabel(f'<a href="glossary">{html.escape(meaning)}</a>')
        self.glossary_link.setObjectName("glossaryLink")
        self.glossary_link.setTextFormat(Qt.TextFormat.RichText)
        self.glossary_link.setToolTip(
            self.tr("Each figure explained in plain words, with your last answer as the example.")
        )
        self.glossary_link.linkActivated.connect(lambda _link: self.glossary_requested.emit(""))
        grid.addWidget(self.glossary_link, row + 1, 0, 1, 3)

        # Several answers at once (continuous batching): the throughput-versus-latency trade in one sentence.
        self.sharing = QLabel()
        self.sharing.setObjectName("engineSharing")
        self.sharing.setWordWrap(True)
        self.sharing.setToolTip(
            self.tr(
                "Throughput and latency: the engine writes several answers in one step, so together they get "
                "more tokens per second, while each one gets a share and is slower than it would be alone."
            )
        )
        self.sharing.hide()
        # A question grounded in documents: how many tokens they took, and how many the cache reused.
        self.documents = QLabel()
        self.documents.setObjectName("documentsReuse")
        self.documents.setWordWrap(True)
        self.documents.setToolTip(
            self.tr(
                "Hearth keeps what the model has read. Text that repeats from one question to the next, before "
                "what changes, is reused instead of read again, so the answer starts sooner."
            )
        )
        self.documents.hide()
        self.summary = QLabel(self.tr("Send a message to see how fast the model reads and writes."))
        self.summary.setObjectName("metricsSummary")
        self.summary.setWordWrap(True)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(14, 12, 14, 12)
        self._layout.addWidget(title)
        self._layout.addLayout(grid)
        self._layout.addWidget(self.sharing)
        self._layout.addWidget(self.documents)
        self._layout.addWidget(self.summary)
        self._layout.addStretch(1)

        self._sampler = QTimer(self)
        self._sampler.setInterval(SAMPLE_INTERVAL_MS)
        self._sampler.timeout.connect(self._on_sample)
        self._sampler.start()

    def _help_button(self, key: str, name: str) -> QToolButton:
        """A small "?" beside a figure's name: opens its entry on the "What these numbers mean" page."""
        button = HelpButton()
        button.setObjectName("metricHelp")
        button.setToolTip(self.tr("What “{name}” means").format(name=name))
        button.setAccessibleName(button.toolTip())
        button.clicked.connect(lambda: self.glossary_requested.emit(GLOSSARY_ENTRY[key]))
        self.help_buttons[key] = button
        return button

    def attach_plot(self, plot: LivePlotView) -> None:
        """The plot is created after the window shows, so start-up stays quick."""
        self.plot = plot
        self._layout.insertWidget(self._layout.count() - 1, plot, 3)

    # --- inputs ----------------------------------------------------------------------

    def set_engine_pid(self, pid: int | None) -> None:
        self.engine_pid = pid
        self._engine_process = None
        if pid is not None:
            try:
                self._engine_process = psutil.Process(pid)
            except psutil.Error:
                self._engine_process = None

    def show_model(self, info: ModelInfo | None) -> None:
        """Where the loaded model's layers run (None: no model loaded)."""
        value = self.values["device"]
        base_tip = self.values["device"].property("baseTip") or value.toolTip()
        value.setProperty("baseTip", base_tip)
        value.setToolTip(base_tip)
        self.remote_host = ""
        self.model = info
        self.layer_split.hide()
        if info is None:
            value.setText("–")
            return
        ref = parse_remote_ref(info.path)
        if ref is not None:
            self._show_remote_model(ref.engine, value, base_tip)
            return
        kernels = self.tr("fast kernels") if info.kernels == "full" else self.tr("safe kernels")
        if any(share.remote for share in info.layer_split):
            self._show_split_model(info, value)
            return
        if info.gpu_layers <= 0:
            value.setText(self.tr("CPU · {kernels}").format(kernels=kernels))
            return
        if info.gpu_layers >= info.n_layers:
            value.setText(self.tr("GPU · all {n} layers").format(n=info.n_layers))
        else:
            value.setText(
                self.tr("GPU {gpu} of {n} layers · CPU the rest").format(gpu=info.gpu_layers, n=info.n_layers)
            )
        value.setToolTip(base_tip + "\n\n" + "\n".join(info.offload_devices))

    def _show_split_model(self, info: ModelInfo, value: SteadyLabel) -> None:
        """Layers on other machines (llama.cpp RPC): how many, where each share is, and what it costs."""
        remote = sum(share.layers for share in info.layer_split if share.remote)
        value.setText(self.tr("{n} of {total} layers on other machines").format(n=remote, total=info.n_layers))
        shares = [
            self.tr("{where}: {n} layers").format(
                where=share.where if share.remote else self.tr("this computer"), n=share.layers
            )
            for share in info.layer_split
        ]
        why = self.tr(
            "Each word the model writes passes through every machine in turn, so it writes slower than one "
            "machine with the same memory would; what you send travels to them unencrypted."
        )
        self.layer_split.setText(f"<b>{html.escape(' · '.join(shares))}</b><br>{html.escape(why)}")
        self.layer_split.show()

    def _show_remote_model(self, engine_name: str, value: SteadyLabel, base_tip: str) -> None:
        """Privacy, visible: a remote model says where it runs, and that this computer does not."""
        from engine.remote.engines import EngineRegistryError, find_engine

        try:
            self.remote_host = find_engine(engine_name).host
        except EngineRegistryError:
            self.remote_host = engine_name
        value.setText(self.tr("{host}, not on this computer").format(host=self.remote_host))
        value.setToolTip(
            self.tr(
                "The remote engine {name} at {host} runs this model: what you send goes there, and its memory, "
                "processor and graphics cards are its own, so Hearth shows what the server reports of them."
            ).format(name=engine_name, host=self.remote_host)
        )
        for key in ("engine_rss", "kv", "context"):
            self.values[key].setText(self.tr("on the server"))
        self.context_bar.set_fill(0, 0)

    def begin_answer(self, answer: LiveAnswer) -> None:
        self.answer = answer
        self._show_sharing(answer.stats if answer.final is None else None)
        self.segment_bar.set_segments({})
        self.segment_legend.setText("")
        self.refresh()

    def on_stats(self, stats: EngineStats) -> None:
        self._last_stats = stats
        self._show_sharing(stats)
        self.refresh()

    def _show_sharing(self, stats: EngineStats | None) -> None:
        """While more than one answer is written, or others wait: how the engine's speed is shared."""
        if stats is None or (stats.active_answers <= 1 and not stats.waiting_answers):
            self.sharing.hide()
            return
        n = stats.active_answers
        if n <= 1:
            alone = self.tr("The engine writes this answer alone, at {total}.")
            text = alone.format(total=fmt.rate(stats.engine_tok_s))
        else:
            text = self.tr("{n} answers share the engine: together they write {total}, each about {each}.").format(
                n=n, total=fmt.rate(stats.engine_tok_s), each=fmt.rate(stats.engine_tok_s / n)
            )
        if stats.waiting_answers:
            text += " " + self.tr("{n} more wait for a free slot.").format(n=stats.waiting_answers)
        self.sharing.setText(text)
        self.sharing.show()

    def refresh(self) -> None:
        a = self.answer
        if a is None:
            return
        v = self.values
        v["ttft"].setText(fmt.seconds(a.ttft_s))
        remote = a.final.remote if a.final is not None else None
        if remote is not None:
            v["prefill"].setText(self._remote_prefill(remote))
        else:
            v["prefill"].setText(
                f"{fmt.tokens(a.prefill_tokens)} · {fmt.rate(a.prefill_tok_s)}" if a.prompt_tokens else "–"
            )
        # Once done, the engine's count: a remote server may send several tokens in one piece.
        written = a.final.decode_tokens if a.final is not None else a.tokens
        v["decode"].setText(f"{fmt.tokens(written)} · {fmt.rate(a.decode_tok_s)}" if written else "–")
        self._show_documents(a)
        if a.final is not None:
            self.last_finished = a
            m = a.final
            v["total"].setText(fmt.seconds(m.total_s))
            segments = a.segments()
            self.segment_bar.set_segments(segments)
            names = {
                "load": self.tr("loading"),
                "queue": self.tr("waiting"),
                "prefill": self.tr("reading"),
                "decode": self.tr("writing"),
                "network": self.tr("network and queue"),
                "first": self.tr("until the first token"),
            }
            self.segment_legend.setText(
                " · ".join(
                    # Each entry stays on one line when the legend wraps.
                    f'<span style="color:{SEGMENT_COLORS[k].name()}">■</span>'
                    f"&nbsp;{_unbreakable(names[k])}&nbsp;{_nbsp(fmt.seconds(s))}"
                    for k, s in segments.items()
                )
            )
            if m.remote is None:
                self._show_memory(m.engine_rss_bytes, m.kv_bytes, m.n_ctx_used, m.n_ctx)
            self.sharing.hide()
            self.summary.setText(self._remote_summary(a, m.remote) if m.remote is not None else self._summary_text(a))
        else:
            v["total"].setText(fmt.seconds(time.monotonic() - a.sent_at))
            if self._last_stats is not None:
                s = self._last_stats
                self._show_memory(s.engine_rss_bytes, s.kv_bytes, s.n_ctx_used, s.n_ctx)

    def _show_documents(self, a: LiveAnswer) -> None:
        """Once the engine has the prompt: how many of its tokens the documents took, how many of those
        came from the cache (the documents' tokens inside the reused prefix), and, where it helps, why."""
        if not a.document_tokens:
            self.documents.hide()
            return
        n, reused = a.document_tokens, a.documents_reused
        if reused >= n:
            took = self.tr(
                "Your documents took {tokens} tokens of this question; all of them were reused from memory, "
                "so they were not read again.",
                "",
                n,
            )
        elif reused:
            took = self.tr(
                "Your documents took {tokens} tokens of this question; {reused} of them came from memory, "
                "and the model read the rest.",
                "",
                reused,
            )
        else:
            took = self.tr("Your documents took {tokens} tokens of this question; the model read all of them.", "", n)
        parts = [took.format(tokens=f"{n:,}", reused=f"{reused:,}")]
        if reused < n and a.documents_mode == "whole":
            parts.append(
                self.tr(
                    "Your documents go before your question, so the next question reuses them instead of reading "
                    "them again."
                )
            )
        elif reused < n and a.documents_mode == "excerpts":
            parts.append(
                self.tr(
                    "The excerpts are picked for each question, so each question reads its own; a set small enough "
                    "to fit goes in whole instead, and is read once per conversation."
                )
            )
        self.documents.setText(_sentences(parts))
        self.documents.show()

    def _show_memory(self, engine_rss: int, kv: int, used: int, n_ctx: int) -> None:
        self.values["engine_rss"].setText(fmt.megabytes(engine_rss))
        self.values["kv"].setText(fmt.megabytes(kv))
        self.values["context"].setText(f"{used:,} / {n_ctx:,}")
        self.context_bar.set_fill(used, n_ctx)

    def _remote_prefill(self, remote: RemoteFigures) -> str:
        if remote.server_prefill_tokens is None or not remote.server_prefill_s:
            return self.tr("unknown: the server did not say")
        rate = remote.server_prefill_tokens / remote.server_prefill_s
        return f"{fmt.tokens(remote.server_prefill_tokens)} · {fmt.rate(rate)}"

    def _remote_summary(self, a: LiveAnswer, remote: RemoteFigures) -> str:
        """A remote answer in plain words: what Hearth measured, what the server said, what is unknown."""
        assert a.final is not None
        m = a.final
        ttft = a.ttft_s or m.ttft_s
        parts = [self.tr("The server at {host} answered, not this computer.").format(host=remote.host)]
        if remote.cached_tokens:
            parts.append(
                self.tr("Its cache reused {cached} of {total} prompt tokens.").format(
                    cached=f"{remote.cached_tokens:,}", total=f"{remote.prompt_tokens or 0:,}"
                )
            )
        if remote.server_prefill_s is not None and remote.network_queue_s is not None:
            parts.append(
                self.tr(
                    "The first token came after {ttft}: the server read the prompt in {read}, and the network "
                    "and the server's queue took {network}."
                ).format(
                    ttft=fmt.seconds(ttft),
                    read=fmt.seconds(remote.server_prefill_s),
                    network=fmt.seconds(remote.network_queue_s),
                )
            )
        else:
            parts.append(
                self.tr(
                    "The first token came after {ttft}; the server did not say how much of that was its reading "
                    "and how much the network and its queue."
                ).format(ttft=fmt.seconds(ttft))
            )
        parts.append(
            self.tr("It wrote {n} tokens at {rate}, as measured here.").format(
                n=f"{m.decode_tokens:,}", rate=fmt.rate(m.decode_tok_s)
            )
        )
        if remote.retries:
            again = self.tr("The server was busy or out of reach, so Hearth asked again {n} times.")
            parts.append(again.format(n=remote.retries))
        return _sentences(parts)

    def _summary_text(self, a: LiveAnswer) -> str:
        assert a.final is not None
        m = a.final
        parts = []
        if m.cached_tokens:
            where = fmt.cache_source(m.cache_source)
            # What reading them would have cost, at this answer's reading speed.
            rate = m.prefill_tok_s if m.prefill_tok_s > 0 else 0.0
            saved = self.tr(", saved ≈ {t}").format(t=fmt.seconds(m.cached_tokens / rate)) if rate else ""
            parts.append(
                self.tr("Reused {cached} of {total} prompt tokens from {where}{saved}.").format(
                    cached=f"{m.cached_tokens:,}", total=f"{m.prompt_tokens:,}", where=where, saved=saved
                )
            )
        parts.append(
            self.tr("The model read {n} new tokens in {t} and started answering after {ttft}.").format(
                n=f"{m.prefill_tokens:,}", t=fmt.seconds(m.prefill_s), ttft=fmt.seconds(a.ttft_s or m.ttft_s)
            )
        )
        parts.append(
            self.tr("It wrote {n} tokens at {rate}.").format(n=f"{m.decode_tokens:,}", rate=fmt.rate(m.decode_tok_s))
        )
        if m.load_s > 0.05:
            parts.append(self.tr("Loading the model took {t} of the wait.").format(t=fmt.seconds(m.load_s)))
        if m.max_active_answers > 1:
            parts.append(
                self.tr(
                    "It shared the engine with up to {n} other answers: each was slower, all together faster."
                ).format(n=m.max_active_answers - 1)
            )
        return _sentences(parts)

    # --- periodic sampling -------------------------------------------------------------

    def _on_sample(self) -> None:
        now = time.monotonic()
        app_rss = self._app_process.memory_info().rss
        self.values["app_rss"].setText(fmt.megabytes(app_rss))
        engine_rss = 0
        if self._engine_process is not None:
            try:
                engine_rss = self._engine_process.memory_info().rss
            except psutil.Error:
                self._engine_process = None
        if engine_rss and not self.remote_host and (self.answer is None or self.answer.final is not None):
            self.values["engine_rss"].setText(fmt.megabytes(engine_rss))
        if self.answer is not None and self.answer.final is None:
            self.refresh()
        if self.plot is not None:
            tok_s = self.answer.recent_tok_s(now) if self.answer is not None else 0.0
            mb = 1024 * 1024
            self.plot.add_point(now, tok_s, engine_rss / mb, app_rss / mb)
