"""Kill -9 cycles of the whole app while it answers, and the checks after each.

The child (`python -m tests.app.app_kill_cycles HOME CYCLE [REOPEN_ID]`) is the real app: the
launcher's start-up (QApplication offscreen, MainWindow with its engine child and its store under
HOME, the starter model loaded with n_ctx=2048 and 2 threads). Once the model is ready it opens
conversation REOPEN_ID from the conversation list and reports what the chat view shows, then
starts a new chat, sets a short answer length and a seed in the settings panel, and sends seeded
questions through the composer and the Send button, turn after turn, until it is killed.

It reports each step on stdout, one flushed line each, prefixed with MARK: the pieces of each
answer are reported on the engine client's thread as the signal is emitted, before the window
appends them to the bubble, so the parent's record of an answer always holds what the window had
shown when the kill landed (and the finished line carries the bubble's text to prove they agree).

The parent SIGKILLs the child's process group (the window and the engine child), or now and then
the window's process alone, at a planned point: during start-up, while the question is saved,
after some pieces of an answer, or just after an answer finished (its last save runs behind the
window). Then it checks the database, the reopened view, and that nothing the app started
outlived it.

Used by tests/app/test_app_kill_cycles.py and bench/app_kill_cycles.py.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.engine.store.kill_cycles import MessageRow, check_store_after_kill, snapshot

if TYPE_CHECKING:  # the engine child re-imports this module under spawn: no Qt at the top
    from app.main_window import MainWindow
    from engine.protocol import Failed, Finished, Token
REPO_ROOT = Path(__file__).resolve().parents[2]  # where `python -m tests...` finds the child
MARK = "@@ "  # our lines, told apart from anything else a library prints
MAX_TURNS = 40  # the child stops by itself here: a plan that never fired
ANSWER_LENGTHS = (24, 40, 56)  # tokens, set in the settings panel: short turns keep a cycle short
FORMS = (
    "Tell me one fact about {}.",
    "Describe {} in two sentences.",
    "What is special about {}?",
    "Write a short poem about {}.",
    "Why do people like {}?",
    "Give me three words that go with {}.",
)
TOPICS = (
    "the moon",
    "bread",
    "rivers",
    "owls",
    "copper",
    "green tea",
    "winter",
    "bicycles",
    "old maps",
    "volcanoes",
    "libraries",
    "crème brûlée",
    "北京的秋天",
    "rain 🌧️ on a roof",
)
REPLY_TIMEOUT_S = 180.0  # the child must say something within this (a model load on a busy machine)
ORPHAN_WAIT_S = 10.0  # after the kill, what the app started must be gone within this
INTERRUPTED_NOTICE = "This answer was interrupted before it finished."


def question_for(rng: random.Random) -> str:
    return rng.choice(FORMS).format(rng.choice(TOPICS))


# --- the child: the real app, driven through its widgets -----------------------------------------

_say_lock = threading.Lock()


def _say(line: str) -> None:
    with _say_lock:  # pieces are reported from the engine client's thread
        sys.stdout.write(MARK + line + "\n")
        sys.stdout.flush()


class AppDriver:
    """Drives the launched window like a user, and reports what it shows."""

    def __init__(self, window: MainWindow, cycle: int, reopen: int | None) -> None:
        from PySide6.QtCore import Qt

        self.window = window
        self.rng = random.Random(cycle)
        self.reopen = reopen
        self.turn = 0
        self.answer_id: int | None = None
        self._ready = False
        # Direct: runs on the client's thread as the token is emitted, before the window's queued slot.
        window.client.token_received.connect(self._on_token_received, Qt.ConnectionType.DirectConnection)
        window.models.model_loaded.connect(self._on_model_ready)
        window.chat.answer_finished.connect(self._on_answer_finished)
        window.chat.answer_failed.connect(self._on_answer_failed)
        window.models.model_failed.connect(self._on_answer_failed)
        _say(f"R {os.getpid()}")

    def _on_token_received(self, event: Token) -> None:
        _say(f"P {event.request_id} {json.dumps(event.text)}")

    def _on_model_ready(self, _event: object) -> None:
        if self._ready:
            return
        self._ready = True
        _say(f"L {self.window.client.engine_pid()}")
        if self.reopen is not None:
            self._report_reopened(self.reopen)
        self._start_chat()

    def _report_reopened(self, conversation_id: int) -> None:
        """Open the conversation from the list, as a click would, and report what the window shows."""
        from app.conversations.conversation_list import ID_ROLE

        listing = self.window.conversation_list.list
        items = [listing.item(row) for row in range(listing.count())]
        titles = {item.data(ID_ROLE): item.text() for item in items}
        item = next((i for i in items if i.data(ID_ROLE) == conversation_id), None)
        if item is not None:
            listing.setCurrentItem(item)
        view = self.window.chat_view
        conversation = self.window.conversations.state.conversation
        shown = conversation.id if conversation else 0
        bubbles = [
            {
                "id": b.message_id,
                "role": b.role,
                "text": b.text,
                "notice": "" if b.notice.isHidden() else b.notice.text(),
            }
            for b in view.bubbles
        ]
        last = view.bubbles[-1] if view.bubbles else None
        can_continue = last is not None and not last.action_row.continue_button.isHidden()
        report = {"titles": titles, "shown": shown, "hidden": view.hidden_count, "bubbles": bubbles}
        _say("V " + json.dumps({**report, "can_continue": can_continue}))

    def _start_chat(self) -> None:
        w = self.window
        w.conversation_list.new_button.click()
        w.settings_view.max_tokens.setValue(self.rng.choice(ANSWER_LENGTHS))  # saves the new chat
        w.settings_view.seed.setValue(self.rng.randrange(1, 100_000))
        conversation = w.conversations.state.conversation
        _say(f"C {conversation.id if conversation else 0}")
        self._send_next()

    def _send_next(self) -> None:
        w = self.window
        if self.turn >= MAX_TURNS:
            _say("D")
            w.close()
            return
        question = question_for(self.rng)
        w.composer.setPlainText(question)
        _say(f"S {self.turn} {json.dumps(question)}")
        w.send_button.click()
        g = w.chat.state.answer
        if g is None:
            _say(f"X {json.dumps('the question was not sent')}")
            return
        self.answer_id = g.message_id
        _say(f"T {self.turn} {g.conversation_id} {g.question_id} {g.message_id} {g.request_id}")
        self.turn += 1

    def _on_answer_finished(self, event: Finished) -> None:
        from PySide6.QtCore import QTimer

        bubble = self.window.chat_view.bubble_for(self.answer_id or 0)
        shown = bubble.text if bubble is not None else None
        _say(f"F {event.request_id} {event.metrics.stop_reason} {json.dumps(shown)}")
        QTimer.singleShot(0, self._send_next)

    def _on_answer_failed(self, event: Failed) -> None:
        _say(f"X {json.dumps(event.reason)}")


def child_main(home: Path, cycle: int, reopen: int | None) -> int:
    os.environ["HEARTH_HOME"] = str(home)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.launcher import launch
    from app.main_window import MainWindow
    from engine.cli.main import build_parser

    app = QApplication(sys.argv[:1])
    drivers: list[AppDriver] = []

    def attach() -> None:  # the first turn of the event loop: launch() has shown its window
        window = next(w for w in app.topLevelWidgets() if isinstance(w, MainWindow))
        drivers.append(AppDriver(window, cycle, reopen))

    QTimer.singleShot(0, attach)
    return launch(build_parser().parse_args(["--ctx", "2048", "--threads", "2", "--language", "en"]))


# --- the parent: what the child reported, when to kill it ------------------------------------------


@dataclass
class AppTurn:
    number: int
    question: str
    conversation_id: int = 0  # the ids are known once the window has stored the question
    question_id: int = 0
    answer_id: int = 0
    request_id: int = 0
    stop_reason: str | None = None  # set when the window finished the answer
    finished_text: str | None = None  # the bubble's text then


@dataclass
class AppReport:
    """Everything the child reported before it was killed."""

    gui_pid: int = 0
    engine_pid: int | None = None
    conversation_id: int = 0
    view: dict[str, Any] | None = None
    turns: list[AppTurn] = field(default_factory=list)
    pieces: dict[int, list[str]] = field(default_factory=dict)  # by request id
    problems: list[str] = field(default_factory=list)
    done: bool = False

    def add(self, line: str) -> None:
        kind, _, rest = line.partition(" ")
        if kind == "R":
            self.gui_pid = int(rest)
        elif kind == "L":
            self.engine_pid = None if rest == "None" else int(rest)
        elif kind == "V":
            self.view = json.loads(rest)
        elif kind == "C":
            self.conversation_id = int(rest)
        elif kind == "S":
            number, question = rest.split(" ", 1)
            self.turns.append(AppTurn(int(number), json.loads(question)))
        elif kind == "T":
            turn = self.turns[-1]
            ids = [int(value) for value in rest.split()]
            assert ids[0] == turn.number, f"ids for turn {ids[0]} after turn {turn.number}'s question"
            turn.conversation_id, turn.question_id, turn.answer_id, turn.request_id = ids[1:]
        elif kind == "P":
            request, piece = rest.split(" ", 1)
            self.pieces.setdefault(int(request), []).append(json.loads(piece))
        elif kind == "F":
            request, stop, shown = rest.split(" ", 2)
            turn = next(t for t in self.turns if t.request_id == int(request))
            turn.stop_reason, turn.finished_text = stop, json.loads(shown)
        elif kind == "X":
            self.problems.append(json.loads(rest))
        elif kind == "D":
            self.done = True

    def shown(self, turn: AppTurn) -> str:
        return "".join(self.pieces.get(turn.request_id, []))

    def pieces_of(self, number: int) -> int:
        turn = next((t for t in self.turns if t.number == number and t.request_id), None)
        return len(self.pieces.get(turn.request_id, [])) if turn else 0


@dataclass(frozen=True)
class KillPlan:
    """Where the kill lands: 'startup' (delay_s after the start), 'question' (as turn `turn`'s
    question is saved), 'streaming' (after `pieces` pieces of its answer, or when it ends),
    'finished' (once it ended), each plus delay_s. The kill goes to the app's whole process group,
    or with `window_only` to the window's process alone (as the kernel's OOM killer or `kill -9 PID`
    would): the engine child must then end by itself."""

    when: str
    turn: int = 0
    pieces: int = 0
    delay_s: float = 0.0
    window_only: bool = False

    def fired(self, report: AppReport, elapsed_s: float) -> bool:
        if self.when == "startup":
            return elapsed_s >= self.delay_s or report.engine_pid is not None
        turn = next((t for t in report.turns if t.number == self.turn), None)
        if turn is None:
            return False
        if self.when == "question":
            return True
        if self.when == "streaming" and report.pieces_of(self.turn) >= self.pieces:
            return True
        return turn.finished_text is not None  # 'finished', or an answer shorter than planned

    def wait_s(self, elapsed_s: float) -> float:
        """How long the parent may wait for the child's next line before the plan must be looked at again."""
        return max(0.0, self.delay_s - elapsed_s) if self.when == "startup" else REPLY_TIMEOUT_S


