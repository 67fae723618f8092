"""`hearth run` as a user runs it: a real subprocess, real model, stdout and exit code."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REQUIRED_KEYS = {
    "model",
    "prompt_tokens",
    "cached_tokens",
    "prefill_tokens",
    "prefill_s",
    "prefill_tok_s",
    "ttft_s",
    "decode_tokens",
    "decode_s",
    "decode_tok_s",
    "total_s",
    "engine_rss_mb",
    "app_rss_mb",
    "kv_bytes",
    "n_ctx",
    "stop_reason",
    "kernels",
    "gpu_layers",
    "n_layers",
    "offload_devices",
}


def _hearth(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *args], capture_output=True, text=True, timeout=300, check=False
    )


@pytest.mark.e2e
def test_run_streams_the_answer_and_ends_with_json() -> None:
    result = _hearth(
        "run", "--temperature", "0", "--max-tokens", "40", "--threads", "2", "--json", "What is the capital of France?"
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    metrics = json.loads(lines[-1])
    assert metrics.keys() >= REQUIRED_KEYS
    assert "Paris" in "\n".join(lines[:-1])
    assert metrics["model"]
    assert metrics["prompt_tokens"] == metrics["prefill_tokens"] + metrics["cached_tokens"]
    assert 0 < metrics["decode_tokens"] <= 40
    assert metrics["ttft_s"] <= metrics["total_s"]
    assert metrics["stop_reason"] in ("eog", "max_tokens")
    assert metrics["kernels"] in ("full", "safe")
    assert metrics["gpu_layers"] == 0  # a CPU-only build
    assert metrics["n_layers"] == 31  # SmolLM2-135M: 30 blocks and the output layer
    assert "Traceback" not in result.stderr


@pytest.mark.e2e
def test_seed_makes_runs_repeatable() -> None:
    args = (
        "run",
        "--temperature",
        "1.0",
        "--seed",
        "42",
        "--max-tokens",
        "30",
        "--threads",
        "2",
        "Invent a name for a bakery.",
    )
    first, second = _hearth(*args), _hearth(*args)
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout


@pytest.mark.e2e
def test_missing_model_is_one_line_on_stderr(tmp_path: Path) -> None:
    result = _hearth("run", "--model", str(tmp_path / "absent.gguf"), "hi")
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip().count("\n") == 0
    assert "Model file not found" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.e2e
def test_not_a_model_is_one_line_on_stderr(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.gguf"
    bogus.write_bytes(b"\x00" * 1024)
    result = _hearth("run", "--model", str(bogus), "hi")
    assert result.returncode == 1
    assert (
        result.stderr.strip()
        == f"hearth: {bogus.name} is not a GGUF model file (it looks like blank space from an unfinished download)."
    )
