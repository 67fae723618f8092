"""`hearth batch --engine`: a prompts file answered by a remote engine (another real `hearth serve`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.remote.engines import add_engine
from tests.engine.server.served import serving

pytestmark = pytest.mark.e2e


def test_hearth_batch_engine_answers_every_line_through_the_remote_engine(
    tmp_path: Path, probed_kernels: Path, hearth_home: Path
) -> None:
    prompts = tmp_path / "prompts.jsonl"
    lines = [{"id": n, "prompt": f"Say the number {n}."} for n in range(1, 5)]
    prompts.write_text("".join(json.dumps(line) + "\n" for line in lines))
    results = tmp_path / "results.jsonl"
    with serving(tmp_path / "peer-home", probed_kernels, "--parallel", "2") as peer:
        add_engine("peer", peer.base_url)
        done = subprocess.run(
            [sys.executable, "-m", "app", "batch", "--engine", "peer", "--parallel", "2", "--max-tokens", "8",
             "--temperature", "0", "--json", "--no-progress", "-o", str(results), str(prompts)],
            capture_output=True, text=True, timeout=300, check=False,
            env={**os.environ, "HEARTH_HOME": str(hearth_home)},
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["done"] == 4
    records = [json.loads(line) for line in results.read_text().splitlines()]
    assert sorted(r["id"] for r in records) == [1, 2, 3, 4]
    for record in records:
        assert record["text"].strip()
        assert (record["metrics"]["engine"], record["metrics"]["host"]) == ("peer", f"127.0.0.1:{peer.port}")
        assert record["metrics"]["decode_tokens"] > 0