KINDS = ("streaming",) * 4 + ("streaming, window only", "question", "finished", "startup")


def kill_plans(rng: random.Random, cycles: int) -> list[KillPlan]:
    """Every kind of kill point in each block of len(KINDS) cycles, in a shuffled order."""
    plans: list[KillPlan] = []
    while len(plans) < cycles:
        kinds = list(KINDS)
        rng.shuffle(kinds)
        for when in kinds:
            turn = rng.choice((0, 0, 1))
            if when == "startup":
                plans.append(KillPlan(when, delay_s=rng.uniform(0.2, 2.0)))
            elif when == "question":
                plans.append(KillPlan(when, turn, delay_s=rng.uniform(0.0, 0.03)))
            elif when == "finished":
                plans.append(KillPlan(when, turn, delay_s=rng.uniform(0.0, 0.6)))
            else:
                pieces, delay_s = rng.randint(1, 12), rng.uniform(0.0, 0.05)
                plans.append(KillPlan("streaming", turn, pieces, delay_s, window_only=when.endswith("window only")))
    return plans[:cycles]


def _descendants(pid: int) -> list[Any]:
    import psutil

    try:
        return list(psutil.Process(pid).children(recursive=True))
    except psutil.NoSuchProcess:
        return []


def _still_running(procs: list[Any]) -> list[Any]:
    """What still runs ORPHAN_WAIT_S after the kill (a zombie waiting to be reaped is dead)."""
    deadline = time.monotonic() + ORPHAN_WAIT_S
    while True:
        running = [p for p in procs if _running(p)]
        if not running or time.monotonic() > deadline:
            return running
        time.sleep(0.05)


