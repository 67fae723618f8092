"""Build llama.cpp's own tools and shared libraries from the sources llama-cpp-python vendors.

The same llama.cpp that Hearth's engine runs (llama-cpp-python's sdist ships it in vendor/llama.cpp), built
with CMake and Ninja on every core into an ignored folder (.llama-tools/ by default):

    python bench/llama_tools.py source                   # where the vendored llama.cpp is (fetches the sdist once)
    python bench/llama_tools.py build                    # CPU-only llama-bench and llama-batched-bench
    python bench/llama_tools.py build --targets llama-server   # llama-server too (its web UI left out)
    python bench/llama_tools.py build --backend cuda     # with the CUDA backend (the GPU's architecture only)
    python bench/llama_tools.py build --rpc              # with the RPC backend and rpc-server (build-cpu-rpc/)
    python bench/llama_tools.py build --rpc --no-libllama --targets ggml-rpc --build-dir .llama-tools/build-rpc-module \
        -- -DGGML_BACKEND_DL=ON -DGGML_CPU=OFF           # the RPC backend alone, loadable by the stock wheel
    python bench/llama_tools.py trim OUT.tar.gz          # only what such a build needs (about 6 MB), to carry

A build gives build/bin/: libllama, libggml, libggml-base, libggml-cpu (and libggml-cuda), the libraries
llama-cpp-python loads (point LLAMA_CPP_LIB_PATH there), plus the tools, all from one configuration. The
options are llama-cpp-python's own (shared libraries, GGML_NATIVE, no curl) plus what keeps a build short:
no tests, examples, server or web UI; for CUDA one architecture, no NCCL, nvcc's faster fatbin compression,
and flash-attention kernels for the f16, q8_0, q4_0 and bf16 caches only (GGML_CUDA_FA_QUANTS' default;
--no-cuda-fa leaves them out altogether: measured, they are 42 % of a CUDA build's compile time).
--rpc adds GGML_RPC=ON: libggml-rpc (the client side, registered in libggml beside the CPU backend) and
ggml-rpc-server (the server, tools/rpc), in a folder of its own (build-BACKEND-rpc) so that the plain
build stays as it is; its libraries are what bench/rpc_split.py points LLAMA_CPP_LIB_PATH at. RDMA stays
off (GGML_RPC_RDMA, auto-detected from libibverbs otherwise), so the libraries need nothing but TCP.
With GGML_BACKEND_DL=ON (GGML_CPU=OFF too: GGML_NATIVE refuses a loadable CPU backend) and only the
ggml-rpc target (--no-libllama), the build is the RPC backend alone (bin/libggml-rpc.so, a module that
exports ggml_backend_init): ggml_backend_load() registers it in the libggml of a wheel built without
GGML_RPC (same sources, same ggml ABI).
Standard library only, so it runs on a machine that has nothing but Python, CMake and Ninja.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TOOLS_DIR = REPO / ".llama-tools"  # ignored (.gitignore)
PINNED_VERSION = "0.3.36"  # pyproject.toml pins llama-cpp-python==0.3.36
DEFAULT_TARGETS = ("llama-bench", "llama-batched-bench")
RPC_SERVER_TARGET = "ggml-rpc-server"  # tools/rpc: the binary is bin/ggml-rpc-server (rpc-server in the README)

# What a build of libllama, libggml (CPU and CUDA backends) and the benchmark tools reads, relative to
# vendor/llama.cpp. Everything else (models, docs, tests, examples, the server and its web UI, the other
# backends) stays behind.
TRIM_KEEP = (
    "CMakeLists.txt",
    "LICENSE",
    "cmake",
    "include",
    "src",
    "common",
    "vendor",
    "licenses",
    "ggml/CMakeLists.txt",
    "ggml/cmake",
    "ggml/include",
    "ggml/src/ggml-cpu",
    "ggml/src/ggml-cuda",
    "tools/llama-bench",
    "tools/batched-bench",
)
# tools/CMakeLists.txt adds every tool; the trimmed tree gets one that adds only the benchmarks.
TRIMMED_TOOLS_CMAKE = """\
# Trimmed by Hearth's bench/llama_tools.py: only the benchmark tools travel.
find_package(Threads REQUIRED)
llama_add_compile_flags()
add_subdirectory(llama-bench)
add_subdirectory(batched-bench)
"""


@dataclass(frozen=True)
class BuildResult:
    build_dir: Path
    bin_dir: Path
    configure_s: float
    build_s: float
    compile_units: int
    compile_cpu_s: float  # the sum of every step's duration: what one core would take
    slowest: tuple[tuple[float, str], ...]  # the longest steps (seconds, output)

    def summary(self) -> str:
        lines = [
            f"configure {self.configure_s:.1f} s, build {self.build_s:.1f} s ({self.compile_units} steps, "
            f"{self.compile_cpu_s:.0f} s of steps summed: about {self.compile_cpu_s / 16:.0f} s on 16 cores "
            f"if they spread evenly; the longest single step {self.slowest[0][0] if self.slowest else 0:.0f} s)",
        ]
        lines += [f"  {seconds:7.1f} s  {output}" for seconds, output in self.slowest[:8]]
        return "\n".join(lines)


def installed_version() -> str:
    try:
        from importlib import metadata

        return metadata.version("llama-cpp-python")
    except Exception:  # not installed (the GPU check's machine): the version pyproject.toml pins
        return PINNED_VERSION


def vendored_source(version: str | None = None, *, fetch: bool = True) -> Path:
    """vendor/llama.cpp of llama-cpp-python's sdist: $LLAMA_CPP_SOURCE, an unpacked sdist under
    .llama-tools/, or (with `fetch`) the sdist from PyPI through pip, unpacked there."""
    if override := os.environ.get("LLAMA_CPP_SOURCE"):
        path = Path(override)
        return path / "vendor" / "llama.cpp" if (path / "vendor" / "llama.cpp").is_dir() else path
    version = version or installed_version()
    unpacked = TOOLS_DIR / f"llama_cpp_python-{version}" / "vendor" / "llama.cpp"
    if unpacked.is_dir():
        return unpacked
    if not fetch:
        raise FileNotFoundError(f"no llama-cpp-python {version} sources under {TOOLS_DIR}")
    TOOLS_DIR.mkdir(exist_ok=True)
    pip = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "-d", str(TOOLS_DIR)]
    subprocess.run([*pip, f"llama-cpp-python=={version}"], check=True)
    archive = next(TOOLS_DIR.glob(f"llama_cpp_python-{version}.tar.gz"))
    with tarfile.open(archive) as tar:
        tar.extractall(TOOLS_DIR, filter="data")
    return unpacked


def _keep(relative: str) -> bool:
    if relative in TRIM_KEEP or any(relative.startswith(k + "/") for k in TRIM_KEEP):
        return True
    # ggml/src's own files (ggml.c, gguf.cpp, the CMakeLists.txt ...), not the other backends' folders.
    return relative.startswith("ggml/src/") and relative.count("/") == 2


def _trimmed_members(source: Path) -> Iterable[tuple[str, Path]]:
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source).as_posix()
        if path.is_file() and _keep(relative) and "__pycache__" not in relative:
            yield relative, path


def trim(source: Path, tarball: Path, prefix: str = "llama.cpp") -> int:
    """Write the parts of `source` (vendor/llama.cpp) a build needs to `tarball`; return its size."""
    tarball.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "w:gz", compresslevel=9) as tar:
        for relative, path in _trimmed_members(source):
            tar.add(path, f"{prefix}/{relative}", recursive=False)
        data = TRIMMED_TOOLS_CMAKE.encode()
        info = tarfile.TarInfo(f"{prefix}/tools/CMakeLists.txt")
        info.size = len(data)
        info.mtime = int(time.time())
        tar.addfile(info, io.BytesIO(data))
    return tarball.stat().st_size


def unpack(tarball: Path, into: Path) -> Path:
    """Unpack a trimmed (or any) llama.cpp tarball; return the folder holding its CMakeLists.txt.

    A folder already unpacked from the same tarball is kept as it is, so that a second build there
    (a warm machine, a rerun) finds its sources unchanged and Ninja has nothing to do."""
    stamp = into / ".unpacked-from"
    digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
    if not (stamp.is_file() and stamp.read_text() == digest):
        if into.exists():
            shutil.rmtree(into)
        into.mkdir(parents=True)
        with tarfile.open(tarball) as tar:
            tar.extractall(into, filter="data")
        stamp.write_text(digest)
    roots = [p.parent for p in into.glob("*/CMakeLists.txt")] + [p.parent for p in into.glob("CMakeLists.txt")]
    if not roots:
        raise FileNotFoundError(f"{tarball} holds no CMakeLists.txt at its top")
    return roots[0]


def detect_cuda_arch() -> str:
    """The first GPU's compute capability as CMake writes it (9.0 -> "90"); "90" (Hopper) without nvidia-smi."""
    try:
        out = subprocess.run(
            ["nvidia-smi", "--query-gpu=compute_cap", "--format=csv,noheader"],
            check=True,
            capture_output=True,
            text=True,
            timeout=30,
        ).stdout
        first = out.strip().splitlines()[0].strip()
        if re.fullmatch(r"\d+\.\d+", first):
            return first.replace(".", "")
    except (OSError, subprocess.SubprocessError, IndexError):
        pass
    return "90"


