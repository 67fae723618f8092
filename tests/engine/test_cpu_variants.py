"""llama.cpp's CPU variants chosen at run time (engine/runtime/cpu_variants.py).

The installed llama-cpp-python is a native build: loading variants is a no-op there, and no variant
is in use. The choice among variants is checked on scores as ggml's x86 variants give them. The
portable build itself is tested in tests/packaging/test_portable_llama.py, run where one is built.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.kernels.variant_ladder import choose_variant, next_lower, ranked_variants
from engine.runtime.cpu_variants import CpuVariantError, load_cpu_backend, variant_files, variant_in_use

# ggml_backend_score of the x86 variants (ggml-cpu/arch/x86/cpu-feats.cpp) on a Zen 4 processor:
# AVX-512 with VBMI, VNNI and BF16, no AVX-VNNI, no AMX.
ZEN4_SCORES = {
    "x64": 1,
    "sse42": 5,
    "sandybridge": 21,
    "ivybridge": 23,
    "piledriver": 24,
    "haswell": 64,
    "skylakex": 192,
    "cannonlake": 448,
    "cascadelake": 1216,
    "icelake": 1472,
    "cooperlake": 1728,
    "zen4": 1984,
    "alderlake": 0,
    "sapphirerapids": 0,
}


def test_a_native_build_has_no_variants_and_loading_them_does_nothing() -> None:
    assert variant_files() == {}
    assert load_cpu_backend() is None
    assert variant_in_use() is None


def test_a_native_build_still_loads_a_model_after_the_no_op(starter_model: Path) -> None:
    from engine.protocol import LoadOptions
    from engine.runtime.llama_runtime import LlamaModel

    load_cpu_backend()
    model = LlamaModel(LoadOptions(str(starter_model), n_ctx=256, n_threads=2), kernels="safe")
    try:
        model.decode(model.tokenize("Hello")[:4])
    finally:
        model.close()
    assert variant_in_use() is None


def test_variant_files_are_named_after_their_processor_level(tmp_path: Path) -> None:
    for name in (
        "libggml-cpu-haswell.so",
        "libggml-cpu-x64.so",
        "libggml-cpu-armv8.2_1.so",
        "libggml-cpu.so",  # a native build's CPU backend
        "libggml-cpu.so.0",
        "libggml-base.so",
        "libggml.so",
        "libllama.so",
    ):
        (tmp_path / name).write_bytes(b"")
    (tmp_path / "libggml-cpu-folder.so").mkdir()
    assert variant_files(tmp_path) == {
        "armv8.2_1": tmp_path / "libggml-cpu-armv8.2_1.so",
        "haswell": tmp_path / "libggml-cpu-haswell.so",
        "x64": tmp_path / "libggml-cpu-x64.so",
    }


def test_a_folder_that_cannot_be_read_holds_no_variants(tmp_path: Path) -> None:
    assert variant_files(tmp_path / "missing") == {}


def test_the_best_variant_is_the_highest_score_as_ggml_picks_it() -> None:
    assert choose_variant(ZEN4_SCORES) == "zen4"
    assert ranked_variants(ZEN4_SCORES)[:3] == ["zen4", "cooperlake", "icelake"]
    assert ranked_variants(ZEN4_SCORES)[-1] == "x64"
    assert "sapphirerapids" not in ranked_variants(ZEN4_SCORES)  # score 0: it would trap here


def test_a_variant_set_aside_gives_the_next_lower_one() -> None:
    assert choose_variant(ZEN4_SCORES, skip={"zen4"}) == "cooperlake"
    assert choose_variant(ZEN4_SCORES, skip={"zen4", "cooperlake", "icelake"}) == "cascadelake"
    assert next_lower("zen4", ZEN4_SCORES) == "cooperlake"
    assert next_lower("haswell", ZEN4_SCORES) == "piledriver"
    assert next_lower("x64", ZEN4_SCORES) is None
    assert choose_variant(ZEN4_SCORES, skip=set(ZEN4_SCORES)) is None
    assert choose_variant({}) is None


def test_an_unknown_variant_is_refused_before_anything_loads(tmp_path: Path) -> None:
    (tmp_path / "libggml-cpu-haswell.so").write_bytes(b"")
    with pytest.raises(CpuVariantError, match="zen9"):
        load_cpu_backend(tmp_path, variant="zen9")
