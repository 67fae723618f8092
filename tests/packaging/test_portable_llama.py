"""The portable llama.cpp (every CPU variant, engine/runtime/cpu_variants.py), for real: each test
in a fresh process on the build in HEARTH_VARIANT_SITE (default .variant-build/site).

Not in the default run (pyproject.toml's addopts leave this file out): a portable build takes
13 minutes to make. packaging/linux/build.sh runs these before bundling one (HEARTH_LLAMA_SITE);
where none is there, they fail rather than skip.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.errors import message
from engine.kernels.simulated_trap import ENV as SIMULATE
from engine.kernels.variant_ladder import VARIANT_ENV, choose_variant, next_lower, ranked_variants

REPO = Path(__file__).resolve().parents[2]
VARIANT_SITE = Path(os.environ.get("HEARTH_VARIANT_SITE", REPO / ".variant-build" / "site"))


@pytest.fixture(autouse=True)
def portable_build() -> None:
    if not (VARIANT_SITE / "llama_cpp").is_dir():
        pytest.fail(f"no portable llama.cpp build under {VARIANT_SITE} (HEARTH_VARIANT_SITE)")


_CHILD = textwrap.dedent(
    """
    import json, os, sys
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)  # llama.cpp's load chatter
    from engine.runtime import cpu_variants

    how = json.loads(sys.argv[1])
    result = {}
    if how.get("load"):
        result["loaded"] = cpu_variants.load_cpu_backend(variant=how.get("variant"), skip=how.get("skip", ()))
        result["scores"] = cpu_variants.variant_scores(cpu_variants.variant_files())
    import llama_cpp
    llama_cpp.llama_backend_init()
    params = llama_cpp.llama_model_default_params()
    model = llama_cpp.llama_model_load_from_file(sys.argv[2].encode(), params)
    result["model_loaded"] = bool(model)
    result["in_use"] = cpu_variants.variant_in_use()
    result["system_info"] = llama_cpp.llama_print_system_info().decode()
    print(json.dumps(result))
    """
)


def _portable(how: dict[str, object], model: Path) -> dict[str, object]:
    env = {key: value for key, value in os.environ.items() if key not in ("LLAMA_CPP_LIB_PATH", "HEARTH_CPU_VARIANT")}
    env["PYTHONPATH"] = os.pathsep.join([str(VARIANT_SITE), str(REPO)])
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, json.dumps(how), str(model)],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=120,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_without_loading_the_variants_the_portable_build_loads_no_model(starter_model: Path) -> None:
    result = _portable({}, starter_model)
    assert result["model_loaded"] is False
    assert result["in_use"] is None
    assert result["system_info"] == ""


def test_the_portable_build_loads_the_best_variant_this_processor_runs(starter_model: Path) -> None:
    result = _portable({"load": True}, starter_model)
    scores = result["scores"]
    assert isinstance(scores, dict)
    assert result["loaded"] == result["in_use"] == choose_variant(scores)
    assert result["model_loaded"] is True
    assert str(result["system_info"]).startswith("CPU : ")


def test_a_variant_set_aside_loads_the_next_lower_one(starter_model: Path) -> None:
    best = _portable({"load": True}, starter_model)
    scores = best["scores"]
    assert isinstance(scores, dict)
    lower = _portable({"load": True, "skip": [best["in_use"]]}, starter_model)
    assert lower["in_use"] == next_lower(str(best["in_use"]), scores)
    assert lower["model_loaded"] is True
    forced = _portable({"load": True, "variant": "x64"}, starter_model)
    assert forced["in_use"] == "x64"
    assert forced["model_loaded"] is True


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A data folder of the `hearth` commands' own (the tests' HEARTH_HOME is another, inside tmp_path)."""
    folder = tmp_path / "portable-home"
    folder.mkdir()
    return folder


def _portable_env(home: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("LLAMA_CPP_LIB_PATH", VARIANT_ENV)}
    env.update(PYTHONPATH=os.pathsep.join([str(VARIANT_SITE), str(REPO)]), HEARTH_HOME=str(home), **extra)
    return env


def _hearth(home: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        capture_output=True,
        text=True,
        env=_portable_env(home, **extra),
        cwd=REPO,
        timeout=300,
        check=False,
    )


def _best_two(model: Path) -> tuple[str, str]:
    scores = _portable({"load": True}, model)["scores"]
    assert isinstance(scores, dict)
    best, second = ranked_variants(scores)[:2]
    return best, second


def _answered(run: subprocess.CompletedProcess[str]) -> None:
    """`hearth run --json` wrote an answer, then its figures on the last line, on the safe kernels."""
    assert run.returncode == 0, run.stderr
    *answer, figures = run.stdout.strip().splitlines()
    assert "".join(answer).strip()
    assert json.loads(figures)["kernels"] == "safe"


def _remembered(home: Path) -> dict[str, object]:
    (store,) = home.rglob("cpu_kernels.json")
    (entry,) = json.loads(store.read_text()).values()
    assert isinstance(entry, dict)
    return entry


ASK = ("run", "--temperature", "0", "--max-tokens", "8", "--json", "What is the capital of France?")


def test_a_variant_the_processor_refuses_is_found_on_the_first_start_and_the_next_one_runs(
    starter_model: Path, home: Path
) -> None:
    best, second = _best_two(starter_model)
    refuse_best = {SIMULATE: f"decode:variant-{best}"}  # as a virtual machine that advertises what it refuses
    first = _hearth(home, *ASK, **refuse_best)
    _answered(first)
    assert f"hearth: {message('kernels.switched.variant', variant=best, lower=second)}" in first.stderr.splitlines()
    entry = _remembered(home)
    assert (entry["kernels"], entry["cpu_variant"], entry["decided_by"]) == ("safe", second, "probe")
    # remembered: the next start runs on it straight away and says nothing
    again = _hearth(home, *ASK, **refuse_best)
    _answered(again)
    assert "kernels" not in again.stderr
    doctor = _hearth(home, "doctor")
    assert any(line.split()[:2] == ["CPU", "variant"] and second in line for line in doctor.stdout.splitlines())


def test_an_engine_that_dies_on_its_variant_is_restarted_on_the_next_one_down(starter_model: Path, home: Path) -> None:
    best, second = _best_two(starter_model)
    # a verdict from an earlier start: the fast kernels ran (so no probe now), on ggml's own choice
    remember = (
        "from engine.kernels import remembered; from engine.kernels.machine import this_machine; "
        "remembered.remember(this_machine(), remembered.KernelChoice('full', 'probe', 'a test'))"
    )
    subprocess.run([sys.executable, "-c", remember], env=_portable_env(home), cwd=REPO, check=True, timeout=120)
    result = _hearth(home, *ASK, **{SIMULATE: f"decode:variant-{best}"})
    _answered(result)
    # first down to the safe kernels (which trap too here), then to the next variant
    said = [line.removeprefix("hearth: ") for line in result.stderr.splitlines() if line.startswith("hearth: ")]
    assert said[-1] == message("kernels.recovered.variant", variant=best, lower=second), result.stderr
    assert "Traceback" not in result.stderr
    entry = _remembered(home)
    assert (entry["kernels"], entry["cpu_variant"], entry["decided_by"]) == ("safe", second, "crash")
