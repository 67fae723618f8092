"""The portable llama.cpp (every CPU variant, engine/runtime/cpu_variants.py), for real: each test
in a fresh process on the build in HEARTH_VARIANT_SITE (default .variant-build/site).

Not in the default run (pyproject.toml's addopts leave tests/packaging out): a portable build takes
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

from engine.runtime.cpu_variants import choose_variant, next_lower

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