CUBLAS_HEADERS = ("cublas.h", "cublas_api.h", "cublas_v2.h", "cublasLt.h", "cublasXt.h")
CUBLAS_LIBRARIES = ("libcublas", "libcublasLt")


def cuda_home() -> Path | None:
    """The CUDA toolkit nvcc belongs to: $CUDA_HOME or $CUDA_PATH, else where nvcc says it runs from
    (nvcc on the PATH may be a wrapper script), else /usr/local/cuda."""
    for variable in ("CUDA_HOME", "CUDA_PATH"):
        if os.environ.get(variable):
            return Path(os.environ[variable])
    if shutil.which("nvcc"):
        try:
            dry = subprocess.run(
                ["nvcc", "--dryrun", "-c", "-x", "cu", os.devnull, "-o", os.devnull],
                check=False,
                capture_output=True,
                text=True,
                timeout=60,
            )
            for line in (dry.stdout + dry.stderr).splitlines():
                if line.startswith("#$ TOP="):
                    return Path(line.removeprefix("#$ TOP=").strip()).resolve()
        except (OSError, subprocess.SubprocessError):
            pass
    fallback = Path("/usr/local/cuda")
    return fallback.resolve() if fallback.exists() else None


def _toolkit_has_cublas(home: Path) -> bool:
    headers = [home / "include", *home.glob("targets/*/include")]
    libraries = [home / "lib64", home / "lib", *home.glob("targets/*/lib")]
    return any((d / "cublas_v2.h").is_file() for d in headers) and any(any(d.glob("libcublas.so*")) for d in libraries)


