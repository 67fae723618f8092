"""A llama model with random weights and a real tokenizer, written on the spot (never committed or carried).

Big enough that GPU and CPU speeds differ as they do on real models: by default TinyLlama-1.1B's shape
(22 layers of width 2048, grouped-query attention, SwiGLU 5632) with SmolLM2's 49k-token vocabulary,
1.17 B parameters, 0.66 GB in Q4_0. The weights are normal noise quantized by the `gguf` package's own
numpy quantizers, spread over every core (about 3 s on 16). The tokenizer (and chat template) come from
any GGUF that has one: the starter model, or the small metadata-only extract that travels to a GPU machine
(`extract_tokenizer`). The output rows of the control tokens are zero, so greedy answers never end early:
an answer runs to max_tokens, which keeps timings comparable.

    python -m tests.gpu.random_model OUT.gguf --tokenizer TOKENIZER.gguf [--layers 22] [--jobs N]
    python -m tests.gpu.random_model --extract-tokenizer STARTER.gguf TOKENIZER.gguf
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TOKEN_TYPE_CONTROL = 3  # llama.cpp's LLAMA_TOKEN_TYPE_CONTROL, as gguf writes tokenizer.ggml.token_type
CHUNK_ELEMENTS = 8 * 1024 * 1024  # one task's share: tensors are quantized in row blocks of about this size
WEIGHT_STD = 0.02


@dataclass(frozen=True)
class Shape:
    n_layer: int = 22
    n_embd: int = 2048
    n_ff: int = 5632
    n_head: int = 32
    n_head_kv: int = 4
    context_length: int = 4096

    @property
    def head_dim(self) -> int:
        return self.n_embd // self.n_head

    def tensors(self, n_vocab: int) -> Iterator[tuple[str, tuple[int, ...]]]:
        """(name, numpy shape) of every tensor, in the order llama.cpp's converters write them."""
        kv = self.n_head_kv * self.head_dim
        yield "token_embd.weight", (n_vocab, self.n_embd)
        for i in range(self.n_layer):
            yield f"blk.{i}.attn_norm.weight", (self.n_embd,)
            yield f"blk.{i}.attn_q.weight", (self.n_embd, self.n_embd)
            yield f"blk.{i}.attn_k.weight", (kv, self.n_embd)
            yield f"blk.{i}.attn_v.weight", (kv, self.n_embd)
            yield f"blk.{i}.attn_output.weight", (self.n_embd, self.n_embd)
            yield f"blk.{i}.ffn_norm.weight", (self.n_embd,)
            yield f"blk.{i}.ffn_gate.weight", (self.n_ff, self.n_embd)
            yield f"blk.{i}.ffn_up.weight", (self.n_ff, self.n_embd)
            yield f"blk.{i}.ffn_down.weight", (self.n_embd, self.n_ff)
        yield "output_norm.weight", (self.n_embd,)
        yield "output.weight", (n_vocab, self.n_embd)

    def n_params(self, n_vocab: int) -> int:
        total = 0
        for _name, shape in self.tensors(n_vocab):
            count = 1
            for n in shape:
                count *= n
            total += count
        return total


@dataclass(frozen=True)
class Tokenizer:
    fields: tuple[tuple[str, Any, Any, Any], ...]  # (key, value, GGUFValueType, array sub-type or None)
    n_vocab: int
    control_tokens: tuple[int, ...]


def read_tokenizer(source: Path) -> Tokenizer:
    """Every tokenizer.* field of a GGUF (vocabulary, merges, token types, special ids, chat template)."""
    import gguf

    reader = gguf.GGUFReader(source)
    fields = []
    n_vocab = 0
    control: tuple[int, ...] = ()
    for key, field in reader.fields.items():
        if not key.startswith("tokenizer."):
            continue
        value = field.contents()
        main = field.types[0]
        sub = field.types[-1] if main == gguf.GGUFValueType.ARRAY else None
        fields.append((key, value, main, sub))
        if key == "tokenizer.ggml.tokens":
            n_vocab = len(value)
        elif key == "tokenizer.ggml.token_type":
            control = tuple(i for i, kind in enumerate(value) if kind == TOKEN_TYPE_CONTROL)
    if not n_vocab:
        raise ValueError(f"{source} has no tokenizer.ggml.tokens")
    return Tokenizer(tuple(fields), n_vocab, control)


def _add_tokenizer(writer: Any, tokenizer: Tokenizer) -> None:
    for key, value, main, sub in tokenizer.fields:
        writer.add_key_value(key, value, main, sub_type=sub)


def extract_tokenizer(source: Path, target: Path) -> Path:
    """A GGUF holding only `source`'s tokenizer (a few MB instead of the model): what travels."""
    import gguf

    tokenizer = read_tokenizer(source)
    target.parent.mkdir(parents=True, exist_ok=True)
    writer = gguf.GGUFWriter(target, "llama")
    writer.add_name(f"tokenizer of {source.name}")
    _add_tokenizer(writer, tokenizer)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return target


Task = tuple[tuple[int, ...], int, int, int, str]  # (tensor shape, first row, end row, seed, quant type)


