"""A model's shape (layers, heads, head sizes, sliding window) from its GGUF metadata.

The shape is what the KV cache's size depends on. Built from the metadata keys llama.cpp reads
(`{arch}.block_count`, `{arch}.attention.head_count_kv`, ...), with llama.cpp's own defaults where a key
is missing, so the estimate matches what llama.cpp will allocate.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import UserError

# Which layers use the sliding window, for architectures whose GGUF carries only the window size:
# (pattern, dense_first) as in llama.cpp's models/*.cpp `load_swa_pattern(ml, pattern, dense_first)`.
# With dense_first false, layer il slides unless il % pattern == pattern - 1 (Gemma 3: 5 local, 1 global).
_SWA_PATTERNS: dict[str, tuple[int, bool]] = {
    "gemma2": (2, False),
    "gemma3": (6, False),
    "gemma3n": (5, False),
    "gemma-embedding": (6, False),
    "cohere2": (4, False),
    "cohere2moe": (4, True),
    "afmoe": (4, False),
    "exaone4": (4, False),
    "exaone-moe": (4, False),
    "llama4": (4, False),
    "olmo2": (4, False),
    "gpt-oss": (2, False),
    "smallthinker": (4, True),
    "plamo3": (8, False),
    "mellum": (4, False),
    "laguna": (4, True),
}


class ModelShapeError(UserError):
    """The metadata lacks what a size estimate needs."""


@dataclass(frozen=True)
class ModelShape:
    architecture: str
    n_layer: int
    n_embd: int
    n_head: int
    n_head_kv: tuple[int, ...]  # per layer (a GGUF may give one number for all, or an array)
    key_length: int  # per head; llama.cpp's default is n_embd / n_head
    value_length: int
    context_length: int  # the context the model was trained for
    n_vocab: int
    n_ff: int = 0  # feed-forward width (largest layer)
    sliding_window: int = 0  # tokens a sliding-window layer sees; 0: none
    swa_layers: tuple[bool, ...] = ()  # per layer: True where the layer uses the sliding window
    key_length_swa: int | None = None  # some models use other head sizes in sliding-window layers
    value_length_swa: int | None = None
    n_params: int | None = None

    @property
    def max_head_kv(self) -> int:
        return max(self.n_head_kv, default=0)

    def is_swa(self, layer: int) -> bool:
        return bool(self.swa_layers) and self.swa_layers[layer]

    def head_sizes(self, layer: int) -> tuple[int, int]:
        """(key, value) elements per KV head in this layer."""
        if self.is_swa(layer):
            return (self.key_length_swa or self.key_length, self.value_length_swa or self.value_length)
        return self.key_length, self.value_length

    @classmethod
    def from_metadata(cls, metadata: Mapping[str, Any], *, n_params: int | None = None) -> ModelShape:
        """Build from GGUF metadata (engine.models.gguf_header's `metadata`, or any key -> value mapping).

        Raises ModelShapeError when the architecture or the layer count is missing."""
        arch = metadata.get("general.architecture")
        if not isinstance(arch, str) or not arch:
            raise ModelShapeError("model_shape.no_architecture")

        def key(name: str) -> Any:
            return metadata.get(f"{arch}.{name}")

        n_layer = _as_int(key("block_count"))
        if not n_layer:
            raise ModelShapeError("model_shape.no_layer_count", architecture=arch)
        n_embd = _as_int(key("embedding_length"))
        n_head = _as_int(key("attention.head_count"))
        # llama.cpp: head_count_kv defaults to head_count (no grouped-query attention).
        head_kv = key("attention.head_count_kv")
        n_head_kv = _per_layer(head_kv if head_kv is not None else n_head, n_layer)
        head_dim = n_embd // n_head if n_head else 0
        key_length = _as_int(key("attention.key_length")) or head_dim
        value_length = _as_int(key("attention.value_length")) or head_dim
        window = _as_int(key("attention.sliding_window"))
        if arch == "llama4" and key("attention.sliding_window") is None:
            window = 8192  # llama.cpp's chunked attention default for Llama 4
        swa_layers = _swa_layers(arch, n_layer, window, key("attention.sliding_window_pattern"))
        n_vocab = _as_int(key("vocab_size")) or _as_int(metadata.get("tokenizer.ggml.tokens"))
        return cls(
            architecture=arch,
            n_layer=n_layer,
            n_embd=n_embd,
            n_head=n_head,
            n_head_kv=n_head_kv,
            key_length=key_length,
            value_length=value_length,
            context_length=_as_int(key("context_length")),
            n_vocab=n_vocab,
            n_ff=_as_int(key("feed_forward_length")),
            sliding_window=window if any(swa_layers) else 0,
            swa_layers=swa_layers,
            key_length_swa=_as_int(key("attention.key_length_swa")) or None,
            value_length_swa=_as_int(key("attention.value_length_swa")) or None,
            n_params=n_params,
        )


def _as_int(value: Any) -> int:
    """A scalar key as int; a list (gguf_header keeps small arrays) or a missing key as its largest value or 0."""
    if isinstance(value, Sequence) and not isinstance(value, str):
        return max((int(v) for v in value), default=0)
    if isinstance(value, int | float):
        return int(value)
    return 0


def _per_layer(value: Any, n_layer: int) -> tuple[int, ...]:
    if isinstance(value, Sequence) and not isinstance(value, str):
        values = [int(v) for v in value]
        if len(values) == n_layer:
            return tuple(values)
        return (max(values, default=0),) * n_layer
    return (_as_int(value),) * n_layer


def _swa_layers(arch: str, n_layer: int, window: int, pattern_key: Any) -> tuple[bool, ...]:
    """Per layer: whether it uses the sliding window (llama.cpp's load_swa_pattern)."""
    if window <= 0:
        return (False,) * n_layer
    if isinstance(pattern_key, Sequence) and not isinstance(pattern_key, str) and len(pattern_key) == n_layer:
        return tuple(bool(v) for v in pattern_key)  # an explicit per-layer list
    if arch not in _SWA_PATTERNS and not isinstance(pattern_key, int):
        # An architecture llama.cpp runs without a sliding window (e.g. Mistral 7B v0.1 declares one):
        # every layer keeps the whole context, which is also the safe side of an estimate.
        return (False,) * n_layer
    pattern, dense_first = _SWA_PATTERNS.get(arch, (0, False))
    if isinstance(pattern_key, int):
        pattern = pattern_key
    if pattern == 0:
        return (True,) * n_layer
    if dense_first:
        return tuple(il % pattern != 0 for il in range(n_layer))
    return tuple(il % pattern < pattern - 1 for il in range(n_layer))
