#!/usr/bin/env python
"""Kill -9 cycles: how often the conversation database survives, and how much text a kill cuts.

Each cycle starts a child that saves answers the way the app does (ConversationStore for the
question and an empty answer, AnswerWriter streaming one piece every 10 ms, turn after turn) and
SIGKILLs it at a random point; then checks the database (tests/engine/store/kill_cycles.py:
integrity_check, earlier messages byte-identical, the cut answer interrupted and holding at least
its second-to-last save). All cycles share one database in a temporary HEARTH_HOME.

Figures: cycles run, corruptions (a failed check), most text lost in one cycle (characters the
child had produced for the cut answer minus characters stored), and the median.

Run:  python bench/kill_cycles.py [--cycles 100] [--seed N] [--json]
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.engine.store.kill_cycles


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cycles", type=int, default=100)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2**32)

    with tempfile.TemporaryDirectory() as home:
        os.environ["HEARTH_HOME"] = home
        from engine.store.conversations import default_db_path
        from tests.engine.store.kill_cycles import (
            MessageRow,
            check_after_kill,
            killer_delays,
            run_child_and_kill,
            snapshot,
        )

        db = default_db_path()
        rng = random.Random(seed)
        earlier: dict[int, MessageRow] = {}
        lost: list[int] = []
        corruptions: list[str] = []
        for cycle, delay in enumerate(killer_delays(rng, args.cycles)):
            turns = run_child_and_kill(db, cycle, delay)
            try:
                lost.append(check_after_kill(db, cycle, turns, earlier).lost_chars)
            except AssertionError as exc:
                corruptions.append(f"cycle {cycle}: {exc}")
            earlier = snapshot(db)
            print(f"cycle {cycle + 1}/{args.cycles}: lost {lost[-1] if lost else '?'} chars", file=sys.stderr)

    figures = {
        "cycles": args.cycles,
        "corruptions": len(corruptions),
        "max_text_lost_chars": max(lost, default=0),
        "median_text_lost_chars": statistics.median(lost) if lost else 0,
        "seed": seed,
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for problem in corruptions:
            print(problem)
        print(
            f"{figures['cycles']} kill -9 cycles, {figures['corruptions']} corruptions, most text lost "
            f"{figures['max_text_lost_chars']} characters (median {figures['median_text_lost_chars']}), seed {seed}"
        )
    return 1 if corruptions else 0


if __name__ == "__main__":
    sys.exit(main())
