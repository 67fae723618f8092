"""PyInstaller hook for llama-cpp-python: its shared libraries sit in llama_cpp/lib/, where the
package's loader opens them by name (libllama.so, libggml.so, libmtmd.so) and they find each
other by soname (libggml-base.so.0, …), so they must land in that same folder.

The wheel holds each library three times over (libX.so, libX.so.0, libX.so.0.25.3: a wheel cannot
hold symlinks); only the names that are opened or linked are kept, which saves 16 MB, and
build.sh turns a name that is still a copy of another (libggml.so of libggml.so.0) into a link. A variant
build (GGML_BACKEND_DL, GGML_CPU_ALL_VARIANTS) also brings each libggml-cpu-<level>.so, which ggml
opens from that folder at run time."""

from pathlib import Path

from PyInstaller.utils.hooks import get_package_paths

_, package = get_package_paths("llama_cpp")
lib = Path(package) / "lib"


def _wanted(name: str) -> bool:
    # libmtmd: multimodal chat handlers, which Hearth does not use (llama_cpp loads it lazily);
    # libllama.so.0: only libmtmd links to it (llama_cpp opens libllama.so, whose soname it is)
    if name.startswith("libmtmd") or name == "libllama.so.0":
        return False
    if name.endswith(".so.0"):  # a soname: what the libraries link to
        return True
    if name in ("libllama.so", "libggml.so"):  # opened by name by llama_cpp's loader
        return True
    return name.startswith("libggml-cpu-") and name.endswith(".so")  # a CPU variant, loaded by ggml


binaries = [(str(path), "llama_cpp/lib") for path in sorted(lib.iterdir()) if _wanted(path.name)]