def _quantized_rows(task: Task) -> Any:
    """Rows [start, stop) of one tensor: normal noise (its own seed, so any split gives the same file),
    quantized by gguf's numpy quantizer. Runs in a worker process."""
    import numpy as np
    from gguf import GGMLQuantizationType, quants

    shape, start, stop, seed, quant = task
    rng = np.random.default_rng([seed, start])
    block = rng.standard_normal((stop - start, *shape[1:]), dtype=np.float32)
    block *= WEIGHT_STD
    return quants.quantize(block, GGMLQuantizationType[quant])


def _tasks(shape: tuple[int, ...], seed: int, quant: str) -> list[Task]:
    rows = shape[0]
    per_row = max(1, int(CHUNK_ELEMENTS // max(1, shape[1])))
    return [(shape, start, min(rows, start + per_row), seed, quant) for start in range(0, rows, per_row)]


def write_random_llama(
    target: Path,
    tokenizer_source: Path,
    *,
    shape: Shape | None = None,
    quant: str = "Q4_0",
    jobs: int | None = None,
    seed: int = 1234,
) -> Path:
    """Write the model to `target`; the same arguments always give the same file."""
    import gguf
    import numpy as np

    shape = shape or Shape()
    tokenizer = read_tokenizer(tokenizer_source)
    qtype = gguf.GGMLQuantizationType[quant]
    file_type = {"Q4_0": gguf.LlamaFileType.MOSTLY_Q4_0, "Q8_0": gguf.LlamaFileType.MOSTLY_Q8_0}[quant]
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".part")
    writer = gguf.GGUFWriter(partial, "llama")
    params = shape.n_params(tokenizer.n_vocab)
    writer.add_name(f"Hearth GPU check, random weights, {params / 1e9:.2f}B {quant}")
    writer.add_context_length(shape.context_length)
    writer.add_embedding_length(shape.n_embd)
    writer.add_block_count(shape.n_layer)
    writer.add_feed_forward_length(shape.n_ff)
    writer.add_rope_dimension_count(shape.head_dim)
    writer.add_head_count(shape.n_head)
    writer.add_head_count_kv(shape.n_head_kv)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_rope_freq_base(10000.0)
    writer.add_vocab_size(tokenizer.n_vocab)
    writer.add_file_type(file_type)
    writer.add_quantization_version(gguf.GGML_QUANT_VERSION)
    _add_tokenizer(writer, tokenizer)

    tensors = list(shape.tensors(tokenizer.n_vocab))
    matrices = [(index, name, dims) for index, (name, dims) in enumerate(tensors) if len(dims) == 2]
    work = [(index, task) for index, _name, dims in matrices for task in _tasks(dims, seed + index, quant)]
    # Spawned workers: a test process may already run llama.cpp's threads, and forking those is unsafe.
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1, mp_context=spawn) as pool:
        results = list(pool.map(_quantized_rows, [task for _index, task in work], chunksize=1))
    pieces: dict[int, list[Any]] = {}
    for (index, _task), data in zip(work, results, strict=True):
        pieces.setdefault(index, []).append(data)
    for index, (name, dims) in enumerate(tensors):
        if len(dims) == 1:
            writer.add_tensor(name, np.ones(dims, dtype=np.float32))
            continue
        data = np.concatenate(pieces.pop(index))
        if name == "output.weight" and tokenizer.control_tokens:
            # A zero row gives a zero logit, far below the largest of 49k noisy ones: never picked greedily.
            zero = gguf.quants.quantize(np.zeros((1, dims[1]), dtype=np.float32), qtype)
            data[list(tokenizer.control_tokens)] = zero
        writer.add_tensor(name, data, raw_dtype=qtype)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    partial.replace(target)
    return target


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("output", type=Path, nargs="?")
    parser.add_argument("--tokenizer", type=Path, help="any GGUF with a tokenizer (default: the starter model)")
    parser.add_argument("--layers", type=int, default=Shape().n_layer)
    parser.add_argument("--quant", choices=("Q4_0", "Q8_0"), default="Q4_0")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    parser.add_argument("--extract-tokenizer", nargs=2, type=Path, metavar=("SOURCE", "TARGET"))
    args = parser.parse_args(argv)
    if args.extract_tokenizer:
        source, target = args.extract_tokenizer
        extract_tokenizer(source, target)
        print(f"{target}: {target.stat().st_size / 1e6:.1f} MB, the tokenizer of {source.name}")
        return 0
    if args.output is None:
        parser.error("give the output path")
    tokenizer = args.tokenizer
    if tokenizer is None:
        from engine.models.starter_model import starter_model_path

        tokenizer = starter_model_path()
    started = time.monotonic()
    shape = Shape(n_layer=args.layers)
    write_random_llama(args.output, tokenizer, shape=shape, quant=args.quant, jobs=args.jobs)
    n_vocab = read_tokenizer(tokenizer).n_vocab
    print(
        f"{args.output}: {shape.n_params(n_vocab) / 1e9:.2f} B parameters, {args.quant}, "
        f"{args.output.stat().st_size / 1e9:.2f} GB, written in {time.monotonic() - started:.1f} s "
        f"with {args.jobs or os.cpu_count()} processes"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