def _running(proc: Any) -> bool:
    import psutil

    try:
        return bool(proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False


@dataclass
class KilledApp:
    report: AppReport
    killed_pids: list[int]  # the window and every process it had started
    survivors: list[str]  # those still running after the kill: orphans


def run_app_and_kill(home: Path, cycle: int, plan: KillPlan, reopen: int | None) -> KilledApp:
    """Start the app on `home`, SIGKILL it where `plan` says, return what it reported."""
    command = [sys.executable, "-m", "tests.app.app_kill_cycles", str(home), str(cycle)]
    command += [str(reopen)] if reopen is not None else []
    with tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=err, text=True, start_new_session=True, cwd=REPO_ROOT
        )
        lines: queue.Queue[str | None] = queue.Queue()

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                lines.put(line)
            lines.put(None)

        reader = threading.Thread(target=read, name="app-kill-cycle-reader")
        reader.start()
        report = AppReport()
        started = time.monotonic()
        ended = False
        try:
            ended = _read_until(plan, report, lines, started)
            if not ended and plan.when != "startup":
                time.sleep(plan.delay_s)
        finally:
            family = _descendants(proc.pid)
            if proc.poll() is None:
                if plan.window_only:
                    os.kill(proc.pid, signal.SIGKILL)
                else:
                    os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            reader.join()
            assert proc.stdout is not None
            proc.stdout.close()
        while (line := lines.get()) is not None:  # what it said between the plan firing and the kill
            _take(report, line)
        err.seek(0)
        stderr = err.read()
    running = _still_running(family)
    survivors = [_describe(p) for p in running]
    for orphan in running:  # said by the check; never left running
        orphan.kill()
    assert not ended, f"cycle {cycle}: the app ended by itself: {stderr[-3000:]}"
    assert proc.returncode == -signal.SIGKILL, f"cycle {cycle}: the app ended with {proc.returncode}: {stderr[-3000:]}"
    assert not report.problems, f"cycle {cycle}: the app reported failures: {report.problems}"
    assert not report.done, f"cycle {cycle}: the plan {plan} never fired"
    return KilledApp(report, [proc.pid] + [p.pid for p in family], survivors)


