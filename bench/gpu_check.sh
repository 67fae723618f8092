#!/usr/bin/env bash
# bench/gpu_check.sh: prove Hearth's GPU offload on a Linux machine with an NVIDIA GPU, in one prepared run.
#
# Here first (once, and again after a change to what travels): python bench/gpu_check_prepare.py
# That builds .gpu-carry/ (ignored; about 6 MiB): the trimmed llama.cpp that llama-cpp-python 0.3.36 vendors,
# llama-cpp-python's pure-Python package, wheels for Python 3.12 (gguf, platformdirs, diskcache) and the starter
# model's tokenizer. Then, with the device tool (one H200, no network, a 10-minute limit per command):
#
#   run(command="bash bench/gpu_check.sh", carry=[".gpu-carry"], timeout_s=600)
#
# The script keeps its own deadline (GPU_CHECK_DEADLINE_S, 570 s) so that it always ends with its summary and
# its files, even when a step runs long. What comes back under $OUT (5 files):
#   gpu_check.log      everything printed: machine, build (slowest steps), tests, the speed table, the summary
#   gpu_speed.json     every figure of the speed table
#   gpu_tests.xml      the GPU tests' JUnit report
#   engine_logs.tar.gz the engine logs of the tests (llama.cpp's own lines included)
#   build_log.txt.gz   CMake's and Ninja's full output
#
# Steps: machine info; the carried Python packages; llama.cpp built with CUDA for this GPU's architecture only
# (nvidia-smi's compute_cap, else 90) with llama-bench from the same build (bench/llama_tools.py); the
# random-weight 1.2 B model written on the spot (tests/gpu/random_model.py); the GPU tests (tests/gpu/:
# load, stream, auto GPU layers, memory guard, prefix reuse); prefill and decode speed on CPU and GPU for
# Hearth and llama-bench side by side (bench/gpu_speed.py).
#
# Here, without a GPU: GPU_CHECK_BACKEND=cpu bash bench/gpu_check.sh builds llama.cpp without CUDA and runs the
# same steps but the GPU tests (they need a GPU); the speed table has its CPU row only.
# Settings: GPU_CHECK_BACKEND (cuda|cpu), GPU_CHECK_CARRY (.gpu-carry), GPU_CHECK_WORK (/tmp/hearth-gpu-check),
# GPU_CHECK_JOBS (all cores), GPU_CHECK_REPS (3), GPU_CHECK_DEADLINE_S (570), PYTHON (python3), OUT
# (.gpu-check-out), GPU_CHECK_CUDA_FA (off|on): the CUDA flash-attention kernels are 42 % of a CUDA build's
# compile time and nothing here uses them (Hearth's default and llama-bench -fa 0 leave flash attention off).
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO" || exit 1
CARRY="$(realpath -m "${GPU_CHECK_CARRY:-$REPO/.gpu-carry}")"
OUT="$(realpath -m "${OUT:-$REPO/.gpu-check-out}")"
WORK="${GPU_CHECK_WORK:-/tmp/hearth-gpu-check}"
BACKEND="${GPU_CHECK_BACKEND:-cuda}"
JOBS="${GPU_CHECK_JOBS:-$(nproc)}"
CUDA_FA="${GPU_CHECK_CUDA_FA:-off}"
REPS="${GPU_CHECK_REPS:-3}"
DEADLINE_S="${GPU_CHECK_DEADLINE_S:-570}"
PY="${PYTHON:-python3}"
mkdir -p "$OUT" "$WORK"
export REPO CARRY OUT WORK BACKEND JOBS CUDA_FA REPS PY
START=$SECONDS
SUMMARY=()
FAILED=0

left() { echo $((DEADLINE_S - (SECONDS - START))); }

# step NAME COMMAND...: run it under what is left of the deadline, time it, note how it ended.
step() {
    local name=$1
    shift
    local budget
    budget=$(left)
    echo
    echo "=== $name ($(date -u +%H:%M:%S), $((SECONDS - START)) s in, $budget s left)"
    if ((budget < 5)); then
        SUMMARY+=("$(printf '%-34s %5s  %s' "$name" "-" "not run: out of time")")
        FAILED=1
        return 124
    fi
    local t0=$SECONDS rc
    # timeout signals its whole process group, so a step's children stop with it.
    timeout --kill-after=10 "$budget" bash -c '"$@"' "$name" "$@"
    rc=$?
    local verdict="ok"
    if ((rc == 124 || rc == 137)); then
        verdict="STOPPED at the deadline"
    elif ((rc != 0)); then
        verdict="FAILED (exit $rc)"
    fi
    ((rc != 0)) && FAILED=1
    SUMMARY+=("$(printf '%-34s %4ss  %s' "$name" $((SECONDS - t0)) "$verdict")")
    return $rc
}

machine() {
    date -u
    uname -a
    echo "cores: $(nproc)"
    lscpu 2>/dev/null | grep -E '^(Model name|Socket|Core|Thread|CPU\(s\)|Flags)' | cut -c1-200
    grep -E '^(MemTotal|MemAvailable)' /proc/meminfo
    df -h /tmp | tail -1
    if command -v nvidia-smi >/dev/null; then
        nvidia-smi
        nvidia-smi --query-gpu=name,compute_cap,memory.total,memory.free,driver_version --format=csv
    else
        echo "nvidia-smi: none"
    fi
    command -v nvcc >/dev/null && nvcc --version | tail -2
    cmake --version | head -1
    echo "ninja $(ninja --version)"
    "$PY" --version
    echo "carry: $(du -sh "$CARRY" | cut -f1) in $CARRY"
    cat "$CARRY/MANIFEST.json" 2>/dev/null | head -40
}

