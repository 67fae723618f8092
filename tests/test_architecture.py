"""What is really loaded at run time, where the import-linter contracts in pyproject.toml cannot
tell: they see every import statement, but allow the few lazy ones these tests pin down."""

from __future__ import annotations

import subprocess
import sys

import pytest


def test_headless_cli_does_not_load_qt() -> None:
    code = "import sys; import engine.cli.main; print(sorted(m for m in sys.modules if m.startswith('PySide6')))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.e2e
def test_the_window_does_not_load_the_inference_library() -> None:
    """llama-cpp-python takes about half a second to import; only the engine child needs it."""
    code = (
        "import os, sys; os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
        "import app.main_window\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('llama_cpp', 'numpy')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.strip() == "[]"


def test_starting_the_engine_child_loads_no_inference_library_in_the_parent() -> None:
    """engine.client.process imports the worker module for multiprocessing's spawn; that import
    must stay free of llama_cpp, which only the child loads."""
    code = "import sys, engine.runtime.worker\nprint(sorted(m for m in sys.modules if m.startswith('llama_cpp')))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.strip() == "[]"


def test_the_client_session_loads_no_inference_library() -> None:
    """engine.client.session runs the kernel probe through engine.kernels.policy; only the probe's
    own child process imports the runtime and llama_cpp."""
    code = "import sys, engine.client.session\nprint(sorted(m for m in sys.modules if m.startswith('llama_cpp')))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.strip() == "[]"
