#!/usr/bin/env python
"""A huge paste in the window: how long the event loop stalls while it is pasted, sent and refused.

Starts the real GUI in this process (QT_QPA_PLATFORM=offscreen unless set) as bench/ui_stall.py
does, loads the starter model (n_ctx 4096 by default, as `hearth` starts it), then for each size
(200,000 and 20,000 characters by default) in a new conversation:

  paste   the text is put on the clipboard and pasted into the composer (Composer.paste, what
          Ctrl+V does), then the event loop runs 300 ms, so the composer's layout and paint count;
          a paste over app/chat/long_text.py's PASTE_CHARS is held as a "pasted text" chip;
  send    the Send button is clicked (the question is stored, its bubble and the answer's are
          built, the text rendered, or a long one shown collapsed) and the event loop runs until
          300 ms later, or until the engine's answer comes if that is sooner, so the bubbles'
          layout and paint count;
  shown   from then until the engine's refusal (or answer) is shown, plus 300 ms to paint it.
          The engine tokenises the paste in its own process; too long for the context, it is
          refused in one sentence; a paste that fits (a larger --ctx) is answered instead.
  show all  a long question shows collapsed (its beginning and "Long message: N characters");
          its Show all is clicked and the event loop runs 300 ms: the whole text is laid out
          once, as plain text. The user asked for all of it, so this stall is reported apart
          from the target; "-" where the question was short enough to show whole.

The stall probe is bench/_stall_probe.py's (the one bench/ui_stall.py uses): a 1 ms timer on
the GUI thread, whose longest gap less 1 ms is the longest stall. Target (issue 2): no stall
over 16 ms while an answer streams; for a paste this size the figure is reported as it is.
Also printed: how long the paste and the Send click themselves took, and Send to shown. Each size is
pasted --repeats times (a text of its own each time); the median of each figure and the worst
stall are reported.

--profile pastes each size once more under cProfile on the GUI thread (so its overhead does not
touch the figures above) and prints where the time went: by Python function (a Qt method called
from Python counts as one), and, for Qt's own work inside the event loop that cProfile cannot see,
by event (an event filter on the application: the time from one event's delivery to the next).
--shape: "prose" (one long paragraph, the default), "lines" (short lines) or "unbroken" (no
space at all, like a base64 blob or minified JSON).

Run:  python bench/paste_layout.py [--sizes 200000 20000] [--shape prose] [--ctx 4096] [--repeats 3]
                                   [--profile] [--json]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import itertools
import json
import logging
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from _common import load_note, median, verdict
from _window import hearth_application
from ui_stall import BenchError, _wait_for

SETTLE_MS = 300  # the event loop runs this long after a paste, a click or the outcome, so layout and paint count
TARGET_STALL_MS = 16.0
LOAD_TIMEOUT_S = 120.0
ANSWER_TIMEOUT_S = 300.0
PROFILE_TOP = 12
PROFILE_EVENTS = 6
HEARTH_CODE = tuple(str(Path(__file__).resolve().parent.parent / package) for package in ("app", "engine"))
PROFILE_MIN_S = 0.002  # shorter calls and events are not what a stall is made of
SHAPES = {
    "prose": "All work and no play makes a long paste. ",
    "lines": "All work and no play makes a long paste.\n",
    "unbroken": "AllWorkAndNoPlayMakesALongPaste",
}


@dataclass
class PasteResult:
    chars: int
    shape: str
    outcome: str  # "refused: <the sentence>" or "answered"
    dropped_messages: int | None  # answered: how many old messages the prompt left out
    paste_call_ms: float  # Composer.paste() itself
    paste_stall_ms: float
    send_call_ms: float  # the Send button's click() itself
    send_stall_ms: float
    shown_stall_ms: float
    send_to_shown_ms: float  # from the click until the refusal or answer arrived in the window
    show_all_stall_ms: float | None  # None where the question showed whole (not collapsed)
    ticks: int
    profile: dict[str, list[str]] = field(default_factory=dict)  # phase -> "function: seconds" lines


def main(argv: list[str] | None = None) -> int:
    # The window saves conversations: keep the bench's out of the user's own data folder.
    os.environ.setdefault("HEARTH_HOME", tempfile.mkdtemp(prefix="hearth-paste-layout-"))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", type=int, nargs="+", default=[200_000, 20_000], help="characters to paste")
    parser.add_argument("--shape", choices=sorted(SHAPES), default="prose", help="what the pasted text looks like")
    parser.add_argument("--ctx", type=int, default=4096, help="the model's context in tokens (default 4096)")
    parser.add_argument("--threads", type=int, default=2, help="llama.cpp threads (default 2)")
    parser.add_argument("--tokens", type=int, default=16, help="max tokens of an answer (default 16)")
    parser.add_argument("--repeats", type=int, default=3, help="pastes per size (default 3): median and worst")
    parser.add_argument("--profile", action="store_true", help="a cProfile pass per size: where the time goes")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow
    from engine.models.starter_model import starter_model_path
    from engine.protocol import LoadOptions

    _app = hearth_application()  # held: the application lives until main returns
    _log_to_file()
    window = MainWindow()
    window.show()
    window.attach_plot()
    platform = os.environ["QT_QPA_PLATFORM"]
    print(
        f"paste layout benchmark: QT_QPA_PLATFORM={platform}, n_ctx {args.ctx}, {args.threads} threads, "
        f"shape {args.shape}; {load_note()}"
    )

    results: list[PasteResult] = []
    summaries: list[PasteResult] = []  # per size: the median of each figure
    error = ""
    try:
        window.models.load_model(LoadOptions(str(starter_model_path()), n_ctx=args.ctx, n_threads=args.threads))
        _wait_for(window.models.model_loaded, window.models.model_failed, LOAD_TIMEOUT_S, "the model to load")
        print()
        print(
            f"{'chars':>8}  {'paste call':>10}  {'paste stall':>11}  {'send call':>9}  {'send stall':>10}  "
            f"{'shown stall':>11}  {'send→shown':>10}  {'show all':>8}  outcome"
        )
        for size in args.sizes:
            for _ in range(args.repeats):
                r = _paste_and_send(window, _text(size, args.shape, len(results)), args)
                results.append(r)
                _print_row(r)
            summaries.append(_summary([r for r in results if r.chars == size]))
            _print_row(summaries[-1])
            if args.profile:  # with a text of its own: Markdown renders are remembered by text
                profiled = _paste_and_send(window, _text(size, args.shape, len(results) + 1), args, profile=True)
                summaries[-1].profile = profiled.profile
    except BenchError as exc:
        error = str(exc)
        print(f"error: {error}", file=sys.stderr)
    finally:
        window.close()  # closeEvent shuts the engine client and its child down
        window.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    print()
    for r in summaries:
        runs = [x for x in results if x.chars == r.chars]
        worst = max(max(x.paste_stall_ms, x.send_stall_ms, x.shown_stall_ms) for x in runs)
        print(
            f"{r.chars:,} characters: longest stall {worst:.0f} ms in {len(runs)} pastes; medians: paste "
            f"{r.paste_stall_ms:.0f} ms, send {r.send_stall_ms:.0f} ms, until shown {r.shown_stall_ms:.0f} ms  "
            f"(streaming target < {TARGET_STALL_MS:.0f} ms)  {verdict(worst < TARGET_STALL_MS)}"
        )
        if r.show_all_stall_ms is not None:
            print(f"  Show all on the collapsed question (not held to the target): {_ms(r.show_all_stall_ms)}")
        for phase, lines in r.profile.items():
            print(f"  where the GUI thread's time went, {phase}:")
            for line in lines:
                print(f"    {line}")
    if args.json:
        print(
            json.dumps(
                {
                    "bench": "paste_layout",
                    "platform": platform,
                    "n_ctx": args.ctx,
                    "threads": args.threads,
                    "shape": args.shape,
                    "target_stall_ms": TARGET_STALL_MS,
                    "error": error or None,
                    "medians": [asdict(r) for r in summaries],
                    "runs": [asdict(r) for r in results],
                }
            )
        )
    return 1 if error else 0


def _text(size: int, shape: str, number: int) -> str:
    """`size` characters of `shape`, different each time (the window remembers rendered Markdown by text)."""
    unit = SHAPES[shape]
    return (f"Paste {number}. " + unit * (size // len(unit) + 1))[:size]


def _print_row(r: PasteResult) -> None:
    print(
        f"{r.chars:>8,}  {r.paste_call_ms:>7.0f} ms  {r.paste_stall_ms:>8.0f} ms  {r.send_call_ms:>6.0f} ms  "
        f"{r.send_stall_ms:>7.0f} ms  {r.shown_stall_ms:>8.0f} ms  {r.send_to_shown_ms:>7.0f} ms  "
        f"{_ms(r.show_all_stall_ms):>8}  {r.outcome[:80]}",
        flush=True,
    )


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f} ms"


def _summary(runs: list[PasteResult]) -> PasteResult:
    """The median of each figure over the runs of one size."""
    timed = [f.name for f in fields(PasteResult) if f.type == "float"]
    figures: dict[str, Any] = {name: median([getattr(r, name) for r in runs]) for name in timed}
    show_all = [r.show_all_stall_ms for r in runs if r.show_all_stall_ms is not None]
    figures["show_all_stall_ms"] = median(show_all) if show_all else None
    return replace(runs[0], **figures, outcome=f"median of {len(runs)}", ticks=sum(r.ticks for r in runs))


def _log_to_file() -> None:
    """As app/launcher.py does: the window's warnings (a refused paste is one) go to its log, not here."""
    from engine.paths import log_dir

    logging.basicConfig(level=logging.INFO, filename=log_dir() / "hearth.log")


