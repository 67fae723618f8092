"""Bad model files get one plain sentence, before llama.cpp ever sees them."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from engine.models.model_file import ModelFileError, check_model_file


def test_the_starter_model_passes(starter_model: Path) -> None:
    assert check_model_file(starter_model) == starter_model


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ModelFileError, match=r"^Model file not found: .*nope\.gguf$"):
        check_model_file(tmp_path / "nope.gguf")


def test_not_a_gguf(tmp_path: Path) -> None:
    bad = tmp_path / "notes.gguf"
    bad.write_text("hello, not a model")
    with pytest.raises(ModelFileError, match="is not a GGUF model file"):
        check_model_file(bad)


def test_folder(tmp_path: Path) -> None:
    with pytest.raises(ModelFileError, match="is a folder"):
        check_model_file(tmp_path)


def test_unreadable(tmp_path: Path) -> None:
    # A Unix socket exists and is not a folder, yet open() fails for every user, root included
    # (a chmod 0 file would not do: CI runs as root, which reads any file).
    path = tmp_path / "socket.gguf"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))
        with pytest.raises(ModelFileError, match="Cannot read the model file"):
            check_model_file(path)


def test_truncated_file_says_how_much_is_there(tmp_path: Path, starter_model: Path) -> None:
    cut = tmp_path / "cut.gguf"
    with starter_model.open("rb") as src, cut.open("wb") as dst:
        dst.write(src.read(31_000_000))
    with pytest.raises(ModelFileError) as info:
        check_model_file(cut)
    message = str(info.value)
    assert message.startswith("This file is incomplete: it ends at")
    assert "31 MB" in message
    assert "\n" not in message
