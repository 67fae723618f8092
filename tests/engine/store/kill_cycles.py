"""Kill -9 cycles of a process that saves answers the way the app does, and the checks after each.

The child (`python -m tests.engine.store.kill_cycles DB CYCLE`) is the app's saving path without
the model: ConversationStore.add_message for the question and an empty 'partial' answer (with its
writer pid), then an AnswerWriter fed one piece of text every few milliseconds, then
finish('complete'), turn after turn, until it is killed. It tells the parent what it has produced
through its stdout, one flushed line per step, so the parent knows what a kill cut off.

Used by tests/engine/store/test_kill_cycles.py and bench/kill_cycles.py.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[3]  # where `python -m tests...` finds the child
PIECE_DELAY_S = 0.01  # 100 pieces a second: faster than a CPU model streams
TURN_PIECES = (20, 200)  # a turn's answer length, in pieces, drawn at random


def piece(turn: int, index: int) -> str:
    """The index-th piece of a turn's answer: the parent can rebuild any prefix from a count."""
    return f"t{turn}w{index} "


def answer_text(turn: int, pieces: int) -> str:
    return "".join(piece(turn, i) for i in range(pieces))


def question_text(cycle: int, turn: int) -> str:
    return f"Question {turn} of cycle {cycle}."


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def child_main(db: Path, cycle: int) -> None:
    from engine.store.answer_writer import AnswerWriter
    from engine.store.conversations import ConversationStore

    rng = random.Random(cycle)
    store = ConversationStore(db)
    conversation = store.create(title=f"Cycle {cycle}")
    parent_id: int | None = None
    turn = 0
    while True:
        question = store.add_message(conversation.id, parent_id, "user", question_text(cycle, turn))
        answer = store.add_message(
            conversation.id, question.id, "assistant", "", state="partial", writer_pid=os.getpid()
        )
        _say(f"T {turn} {question.id} {answer.id}")
        writer = AnswerWriter(db, answer.id)
        for index in range(rng.randint(*TURN_PIECES)):
            writer.append(piece(turn, index), [index])
            _say(f"P {index + 1} {writer.writes}")
            time.sleep(PIECE_DELAY_S)
        writer.finish("complete")
        _say(f"F {turn}")
        parent_id = answer.id
        turn += 1


@dataclass
class Turn:
    number: int
    question_id: int
    answer_id: int
    reports: list[tuple[int, int]] = field(default_factory=list)  # (pieces produced, saves done)
    finished: bool = False


@dataclass
class CycleResult:
    turns: list[Turn]
    lost_chars: int  # text the child had produced for the cut answer minus the text stored


def run_child_and_kill(db: Path, cycle: int, kill_after_s: float) -> list[Turn]:
    """Start the child, SIGKILL it `kill_after_s` after its first turn began, return what it reported."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.engine.store.kill_cycles", str(db), str(cycle)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        cwd=REPO_ROOT,
    )
    lines: list[str] = []
    first_turn = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            first_turn.set()

    reader = threading.Thread(target=read, name="kill-cycle-reader")
    reader.start()
    try:
        started = first_turn.wait(60)
        if started:
            time.sleep(kill_after_s)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        reader.join()
        _, err = proc.communicate()
    assert started, f"the child never started a turn: {err}"
    assert proc.returncode == -signal.SIGKILL, f"the child ended by itself ({proc.returncode}): {err}"
    return _parse(lines)


def _parse(lines: list[str]) -> list[Turn]:
    turns: list[Turn] = []
    for line in lines:
        if not line.endswith("\n"):  # cut by the kill
            break
        kind, *values = line.split()
        numbers = [int(v) for v in values]
        if kind == "T":
            turns.append(Turn(numbers[0], numbers[1], numbers[2]))
        elif kind == "P":
            turns[-1].reports.append((numbers[0], numbers[1]))
        elif kind == "F":
            turns[-1].finished = True
    return turns


def guaranteed_pieces(reports: list[tuple[int, int]]) -> int:
    """Pieces the stored answer must hold at least, from the child's reports alone (no clocks).

    The writer reads the text, saves it, then counts the save. If the last report saw W saves,
    save W read the text after save W-1 was counted, hence after every report that saw fewer
    than W-1 saves had been appended."""
    if not reports:
        return 0
    last_saves = reports[-1][1]
    before = [produced for produced, saves in reports if saves < last_saves - 1]
    return before[-1] if before else 0


def killer_delays(rng: random.Random, cycles: int) -> list[float]:
    """Kill points spread over a turn's life: while adding messages, streaming, finishing."""
    return [rng.uniform(0.05, 1.5) for _ in range(cycles)]