def _read_until(plan: KillPlan, report: AppReport, lines: queue.Queue[str | None], started: float) -> bool:
    """Take the child's lines until the plan fires; True if the child ended first."""
    while not plan.fired(report, time.monotonic() - started):
        try:
            line = lines.get(timeout=plan.wait_s(time.monotonic() - started) or 0.001)
        except queue.Empty:
            if plan.when == "startup":
                continue
            raise AssertionError(f"the app said nothing for {REPLY_TIMEOUT_S} s") from None
        if line is None:
            return True
        _take(report, line)
    return False


def _take(report: AppReport, line: str) -> None:
    if line.startswith(MARK) and line.endswith("\n"):  # a line cut by the kill is not taken
        report.add(line[len(MARK) : -1])


def _describe(proc: Any) -> str:
    try:
        return f"{proc.pid} {' '.join(proc.cmdline())[:200]}"
    except Exception:  # it may end while we look
        return str(proc.pid)


# --- the checks ------------------------------------------------------------------------------------


@dataclass
class AppCycleResult:
    plan: KillPlan
    lost_chars: int  # characters the window had shown for the cut answer minus those stored
    cut_conversation: int | None  # the conversation whose answer the kill left interrupted
    viewed: bool  # the reopened window showed an earlier interrupted answer, and it was checked


def check_app_after_kill(
    db: Path, cycle: int, killed: KilledApp, earlier: dict[int, MessageRow], reopen: int | None
) -> tuple[int, int | None]:
    """Everything a kill of the app must leave whole; returns (text lost, conversation left interrupted)."""
    from engine.store.conversations import ConversationStore

    assert not killed.survivors, f"cycle {cycle}: processes outlived the app's kill: {killed.survivors}"
    engine = killed.report.engine_pid
    assert engine is None or engine in killed.killed_pids, f"cycle {cycle}: the engine child was not the app's"
    check_store_after_kill(db, cycle, earlier)
    report = killed.report
    lost, cut = 0, None
    with ConversationStore(db) as store:
        answered = [t for t in report.turns if t.request_id]
        for index, turn in enumerate(answered):
            question, answer = store.message(turn.question_id), store.message(turn.answer_id)
            assert (question.role, question.text) == ("user", turn.question), f"cycle {cycle}: question changed"
            assert question.conversation_id == answer.conversation_id == turn.conversation_id == report.conversation_id
            assert answer.parent_id == question.id
            shown = report.shown(turn)
            if turn.finished_text is not None:
                assert turn.finished_text == shown, f"cycle {cycle}: the bubble and the reported pieces differ"
            expected_state = None if turn.stop_reason is None else _state_after(turn.stop_reason)
            if index < len(answered) - 1:  # the next question waited for this answer's last save
                assert (answer.text, answer.state) == (shown, expected_state), f"cycle {cycle}: answer changed"
            elif answer.state == "interrupted":  # the kill came before its last save
                assert shown.startswith(answer.text), f"cycle {cycle}: stored text is not what the window showed"
                lost, cut = len(shown) - len(answer.text), answer.conversation_id
            else:  # its last save landed before the kill
                assert answer.text == shown, f"cycle {cycle}: the saved answer is not the one shown"
                assert answer.state in ("complete", "partial"), f"cycle {cycle}: {answer.state}"
                assert expected_state in (None, answer.state), f"cycle {cycle}: {answer.state}, not {expected_state}"
        _check_unreported(store, cycle, report, {m for t in answered for m in (t.question_id, t.answer_id)})
        if reopen is not None and report.conversation_id:  # the view is reported before the new chat
            assert report.view is not None, f"cycle {cycle}: the reopened conversation was not reported"
        if reopen is not None and report.view is not None:
            _check_reopened_view(store, cycle, reopen, report.view)
    return lost, cut


