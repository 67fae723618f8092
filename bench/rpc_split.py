"""One model split across machines with llama.cpp's RPC backend, tried on loopback: same answer, what speed.

llama.cpp's RPC backend (ggml/src/ggml-rpc) lets the process that loads a model put some of its layers on
`ggml-rpc-server` processes (tools/rpc; the README calls it rpc-server) running on other machines: each
server shows its own devices (here its CPU) to the client as one "GPU" device, RPC<n>, and the model's
layers are split over them like over several GPUs (LLAMA_SPLIT_MODE_LAYER). It is a proof of concept
upstream: no authentication, no encryption, and every token's activations cross the network.

This script starts the servers on 127.0.0.1 (one set per layout: a server serves one client at a time),
loads the same model once per layout, each in its own long-lived worker process, through
llama-cpp-python's low-level API, and then:

- prints where the layers went (per device, from llama.cpp's own load log) and each buffer's size;
- checks that every split layout writes the same greedy text (temperature 0, --check-tokens tokens) as
  the local load of the same model: token for token;
- measures, in paired rounds whose order rotates, prefill (a --prompt-token prompt into an empty
  context) and decode (--tokens tokens written greedily, sampling included) tok/s; each round's
  split/local ratio is paired (seconds apart); the verdict is the median ratio with its 95 % confidence
  interval (bench/_common.median_interval). Also the bytes that crossed loopback per token, both ways
  (the kernel's counters of the servers' TCP connections, ss -ti).

Layouts (--layouts): local (every layer on this CPU, no RPC), rpcN (every repeating layer and the output
layer over N servers, equal shares: only the token embeddings stay here), cpu+rpcN (the first half of
the layers here, the rest over N servers); a -head suffix (rpc1-head) keeps the output layer's weights
here (tensor_buft_overrides), so that each token's logits are computed here instead of crossing the network.

What it needs: llama.cpp built with GGML_RPC=ON, from the sources llama-cpp-python 0.3.36 vendors.
The installed wheel is built without it (llama_supports_rpc() is False, no ggml_backend_rpc_* symbol,
no "RPC" backend registered), so either

    python bench/llama_tools.py build --rpc --targets llama-bench     # 5 1/2 minutes here, 2 cores

(libllama, libggml with libggml-rpc, and bin/ggml-rpc-server in .llama-tools/build-cpu-rpc/bin; the
workers load these libraries through LLAMA_CPP_LIB_PATH, the default here), or the stock wheel plus the
RPC backend alone built as a loadable module, registered with ggml_backend_load() (--plugin):

    python bench/llama_tools.py build --rpc --no-libllama --targets ggml-rpc \\
        --build-dir .llama-tools/build-rpc-module -- -DGGML_BACKEND_DL=ON -DGGML_CPU=OFF   # 26 s
    python bench/rpc_split.py --lib wheel --plugin .llama-tools/build-rpc-module/bin/libggml-rpc.so

(the module, 250 KB, needs only libggml-base.so.0, which the wheel has loaded already; the servers still
come from the first build).
Run:

    python bench/rpc_split.py [--rounds 5] [--layouts local,rpc1,rpc2,cpu+rpc1] [MODEL ...]

Without models: .bench-models/Qwen2.5-Coder-0.5B-Instruct-Q4_K_M.gguf (bench/real_models.py).

Measured here (AMD EPYC, 2 cores shared with other work; client 2 threads, rpc-server -t 2, all on
127.0.0.1; repack off; 256-token prompt, 32 tokens written; 8 rounds), median split/local [95 % CI]:

    Qwen2.5-Coder-0.5B Q4_K_M, local 240 prefill / 44.1 decode tok/s
        rpc1       prefill 1.05 [0.95, 1.16]  decode 0.99 [0.95, 1.07]  614 KiB a decoded token
        rpc2       prefill 1.01 [0.90, 1.18]  decode 0.64 [0.59, 0.67]  626 KiB
        cpu+rpc1   prefill 1.00 [0.93, 1.07]  decode 0.64 [0.60, 0.68]  612 KiB
        rpc1-head  prefill 0.97 [0.93, 1.06]  decode 0.67 [0.65, 0.72]   24 KiB   (another run)
    Qwen2.5-Coder-1.5B Q4_K_M, local 145 / 23.5 tok/s
        rpc1       prefill 0.99 [0.88, 1.10]  decode 0.99 [0.91, 1.07]  620 KiB
        rpc2       prefill 1.01 [0.88, 1.16]  decode 0.76 [0.64, 0.80]  637 KiB
        cpu+rpc1   prefill 0.99 [0.96, 1.08]  decode 0.75 [0.69, 0.81]  619 KiB

Every layout wrote the local load's greedy text, token for token (48 tokens); with repack on too (0.5B).
The stock wheel with --plugin gives the same picture (0.5B, its quiet rounds: rpc1 decode 1.01-1.02,
rpc2 0.62-0.67 of local).
On loopback the servers share this machine's cores with the client: a split that makes two processes
take turns each token (rpc2, cpu+rpc1, -head) pays for it here (their OpenMP threads spin while the other
computes; OMP_WAIT_POLICY=passive on both sides removes the gap but slows the local run as much), so these
are not what separate machines would give; what they do show is that the protocol itself costs nothing
measurable when one server holds every layer (rpc1), and how many bytes a token moves: the logits
(n_vocab floats, 594 KiB for Qwen's 151936) dominate unless the output layer stays here (-head). When
other work floods the cores, rounds fall to 1 tok/s in every layout; the median ratio rides over them.

How a worker registers the servers and hands their devices to llama.cpp (ctypes, on the libggml that
libllama loaded: engine.runtime.cpu_variants.loaded_ggml):

    reg = ggml_backend_reg_by_name(b"RPC")                        # NULL on a build without GGML_RPC
    add_server = CFUNCTYPE(c_void_p, c_char_p)(ggml_backend_reg_get_proc_address(reg, b"ggml_backend_rpc_add_server"))
    server_reg = add_server(b"127.0.0.1:50052")                   # connects: aborts the process if it cannot
    ggml_backend_register(server_reg)                             # its devices join ggml's list
    devices = [ggml_backend_reg_dev_get(server_reg, i) for i in range(ggml_backend_reg_dev_count(server_reg))]
    params.devices = cast((c_void_p * (n + 1))(*devices, None), c_void_p)   # NULL-terminated
    params.n_gpu_layers = ...; params.tensor_split = (c_float * llama_max_devices())(*shares)
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import CpuPressure, load_note, median, median_interval

REPO = Path(__file__).resolve().parent.parent
RPC_BUILD = REPO / ".llama-tools" / "build-cpu-rpc" / "bin"
DEFAULT_MODEL = REPO / ".bench-models" / "Qwen2.5-Coder-0.5B-Instruct-Q4_K_M.gguf"
HOST = "127.0.0.1"
GAP_S = 0.2  # lets the last worker's OpenMP threads stop spinning before the next one starts
TEXT = "The history of the printing press begins with movable type in China and Korea. " * 80
CHECK_PROMPT = "# A Python function that tells whether a number is prime\ndef is_prime(n):\n"
LAYOUT = re.compile(r"^(local|rpc(\d+)|cpu\+rpc(\d+))(-head)?$")
# -head: the output layer's weights (output norm, lm_head; token_embd where the model ties them) on this
# CPU through tensor_buft_overrides, so that the logits (n_vocab floats a token) never cross the network.
HEAD_PATTERN = b"^(output|token_embd)"
OPEN_NETWORK_WARNING = (
    "Machines running rpc-server take part in every answer: the model's weights and each token's "
    "activations travel to them unencrypted, and rpc-server asks nobody for a password: anyone who "
    "can reach its port can use it, read what it holds and run work on it. Add only machines on a "
    "network you trust (your own LAN, a VPN), never one on the Internet or on shared Wi-Fi, and start "
    "rpc-server there bound to that network's address, not 0.0.0.0."
)

# llama.cpp's load log: where each layer went, and each buffer's size.
LAYER_LINE = re.compile(r"load_tensors: layer\s+(\d+) assigned to device ([^,\s]+)")
BUFFER_LINE = re.compile(r"(\S+) (model|KV|compute) buffer size =\s+([\d.]+) MiB")


# --- the worker: one layout, one model, many measurements ---------------------------------------


class _BuftOverride(ctypes.Structure):
    """struct llama_model_tensor_buft_override (llama.h): a regex on tensor names, a buffer type."""

    _fields_ = (("pattern", ctypes.c_char_p), ("buft", ctypes.c_void_p))


class _Log:
    """llama.cpp's log (llama_log_set: libllama's and libggml's), kept in whole lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._partial = ""

    def write(self, text: str) -> None:
        parts = (self._partial + text).split("\n")
        self._partial = parts.pop()
        self.lines.extend(parts)