python_packages() {
    # The carried wheels and llama-cpp-python's Python package; the rest is on the machine already.
    "$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target "$WORK/site" \
        "$CARRY"/wheels/*.whl || return 1
    "$PY" - <<'EOF'
import importlib
for name in ("numpy", "psutil", "jinja2", "gguf", "platformdirs", "diskcache", "pytest", "pytest_timeout", "llama_cpp"):
    try:
        module = importlib.import_module(name) if name != "llama_cpp" else None
        print(f"  {name:15} {getattr(module, '__version__', '') if module else '(imported after the build)'}")
    except Exception as exc:
        raise SystemExit(f"missing {name}: {exc}")
EOF
}

build() {
    local fa=()
    [[ $CUDA_FA == off ]] && fa=(--no-cuda-fa)
    "$PY" bench/llama_tools.py build --source "$CARRY/llama.cpp-src.tar.gz" --backend "$BACKEND" \
        --build-dir "$WORK/build" --jobs "$JOBS" --targets llama-bench "${fa[@]}" || return 1
    "$WORK/build/bin/llama-bench" --list-devices
}

engine_view() {
    # What the engine will see: the library llama_cpp loads, its devices, and the engine's own reading of them.
    "$PY" - <<'EOF'
import llama_cpp
from engine.models import fit
from tests.gpu.gpus import read_gpus
print("library:", llama_cpp.llama_cpp._base_path)
print("system info:", llama_cpp.llama_print_system_info().decode())
print("GPU offload in this build:", bool(llama_cpp.llama_supports_gpu_offload()))
gpus, reason = read_gpus()
for gpu in gpus:
    print(f"GPU {gpu.name}: {gpu.description}, {gpu.free_bytes / 1e9:.1f} of {gpu.total_bytes / 1e9:.1f} GB free")
print(reason or f"{len(gpus)} GPU(s)")
free_ram, free_vram = fit.system_memory()
print(f"the engine's reading: {free_ram / 1e9:.1f} GB RAM free, GPU memory free: "
      f"{'none' if free_vram is None else f'{free_vram / 1e9:.1f} GB'}")
EOF
    echo "--- hearth doctor"
    "$PY" -c 'import argparse, sys; from engine.cli.doctor import run_doctor; sys.exit(run_doctor(argparse.Namespace(json=False)))' ||
        echo "(hearth doctor exited $?)"
}

model() {
    if [[ -s $WORK/model.gguf ]]; then
        echo "kept from an earlier run: $WORK/model.gguf"
        return 0
    fi
    "$PY" -m tests.gpu.random_model "$WORK/model.gguf" --tokenizer "$CARRY/tokenizer.gguf" --jobs "$JOBS"
}

gpu_tests() {
    rm -rf "$WORK/pytest"
    "$PY" -m pytest -c bench/gpu_pytest.ini --rootdir=. --confcutdir=. -p no:cacheprovider \
        --basetemp="$WORK/pytest" --junitxml="$OUT/gpu_tests.xml" -v -rs -s tests/gpu
}

speed() {
    "$PY" bench/gpu_speed.py --model "$WORK/model.gguf" \
        --llama-bench "$WORK/build/bin/llama-bench" --reps "$REPS" --json "$OUT/gpu_speed.json"
}

export -f machine python_packages build engine_view model gpu_tests speed

main() {
    echo "Hearth GPU check: backend $BACKEND, $JOBS jobs, deadline ${DEADLINE_S} s, repo $REPO, work $WORK"
    [[ -f $CARRY/llama.cpp-src.tar.gz ]] || {
        echo "no $CARRY/llama.cpp-src.tar.gz: run python bench/gpu_check_prepare.py first (and carry .gpu-carry)"
        return 2
    }
    export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
    export PYTHONPATH="$WORK/site:$CARRY/python:$REPO${PYTHONPATH:+:$PYTHONPATH}"
    export LLAMA_CPP_LIB_PATH="$WORK/build/bin"
    export HEARTH_GPU_MODEL="$WORK/model.gguf"
    export HEARTH_HOME="$WORK/home"  # Hearth's folders for the doctor and the benchmark (each test has its own)
    unset CI

    step "machine" machine
    step "python packages" python_packages
    if step "llama.cpp build ($BACKEND)" build; then
        step "what the engine sees" engine_view
        # The GPU tests need a GPU (without one each fails): the CPU dry run leaves them out.
        step "random model" model && [[ $BACKEND == cuda ]] &&
            step "GPU tests (tests/gpu)" gpu_tests
        [[ -s $WORK/model.gguf ]] && step "speed (bench/gpu_speed.py)" speed
    fi

    if [[ -d $WORK/pytest ]]; then
        (cd "$WORK" && find pytest -name 'engine.log*' -print0 | tar -czf "$OUT/engine_logs.tar.gz" --null -T -)
    fi
    [[ -f $WORK/build/build.log ]] && gzip -c "$WORK/build/build.log" >"$OUT/build_log.txt.gz"

    echo
    echo "=== summary ($((SECONDS - START)) s in all)"
    printf '%s\n' "${SUMMARY[@]}"
    ((FAILED == 0)) && echo "GPU check: everything passed" || echo "GPU check: something failed (see above)"
    return $FAILED
}

main "$@" 2>&1 | tee "$OUT/gpu_check.log"
exit "${PIPESTATUS[0]}"
