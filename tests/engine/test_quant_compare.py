"""Quantizations compared on real llama.cpp: the starter model (Q4_1) and its Q8_0 and Q4_0
requantizations made with llama.cpp's own quantizer (tests/fixtures/quantized.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.models.library import Library
from engine.models.quant_compare import (
    FigureStore,
    Measurement,
    MeasureSettings,
    compare_rows,
    group_of_paths,
    quant_groups,
    table_lines,
)

# Small and quick: two chunks of 128 tokens (63 scored positions each), a short speed run.
SETTINGS = MeasureSettings(prefill_tokens=32, decode_tokens=8, n_ctx=128, chunks=2, threads=2)


@pytest.fixture(scope="module")
def quants(starter_model: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    from tests.fixtures.quantized import starter_quantizations

    return starter_quantizations(starter_model, tmp_path_factory.mktemp("quants"))


def test_a_file_against_itself_has_no_divergence(quants: dict[str, Path]) -> None:
    store = FigureStore()
    outcome = Measurement(quants["Q4_1"], [], [quants["Q4_1"]], SETTINGS, store).run()
    assert outcome.errors == ()
    kl = store.kl(quants["Q4_1"], quants["Q4_1"], SETTINGS)
    assert kl is not None
    assert kl["positions"] == 2 * 63
    # Only the reference's 16-bit rounding of its log-probabilities is left.
    assert abs(kl["kl_mean"]) < 1e-4
    assert kl["same_top"] == 1.0


def test_the_group_measured_and_stored(quants: dict[str, Path]) -> None:
    group = group_of_paths([quants["Q4_1"], quants["Q4_0"], quants["Q8_0"]])
    assert [f.quantization for f in group.files] == ["Q8_0", "Q4_1", "Q4_0"]  # most bits per weight first
    progress: list[tuple[int, int]] = []
    seen: list[tuple[str, str]] = []
    outcome = Measurement.for_group(group, SETTINGS).run(
        lambda done, total: progress.append((done, total)), lambda kind, path, _f: seen.append((kind, path.name))
    )
    assert outcome.errors == ()
    assert not outcome.stopped
    assert outcome.measured == 5  # three speed runs, two KL figures
    assert progress[-1][0] == progress[-1][1]

    rows = compare_rows(group, 4096, SETTINGS)
    reference, q4_1, q4_0 = rows
    assert reference.is_reference
    assert reference.kl_mean == 0.0
    for row in rows:
        assert row.prefill_tok_s is not None
        assert row.prefill_tok_s > 0
        assert row.decode_tok_s is not None
        assert row.decode_tok_s > 0
        assert row.memory_bytes is not None
        assert row.memory_bytes > row.file.size_bytes
    # Q8_0 copies Q4_1's weights almost exactly; Q4_0 rounds them again.
    assert q4_1.kl_mean is not None
    assert q4_0.kl_mean is not None
    assert 0 < q4_1.kl_mean < q4_0.kl_mean < 2.0
    assert q4_0.kl_p99 is not None
    assert q4_0.kl_p99 >= q4_0.kl_mean
    assert q4_0.same_top is not None
    assert 0.3 < q4_0.same_top < 1.0

    # Stored in the data folder, read back by a fresh store, and nothing is measured twice.
    stored = json.loads(FigureStore().path.read_text(encoding="utf-8"))
    assert len(stored["bench"]) == 3
    assert len(stored["kl"]) == 2
    assert compare_rows(group, 4096, SETTINGS, FigureStore()) == rows
    assert Measurement.for_group(group, SETTINGS).empty
    lines = table_lines(rows, 4096)
    assert "Q4_0" in lines[3]
    assert "large" in lines[3] or "noticeable" in lines[3]


def test_the_library_groups_quantizations_of_one_model(quants: dict[str, Path]) -> None:
    Library().add_folder(quants["Q8_0"].parent)
    groups = quant_groups(Library().entries())
    assert len(groups) == 1
    # The starter model and the folder's link to it are one entry.
    assert sorted(f.quantization for f in groups[0].files) == ["Q4_0", "Q4_1", "Q8_0"]


def test_stop_ends_the_child(quants: dict[str, Path]) -> None:
    measurement = Measurement(quants["Q8_0"], [quants["Q4_0"]], [quants["Q4_0"]], SETTINGS)
    measurement.stop()  # asked before it starts: the child is ended at once
    outcome = measurement.run()
    assert outcome.stopped
    assert outcome.measured == 0