MessageRow = tuple[int, int | None, str, str, str, bytes | None]


def snapshot(db: Path) -> dict[int, MessageRow]:
    """Every message as stored: (conversation, parent, role, text, state, token bytes) by id."""
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute(
            "SELECT id, conversation_id, parent_id, role, text, state, token_ids FROM messages"
        ).fetchall()
    finally:
        conn.close()
    return {row[0]: tuple(row[1:]) for row in rows}


def check_store_after_kill(db: Path, cycle: int, earlier: dict[int, MessageRow]) -> None:
    """What any kill must leave whole, whoever was writing: integrity_check ok; once the store is
    opened (which marks a dead writer's answers interrupted) no answer is left to a writer, and
    every message stored before the cycle is byte-identical."""
    from engine.store.conversations import ConversationStore

    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)], f"cycle {cycle}: database corrupt"
    finally:
        conn.close()
    with ConversationStore(db) as store:
        assert store.integrity_ok()
    conn = sqlite3.connect(db)
    try:
        owned = conn.execute("SELECT id FROM messages WHERE writer_pid IS NOT NULL").fetchall()
    finally:
        conn.close()
    assert not owned, f"cycle {cycle}: answers still owned by a dead writer: {owned}"
    now = snapshot(db)
    changed = [mid for mid, row in earlier.items() if now.get(mid) != row]
    assert not changed, f"cycle {cycle}: earlier messages changed or lost: {changed}"


def check_after_kill(db: Path, cycle: int, turns: list[Turn], earlier: dict[int, MessageRow]) -> CycleResult:
    """Everything a kill must leave whole; returns the text the cut answer lost."""
    from engine.store.conversations import ConversationStore

    check_store_after_kill(db, cycle, earlier)
    with ConversationStore(db) as store:
        conversation = store.find(f"Cycle {cycle}")
        assert conversation is not None, f"cycle {cycle}: the conversation is missing"
        branch = store.branch(conversation.id)
        unfinished = [m.id for m in store.all_messages(conversation.id) if m.state == "partial"]
        assert not unfinished, f"cycle {cycle}: answers left 'partial' after the writer died: {unfinished}"
    lost = 0
    for turn in turns:
        question, answer = branch[2 * turn.number], branch[2 * turn.number + 1]
        assert (question.id, answer.id) == (turn.question_id, turn.answer_id)
        assert question.text == question_text(cycle, turn.number)
        pieces = len(answer.token_ids)
        assert answer.text == answer_text(turn.number, pieces), f"cycle {cycle}: stored text is not what was said"
        produced = max(turn.reports[-1][0] if turn.reports else 0, pieces)
        if turn.finished:
            assert (answer.state, pieces) == ("complete", produced)
            continue
        # The last turn, cut by the kill (its finish may have been saved just before the kill).
        assert answer.state in ("interrupted", "complete"), answer.state
        assert pieces >= guaranteed_pieces(turn.reports), f"cycle {cycle}: a save older than one interval"
        lost = len(answer_text(turn.number, produced)) - len(answer.text)
    # A kill between add_message and the child's report leaves a question (and an empty answer) unreported.
    for extra in branch[2 * len(turns) :]:
        if extra.role == "user":
            assert extra.text == question_text(cycle, len(turns))
        else:
            assert (extra.text, extra.state) == ("", "interrupted")
    return CycleResult(turns, lost)


def run_cycles(db: Path, cycles: int, seed: int) -> list[CycleResult]:
    """`cycles` kill -9 cycles on one database, each checked; the results in order."""
    rng = random.Random(seed)
    results: list[CycleResult] = []
    earlier: dict[int, MessageRow] = {}
    for cycle, delay in enumerate(killer_delays(rng, cycles)):
        turns = run_child_and_kill(db, cycle, delay)
        results.append(check_after_kill(db, cycle, turns, earlier))
        earlier = snapshot(db)
    return results


if __name__ == "__main__":
    child_main(Path(sys.argv[1]), int(sys.argv[2]))
