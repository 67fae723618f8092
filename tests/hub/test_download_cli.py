"""`hearth models download` in a child process, against the fake Hub: kill -9 and resume, Ctrl+C, --json, splits."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from engine.hub.download import part_path, part_record_path
from engine.models.library import Library
from tests.hub.fake_hub import FakeHub, file_sha256, wait_until, write_split_gguf

MiB = 1024 * 1024
ROOT = Path(__file__).resolve().parents[2]


def start_download(*args: str) -> subprocess.Popen[str]:
    # HEARTH_HOME and HF_ENDPOINT come from the fixtures' environment.
    return subprocess.Popen(
        [sys.executable, "-m", "app", "models", "download", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def part_has_bytes(dest: Path, at_least: int) -> bool:
    part = part_path(dest)
    return part.exists() and part.stat().st_size >= at_least


def random_file(path: Path, size: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(os.urandom(size))
    return path


@pytest.mark.e2e
def test_a_download_killed_part_way_resumes_with_a_range_request(fake_hub: FakeHub, tmp_path: Path) -> None:
    # Not the starter model itself: the library already has that one, so nothing would be downloaded.
    source = random_file(tmp_path / "src" / "model.gguf", 40 * MiB)
    fake_hub.add_repo("org/model", {"model.gguf": source})
    fake_hub.throttle_bytes_per_s = 16 * MiB  # slow enough to kill it part way
    dest = Library().download_destination("org/model", "model.gguf")

    child = start_download("org/model", "model.gguf", "--json")
    try:
        assert wait_until(lambda: part_has_bytes(dest, 4 * MiB), timeout=60)
    finally:
        child.send_signal(signal.SIGKILL)
        child.communicate()
    assert child.returncode == -signal.SIGKILL
    kept = part_path(dest).stat().st_size
    assert 0 < kept < source.stat().st_size
    assert part_record_path(dest).exists()

    fake_hub.throttle_bytes_per_s = None
    fake_hub.clear_requests()
    again = start_download("org/model", "model.gguf", "--json")
    out, err = again.communicate(timeout=120)
    assert again.returncode == 0, err
    report = json.loads(out)
    gets = [r.range for r in fake_hub.requests if r.method == "GET" and r.path.endswith("/model.gguf")]
    assert gets == [f"bytes={kept}-"]
    assert report["resumed_from"] == kept
    assert report["path"] == str(dest)
    assert report["sha256"] == file_sha256(dest) == file_sha256(source)
    assert report["size"] == source.stat().st_size
    record = json.loads(dest.with_name(dest.name + ".source.json").read_text())
    assert record["sha256"] == report["sha256"]
    assert record["revision"] == fake_hub.repo("org/model").sha  # type: ignore[union-attr]
    assert not part_path(dest).exists()


@pytest.mark.e2e
def test_ctrl_c_pauses_and_the_same_command_resumes(fake_hub: FakeHub, tmp_path: Path) -> None:
    source = random_file(tmp_path / "src" / "model.gguf", 16 * MiB)
    fake_hub.add_repo("org/model", {"model.gguf": source})
    fake_hub.throttle_bytes_per_s = 4 * MiB
    dest = Library().download_destination("org/model", "model.gguf")

    child = start_download("org/model", "model.gguf")
    try:
        assert wait_until(lambda: part_has_bytes(dest, MiB), timeout=60)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 130
    assert "paused at" in err
    assert "run the same command again to resume" in err
    assert "%" in err  # the progress line
    assert out == ""
    kept = part_path(dest).stat().st_size
    assert kept >= MiB

    fake_hub.throttle_bytes_per_s = None
    again = start_download("org/model", "model.gguf")
    out, err = again.communicate(timeout=60)
    assert again.returncode == 0, err
    assert out.strip() == f"Downloaded and verified: {dest}"
    assert file_sha256(dest) == file_sha256(source)


@pytest.mark.e2e
def test_the_first_part_of_a_split_gguf_fetches_every_part(fake_hub: FakeHub, tmp_path: Path) -> None:
    parts = write_split_gguf(tmp_path / "split", "Tiny-Split-Q8_0", 3)
    fake_hub.add_repo("org/split", {f"gguf/{p.name}": p for p in parts})

    child = start_download("org/split", f"gguf/{parts[0].name}", "--json")
    out, err = child.communicate(timeout=60)

    assert child.returncode == 0, err
    report = json.loads(out)
    assert [Path(p["path"]).name for p in report["parts"]] == [p.name for p in parts]
    assert [p["sha256"] for p in report["parts"]] == [file_sha256(p) for p in parts]
    [entry] = [e for e in Library().entries() if e.repo_id == "org/split"]
    assert [p.name for p in entry.parts] == [p.name for p in parts]


@pytest.mark.e2e
def test_errors_are_one_line_with_exit_code_1(fake_hub: FakeHub, tmp_path: Path) -> None:
    fake_hub.add_repo("org/gated", {"model.gguf": random_file(tmp_path / "src" / "model.gguf", MiB)}, gated=True)

    child = start_download("org/gated", "model.gguf", "--json")
    out, err = child.communicate(timeout=60)

    assert child.returncode == 1
    assert out == ""
    assert err.strip().splitlines() == [
        "hearth: This model is gated: accept its terms on huggingface.co, then add your access token "
        "(Models › Discover › Access token…, or --token on the command line)."
    ]
