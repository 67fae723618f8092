"""llama.cpp's native sampler chain, built from our SamplingParams.

Sampling in C keeps the decode loop fast: Python only sees the chosen token id.
The order matches llama.cpp's own defaults: penalties, top-k, top-p, min-p,
temperature, then the random draw. In front of them goes a cheaper first cut (see
`preselect_size`) that leaves the chosen tokens exactly as they were.
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


def preselect_size(params: SamplingParams) -> int:
    """How many of the highest logits to keep before the repeat penalty; 0 for all of them.

    The penalty looks up every candidate in its history, so over the whole vocabulary it is
    most of the sampling time (0.2 of 0.37 ms a token on the starter model). A penalty above 1
    only ever lowers a logit, and it touches at most `repeat_last_n` distinct tokens, so the
    top k after it always lie within the top k + repeat_last_n before it: cutting there first
    changes nothing that top-k, top-p, min-p, temperature or the draw can see.
    """
    k = 1 if params.temperature <= 0.0 else params.top_k  # greedy is a top-1
    if k <= 0 or params.repeat_last_n <= 0 or params.repeat_penalty <= 1.0:
        # No top-k cut or no penalty (nothing to gain), a penalty over the whole context or a
        # boost (nothing to bound which tokens can rise into the top k).
        return 0
    return k + params.repeat_last_n


@contextmanager
def sampler_chain(
    params: SamplingParams, n_vocab: int, history: Sequence[int], *, preselect: bool = True
) -> Iterator[SamplerPointer]:
    """Yield a sampler chain primed with `history` (for the repeat penalty); freed on exit.

    `preselect=False` gives llama.cpp's plain chain (bench/decode.py's bare loop uses it)."""
    chain = llama_cpp.llama_sampler_chain_init(llama_cpp.llama_sampler_chain_default_params())
    add = llama_cpp.llama_sampler_chain_add
    try:
        first_cut = preselect_size(params) if preselect else 0
        if first_cut:
            add(chain, llama_cpp.llama_sampler_init_top_k(first_cut))
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
