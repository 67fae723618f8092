"""`hearth doctor` as a user runs it: a real subprocess that reads this machine and this build."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.kernels import remembered
from engine.kernels.machine import this_machine


def _doctor(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", "doctor", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=os.environ.copy(),
    )


@pytest.mark.e2e
def test_doctor_json_reports_the_processor_the_build_the_kernels_and_the_devices() -> None:
    remembered.remember(this_machine(), remembered.KernelChoice("safe", "crash", "It crashed.", "AMX", 1.0))
    result = _doctor("--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    machine = this_machine()
    assert report["cpu_model"] == machine.cpu_model
    assert report["machine_key"] == machine.key
    assert report["engine"]["loaded"] is True
    assert "CPU :" in report["engine"]["system_info"]
    assert report["build_features"]  # the instruction sets this build was compiled for
    cpu = [d for d in report["engine"]["devices"] if d["kind"] == "cpu"]
    assert len(cpu) == 1
    assert cpu[0]["total_bytes"] > 0
    assert report["kernels"]["kernels"] == "safe"
    assert report["kernels"]["decided_by"] == "crash"
    assert (report["kernels"]["amx"], report["kernels"]["repack"]) == (False, False)
    assert report["versions"]["llama-cpp-python"] == "0.3.36"
    assert set(report["folders"]) == {"data", "models", "cache", "logs"}
    assert report["folders"]["data"].startswith(os.environ["HEARTH_HOME"])
    assert report["starter_model"].endswith(".gguf")
    # .ci/run installs fonts-noto-cjk: a font for each Chinese interface, named by fontconfig
    assert all(report["chinese_fonts"][language] for language in ("zh_TW", "zh_CN")), report["chinese_fonts"]
    assert report["rpc_backend"] == ""  # the pinned wheel has none, and this test added none


@pytest.mark.e2e
def test_doctor_says_where_the_rpc_backend_is_once_one_is_added(tmp_path: Path) -> None:
    module = tmp_path / "libggml-rpc.so"
    module.write_bytes(b"")  # only its place is reported; the engine loads it when a model is split
    result = subprocess.run(
        [sys.executable, "-m", "app", "doctor"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "HEARTH_RPC_BACKEND": str(module)},
    )
    assert f"Split (RPC)    yes: llama.cpp's RPC backend at {module}" in result.stdout
    assert "Chinese fonts  zh_TW " in result.stdout


@pytest.mark.e2e
def test_doctor_text_names_what_a_person_needs_and_says_the_kernels_are_not_chosen_before_the_first_start() -> None:
    remembered.store_path().unlink(missing_ok=True)
    result = _doctor()
    assert result.returncode == 0, result.stderr
    for heading in ("Processor", "Build uses", "Kernels", "Devices", "GPU offload", "Versions", "Folders"):
        assert heading in result.stdout
    assert "not chosen yet" in result.stdout
    assert "Traceback" not in result.stderr
    unchosen = json.loads(_doctor("--json").stdout)["kernels"]
    assert (unchosen["kernels"], unchosen["amx"], unchosen["repack"]) == ("unknown", None, None)  # not "off"
    assert not remembered.store_path().exists()  # looking changes nothing