def _pip_cublas() -> tuple[Path, Path] | None:
    """(include, lib) of NVIDIA's cuBLAS wheel (nvidia-cublas: nvidia/cu13/..., nvidia-cublas-cu12:
    nvidia/cublas/...) in this Python's site-packages, as PyTorch installs it; None if absent."""
    for entry in sys.path:
        root = Path(entry or ".") / "nvidia"
        for header in sorted(root.glob("*/include/cublas_v2.h"), reverse=True) if root.is_dir() else ():
            lib = header.parent.parent / "lib"
            if any(lib.glob("libcublas.so.*")):
                return header.parent, lib
    return None


def _driver_library() -> Path | None:
    """The CUDA driver's libcuda.so.1 (the GPU machine's driver mount, or the toolkit's link stub)."""
    try:
        listing = subprocess.run(["ldconfig", "-p"], check=False, capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        listing = ""
    for line in listing.splitlines():
        name, _, where = line.strip().partition(" => ")
        if name.startswith("libcuda.so.1 ") and ("x86-64" in name or "AArch64" in name):
            return Path(where)
    home = cuda_home()
    folders = ["/usr/local/nvidia/lib64", "/usr/local/nvidia/lib", "/usr/lib/x86_64-linux-gnu", "/usr/lib64"]
    folders += [str(home / sub) for sub in ("lib64/stubs", "lib/stubs", "compat")] if home else []
    for folder in folders:
        for name in ("libcuda.so.1", "libcuda.so"):
            if (Path(folder) / name).exists():
                return Path(folder) / name
    return None


def cuda_link_options(work: Path, *, stub_driver: bool = False) -> list[str]:
    """CMake options that let ggml-cuda link cuBLAS and the CUDA driver wherever they are.

    - cuBLAS: nothing to do where the toolkit has it. Where the toolkit has only the compiler (as on
      machines whose PyTorch brings cuBLAS as a wheel, nvidia-cublas), link the wheel's: through a folder
      of links to its cuBLAS headers alone (its include folder holds other CUDA headers too, which must not
      shadow the toolkit's) and to its libraries under the names the linker looks for.
    - The driver: ggml-cuda links libcuda for its virtual-memory pool; a GPU machine's driver mount often
      has only libcuda.so.1, so the same folder gets a libcuda.so link to it. `stub_driver` (a machine
      with neither driver nor stubs, for a compile-and-link check only) links an empty stand-in instead.
    The folder's links also serve at run time: CMake puts it on the libraries' RPATH."""
    shim_include, shim_lib = work / "cuda-links" / "include", work / "cuda-links" / "lib"
    for folder in (shim_include, shim_lib):
        folder.mkdir(parents=True, exist_ok=True)
    options = [f"-DCMAKE_LIBRARY_PATH={shim_lib}"]
    home = cuda_home()
    # CMake leaves the toolkit's own folder off the RPATH (an implicit link directory); name it, so that
    # libcudart loads without ldconfig or LD_LIBRARY_PATH knowing the toolkit.
    folders = (home / "lib64", home / "lib", *home.glob("targets/*/lib")) if home is not None else ()
    runtime = [d for d in folders if any(d.glob("libcudart.so*"))]
    if runtime:
        options.append(f"-DCMAKE_BUILD_RPATH={runtime[0]}")
    if home is None or not _toolkit_has_cublas(home):
        found = _pip_cublas()
        if found is None:
            raise FileNotFoundError(
                f"cuBLAS is neither in the CUDA toolkit ({home}) nor a wheel (nvidia-cublas) of {sys.executable}"
            )
        include, lib = found
        for name in CUBLAS_HEADERS:
            _link(include / name, shim_include / name)
        for name in CUBLAS_LIBRARIES:
            for versioned in sorted(lib.glob(f"{name}.so.*"))[:1]:
                _link(versioned, shim_lib / f"{name}.so")
                _link(versioned, shim_lib / versioned.name)
        options.append(f"-DCMAKE_CUDA_FLAGS=-I{shim_include}")
        print(f"  cuBLAS: the wheel's, {include.parent} (the toolkit at {home} has none)", flush=True)
    driver = _driver_library()
    if driver is not None:
        _link(driver, shim_lib / "libcuda.so")
        print(f"  CUDA driver: {driver}", flush=True)
    elif stub_driver:
        stub_c = work / "cuda-links" / "stub.c"
        stub_c.write_text("/* no CUDA driver on this machine: an empty libcuda for a compile-and-link check */\n")
        subprocess.run(
            ["cc", "-shared", "-fPIC", "-Wl,-soname,libcuda.so.1", "-o", str(shim_lib / "libcuda.so"), str(stub_c)],
            check=True,
        )
        options.append("-DCMAKE_EXE_LINKER_FLAGS=-Wl,--allow-shlib-undefined")
        print("  CUDA driver: none here; linking an empty stand-in (these binaries cannot run here)", flush=True)
    else:
        raise FileNotFoundError("no CUDA driver library (libcuda.so.1) found; is this a machine with an NVIDIA GPU?")
    return options


def _link(target: Path, link: Path) -> None:
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(target)


def cmake_options(
    backend: str,
    *,
    cuda_arch: str | None = None,
    cuda_fa: bool = True,
    cuda_compression: str = "speed",
    server: bool = False,
    rpc: bool = False,
) -> list[str]:
    options = {
        "CMAKE_BUILD_TYPE": "Release",
        # What llama-cpp-python's own CMakeLists.txt sets for the wheel it builds.
        "BUILD_SHARED_LIBS": "ON",
        "LLAMA_BUILD_COMMON": "ON",
        "LLAMA_CURL": "OFF",
        "GGML_NATIVE": "ON",  # pip builds natively; SOURCE_DATE_EPOCH would turn it off, so say it
        # Only the tools: no tests, examples, web UI, unified app, HTTPS; the server only when asked for
        # (bench/switch_back.py's peer).
        "LLAMA_BUILD_TOOLS": "ON",
        "LLAMA_BUILD_TESTS": "OFF",
        "LLAMA_BUILD_EXAMPLES": "OFF",
        "LLAMA_BUILD_SERVER": "ON" if server else "OFF",
        "LLAMA_BUILD_APP": "OFF",
        "LLAMA_BUILD_UI": "OFF",
        "LLAMA_OPENSSL": "OFF",
    }
    if rpc:
        # The RPC backend (ggml/src/ggml-rpc, a libggml-rpc that libggml registers at start) and, through
        # tools/CMakeLists.txt, the ggml-rpc-server target. TCP only: no libibverbs (RDMA) dependency.
        options |= {"GGML_RPC": "ON", "GGML_RPC_RDMA": "OFF"}
    if backend == "cuda":
        options |= {
            "GGML_CUDA": "ON",
            "CMAKE_CUDA_ARCHITECTURES": cuda_arch or detect_cuda_arch(),
            "GGML_CUDA_FA": "ON" if cuda_fa else "OFF",
            "GGML_CUDA_FA_ALL_QUANTS": "OFF",
            "GGML_CUDA_NCCL": "OFF",  # one GPU
            # nvcc's own default; ggml's "size" costs about a fifth more compile time on the heavy kernels
            # (measured: an MMQ instance took 30 s against 24 s) for a library a third the size.
            "GGML_CUDA_COMPRESSION_MODE": cuda_compression,
        }
    elif backend != "cpu":
        raise ValueError(f"unknown backend {backend!r}; use cpu or cuda")
    return [f"-D{key}={value}" for key, value in options.items()]


def _ninja_steps(build_dir: Path) -> list[tuple[float, str]]:
    """(seconds, output) of each step of the last build, from Ninja's own log."""
    log = build_dir / ".ninja_log"
    latest: dict[str, float] = {}
    try:
        lines = log.read_text().splitlines()
    except OSError:
        return []
    for line in lines[1:]:
        parts = line.split("\t")
        if len(parts) >= 4 and parts[0].isdigit():
            latest[parts[3]] = (int(parts[1]) - int(parts[0])) / 1000
    return sorted(((s, out) for out, s in latest.items()), reverse=True)


def _run_logged(command: Sequence[str], log_path: Path, *, progress: bool, cwd: Path | None = None) -> None:
    """Run `command` with its output in `log_path`; show Ninja's progress every 10 % and any failure."""
    shown = -1
    with log_path.open("a") as log:
        log.write(f"\n$ {' '.join(command)}\n")
        log.flush()
        proc = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert proc.stdout is not None
        for line in proc.stdout:
            log.write(line)
            match = re.match(r"\[(\d+)/(\d+)\]", line)
            if progress and match:
                done, total = int(match.group(1)), int(match.group(2))
                decile = 10 * done // total
                if decile > shown:
                    shown = decile
                    print(f"    [{done}/{total}] {time.strftime('%H:%M:%S')}", flush=True)
        code = proc.wait()
    if code != 0:
        tail = log_path.read_text(errors="replace").splitlines()[-80:]
        print("\n".join(tail), file=sys.stderr, flush=True)
        raise subprocess.CalledProcessError(code, list(command))


def build(
    source: Path,
    build_dir: Path,
    *,
    backend: str = "cpu",
    targets: Sequence[str] = DEFAULT_TARGETS,
    jobs: int | None = None,
    cuda_arch: str | None = None,
    cuda_fa: bool = True,
    cuda_compression: str = "speed",
    stub_driver: bool = False,
    rpc: bool = False,
    with_llama: bool = True,
    extra: Sequence[str] = (),
) -> BuildResult:
    """Configure (Ninja) and build `targets` plus libllama (unless not `with_llama`); return where they
    are and how long it took."""
    if shutil.which("cmake") is None or shutil.which("ninja") is None:
        raise FileNotFoundError("building llama.cpp needs cmake and ninja on the PATH")
    build_dir.mkdir(parents=True, exist_ok=True)
    log_path = build_dir / "build.log"
    options = cmake_options(
        backend,
        cuda_arch=cuda_arch,
        cuda_fa=cuda_fa,
        cuda_compression=cuda_compression,
        server="llama-server" in targets,
        rpc=rpc,
    )
    if backend == "cuda":
        options += cuda_link_options(build_dir, stub_driver=stub_driver)
    print(f"  cmake {' '.join(options + list(extra))}", flush=True)
    started = time.monotonic()
    _run_logged(
        ["cmake", "-S", str(source), "-B", str(build_dir), "-G", "Ninja", *options, *extra], log_path, progress=False
    )
    configured = time.monotonic()
    jobs = jobs or os.cpu_count() or 1
    _run_logged(
        ["cmake", "--build", str(build_dir), "-j", str(jobs), "--target", *(["llama"] if with_llama else []), *targets],
        log_path,
        progress=True,
    )
    finished = time.monotonic()
    steps = _ninja_steps(build_dir)
    return BuildResult(
        build_dir=build_dir,
        bin_dir=build_dir / "bin",
        configure_s=configured - started,
        build_s=finished - configured,
        compile_units=len(steps),
        compile_cpu_s=sum(s for s, _ in steps),
        slowest=tuple(steps[:12]),
    )


def _source_arg(value: str | None, unpack_into: Path) -> Path:
    if value is None:
        return vendored_source()
    path = Path(value)
    if path.is_file():  # a tarball: the trimmed one, or an sdist
        root = unpack(path, unpack_into)
        vendored = root / "vendor" / "llama.cpp"
        return vendored if vendored.is_dir() else root
    return path / "vendor" / "llama.cpp" if (path / "vendor" / "llama.cpp").is_dir() else path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("source", help="print the vendored llama.cpp folder (fetching the sdist if needed)")
    trim_parser = sub.add_parser("trim", help="write the parts a build needs to a .tar.gz")
    trim_parser.add_argument("tarball", type=Path)
    trim_parser.add_argument("--source", help="vendor/llama.cpp, or an sdist folder (default: the vendored one)")
    build_parser = sub.add_parser("build", help="configure and build with CMake and Ninja")
    build_parser.add_argument("--source", help="a llama.cpp folder, an sdist folder, or a tarball of either")
    build_parser.add_argument("--backend", choices=("cpu", "cuda"), default="cpu")
    build_parser.add_argument("--build-dir", type=Path, help="default: .llama-tools/build-BACKEND")
    build_parser.add_argument("--targets", nargs="*", default=list(DEFAULT_TARGETS))
    build_parser.add_argument("--jobs", type=int, default=None, help="default: every core")
    build_parser.add_argument("--cuda-arch", help="e.g. 90 (default: nvidia-smi's compute_cap, else 90)")
    build_parser.add_argument("--no-cuda-fa", action="store_true", help="leave out the flash-attention kernels")
    build_parser.add_argument(
        "--cuda-compression",
        choices=("none", "speed", "balance", "size"),
        default="speed",
        help="nvcc's fatbin compression (default speed; llama.cpp's own default is size)",
    )
    build_parser.add_argument(
        "--stub-driver",
        action="store_true",
        help="where no CUDA driver exists, link an empty libcuda: proves the CUDA build compiles and links",
    )
    build_parser.add_argument(
        "--rpc",
        action="store_true",
        help=f"with the RPC backend (GGML_RPC=ON) and {RPC_SERVER_TARGET}; default build folder build-BACKEND-rpc",
    )
    build_parser.add_argument(
        "--no-libllama",
        action="store_true",
        help="build only --targets (e.g. ggml-rpc alone, as a module for --rpc -- -DGGML_BACKEND_DL=ON)",
    )
    build_parser.add_argument("cmake_args", nargs="*", help="more -D options for CMake (after --)")
    args = parser.parse_args(argv)

    if args.command == "source":
        print(vendored_source())
        return 0
    if args.command == "trim":
        source = _source_arg(args.source, TOOLS_DIR / "unpacked")
        size = trim(source, args.tarball)
        print(f"{args.tarball}: {size / 1e6:.1f} MB from {source}")
        return 0
    build_dir = args.build_dir or TOOLS_DIR / f"build-{args.backend}{'-rpc' if args.rpc else ''}"
    targets = list(args.targets)
    if args.rpc and RPC_SERVER_TARGET not in targets and not args.no_libllama:
        targets.append(RPC_SERVER_TARGET)
    source = _source_arg(args.source, build_dir.parent / f"{build_dir.name}-src")
    print(f"building llama.cpp ({args.backend}) from {source} in {build_dir}", flush=True)
    result = build(
        source,
        build_dir,
        backend=args.backend,
        targets=targets,
        jobs=args.jobs,
        cuda_arch=args.cuda_arch,
        cuda_fa=not args.no_cuda_fa,
        cuda_compression=args.cuda_compression,
        stub_driver=args.stub_driver,
        rpc=args.rpc,
        with_llama=not args.no_libllama,
        extra=args.cmake_args,
    )
    print(result.summary())
    print(f"libraries and tools: {result.bin_dir}  (LLAMA_CPP_LIB_PATH={result.bin_dir})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
