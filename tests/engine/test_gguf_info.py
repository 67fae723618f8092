"""Model metadata from the GGUF header, without loading the model: real files, real parser."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.models.gguf_info import MetadataCache, ModelMetadata, read_model_metadata, split_parts

TEMPLATE = "{% for m in messages %}{{ m['content'] }}{% endfor %}"


def write_tiny_gguf(
    path: Path,
    *,
    name: str = "Tiny Test Model",
    file_type: int | None = 7,  # MOSTLY_Q8_0
    context_length: int = 2048,
    tensors: int = 3,
    seed: int = 0,
    split_max_tensors: int = 0,
    template: str | None = TEMPLATE,
) -> list[Path]:
    """A small, valid GGUF written by the gguf package (random float32 tensors); returns its files."""
    import numpy as np
    from gguf import GGUFWriter

    path.parent.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    writer = GGUFWriter(path, "llama", split_max_tensors=split_max_tensors)
    writer.add_name(name)
    writer.add_context_length(context_length)
    writer.add_license("mit")
    if file_type is not None:
        writer.add_file_type(file_type)
    if template is not None:
        writer.add_chat_template(template)
    for i in range(tensors):
        writer.add_tensor(f"blk.{i}.weight", rng.standard_normal((8, 16), dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    if split_max_tensors:
        return sorted(path.parent.glob(f"{path.stem}-*-of-*.gguf"))
    return [path]


def test_starter_model_metadata(starter_model: Path) -> None:
    meta = read_model_metadata(starter_model)
    assert meta.error is None
    assert meta.architecture == "llama"
    assert meta.parameter_count is not None
    assert 130e6 < meta.parameter_count < 140e6
    assert meta.quantization == "Q4_1"
    assert meta.context_length == 8192
    assert meta.chat_template is not None
    assert "<|im_start|>" in meta.chat_template
    assert meta.license == "apache-2.0"
    assert meta.display_name
    assert meta.size_bytes == starter_model.stat().st_size
    assert meta.split_count == 1
    assert meta.parts == (starter_model,)
    assert meta.raw["general.architecture"] == "llama"
    assert meta.shape is not None
    assert (meta.shape.n_layer, meta.shape.max_head_kv, meta.shape.context_length) == (30, 3, 8192)


def test_tiny_model_fields(tmp_path: Path) -> None:
    (path,) = write_tiny_gguf(tmp_path / "tiny.gguf", context_length=1024, tensors=3)
    meta = read_model_metadata(path)
    assert meta.error is None
    assert meta.parameter_count == 3 * 8 * 16
    assert meta.context_length == 1024
    assert meta.quantization == "Q8_0"
    assert meta.license == "mit"
    assert meta.display_name == "Tiny Test Model"
    assert meta.chat_template == TEMPLATE


def test_quantization_from_the_file_name_when_the_header_has_none(tmp_path: Path) -> None:
    (named,) = write_tiny_gguf(tmp_path / "tiny-Q5_K_M.gguf", file_type=None, template=None)
    (plain,) = write_tiny_gguf(tmp_path / "plain.gguf", file_type=None, template=None)
    assert read_model_metadata(named).quantization == "Q5_K_M"
    assert read_model_metadata(plain).quantization is None
    assert read_model_metadata(plain).chat_template is None


def test_split_model_is_one_model(tmp_path: Path) -> None:
    parts = write_tiny_gguf(tmp_path / "big.gguf", tensors=3, split_max_tensors=1)
    assert [p.name for p in parts] == [f"big-0000{i}-of-00003.gguf" for i in (1, 2, 3)]
    meta = read_model_metadata(parts[0])
    assert meta.error is None
    assert meta.split_count == 3
    assert meta.parts == tuple(parts)
    assert meta.size_bytes == sum(p.stat().st_size for p in parts)
    assert meta.parameter_count == 3 * 8 * 16
    assert meta.architecture == "llama"
    assert split_parts(parts[1]) == (2, 3, parts)


def test_split_model_with_a_missing_part(tmp_path: Path) -> None:
    parts = write_tiny_gguf(tmp_path / "big.gguf", tensors=3, split_max_tensors=1)
    parts[1].unlink()
    meta = read_model_metadata(parts[0])
    assert meta.error == "This model is split into 3 files and part 2 (big-00002-of-00003.gguf) is missing."


def test_a_later_part_points_to_the_first(tmp_path: Path) -> None:
    parts = write_tiny_gguf(tmp_path / "big.gguf", tensors=2, split_max_tensors=1)
    meta = read_model_metadata(parts[1])
    assert (
        meta.error
        == "big-00002-of-00002.gguf is part 2 of a split model; open the first part, big-00001-of-00002.gguf."
    )


@pytest.mark.parametrize(
    ("content", "sentence"),
    [
        (b"hello, not a model", "notes.gguf is not a GGUF model file (it looks like a text file)."),
        (b"", "notes.gguf is empty (0 bytes), not a model."),
        (b"GGUF\x03\x00\x00\x00", "This file is incomplete: it ends inside its header, at 8 bytes."),
    ],
)
def test_bad_files_get_a_sentence_not_an_exception(tmp_path: Path, content: bytes, sentence: str) -> None:
    bad = tmp_path / "notes.gguf"
    bad.write_bytes(content)
    meta = read_model_metadata(bad)
    assert meta.error == sentence
    assert meta.size_bytes == len(content)
    assert not meta.usable
    assert meta.shape is None


def test_truncated_file(tmp_path: Path) -> None:
    (whole,) = write_tiny_gguf(tmp_path / "whole.gguf", tensors=40)
    cut = tmp_path / "cut.gguf"
    cut.write_bytes(whole.read_bytes()[: whole.stat().st_size - 5000])
    meta = read_model_metadata(cut)
    assert meta.error is not None
    assert meta.error.startswith("This file is incomplete: it ends at")
    assert meta.error_code == "model_file.incomplete"
    # The cache file remembers the sentence's code and values too.
    cache = MetadataCache()
    again = read_model_metadata(cut, cache)
    assert cache.reads == 0
    assert (again.error, again.error_code, again.error_params) == (meta.error, meta.error_code, meta.error_params)


def test_missing_file(tmp_path: Path) -> None:
    meta = read_model_metadata(tmp_path / "gone.gguf")
    gone = tmp_path / "gone.gguf"
    assert meta == ModelMetadata(
        gone,
        0,
        error=f"Model file not found: {gone}",
        error_code="model_file.not_found",
        error_params=(("path", str(gone)),),
    )


def test_the_cache_answers_while_the_file_is_unchanged(tmp_path: Path) -> None:
    (path,) = write_tiny_gguf(tmp_path / "tiny.gguf")
    cache_file = tmp_path / "cache.json"
    first = MetadataCache(cache_file)
    assert read_model_metadata(path, first).architecture == "llama"
    assert first.reads == 1

    again = MetadataCache(cache_file)  # a new process: only the JSON file is shared
    assert read_model_metadata(path, again).architecture == "llama"
    assert again.reads == 0

    # Same size and mtime but different bytes: the answer still comes from the cache, which shows
    # the file is not read again. A new mtime makes it read the file and see the damage.
    stat = path.stat()
    path.write_bytes(b"X" * stat.st_size)
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert read_model_metadata(path, MetadataCache(cache_file)).error is None
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    fresh = MetadataCache(cache_file)
    assert read_model_metadata(path, fresh).error == "tiny.gguf is not a GGUF model file (it looks like a text file)."
    assert fresh.reads == 1


def test_a_damaged_cache_file_is_ignored(tmp_path: Path) -> None:
    (path,) = write_tiny_gguf(tmp_path / "tiny.gguf")
    cache_file = tmp_path / "cache.json"
    cache_file.write_text("{not json", encoding="utf-8")
    cache = MetadataCache(cache_file)
    assert read_model_metadata(path, cache).error is None
    assert cache.reads == 1
    assert read_model_metadata(path, MetadataCache(cache_file)).error is None


def test_the_default_cache_lives_in_the_cache_dir(tmp_path: Path, hearth_home: Path) -> None:
    (path,) = write_tiny_gguf(tmp_path / "tiny.gguf")
    read_model_metadata(path)
    from engine.paths import cache_dir

    assert (cache_dir() / "model-metadata.json").is_file()
    assert cache_dir().is_relative_to(hearth_home)
