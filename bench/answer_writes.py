#!/usr/bin/env python
"""What saving a streaming answer costs the disk: `hearth run --chat` on a long answer.

Runs engine.cli.run.run (the code behind `hearth run --chat`) in this process against a fresh
database in a temporary HEARTH_HOME, and reads:

  writes, bytes_written   AnswerWriter's counters: how many times the answer was saved, and the
                          text and token bytes handed to SQLite over all those saves together;
  WAL growth              the -wal file's size when the answer ends minus its size when it began
                          (the database is fresh, so no checkpoint runs in between unless the
                          WAL passes 1000 pages; the script says so if it did).

Ratios: bytes written per byte of the final answer (each save rewrites the whole answer so far,
so this grows with the answer's length), WAL bytes per save.

Run:  python bench/answer_writes.py [--tokens 500] [--threads 2] [--json]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import LONG_PROMPT, SEED, TEMPERATURE, load_note, quiet_llama_logs


def _wal_bytes(db: Path) -> int:
    wal = db.with_name(db.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


def measure(tokens: int, threads: int) -> dict[str, Any]:
    from engine.cli.run import RunRequest, run
    from engine.store import chat_turn
    from engine.store.answer_writer import FLUSH_INTERVAL_S, AnswerWriter
    from engine.store.conversations import ConversationStore, default_db_path

    writers: list[AnswerWriter] = []
    wal: dict[str, float] = {}

    class CountedWriter(AnswerWriter):
        def __init__(self, db_path: Path, message_id: int, interval_s: float = FLUSH_INTERVAL_S) -> None:
            wal["at_start"] = _wal_bytes(db_path)
            wal["started"] = time.monotonic()
            super().__init__(db_path, message_id, interval_s)
            writers.append(self)

        def finish(self, *args: Any, **kwargs: Any) -> None:
            super().finish(*args, **kwargs)
            wal["at_end"] = _wal_bytes(self.db_path)
            wal["ended"] = time.monotonic()

    chat_turn.AnswerWriter = CountedWriter  # type: ignore[attr-defined]
    request = RunRequest(
        prompt=LONG_PROMPT, chat="bench", max_tokens=tokens, temperature=TEMPERATURE, seed=SEED, threads=threads
    )
    run(request, out=io.StringIO())
    [writer] = writers
    db = default_db_path()
    with ConversationStore(db) as store:
        conversation = store.find("bench")
        assert conversation is not None
        answer = store.branch(conversation.id)[-1]
    text_bytes = len(answer.text.encode("utf-8"))
    token_bytes = 4 * len(answer.token_ids)
    wal_growth = int(wal["at_end"] - wal["at_start"])
    stream_s = wal["ended"] - wal["started"]
    return {
        "decode_tokens": len(answer.token_ids),
        "stop_reason": (answer.metrics or {}).get("stop_reason"),
        "answer_s": round(stream_s, 2),
        "decode_tok_s": (answer.metrics or {}).get("decode_tok_s"),
        "writes": writer.writes,
        "writes_per_s": round(writer.writes / stream_s, 2) if stream_s > 0 else 0.0,
        "final_text_bytes": text_bytes,
        "final_token_bytes": token_bytes,
        "bytes_written": writer.bytes_written,
        "bytes_per_write": round(writer.bytes_written / writer.writes) if writer.writes else 0,
        "write_amplification": round(writer.bytes_written / (text_bytes + token_bytes), 2),
        "wal_growth_bytes": wal_growth,
        "wal_bytes_per_write": round(wal_growth / writer.writes) if writer.writes else 0,
        "wal_frames": round(wal_growth / (4096 + 24)),  # 4 KiB pages, 24-byte frame headers
        "db_bytes": db.stat().st_size,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tokens", type=int, default=500)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    quiet_llama_logs()
    with tempfile.TemporaryDirectory(prefix="hearth-bench-") as home:
        os.environ["HEARTH_HOME"] = home
        result = measure(args.tokens, args.threads)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"answer_writes: {load_note()}")
    for key, value in result.items():
        print(f"  {key:<22} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
