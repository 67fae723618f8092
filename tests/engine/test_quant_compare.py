"""Quantizations compared on real llama.cpp: the starter model (Q4_1) and its Q8_0 and Q4_0
requantizations made with llama.cpp's own quantizer (tests/fixtures/quantized.py)."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

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
# The KL defaults (four chunks of 256 tokens): the fixed text holds all four.
KL_DEFAULTS = MeasureSettings(prefill_tokens=32, decode_tokens=8, threads=2)


def test_a_file_against_itself_has_no_divergence(quants: dict[str, Path]) -> None:
    store = FigureStore()
    progress: list[tuple[int, int]] = []
    outcome = Measurement(quants["Q4_1"], [], [quants["Q4_1"]], KL_DEFAULTS, store).run(
        lambda done, total: progress.append((done, total))
    )
    assert outcome.errors == ()
    kl = store.kl(quants["Q4_1"], quants["Q4_1"], KL_DEFAULTS)
    assert kl is not None
    assert kl["chunks"] == KL_DEFAULTS.chunks == 4  # the key's x4 is what was scored
    assert kl["positions"] == 4 * 127
    assert progress[-1] == (2 * 4 * 256, 2 * 4 * 256)  # the reference's pass and the file's
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


def test_speed_is_kept_per_settings(tmp_path: Path) -> None:
    model = tmp_path / "model.gguf"
    model.write_bytes(b"GGUF")
    store = FigureStore()
    store.put("bench", model, {"prefill_tok_s": 1.0, "decode_tok_s": 1.0}, settings=SETTINGS)
    assert store.bench(model, SETTINGS) is not None
    # One thread is not this computer's speed: a run with other settings does not answer for it.
    assert store.bench(model, MeasureSettings(prefill_tokens=32, decode_tokens=8, threads=1)) is None
    assert store.bench(model, MeasureSettings()) is None


def test_a_damaged_store_is_set_aside_not_overwritten(tmp_path: Path) -> None:
    model = tmp_path / "model.gguf"
    model.write_bytes(b"GGUF")
    store = FigureStore()
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text('{"version": 1, "bench": {', encoding="utf-8")
    store.put("bench", model, {"prefill_tok_s": 1.0, "decode_tok_s": 1.0}, settings=SETTINGS)
    damaged = store.path.with_name(store.path.name + ".damaged")
    assert damaged.read_text(encoding="utf-8") == '{"version": 1, "bench": {'
    assert store.bench(model, SETTINGS) is not None
    assert [p.name for p in store.path.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_stop_ends_the_child(quants: dict[str, Path]) -> None:
    measurement = Measurement(quants["Q8_0"], [quants["Q4_0"]], [quants["Q4_0"]], SETTINGS)
    measurement.stop()  # asked before it starts: the child is ended at once
    outcome = measurement.run()
    assert outcome.stopped
    assert outcome.measured == 0


def test_stop_mid_run_ends_the_child_and_removes_its_temporary_files(quants: dict[str, Path]) -> None:
    measurement = Measurement(quants["Q8_0"], [], [quants["Q4_0"]], SETTINGS)
    seen: list[tuple[int, int]] = []
    scratch: list[Path] = []

    def on_progress(done: int, total: int) -> None:
        if not seen:  # the reference's first chunk is read: its log-probabilities are on disk
            assert measurement.scratch is not None
            scratch.append(measurement.scratch)
            assert any(measurement.scratch.iterdir())
            measurement.stop()
        seen.append((done, total))

    outcome = measurement.run(on_progress)
    assert seen
    assert outcome.stopped
    assert outcome.measured == 0
    assert not [p for p in multiprocessing.active_children() if p.is_alive()]
    assert scratch
    assert not scratch[0].exists()