def reachable(endpoint: str, timeout: float = 2.0) -> bool:
    """Whether something listens at host:port. ggml_backend_rpc_add_server aborts the whole process
    (GGML_ABORT "Failed to connect to ...") where nothing does, so ask first."""
    host, _, port = endpoint.rpartition(":")
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            return True
    except OSError:
        return False


def add_rpc_servers(lib: ctypes.CDLL, endpoints: Sequence[str], plugin: str | None) -> list[tuple[int, str, str]]:
    """Register each rpc-server's devices with ggml; return (device, name, description) of each."""
    if plugin and not lib.ggml_backend_load(plugin.encode()):  # registers the backend it holds ("RPC")
        raise RuntimeError(f"ggml_backend_load({plugin}) returned NULL")
    reg = lib.ggml_backend_reg_by_name(b"RPC")
    if not reg:
        raise RuntimeError("no RPC backend in this llama.cpp build (GGML_RPC=OFF): llama_supports_rpc() is False")
    address = lib.ggml_backend_reg_get_proc_address(reg, b"ggml_backend_rpc_add_server")
    if not address:
        raise RuntimeError("the RPC backend does not give ggml_backend_rpc_add_server")
    add_server = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_char_p)(address)
    devices = []
    for endpoint in endpoints:
        if not reachable(endpoint):
            raise RuntimeError(f"no rpc-server answers at {endpoint}")
        server_reg = add_server(endpoint.encode())
        if not server_reg:
            raise RuntimeError(f"rpc-server at {endpoint} shows no device")
        lib.ggml_backend_register(server_reg)
        for index in range(lib.ggml_backend_reg_dev_count(server_reg)):
            device = lib.ggml_backend_reg_dev_get(server_reg, index)
            name = (lib.ggml_backend_dev_name(device) or b"").decode()
            description = (lib.ggml_backend_dev_description(device) or b"").decode()
            devices.append((int(device), name, description))
    return devices