def _paste_and_send(window: Any, text: str, args: argparse.Namespace, profile: bool = False) -> PasteResult:
    """Paste `text` into a new conversation's composer and send it; the stalls of each phase."""
    from _stall_probe import StallProbe
    from PySide6.QtWidgets import QApplication

    from engine.protocol import SamplingParams

    window.conversations.new_conversation()
    window.conversations.state.sampling = SamplingParams(temperature=0.0, max_tokens=args.tokens)
    QApplication.clipboard().setText(text)  # the other app's part of a paste: not timed
    _spin(SETTLE_MS)
    outcome: dict[str, Any] = {}

    def on_outcome(event: object) -> None:
        outcome.setdefault("event", event)
        outcome.setdefault("at", time.perf_counter())

    window.chat.answer_finished.connect(on_outcome)
    window.chat.answer_failed.connect(on_outcome)
    probe = StallProbe()
    probe.start()
    try:
        _spin(50)  # the probe ticks on an idle loop first
        with _Profiled(profile, "paste") as paste_stats:
            paste_began = probe.tick()  # phases begin and end on a tick of their own
            window.composer.paste()
            paste_call = time.perf_counter() - paste_began
            _spin(SETTLE_MS)
        held = window.composer.toPlainText() + "".join(window.composer.pasted_texts)  # in the editor, or a chip
        if held != text:
            raise BenchError(f"the composer holds {len(held):,} characters after the paste")
        with _Profiled(profile, "send") as send_stats:
            send_began = probe.tick()
            window.send_button.click()
            send_call = time.perf_counter() - send_began
            _spin(SETTLE_MS, until=lambda: "event" in outcome)
            send_ended = probe.tick()  # the loop is free here: no stall is split
        with _Profiled(profile, "until shown") as shown_stats:
            _spin(int(ANSWER_TIMEOUT_S * 1000), until=lambda: "event" in outcome)
            if "event" not in outcome:
                window.chat.stop()
                raise BenchError(f"no answer or refusal within {ANSWER_TIMEOUT_S:.0f} s of sending")
            _spin(SETTLE_MS)
            ended = probe.tick()
        question = window.chat_view.bubbles[-2]
        show_all_stall: float | None = None
        show_all_stats: dict[str, list[str]] = {}
        if question.collapsed:
            with _Profiled(profile, "show all") as show_all_stats:
                show_all_began = probe.tick()
                question.long_bar.toggle_button.click()
                _spin(SETTLE_MS)
                show_all_stall = probe.stall_ms(probe.gaps_between_ms(show_all_began, probe.tick()))
            if question.body.toPlainText() != question.text:
                raise BenchError("Show all did not show the whole question")
    finally:
        probe.stop()
        window.chat.answer_finished.disconnect(on_outcome)
        window.chat.answer_failed.disconnect(on_outcome)
    event = outcome["event"]
    reason = getattr(event, "reason", None)
    metrics = getattr(event, "metrics", None)
    if reason is None and window.chat_view.bubbles[-1].text == "":
        raise BenchError("the answer came without text")
    return PasteResult(
        chars=len(text),
        shape=args.shape,
        outcome=f"refused: {reason}" if reason is not None else "answered",
        dropped_messages=metrics.dropped_messages if metrics is not None else None,
        paste_call_ms=paste_call * 1000,
        paste_stall_ms=probe.stall_ms(probe.gaps_between_ms(paste_began, send_began)),
        send_call_ms=send_call * 1000,
        send_stall_ms=probe.stall_ms(probe.gaps_between_ms(send_began, send_ended)),
        shown_stall_ms=probe.stall_ms(probe.gaps_between_ms(send_ended, ended)),
        send_to_shown_ms=(outcome["at"] - send_began) * 1000,
        ticks=len(probe.ticks),
        show_all_stall_ms=show_all_stall,
        profile={**paste_stats, **send_stats, **shown_stats, **show_all_stats},
    )


