"""A loaded model and its context, driven through llama.cpp's low-level API.

We hold the raw llama.cpp handles instead of `llama_cpp.Llama` because the
high-level class gives no load-progress callback and no control over the sampler
chain, and its stream costs about 2.5 % more per token (bench/decode_lockstep.py;
llama-cpp-python 0.3.36 samples in C too). The decode loop below is llama_decode
plus the native sampler chain, with Python only moving token ids and bytes.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import llama_cpp

from engine.errors import UserError
from engine.kernels.kernel_sets import KernelSet, uses_extra_buffers
from engine.kernels.remembered import known_kernels
from engine.kernels.simulated_trap import trap_if_refused
from engine.prompt.chat_template import BROKEN_SOURCE, BROKEN_TEMPLATE_WARNING, ChatTemplate, choose_template
from engine.protocol import (
    AUTO_GPU_LAYERS,
    KvCacheType,
    LayerShare,
    LoadOptions,
    ModelInfo,
    SamplingParams,
    StopReason,
)
from engine.runtime.batch import SHARED_READ_CHUNK, TokenBatch
from engine.runtime.cpu_variants import load_cpu_backend
from engine.runtime.llama_log import keep_out_message_text, layer_record, start_layer_record
from engine.runtime.sampler import sampler_chain
from engine.runtime.sequence import DecodeAbortedError, DecodeError, SequenceMemory

logger = logging.getLogger(__name__)


class ModelLoadError(UserError, RuntimeError):
    """The model could not be loaded; the message is one sentence for the user."""


class PromptTooLongError(UserError, RuntimeError):
    pass


def default_threads() -> int:
    # Physical cores decode fastest; hyper-threads only add contention.
    try:
        import psutil

        physical = psutil.cpu_count(logical=False)
    except Exception:  # psutil cannot tell on some virtual machines
        physical = None
    return max(1, physical or os.cpu_count() or 1)


ABORTED = 2  # llama_decode's return when the abort callback stopped it
_NO_ABORT_CALLBACK = llama_cpp.ggml_abort_callback()  # NULL: llama.cpp asks nothing

_KV_TYPES = {"f16": llama_cpp.GGML_TYPE_F16, "q8_0": llama_cpp.GGML_TYPE_Q8_0, "q4_0": llama_cpp.GGML_TYPE_Q4_0}


def kv_cache_type(name: KvCacheType) -> int:
    if name not in _KV_TYPES:
        raise ModelLoadError("model_load.unknown_kv_type", name=name, choices=", ".join(_KV_TYPES))
    return int(_KV_TYPES[name])


def gpu_layers(options: LoadOptions) -> int:
    """Layers to put on the GPU. 'Auto' is 0 on a build without GPU offload (CPU only), and
    otherwise as many as the fit estimate says free VRAM holds (engine/models/fit.py)."""
    if options.n_gpu_layers != AUTO_GPU_LAYERS:
        return options.n_gpu_layers
    if not llama_cpp.llama_supports_gpu_offload():
        return 0
    from engine.models.fit import auto_gpu_layers

    try:
        return auto_gpu_layers(options.model_path, options.n_ctx, kv_type=options.type_k, flash_attn=options.flash_attn)
    except (OSError, ValueError, KeyError):  # a header the estimate cannot read: let llama.cpp fail or not
        logger.warning("could not estimate GPU layers for %s; using none", options.model_path, exc_info=True)
        return 0


@dataclass
class GenerationStep:
    """One sampled token. `piece` is raw bytes: a character may span tokens."""

    token: int
    piece: bytes


_llama_backend_ready = False


def _ensure_backend() -> None:
    global _llama_backend_ready
    if not _llama_backend_ready:
        keep_out_message_text()
        load_cpu_backend()  # a portable build's CPU kernels, chosen for this processor (no-op otherwise)
        llama_cpp.llama_backend_init()
        _llama_backend_ready = True


class LlamaModel:
    """Owns one llama_model + llama_context. Not thread-safe; one per engine process."""

    def __init__(
        self,
        options: LoadOptions,
        on_progress: Callable[[float], None] | None = None,
        kernels: KernelSet | None = None,
    ) -> None:
        """`kernels`: the CPU kernel set to load with; None: what this machine is known to run
        (engine/kernels/remembered.py), so that a bench or tool on an AMX-refusing VM does not trap."""
        _ensure_backend()
        self.options = options
        self.kernels: KernelSet = kernels or known_kernels()
        kernels = self.kernels
        path = Path(options.model_path)
        model_params = llama_cpp.llama_model_default_params()
        model_params.n_gpu_layers = gpu_layers(options)
        # The safe kernel set leaves out AMX and repacked weights (engine/kernels/kernel_sets.py).
        model_params.use_extra_bufts = uses_extra_buffers(kernels)
        self._choose_devices(options, model_params)

        def progress(fraction: float, _user_data: ctypes.c_void_p) -> bool:
            if on_progress is not None:
                on_progress(float(fraction))
            return True

        # Keep a reference: ctypes frees the trampoline when the Python object dies.
        self._progress_cb = llama_cpp.llama_progress_callback(progress)
        model_params.progress_callback = self._progress_cb
        start_layer_record()
        model = llama_cpp.llama_model_load_from_file(str(path).encode(), model_params)
        if not model:
            raise ModelLoadError("model_load.llama_refused", name=path.name)
        trap_if_refused("load", kernels)
        self._model = model
        self._requested_gpu_layers = int(model_params.n_gpu_layers)
        self._decoded_once = False
        self._vocab = llama_cpp.llama_model_get_vocab(model)
        self.n_vocab = llama_cpp.llama_vocab_n_tokens(self._vocab)

        self.n_threads = options.n_threads or default_threads()
        ctx_params = llama_cpp.llama_context_default_params()
        # One sequence per slot of the scheduler (engine/runtime/scheduler.py). Each gets the whole
        # n_ctx: in its own KV stream (the default), or in one pool all slots share (unified).
        self.kv_unified = options.kv_unified
        ctx_params.n_seq_max = max(1, options.parallel)
        ctx_params.kv_unified = options.kv_unified
        ctx_params.n_ctx = options.n_ctx if options.kv_unified else options.n_ctx * ctx_params.n_seq_max
        ctx_params.n_batch = options.n_batch
        ctx_params.n_ubatch = options.n_batch
        ctx_params.n_threads = self.n_threads
        ctx_params.n_threads_batch = self.n_threads
        ctx_params.flash_attn_type = 1 if options.flash_attn else 0  # see LoadOptions.flash_attn
        ctx_params.type_k = kv_cache_type(options.type_k)
        ctx_params.type_v = kv_cache_type(options.type_v)
        if options.type_v != "f16" and not options.flash_attn:
            llama_cpp.llama_model_free(model)
            raise ModelLoadError("model_load.kv_needs_flash_attention")
        self._ctx_params = ctx_params
        ctx = llama_cpp.llama_init_from_model(model, ctx_params)
        if not ctx:
            llama_cpp.llama_model_free(model)
            raise ModelLoadError("model_load.no_memory_for_context", name=path.name, n_ctx=options.n_ctx)
        self._ctx = ctx
        self._memory = llama_cpp.llama_get_memory(ctx)
        self.n_ctx = llama_cpp.llama_n_ctx_seq(ctx)  # what one sequence (one conversation) can hold
        self.n_batch = llama_cpp.llama_n_batch(ctx)
        self.n_swa = llama_cpp.llama_model_n_swa(model)
        self.is_recurrent = bool(llama_cpp.llama_model_is_recurrent(model) or llama_cpp.llama_model_is_hybrid(model))
        self.sequences = [SequenceMemory(self, i) for i in range(llama_cpp.llama_n_seq_max(ctx))]
        self._chunk_batch = TokenBatch(self.n_batch)  # a prompt chunk of one sequence
        # One token of each writing sequence, and beside them a chunk of each prompt being read.
        self._step_batch = TokenBatch(max(self.n_batch, len(self.sequences) + SHARED_READ_CHUNK))
        self.stop_reason: StopReason = "max_tokens"  # each generate() sets it
        self._piece_cache: dict[int, bytes] = {}
        self._special_piece_cache: dict[int, bytes] = {}
        self.template = self._read_template()
        self.info = self._describe(path)

    # --- metadata ------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        buf = ctypes.create_string_buffer(4096)
        n = llama_cpp.llama_model_meta_val_str(self._model, key.encode(), buf, len(buf))
        if n < 0:
            return None
        if n >= len(buf):
            buf = ctypes.create_string_buffer(n + 1)
            llama_cpp.llama_model_meta_val_str(self._model, key.encode(), buf, len(buf))
        return buf.value.decode("utf-8", errors="replace")

    def _token_text(self, token: int) -> str:
        if token < 0:
            return ""
        return self.piece(token, special=True).decode("utf-8", errors="replace")

    def _read_template(self) -> ChatTemplate:
        raw = llama_cpp.llama_model_chat_template(self._model, None)
        text = raw.decode("utf-8", errors="replace") if raw else None
        return choose_template(
            text,
            bos_token=self._token_text(llama_cpp.llama_vocab_bos(self._vocab)),
            eos_token=self._token_text(llama_cpp.llama_vocab_eos(self._vocab)),
        )

    def _describe(self, path: Path) -> ModelInfo:
        # The file name is what the user downloaded and recognises; general.name is often a training-run label.
        split = self._layer_split()  # read once: it enumerates ggml's devices
        gpu_count, n_layers, devices = self._offload(split)
        return ModelInfo(
            path=str(path),
            name=path.stem,
            architecture=self.meta("general.architecture") or "unknown",
            n_params=int(llama_cpp.llama_model_n_params(self._model)),
            size_bytes=path.stat().st_size,
            n_ctx=self.n_ctx,
            n_ctx_train=llama_cpp.llama_model_n_ctx_train(self._model),
            n_threads=self.n_threads,
            chat_template_source=self.template.source,
            chat_template_warning=BROKEN_TEMPLATE_WARNING if self.template.source == BROKEN_SOURCE else "",
            chat_template_name=self.template.name,
            sliding_window=self.n_swa,
            kernels=self.kernels,
            gpu_layers=gpu_count,
            n_layers=n_layers,
            offload_devices=devices,
            n_vocab=self.n_vocab,
            layer_split=split,
            rpc_left_out=self._rpc_left_out,
            rpc_unsupported=self._rpc_unsupported,
        )

    def _choose_devices(self, options: LoadOptions, model_params: llama_cpp.llama_model_params) -> None:
        """Add the machines of options.rpc_servers that answer as devices. Once any was registered in
        this process, the devices are always named: llama.cpp would otherwise use every registered
        one, a machine the user has since removed included."""
        from engine.runtime import rpc_devices

        self._rpc_left_out: tuple[tuple[str, str, str], ...] = ()
        self._rpc_unsupported = False
        self._rpc_names: dict[str, str] = {}
        self._devices: ctypes.Array[ctypes.c_void_p] | None = None
        if not options.rpc_servers and not rpc_devices.any_registered():
            return
        registration = rpc_devices.RpcRegistration()
        if options.rpc_servers:
            try:
                registration = rpc_devices.register(options.rpc_servers)
            except rpc_devices.RpcUnsupportedError:
                logger.warning("rpc machines listed, but this llama.cpp has no RPC backend")
                self._rpc_unsupported = True
        self._rpc_left_out = tuple((m.endpoint, m.outcome, m.detail) for m in registration.left_out)
        self._rpc_names = {device.name: device.endpoint for device in registration.devices}
        from engine.runtime.ggml_devices import gpu_devices

        handles = [device.handle for device in gpu_devices()] + [device.handle for device in registration.devices]
        self._devices = (ctypes.c_void_p * (len(handles) + 1))(*handles, None)  # NULL-terminated; kept alive
        model_params.devices = ctypes.cast(self._devices, ctypes.c_void_p)
        if registration.devices and options.n_gpu_layers == AUTO_GPU_LAYERS:
            model_params.n_gpu_layers = -1  # every layer to the devices, split by their free memory

    def _layer_split(self) -> tuple[LayerShare, ...]:
        """How many layers each device holds, from llama.cpp's own load log, in the order of the layers."""
        from engine.runtime.ggml_devices import list_devices

        labels = {device.name: device.label for device in list_devices() if not device.is_remote}
        counts: dict[str, int] = {}
        for _layer, device in sorted(layer_record().items()):
            counts[device] = counts.get(device, 0) + 1
        return tuple(
            LayerShare(device, self._rpc_names.get(device) or labels.get(device, device), layers)
            for device, layers in counts.items()
        )

    def _offload(self, split: tuple[LayerShare, ...]) -> tuple[int, int, tuple[str, ...]]:
        """Where the layers run: llama.cpp offloads the last `n_gpu_layers` of n_layer + 1 (the
        output layer counts) to the GPUs, split by layer; nothing on a build without offload."""
        n_layers = int(llama_cpp.llama_model_n_layer(self._model)) + 1
        if split:  # what llama.cpp said it did
            on_gpus = [share for share in split if share.device != "CPU" and not share.remote]
            return sum(share.layers for share in on_gpus), n_layers, tuple(share.where for share in on_gpus)
        if not llama_cpp.llama_supports_gpu_offload():
            return 0, n_layers, ()
        from engine.runtime.ggml_devices import gpu_devices

        gpus = gpu_devices()
        requested = n_layers if self._requested_gpu_layers < 0 else self._requested_gpu_layers  # < 0: all
        placed = min(requested, n_layers) if gpus else 0
        return placed, n_layers, tuple(device.label for device in gpus) if placed else ()

    # --- tokens --------------------------------------------------------------------

    def tokenize(self, text: str, add_special: bool = True) -> list[int]:
        data = text.encode("utf-8")
        capacity = len(data) + 16
        buf = (llama_cpp.llama_token * capacity)()
        n = llama_cpp.llama_tokenize(self._vocab, data, len(data), buf, capacity, add_special, True)
        if n < 0:
            capacity = -n
            buf = (llama_cpp.llama_token * capacity)()
            n = llama_cpp.llama_tokenize(self._vocab, data, len(data), buf, capacity, add_special, True)
        tokens = list(buf[:n])
        bos = llama_cpp.llama_vocab_bos(self._vocab)
        # Templates often write the BOS text themselves; never feed it twice.
        if len(tokens) >= 2 and tokens[0] == bos and tokens[1] == bos:
            tokens = tokens[1:]
        return tokens

    def piece(self, token: int, special: bool = False) -> bytes:
        cache = self._special_piece_cache if special else self._piece_cache
        if token in cache:
            return cache[token]
        buf = ctypes.create_string_buffer(64)
        n = llama_cpp.llama_token_to_piece(self._vocab, token, buf, len(buf), 0, special)
        if n < 0:
            buf = ctypes.create_string_buffer(-n)
            n = llama_cpp.llama_token_to_piece(self._vocab, token, buf, len(buf), 0, special)
        data = buf.raw[:n]
        cache[token] = data
        return data

    def detokenize(self, tokens: Sequence[int]) -> str:
        """The text of `tokens`, special tokens written out, as the chat template writes them."""
        return b"".join(self.piece(t, special=True) for t in tokens).decode("utf-8", errors="replace")

    def bos_text(self) -> str:
        return self._token_text(llama_cpp.llama_vocab_bos(self._vocab))

    def is_end_of_generation(self, token: int) -> bool:
        return bool(llama_cpp.llama_vocab_is_eog(self._vocab, token))

    # --- context: sequence 0, for one-answer-at-a-time callers (the scheduler uses `sequences`) ---

    @property
    def handle(self) -> llama_cpp.llama_model_p:
        """llama.cpp's model: another context on the same weights (embedding.py) needs it."""
        return self._model

    @property
    def vocab(self) -> llama_cpp.llama_vocab_p:
        """llama.cpp's vocabulary of the model (a grammar sampler needs it)."""
        return self._vocab

    @property
    def memory(self) -> llama_cpp.llama_memory_t:
        return self._memory

    @property
    def context(self) -> llama_cpp.llama_context_p:
        return self._ctx

    @property
    def kv_tokens(self) -> list[int]:
        return self.sequences[0].kv_tokens

    @property
    def kv_bounds(self) -> list[int]:
        return self.sequences[0].kv_bounds

    @property
    def kv_floor(self) -> int:
        return self.sequences[0].kv_floor

    def reuse_prefix(self, prompt: list[int], segments: Sequence[int] | None = None) -> int:
        """Keep the longest valid shared prefix of sequence 0; return its length."""
        return self.sequences[0].reuse_prefix(prompt, segments)

    def reusable_prefix(self, prompt: Sequence[int], segments: Sequence[int] | None = None) -> int:
        return self.sequences[0].reusable_prefix(prompt, segments)

    def cut_back(self, length: int) -> None:
        self.sequences[0].cut_back(length)

    def clear(self) -> None:
        """Empty every sequence."""
        llama_cpp.llama_memory_clear(self._memory, True)
        for seq in self.sequences:
            seq.kv_tokens.clear()
            seq.kv_bounds.clear()
            seq.kv_floor = 0

    def decode(self, tokens: list[int]) -> None:
        """Read tokens into sequence 0 as one read (SequenceMemory.decode)."""
        self.sequences[0].decode(tokens)

    def decode_alone(self, seq_id: int, chunk: list[int], first_pos: int) -> None:
        """One llama_decode of up to n_batch tokens of one sequence, logits for the last."""
        if not self._decoded_once:
            trap_if_refused("decode", self.kernels)
            self._decoded_once = True
        self._chunk_batch.fill(chunk, first_pos, seq_id)
        rc = self._chunk_batch.decode(self._ctx)
        if rc == ABORTED:
            raise DecodeAbortedError(f"a read of {len(chunk)} tokens stopped part-way")
        if rc != 0:
            raise DecodeError(f"llama_decode returned {rc}")

    @contextlib.contextmanager
    def abortable(self, stop: Callable[[], bool]) -> Iterator[None]:
        """Reads inside stop part-way once `stop()` is true: llama.cpp's CPU backend asks after
        every graph node, so a long read yields to a new request within milliseconds. Only around
        idle housekeeping: the question costs a Python call per node."""
        callback = llama_cpp.ggml_abort_callback(lambda _data: bool(stop()))
        llama_cpp.llama_set_abort_callback(self._ctx, callback, None)
        try:
            yield
        finally:
            llama_cpp.llama_set_abort_callback(self._ctx, _NO_ABORT_CALLBACK, None)

    def decode_step(self, writing: Sequence[tuple[SequenceMemory, int]]) -> list[int] | None:
        """One llama_decode over one new token of each sequence in `writing` (continuous batching);
        the batch index of each one's logits, or None if llama.cpp found no room."""
        done = self.decode_mixed(writing, ())
        return None if done is None else done[0]

    def decode_mixed(
        self, writing: Sequence[tuple[SequenceMemory, int]], reading: Sequence[tuple[SequenceMemory, list[int]]]
    ) -> tuple[list[int], list[int]] | None:
        """One llama_decode over one new token of each writer and a chunk of each prompt being read
        (as llama-server batches them): the batch index of each writer's logits and of each chunk's
        last token, or None if llama.cpp found no room (nothing is kept then)."""
        batch = self._step_batch
        batch.clear()
        # In the order of their sequence ids: llama.cpp makes a ubatch of sequences that come in
        # consecutive order (split_equal), so writers 1, 2, 4 and a reader 3 take one pass, not three.
        writer_indices, chunk_ends = [0] * len(writing), [0] * len(reading)
        entries = [(seq.seq_id, w, seq, [token]) for w, (seq, token) in enumerate(writing)]
        entries += [(seq.seq_id, len(writing) + r, seq, chunk) for r, (seq, chunk) in enumerate(reading)]
        for _seq_id, which, seq, tokens in sorted(entries, key=lambda entry: entry[0]):
            first = len(seq.kv_tokens)
            for i, token in enumerate(tokens):
                index = batch.add(token, first + i, seq.seq_id, i == len(tokens) - 1)
            if which < len(writing):
                writer_indices[which] = index
            else:
                chunk_ends[which - len(writing)] = index
        if batch.decode(self._ctx) != 0:
            return None
        for seq, token in writing:
            seq.wrote(token)
        for seq, chunk in reading:
            seq.kv_tokens.extend(chunk)
        return writer_indices, chunk_ends

    def whole_only(self, n_tokens: int) -> bool:
        """Whether a saved memory of `n_tokens` tokens, once restored, can only be read on from its end
        (a sliding window past its size: see `SequenceMemory._keep_window`)."""
        return bool(0 < self.n_swa < n_tokens)

    # --- sequence state (prefix cache) --------------------------------------------------

    @property
    def can_cut_back(self) -> bool:
        """Whether the memory can be cut back to any earlier token: not so for recurrent models,
        nor for sliding-window ones with a window-sized cache. Ours is full-size (swa_full, llama.cpp's
        default): it keeps every token, masking those outside the window, so it can be cut back."""
        return not self.is_recurrent and (self.n_swa == 0 or bool(self._ctx_params.swa_full))

    def common_prefix(self, prompt: Sequence[int]) -> int:
        """How many leading prompt tokens sequence 0 holds now (without changing it)."""
        return self.sequences[0].common_prefix(prompt)

    def save_state(self) -> bytes:
        return self.sequences[0].save_state()

    def restore_state(self, tokens: tuple[int, ...], data: bytes, bounds: Sequence[int] = ()) -> bool:
        return self.sequences[0].restore_state(tokens, data, bounds)

    def cache_settings(self) -> tuple[int, int, int, bool]:
        """(type_k, type_v, flash_attn, swa_full): what a saved state also depends on."""
        p = self._ctx_params
        return int(p.type_k), int(p.type_v), int(p.flash_attn_type), bool(p.swa_full)

    def kv_bytes(self) -> int:
        """Bytes of key/value state every sequence holds right now."""
        return sum(seq.kv_bytes() for seq in self.sequences)

    # --- generation ----------------------------------------------------------------

    def generate(
        self, prompt: list[int], sampling: SamplingParams, *, preselect: bool = True
    ) -> Iterator[GenerationStep]:
        """Yield sampled tokens of sequence 0 until end-of-generation, max_tokens or a full context.

        The prompt must already be in the context except for what `prefill` adds.
        Stops silently; the caller reads `stop_reason`. `preselect=False` samples with
        llama.cpp's plain chain (engine/runtime/sampler.py), to check that the first cut changes nothing.
        """
        self.stop_reason = "max_tokens"
        seq = self.sequences[0]
        writing = [(seq, 0)]
        index = -1  # the logits of the last token read
        with sampler_chain(sampling, self.n_vocab, prompt, preselect=preselect) as chain:
            for _ in range(sampling.max_tokens):
                token = llama_cpp.llama_sampler_sample(chain, self._ctx, index)
                if self.is_end_of_generation(token):
                    self.stop_reason = "eog"
                    return
                yield GenerationStep(token, self.piece(token))
                if len(seq.kv_tokens) >= self.n_ctx:
                    self.stop_reason = "context_full"
                    return
                writing[0] = (seq, token)
                indices = self.decode_step(writing)
                if indices is None:
                    self.stop_reason = "context_full"
                    return
                index = indices[0]

    def check_fits(self, prompt: list[int]) -> None:
        if len(prompt) >= self.n_ctx:
            raise PromptTooLongError("context.too_long", tokens=len(prompt), n_ctx=self.n_ctx)

    def prefill(self, prompt: list[int]) -> int:
        """Make the context hold `prompt`; return how many tokens were already there."""
        self.check_fits(prompt)
        reused = self.reuse_prefix(prompt)
        self.decode(prompt[reused:])
        return reused

    def close(self) -> None:
        for batch in ("_chunk_batch", "_step_batch"):
            if getattr(self, batch, None) is not None:
                getattr(self, batch).close()
        if getattr(self, "_ctx", None):
            llama_cpp.llama_free(self._ctx)
            self._ctx = None
        if getattr(self, "_model", None):
            llama_cpp.llama_model_free(self._model)
            self._model = None