def block_count(model: str) -> int:
    """The model's repeating layers (GGUF <arch>.block_count), read from its header alone."""
    from engine.models.gguf_header import read_header

    metadata = read_header(Path(model)).metadata
    return int(metadata[f"{metadata['general.architecture']}.block_count"])


TCP_BYTES = re.compile(r"\bbytes_(?:sent|received):(\d+)")


def tcp_bytes(ports: Sequence[int]) -> int:
    """Bytes sent plus received on the established TCP connections to these local ports (ss -ti, the
    kernel's own per-socket counters): the client's traffic with its servers, both ways."""
    if not ports:
        return 0
    total = 0
    for port in ports:
        listing = subprocess.run(
            ["ss", "-tinH", "state", "established", f"( sport = :{port} )"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        total += sum(int(value) for value in TCP_BYTES.findall(listing))
    return total


def _worker(config: dict[str, Any]) -> None:
    out = os.fdopen(os.dup(1), "w", buffering=1)
    log_fd = os.open(config["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(log_fd, 1)  # llama.cpp's chatter, on either stream
    os.dup2(log_fd, 2)
    started = time.perf_counter()
    import llama_cpp

    log = _Log()

    def keep_log(level: int, text: bytes, user_data: Any) -> None:
        log.write(text.decode("utf-8", errors="replace"))
        os.write(log_fd, text)

    on_log = llama_cpp.llama_log_callback(keep_log)  # kept referenced: llama.cpp calls it until the end
    llama_cpp.llama_log_set(on_log, None)
    llama_cpp.llama_backend_init()
    from engine.runtime.rpc_devices import ggml_library

    lib = ggml_library()
    devices = add_rpc_servers(lib, config["endpoints"], config.get("plugin")) if config["endpoints"] else []

    model_path = config["model"].encode()
    n_layer = block_count(config["model"])

    params = llama_cpp.llama_model_default_params()
    params.use_extra_bufts = config["repack"] == "on"
    keep_alive: list[Any] = []
    if devices:
        array = (ctypes.c_void_p * (len(devices) + 1))(*[d[0] for d in devices], None)
        shares = (ctypes.c_float * llama_cpp.llama_max_devices())(*([1.0] * len(devices)))
        keep_alive += [array, shares]
        params.devices = ctypes.cast(array, ctypes.c_void_p).value
        params.tensor_split = shares
        params.split_mode = llama_cpp.LLAMA_SPLIT_MODE_LAYER
        # The repeating layers plus 1 for the output layer; those not offloaded stay on the CPU, and
        # they are the first ones (llama-model.cpp: i_gpu_start = n_layer + 1 - n_gpu_layers).
        cpu_layers = n_layer // 2 if config["local_share"] else 0
        params.n_gpu_layers = n_layer + 1 - cpu_layers
        if config["head_local"]:
            overrides = (_BuftOverride * 2)(_BuftOverride(HEAD_PATTERN, lib.ggml_backend_cpu_buffer_type()))
            keep_alive.append(overrides)
            params.tensor_buft_overrides = ctypes.cast(overrides, ctypes.c_void_p).value
    else:
        params.n_gpu_layers = 0
    model = llama_cpp.llama_model_load_from_file(model_path, params)
    if not model:
        raise RuntimeError("llama_model_load_from_file failed")
    vocab = llama_cpp.llama_model_get_vocab(model)

    def tokenize(text: str, special: bool) -> list[int]:
        data = text.encode()
        buffer = (llama_cpp.llama_token * (len(data) + 16))()
        count = llama_cpp.llama_tokenize(vocab, data, len(data), buffer, len(buffer), special, False)
        return list(buffer[:count])

    prompt = tokenize(TEXT, False)[: config["prompt_tokens"]]
    ctx_params = llama_cpp.llama_context_default_params()
    ctx_params.n_ctx = max(len(prompt), 256) + config["tokens"] + 64
    ctx_params.n_batch = ctx_params.n_ubatch = 512
    ctx_params.n_threads = ctx_params.n_threads_batch = config["threads"]
    ctx_params.flash_attn_type = llama_cpp.LLAMA_FLASH_ATTN_TYPE_DISABLED  # Hearth's default (LoadOptions)
    ctx = llama_cpp.llama_init_from_model(model, ctx_params)
    if not ctx:
        raise RuntimeError("llama_init_from_model failed")
    chain = llama_cpp.llama_sampler_chain_init(llama_cpp.llama_sampler_chain_default_params())
    llama_cpp.llama_sampler_chain_add(chain, llama_cpp.llama_sampler_init_greedy())
    memory = llama_cpp.llama_get_memory(ctx)

    def decode(tokens: list[int]) -> None:
        for start in range(0, len(tokens), ctx_params.n_batch):
            part = tokens[start : start + ctx_params.n_batch]
            array = (llama_cpp.llama_token * len(part))(*part)
            if llama_cpp.llama_decode(ctx, llama_cpp.llama_batch_get_one(array, len(part))) != 0:
                raise RuntimeError("llama_decode failed")
        llama_cpp.llama_synchronize(ctx)

    def generate(count: int, stop_at_eog: bool) -> list[int]:
        written = []
        for _ in range(count):
            token = llama_cpp.llama_sampler_sample(chain, ctx, -1)
            written.append(token)
            if stop_at_eog and llama_cpp.llama_vocab_is_eog(vocab, token):
                break
            decode([token])
        return written

    def piece(token: int) -> str:
        buffer = ctypes.create_string_buffer(256)
        size = llama_cpp.llama_token_to_piece(vocab, token, buffer, len(buffer), 0, False)
        return buffer.raw[: max(size, 0)].decode("utf-8", errors="replace")

    llama_cpp.llama_memory_clear(memory, True)
    decode(tokenize(CHECK_PROMPT, True))
    check = generate(config["check_tokens"], True)

    placement: dict[str, int] = {}
    output_device = ""
    for line in log.lines:
        if match := LAYER_LINE.search(line):
            if int(match.group(1)) == n_layer:  # the output layer (norm + lm_head)
                output_device = match.group(2)
            else:
                placement[match.group(2)] = placement.get(match.group(2), 0) + 1
    buffers = [
        {"buffer": m.group(1), "kind": m.group(2), "mib": float(m.group(3))}
        for line in log.lines
        if (m := BUFFER_LINE.search(line))
    ]
    mapped = {line.split()[-1] for line in Path("/proc/self/maps").read_text().splitlines() if "libggml" in line}
    ready = {
        "library": llama_cpp.__file__,
        "ggml_files": sorted(mapped),  # which libggml files this process runs (the wheel's, a build's, a module)
        "lib_dir": os.environ.get("LLAMA_CPP_LIB_PATH", "(the wheel's)"),
        "supports_rpc": bool(llama_cpp.llama_supports_rpc()),
        "devices": [{"name": name, "endpoint": description} for _, name, description in devices],
        "n_layer": n_layer,
        "n_gpu_layers": int(params.n_gpu_layers),
        "layers": placement,
        "output_layer": output_device,
        "head_local": bool(config["head_local"]),
        "buffers": buffers,
        "model_desc": _model_desc(llama_cpp, model),
        "load_s": time.perf_counter() - started,
        "prompt_tokens": len(prompt),
        "check_tokens": check,
        "check_text": "".join(piece(t) for t in check),
    }
    out.write(json.dumps(ready) + "\n")
    ports = [int(endpoint.rpartition(":")[2]) for endpoint in config["endpoints"]]
    for line in sys.stdin:
        if line.strip() != "run":
            break
        llama_cpp.llama_memory_clear(memory, True)
        io0 = tcp_bytes(ports)
        t0 = time.perf_counter()
        decode(prompt)
        t1 = time.perf_counter()
        io1 = tcp_bytes(ports)
        written = generate(config["tokens"], False)
        t2 = time.perf_counter()
        io2 = tcp_bytes(ports)
        # generate() samples, then reads each token it wrote: `written` decode steps.
        result = {
            "prefill": len(prompt) / (t1 - t0),
            "decode": len(written) / (t2 - t1),
            "prefill_bytes_per_token": (io1 - io0) / len(prompt),
            "decode_bytes_per_token": (io2 - io1) / len(written),
        }
        out.write(json.dumps(result) + "\n")
    llama_cpp.llama_sampler_free(chain)
    llama_cpp.llama_free(ctx)
    llama_cpp.llama_model_free(model)
    del keep_alive


def _model_desc(llama_cpp: Any, model: Any) -> str:
    buffer = ctypes.create_string_buffer(128)
    llama_cpp.llama_model_desc(model, buffer, len(buffer))
    return buffer.value.decode(errors="replace")


# --- the parent: servers, workers, rounds --------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    endpoint: str
    process: subprocess.Popen[bytes]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start_server(
    binary: Path, threads: int, log_dir: Path, lib_dir: Path | None, extra_env: Sequence[str] = ()
) -> Server:
    port = free_port()
    endpoint = f"{HOST}:{port}"
    env = dict(os.environ) | dict(item.split("=", 1) for item in extra_env)
    if lib_dir is not None:
        env["LD_LIBRARY_PATH"] = str(lib_dir)
    with (log_dir / f"rpc-server-{port}.log").open("wb") as log:
        process = subprocess.Popen(
            [str(binary), "-H", HOST, "-p", str(port), "-t", str(threads)],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=env,
        )
    deadline = time.monotonic() + 30
    while not reachable(endpoint, timeout=0.5):  # a probe is a client that says nothing: the server goes on
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"rpc-server did not start at {endpoint}; see {log_dir}")
        time.sleep(0.1)
    return Server(endpoint, process)


@dataclass
class Worker:
    layout: str
    process: subprocess.Popen[str]
    servers: list[Server]
    log: Path
    ready: dict[str, Any] = field(default_factory=dict)

    def measure(self) -> dict[str, float]:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write("run\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.layout} worker died: exit {self.process.wait()}; see {self.log}")
        figures: dict[str, float] = json.loads(line)
        return figures

    def stop(self) -> None:
        if self.process.stdin is not None and not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for server in self.servers:
            server.stop()


def _lib_dir(value: str) -> Path | None:
    return None if value == "wheel" else Path(value).resolve()


def start_worker(layout: str, model: str, args: argparse.Namespace, log_dir: Path) -> Worker:
    match = LAYOUT.match(layout)
    if match is None:
        raise ValueError(f"unknown layout {layout!r}: local, rpcN or cpu+rpcN, each with -head or not")
    n_servers = int(match.group(2) or match.group(3) or 0)
    lib_dir = _lib_dir(args.lib)
    server_lib = _lib_dir(args.server_lib) if args.server_lib else lib_dir
    servers = [
        start_server(args.server_bin, args.server_threads, log_dir, server_lib, args.server_env)
        for _ in range(n_servers)
    ]
    config = {
        "model": model,
        "endpoints": [s.endpoint for s in servers],
        "local_share": layout.startswith("cpu+"),
        "head_local": layout.endswith("-head"),
        "plugin": str(Path(args.plugin).resolve()) if args.plugin else None,
        "repack": args.repack,
        "threads": args.threads,
        "prompt_tokens": args.prompt,
        "tokens": args.tokens,
        "check_tokens": args.check_tokens,
        "log": str(log_dir / f"worker-{layout.replace('+', '-')}.log"),
    }
    env = {key: value for key, value in os.environ.items() if key not in ("LLAMA_CPP_LIB_PATH", "PYTHONPATH")}
    env["PYTHONPATH"] = str(REPO)
    if lib_dir is not None:
        env["LLAMA_CPP_LIB_PATH"] = str(lib_dir)
    process = subprocess.Popen(
        [sys.executable, __file__, "--worker", json.dumps(config)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )
    worker = Worker(layout, process, servers, Path(config["log"]))
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        code = process.wait()
        worker.stop()
        tail = "\n".join(worker.log.read_text(errors="replace").splitlines()[-15:])
        raise RuntimeError(f"the {layout} worker did not start: exit {code}\n{tail}")
    worker.ready = json.loads(line)
    return worker


def _placement(ready: dict[str, Any]) -> str:
    endpoints = {d["name"]: d["endpoint"] for d in ready["devices"]}
    parts = [
        f"{name}{f' ({endpoints[name]})' if name in endpoints else ''} {count}"
        for name, count in ready["layers"].items()
    ]
    output = ready["output_layer"] or "?"
    if ready.get("head_local"):
        output = f"{output}, its weights overridden to CPU (computed here)"
    return f"layers {' + '.join(parts)} of {ready['n_layer']}; output layer on {output}; token embeddings on CPU"


def _buffers(ready: dict[str, Any]) -> str:
    by_kind: dict[str, list[str]] = {}
    for buffer in ready["buffers"]:
        by_kind.setdefault(buffer["kind"], []).append(f"{buffer['buffer']} {buffer['mib']:.0f}")
    return "; ".join(f"{kind} MiB: {', '.join(items)}" for kind, items in by_kind.items())


def _first_difference(a: Sequence[int], b: Sequence[int]) -> int | None:
    for index, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return index
    return None if len(a) == len(b) else min(len(a), len(b))


def bench_model(model: str, args: argparse.Namespace, log_dir: Path) -> dict[str, Any]:
    workers: list[Worker] = []
    try:
        for layout in args.layouts:
            workers.append(start_worker(layout, model, args, log_dir))
        base = workers[0]
        print(f"\n{Path(model).name}: {base.ready['model_desc']}, {base.ready['n_layer']} layers")
        summary: dict[str, Any] = {"layouts": {}}
        for worker in workers:
            ready = worker.ready
            print(
                f"  {worker.layout:<9} load {ready['load_s']:5.1f} s, n_gpu_layers {ready['n_gpu_layers']}, "
                f"RPC in this build: {ready['supports_rpc']}, libraries: {ready['lib_dir']}"
            )
            print(f"            ggml from: {', '.join(ready['ggml_files'])}")
            print(f"            {_placement(ready)}")
            print(f"            {_buffers(ready)}")
            diff = _first_difference(base.ready["check_tokens"], ready["check_tokens"])
            same = "same tokens as local" if diff is None else f"DIFFERS from local at token {diff}"
            if worker is not base:
                print(f"            greedy check ({len(ready['check_tokens'])} tokens): {same}")
            summary["layouts"][worker.layout] = {
                "load_s": ready["load_s"],
                "layers": ready["layers"],
                "output_layer": ready["output_layer"],
                "devices": ready["devices"],
                "buffers": ready["buffers"],
                "same_greedy_text": diff is None,
            }
        print(f"  greedy text (local): {base.ready['check_text']!r}")
        for worker in workers[1:]:
            if worker.ready["check_tokens"] != base.ready["check_tokens"]:
                print(f"  greedy text ({worker.layout}): {worker.ready['check_text']!r}")

        figures: dict[tuple[str, str], list[float]] = {}
        ratios: dict[tuple[str, str], list[float]] = {}
        traffic: dict[tuple[str, str], list[float]] = {}
        names = [w.layout for w in workers]
        print(f"  columns: prefill / decode tok/s per layout ({', '.join(names)}); then split/local ratios")
        for round_index in range(-args.warmup + 1, args.rounds + 1):
            shift = round_index % len(workers)
            order = workers[shift:] + workers[:shift]
            results: dict[str, dict[str, float]] = {}
            waits: dict[str, float] = {}
            for worker in order:
                pressure = CpuPressure()
                pressure.start()
                results[worker.layout] = worker.measure()
                waits[worker.layout] = pressure.stop() or 0.0
                time.sleep(GAP_S)
            cells = [f"{results[n]['prefill']:6.1f}/{results[n]['decode']:5.1f}" for n in names]
            local = results[base.layout]
            shown = []
            for name in names[1:]:
                shown.append(
                    f"{name} {results[name]['prefill'] / local['prefill']:.3f}/"
                    f"{results[name]['decode'] / local['decode']:.3f}"
                )
            label = f"round {round_index}" if round_index > 0 else "warm-up"
            busiest = max(waits.values())
            print(f"  {label:<9} {'  '.join(cells)} | {'  '.join(shown)}  (CPU wait up to {busiest:.0%})", flush=True)
            if round_index <= 0:
                continue
            for name in names:
                for phase in ("prefill", "decode"):
                    figures.setdefault((name, phase), []).append(results[name][phase])
                    traffic.setdefault((name, phase), []).append(results[name][f"{phase}_bytes_per_token"])
                    if name != base.layout:
                        ratios.setdefault((name, phase), []).append(results[name][phase] / local[phase])
        heading = f"  {'layout':<9} {'phase':<8} {'tok/s':>7} {'vs local':>8}  95 % CI"
        print(f"{heading}          rounds  loopback bytes/token")
        for name in names:
            for phase in ("prefill", "decode"):
                rate = median(figures[(name, phase)])
                row = summary["layouts"][name].setdefault(phase, {})
                row["tok_s"] = rate
                row["bytes_per_token"] = median(traffic[(name, phase)])
                if name == base.layout:
                    print(f"  {name:<9} {phase:<8} {rate:7.1f} {'1':>8}")
                    continue
                values = ratios[(name, phase)]
                low, high = median_interval(values)
                ratio = median(values)
                row |= {"ratio": ratio, "ci95": [low, high], "rounds": len(values)}
                print(
                    f"  {name:<9} {phase:<8} {rate:7.1f} {ratio:8.3f}  [{low:.3f}, {high:.3f}]  {len(values):>6}"
                    f"  {row['bytes_per_token'] / 1024:10.1f} KiB"
                )
        return summary
    finally:
        for worker in workers:
            worker.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*")
    parser.add_argument(
        "--layouts",
        type=lambda value: [item.strip() for item in value.split(",") if item.strip()],
        default=["local", "rpc1", "rpc2", "cpu+rpc1"],
        help="comma-separated: local, rpcN, cpu+rpcN, each with -head or not (default local,rpc1,rpc2,cpu+rpc1)",
    )
    parser.add_argument("--lib", default=str(RPC_BUILD), help="LLAMA_CPP_LIB_PATH of the workers; 'wheel': none")
    parser.add_argument("--plugin", help="a libggml-rpc.so (GGML_BACKEND_DL) to load with ggml_backend_load()")
    parser.add_argument("--server-bin", type=Path, default=RPC_BUILD / "ggml-rpc-server")
    parser.add_argument("--server-lib", help="LD_LIBRARY_PATH of the servers (default: --lib)")
    parser.add_argument("--server-threads", type=int, default=2, help="rpc-server -t (its default: half the cores)")
    parser.add_argument(
        "--server-env",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="environment of the servers only, e.g. OMP_WAIT_POLICY=passive (their idle OpenMP threads then "
        "sleep instead of spinning on cores the other processes of a loopback split need)",
    )
    parser.add_argument("--threads", type=int, default=2, help="the client's CPU threads")
    parser.add_argument(
        "--repack",
        choices=("off", "on"),
        default="off",
        help="use_extra_bufts (this CPU's weights; rpc-server never repacks)",
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--prompt", type=int, default=256, help="prompt tokens read per measurement")
    parser.add_argument("--tokens", type=int, default=32, help="tokens written per measurement")
    parser.add_argument("--check-tokens", type=int, default=48, help="greedy tokens compared with the local load")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(json.loads(args.worker))
        return
    if args.layouts[0] != "local":
        args.layouts.insert(0, "local")
    if not args.server_bin.is_file():
        sys.exit(f"no {args.server_bin}: build it first (python bench/llama_tools.py build --rpc; see this doc)")
    models = args.models or [str(DEFAULT_MODEL)]
    print(
        f"bench/rpc_split.py: {load_note()}; client {args.threads} threads, rpc-server -t {args.server_threads}; "
        f"{args.rounds} rounds (+{args.warmup} warm-up); {args.prompt}-token prompt, {args.tokens} tokens written; "
        f"repack {args.repack}; every server on {HOST}"
        + (f" with {' '.join(args.server_env)}" if args.server_env else "")
    )
    print(f"  a user adding RPC machines should read: {OPEN_NETWORK_WARNING}")
    with tempfile.TemporaryDirectory(prefix="rpc-split-") as folder:
        log_dir = Path(os.environ.get("RPC_SPLIT_LOGS", folder))
        log_dir.mkdir(parents=True, exist_ok=True)
        results = {Path(model).stem: bench_model(model, args, log_dir) for model in models}
    print(json.dumps(results))


if __name__ == "__main__":
    main()
