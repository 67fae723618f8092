"""engine/ never imports Qt; the import-linter contract in pyproject.toml says the same."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import engine


def test_engine_modules_import_without_qt() -> None:
    names = [f"engine.{m.name}" for m in pkgutil.iter_modules(engine.__path__)]
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'pyqtgraph', 'app'))\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_headless_cli_does_not_load_qt() -> None:
    code = "import sys; from app import cli; print(sorted(m for m in sys.modules if m.startswith('PySide6')))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.strip() == "[]"


def test_the_window_does_not_load_the_inference_library() -> None:
    """llama-cpp-python takes about half a second to import; only the engine child needs it."""
    code = (
        "import os, sys; os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
        "import app.main_window\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('llama_cpp', 'numpy')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.strip() == "[]"