class _Profiled:
    """Over one phase (when asked): cProfile on the GUI thread, and every event the application
    delivers (an event filter on it). Qt's own work inside the event loop is invisible to cProfile;
    the time from one event's delivery to the next shows which event it was spent on."""

    def __init__(self, on: bool, phase: str) -> None:
        self.on = on
        self.phase = phase
        self.stats: dict[str, list[str]] = {}
        self.profiler = cProfile.Profile()
        self.events: list[tuple[float, str]] = []
        self.watcher: Any = None

    def __enter__(self) -> dict[str, list[str]]:
        if self.on:
            from PySide6.QtCore import QEvent, QObject
            from PySide6.QtWidgets import QApplication

            events = self.events

            class Watcher(QObject):
                def eventFilter(self, watched: QObject, event: Any) -> bool:
                    name = watched.objectName()
                    kind = event.type().name
                    events.append((time.perf_counter(), f"{kind} to {type(watched).__name__}({name})"))
                    return False

            self.watcher = Watcher()
            _ = [kind.name for kind in QEvent.Type]  # PySide builds its enums on first use: not in the figures
            QApplication.instance().installEventFilter(self.watcher)  # type: ignore[union-attr]
            self.profiler.enable()
        return self.stats

    def __exit__(self, *exc: object) -> None:
        if not self.on:
            return
        from PySide6.QtWidgets import QApplication

        self.profiler.disable()
        QApplication.instance().removeEventFilter(self.watcher)  # type: ignore[union-attr]
        self.events.append((time.perf_counter(), "end of phase"))
        entries = pstats.Stats(self.profiler, stream=io.StringIO()).stats  # type: ignore[attr-defined]
        # {(file, line, name): (primitive calls, calls, own s, cumulative s, callers)}
        theirs = [(k, e) for k, e in entries.items() if e[2] >= PROFILE_MIN_S and not _ours(k, e[4])]
        top = sorted(theirs, key=lambda item: item[1][2], reverse=True)[:PROFILE_TOP]
        self.stats[f"{self.phase}: functions (own, cumulative)"] = [
            f"{tt * 1000:7.1f} ms {ct * 1000:7.1f} ms {calls:>5}x  {_where(key)}"
            for key, (_cc, calls, tt, ct, _callers) in top
        ]
        hearth = [(k, e) for k, e in entries.items() if k[0].startswith(HEARTH_CODE) and e[3] >= PROFILE_MIN_S]
        self.stats[f"{self.phase}: Hearth's own functions (cumulative, own)"] = [
            f"{ct * 1000:7.1f} ms {tt * 1000:7.1f} ms {calls:>5}x  {_where(key)}"
            for key, (_cc, calls, tt, ct, _callers) in sorted(hearth, key=lambda item: item[1][3], reverse=True)[
                :PROFILE_TOP
            ]
        ]
        spans = [(b[0] - a[0], a[1]) for a, b in itertools.pairwise(self.events)]
        self.stats[f"{self.phase}: events (delivery to the next event)"] = [
            f"{span * 1000:7.1f} ms  {what}"
            for span, what in sorted(spans, reverse=True)[:PROFILE_EVENTS]
            if span >= PROFILE_MIN_S
        ]


