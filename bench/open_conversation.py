#!/usr/bin/env python
"""Opening and switching long conversations: the time until the chat view is usable.

Two stored conversations of 1,000 messages each (answers with Markdown lists and code,
like real chats, with their token ids). The window opens one, then switches between the
two; each time counts from the click to the end of the first paint with the newest
messages in place (show_conversation, then Qt's layout and a synchronous repaint).

  hearth    the window as shipped: the newest FIRST_PAGE messages are built, older ones on request
  all       the same window told to build every message at once (the peer: what a plain
            list of bubbles costs)

Target: under 100 ms for hearth, every switch. Run:  python bench/open_conversation.py [--switches 10]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

MESSAGES = 1000
TARGET_MS = 100.0

ANSWER = """Here is what I would do:

1. **Measure first.** Time the slow part before you change anything.
2. Keep the change small, then measure again.
3. Write down what you learned.

```python
def mean(values: list[float]) -> float:
    return sum(values) / len(values)
```

That way each step is easy to undo if it does not help."""


def build_store(path: Path) -> tuple[int, int]:
    from engine.store.conversations import ConversationStore

    with ConversationStore(path) as store:
        ids = []
        for name in ("Long chat A", "Long chat B"):
            conversation = store.create(title=name, model="SmolLM2-135M-Instruct.Q4_1")
            parent = None
            for turn in range(MESSAGES // 2):
                question = store.add_message(
                    conversation.id,
                    parent,
                    "user",
                    f"Question {turn}: how should I approach step {turn}?",
                    token_ids=range(20),
                    token_start=0,
                    token_model="SmolLM2-135M-Instruct.Q4_1",
                )
                answer = store.add_message(
                    conversation.id,
                    question.id,
                    "assistant",
                    ANSWER,
                    token_ids=range(120),
                    token_model="SmolLM2-135M-Instruct.Q4_1",
                    metrics={"decode_tokens": 120, "stop_reason": "eog"},
                )
                parent = answer.id
            ids.append(conversation.id)
    return ids[0], ids[1]


def time_switch(app: object, window: object, conversation_id: int) -> float:
    started = time.perf_counter()
    window.conversations.show_conversation(conversation_id)  # type: ignore[attr-defined]
    app.processEvents()  # type: ignore[attr-defined]  # layout
    window.repaint()  # type: ignore[attr-defined]  # the first frame, synchronously
    return (time.perf_counter() - started) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--switches", type=int, default=10, help="switches between the two conversations")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ["HEARTH_HOME"] = tempfile.mkdtemp(prefix="hearth-open-bench-")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtWidgets import QApplication

    from app.chat import chat_view
    from app.main_window import MainWindow
    from app.style import apply_style
    from engine.store.conversations import ConversationStore, default_db_path

    path = default_db_path()
    a, b = build_store(path)
    qapp = QApplication.instance() or QApplication(sys.argv[:1])
    apply_style(qapp)  # type: ignore[arg-type]
    results: dict[str, list[float]] = {}
    shipped = chat_view.FIRST_PAGE
    for mode, page in (("hearth", shipped), ("all", 10**6)):
        chat_view.FIRST_PAGE = page
        window = MainWindow(store=ConversationStore(path))
        window.resize(1280, 780)
        window.show()
        settle = time.monotonic() + 1.0  # a person looks at the window for a moment before clicking
        while time.monotonic() < settle:
            qapp.processEvents()
            time.sleep(0.01)
        switches = args.switches if mode == "hearth" else max(2, args.switches // 5)
        times = [time_switch(qapp, window, a if i % 2 == 0 else b) for i in range(switches)]
        results[mode] = times
        window.close()
        qapp.processEvents()
    chat_view.FIRST_PAGE = shipped

    print(f"open/switch between two conversations of {MESSAGES:,} messages (ms until the view is usable)")
    for mode, times in results.items():
        print(
            f"  {mode:<7} first open {times[0]:7.1f}   switches: median {statistics.median(times[1:]):7.1f}"
            f"   max {max(times[1:]):7.1f}   ({len(times) - 1} switches)"
        )
    worst = max(results["hearth"])
    ratio = statistics.median(results["all"][1:]) / statistics.median(results["hearth"][1:])
    print(f"hearth worst case {worst:.1f} ms (target < {TARGET_MS:.0f} ms)  {'PASS' if worst < TARGET_MS else 'MISS'}")
    print(f"building every message instead takes {ratio:.0f}x as long")
    if args.json:
        print(json.dumps({"bench": "open_conversation", "messages": MESSAGES, "ms": results, "ratio_all": ratio}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
