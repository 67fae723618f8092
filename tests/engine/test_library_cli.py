"""`hearth models list|import|rm` and `hearth run --model NAME`, as a user types them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.models.library import Library
from engine.paths import models_dir
from tests.engine.test_gguf_info import write_tiny_gguf


@pytest.fixture(autouse=True)
def other_apps_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HEARTH_EXTERNAL_HOME", str(home))
    return home


def _hearth(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_json(capsys: pytest.CaptureFixture[str], tmp_path: Path, starter_model: Path) -> None:
    folder = tmp_path / "models"
    write_tiny_gguf(folder / "tiny.gguf")
    (folder / "broken.gguf").write_text("nope")
    Library().add_folder(folder)
    code, out, err = _hearth(capsys, "models", "list", "--json")
    assert code == 0, err
    listed = json.loads(out)
    assert [m["name"] for m in listed] == ["SmolLM2-135M-Instruct.Q4_1", "broken", "tiny"]
    starter = listed[0]
    assert starter["path"] == str(starter_model)
    assert starter["source"] == "starter"
    assert starter["quantization"] == "Q4_1"
    assert starter["architecture"] == "llama"
    assert starter["context_length"] == 8192
    assert 130e6 < starter["parameter_count"] < 140e6
    assert starter["size_bytes"] == starter_model.stat().st_size
    assert starter["has_chat_template"] is True
    assert starter["error"] is None
    assert listed[1]["error"] == "broken.gguf is not a GGUF model file (it looks like a text file)."
    assert listed[2]["source"] == "folder"


def test_list_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "models"
    (folder).mkdir()
    (folder / "broken.gguf").write_text("nope")
    Library().add_folder(folder)
    code, out, _ = _hearth(capsys, "models", "list")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["NAME", "SIZE", "QUANT", "PARAMS", "CONTEXT", "SOURCE", "PATH"]
    assert lines[1].split()[:7] == ["SmolLM2-135M-Instruct.Q4_1", "98", "MB", "Q4_1", "135M", "8,192", "starter"]
    assert lines[-1] == "! broken: broken.gguf is not a GGUF model file (it looks like a text file)."


def test_import_then_rm(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (model,) = write_tiny_gguf(tmp_path / "mine.Q8_0.gguf", tensors=30)
    code, out, err = _hearth(capsys, "models", "import", str(model), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["copied"] is True
    copied = Path(result["model"]["path"])
    assert copied.is_relative_to(models_dir())
    assert copied.read_bytes() == model.read_bytes()
    assert result["model"]["name"] == "mine.Q8_0"
    assert result["model"]["quantization"] == "Q8_0"
    assert "Importing mine.Q8_0.gguf: 100%" in err  # progress goes to stderr

    code, out, _ = _hearth(capsys, "models", "import", str(model))
    assert code == 0
    assert out == f"Already in the library as mine.Q8_0 ({copied}); nothing was copied.\n"

    code, out, _ = _hearth(capsys, "models", "rm", "mine", "--json")
    assert code == 0
    assert json.loads(out) == {
        "name": "mine.Q8_0",
        "path": str(copied),
        "deleted": True,
        "message": f"Deleted mine.Q8_0 ({_size(model)}) from Hearth's models folder.",
    }
    assert not copied.exists()
    assert model.exists()


def _size(path: Path) -> str:
    from engine.models.gguf_info import human_size

    return human_size(path.stat().st_size)


def test_rm_of_another_apps_file_only_hides_it(capsys: pytest.CaptureFixture[str], other_apps_home: Path) -> None:
    from engine.models.external import external_sources

    gpt4all = next(s.root for s in external_sources() if s.name == "gpt4all")
    (model,) = write_tiny_gguf(gpt4all / "theirs.gguf")
    code, out, _ = _hearth(capsys, "models", "rm", "theirs")
    assert code == 0
    assert out == f"Removed theirs from the list; the file stays in GPT4All's models folder: {model}.\n"
    assert model.exists()
    _, out, _ = _hearth(capsys, "models", "list", "--json")
    assert [m["name"] for m in json.loads(out)] == ["SmolLM2-135M-Instruct.Q4_1"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("models", "rm", "nothing-like-it"),
            "No model named 'nothing-like-it' in the library; `hearth models list` shows them.",
        ),
        (
            ("models", "rm", "SmolLM2"),
            "SmolLM2-135M-Instruct.Q4_1 is the starter model that comes with Hearth; it cannot be removed.",
        ),
        (("models", "import", "/no/such/file.gguf"), "Model file not found: /no/such/file.gguf"),
    ],
)
def test_errors_are_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str) -> None:
    code, out, err = _hearth(capsys, *args)
    assert code == 1
    assert out == ""
    assert err == f"hearth: {message}\n"


def test_import_refuses_a_non_gguf_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    code, _, err = _hearth(capsys, "models", "import", str(text), "--json")
    assert code == 1
    assert err == "hearth: notes.txt is not a GGUF model file (it looks like a text file).\n"
    assert list(models_dir().rglob("*")) == []


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", "run", *args], capture_output=True, text=True, timeout=300, check=False
    )


@pytest.mark.e2e
def test_run_takes_a_library_name(tmp_path: Path, starter_model: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    shutil.copy(starter_model, folder / "my-smol.gguf")
    Library().add_folder(folder)
    result = _run("--model", "my-smol", "--max-tokens", "4", "--temperature", "0", "--threads", "2", "--json", "Hi")
    assert result.returncode == 0, result.stderr
    metrics = json.loads(result.stdout.strip().splitlines()[-1])
    assert metrics["model"] == "my-smol"  # the file the name stands for was loaded
    assert 0 < metrics["decode_tokens"] <= 4


@pytest.mark.e2e
def test_run_with_an_unknown_name_or_a_missing_path() -> None:
    unknown = _run("--model", "no-such-model", "Hi")
    assert unknown.returncode == 1
    assert unknown.stderr == "hearth: No model named 'no-such-model' in the library; `hearth models list` shows them.\n"
    missing = _run("--model", "/no/such/model.gguf", "Hi")
    assert missing.returncode == 1
    assert "Model file not found: /no/such/model.gguf" in missing.stderr
    assert "Traceback" not in missing.stderr
