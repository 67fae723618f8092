#!/usr/bin/env python
"""Kill -9 cycles of the whole app: how often the data survives, and how much text a kill cuts.

Each cycle starts the real app (tests/app/app_kill_cycles.py: the launcher's window offscreen,
its engine child, the starter model with n_ctx 2048 and 2 threads), which first reopens the last
conversation a kill cut and reports what the window shows, then sends seeded questions through
the composer, turn after turn. The app is SIGKILLed at a planned point: during start-up, while a
question is saved, after some pieces of an answer, or just after an answer ended; mostly its
whole process group, sometimes the window's process alone. Then the checks: integrity_check,
earlier messages byte-identical, the cut answer interrupted and a prefix of what the window had
shown, the reopened view as stored, and no process the app started left running. All cycles share
one temporary HEARTH_HOME.

Figures: cycles run, corruptions (a failed check), most text lost in one cycle (characters the
window had shown for the cut answer minus characters stored; the shown text is reported as each
piece reaches the window, so this may count one piece more than the screen had drawn), and the
median over the cycles whose kill cut an answer.

Run:  python bench/app_kill_cycles.py [--cycles 60] [--seed N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.app.app_kill_cycles


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cycles", type=int, default=60)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2**32)

    with tempfile.TemporaryDirectory() as home:
        os.environ["HEARTH_HOME"] = home
        from engine.store.conversations import default_db_path
        from tests.app.app_kill_cycles import kill_plans, run_app_cycle
        from tests.engine.store.kill_cycles import MessageRow, snapshot

        db = default_db_path()
        earlier: dict[int, MessageRow] = {}
        reopen: int | None = None
        lost: list[int] = []  # cycles whose kill cut an answer
        corruptions: list[str] = []
        viewed = window_only = 0
        for cycle, plan in enumerate(kill_plans(random.Random(seed), args.cycles)):
            try:
                result = run_app_cycle(Path(home), db, cycle, plan, earlier=earlier, reopen=reopen)
            except AssertionError as exc:
                corruptions.append(f"cycle {cycle} ({plan}): {exc}")
                result = None
            if result is not None:
                if result.cut_conversation is not None:
                    lost.append(result.lost_chars)
                reopen = result.cut_conversation or reopen
                viewed += result.viewed
            window_only += plan.window_only
            earlier = snapshot(db)
            said = f"lost {result.lost_chars} chars" if result else "FAILED"
            print(f"cycle {cycle + 1}/{args.cycles} ({plan.when}): {said}", file=sys.stderr)

    figures = {
        "cycles": args.cycles,
        "corruptions": len(corruptions),
        "cut_answers": len(lost),
        "max_text_lost_chars": max(lost, default=0),
        "median_text_lost_chars": statistics.median(lost) if lost else 0,
        "reopened_views_checked": viewed,
        "window_only_kills": window_only,
        "seed": seed,
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for problem in corruptions:
            print(problem)
        print(
            f"{figures['cycles']} kill -9 cycles of the app, {figures['corruptions']} corruptions; "
            f"{figures['cut_answers']} answers cut, most text lost {figures['max_text_lost_chars']} characters "
            f"(median {figures['median_text_lost_chars']}); {viewed} reopened views checked, "
            f"{window_only} kills of the window alone; seed {seed}"
        )
    return 1 if corruptions else 0


if __name__ == "__main__":
    sys.exit(main())