def _state_after(stop_reason: str) -> str:
    return "complete" if stop_reason == "eog" else "partial"  # as ChatController._on_finished stores it


def _check_unreported(store: Any, cycle: int, report: AppReport, reported: set[int]) -> None:
    """A kill while the question was saved leaves it (and maybe an empty answer) in the chat, unreported."""
    if not report.conversation_id:
        return
    extra = [m for m in store.all_messages(report.conversation_id) if m.id not in reported]
    unanswered = [t for t in report.turns if not t.request_id]
    for message in extra:
        if message.role == "user":
            assert unanswered, f"cycle {cycle}: a stray question"
            assert message.text == unanswered[-1].question, f"cycle {cycle}: a stray question"
        else:
            assert (message.text, message.state) == ("", "interrupted"), f"cycle {cycle}: a stray answer"
    assert len(extra) <= 2, f"cycle {cycle}: unreported messages: {[m.id for m in extra]}"


def _check_reopened_view(store: Any, cycle: int, conversation_id: int, view: dict[str, Any]) -> None:
    """The window reopened on the same data shows the earlier conversation as stored, its cut answer marked."""
    branch = store.branch(conversation_id, with_tokens=False)
    conversation = store.get(conversation_id)
    assert view["titles"].get(str(conversation_id)) == conversation.title, f"cycle {cycle}: not in the list"
    assert view["shown"] == conversation_id, f"cycle {cycle}: the list did not open it"
    bubbles = view["bubbles"]
    assert view["hidden"] + len(bubbles) == len(branch), f"cycle {cycle}: messages missing from the view"
    on_screen = branch[len(branch) - len(bubbles) :]
    for bubble, message in zip(bubbles, on_screen, strict=True):
        shown = (bubble["id"], bubble["role"], bubble["text"])
        assert shown == (message.id, message.role, message.text), f"cycle {cycle}: the view is not the store"
        interrupted_notice = bubble["notice"].startswith(INTERRUPTED_NOTICE)
        assert interrupted_notice == (message.state == "interrupted"), f"cycle {cycle}: message {message.id}"
    assert any(m.state == "interrupted" for m in on_screen), f"cycle {cycle}: no interrupted answer on screen"
    if on_screen[-1].state == "interrupted":
        assert view["can_continue"], f"cycle {cycle}: the cut answer does not offer Continue"


def run_app_cycle(
    home: Path, db: Path, cycle: int, plan: KillPlan, *, earlier: dict[int, MessageRow], reopen: int | None
) -> AppCycleResult:
    """One cycle: start the app, kill it where `plan` says, check everything."""
    killed = run_app_and_kill(home, cycle, plan, reopen)
    lost, cut = check_app_after_kill(db, cycle, killed, earlier, reopen)
    return AppCycleResult(plan, lost, cut, viewed=reopen is not None and killed.report.view is not None)


def run_app_cycles(home: Path, cycles: int, seed: int) -> list[AppCycleResult]:
    """`cycles` kill -9 cycles of the app on one data folder, `home` (this process's HEARTH_HOME), each checked."""
    from engine.store.conversations import default_db_path

    db = default_db_path()
    assert db.is_relative_to(home), "HEARTH_HOME must be `home`: the checks read the app's database"
    results: list[AppCycleResult] = []
    earlier: dict[int, MessageRow] = {}
    reopen: int | None = None
    for cycle, plan in enumerate(kill_plans(random.Random(seed), cycles)):
        result = run_app_cycle(home, db, cycle, plan, earlier=earlier, reopen=reopen)
        results.append(result)
        reopen = result.cut_conversation or reopen
        earlier = snapshot(db)
    return results


if __name__ == "__main__":
    sys.exit(child_main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else None))