def _ours(key: tuple[str, int, str], callers: dict[Any, Any]) -> bool:
    """The bench's own calls (the probe, the event filter, waiting in the event loop), left out of the profile."""
    file, _line, name = key
    if file.endswith(("paste_layout.py", "_stall_probe.py", "enum.py")) or "of 'PySide6.QtCore.QEventLoop'" in name:
        return True
    return bool(callers) and all(_ours(caller, {}) for caller in callers)


def _where(key: tuple[str, int, str]) -> str:
    file, line, name = key
    if file == "~":  # a built-in, e.g. a Qt method called from Python: {method 'setHtml' of ... objects}
        return name
    parts = file.replace("\\", "/").split("/")
    return f"{'/'.join(parts[-2:])}:{line} {name}"


def _spin(ms: int, until: Callable[[], object] | None = None) -> None:
    """Run the event loop for `ms`, or until `until()` is true, whichever is first."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    deadline = QTimer()
    deadline.setSingleShot(True)
    deadline.timeout.connect(loop.quit)
    poll = QTimer()
    poll.setObjectName("benchPoll")  # named where the event filter lists the timers that fired

    def check() -> None:
        if until is not None and until():
            loop.quit()

    poll.timeout.connect(check)
    deadline.start(ms)
    if until is not None:
        poll.start(5)
    loop.exec()
    deadline.stop()
    poll.stop()


if __name__ == "__main__":
    sys.exit(main())
