"""llama.cpp's native sampler chain, built from our SamplingParams.

Sampling in C keeps the decode loop fast: Python only sees the chosen token id.
The order matches llama.cpp's own defaults: penalties, top-k, top-p, min-p,
temperature, then the random draw.
"""

from __future__ import annotations

import ctypes
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import llama_cpp

from engine.protocol import SamplingParams

SamplerPointer = ctypes.c_void_p


def resolve_seed(params: SamplingParams) -> int:
    return params.seed if params.seed is not None else random.randrange(0, 2**32 - 1)


@contextmanager
def sampler_chain(params: SamplingParams, n_vocab: int, history: Sequence[int]) -> Iterator[SamplerPointer]:
    """Yield a sampler chain primed with `history` (for the repeat penalty); freed on exit."""
    chain = llama_cpp.llama_sampler_chain_init(llama_cpp.llama_sampler_chain_default_params())
    add = llama_cpp.llama_sampler_chain_add
    try:
        if params.repeat_penalty != 1.0 and params.repeat_last_n != 0:
            add(
                chain,
                llama_cpp.llama_sampler_init_penalties(n_vocab, params.repeat_last_n, params.repeat_penalty, 0.0, 0.0),
            )
        if params.temperature <= 0.0:
            add(chain, llama_cpp.llama_sampler_init_greedy())
        else:
            add(chain, llama_cpp.llama_sampler_init_top_k(params.top_k))
            add(chain, llama_cpp.llama_sampler_init_top_p(params.top_p, 1))
            add(chain, llama_cpp.llama_sampler_init_min_p(params.min_p, 1))
            add(chain, llama_cpp.llama_sampler_init_temp(params.temperature))
            add(chain, llama_cpp.llama_sampler_init_dist(resolve_seed(params)))
        # The penalty looks back over what the model already read, not only what it wrote.
        tail = history[-params.repeat_last_n :] if params.repeat_last_n > 0 else history
        for token in tail:
            llama_cpp.llama_sampler_accept(chain, token)
        yield chain
    finally:
        llama_cpp.llama_sampler_free(chain)
