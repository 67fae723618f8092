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
from dataclasses import replace

import llama_cpp

from engine.errors import UserError
from engine.prompt.tool_calls import calls_grammar, schema_names, triggers
from engine.protocol import SamplingParams

SamplerPointer = ctypes.c_void_p


class GrammarError(UserError):
    """llama.cpp could not parse the grammar an answer asked for."""


def resolve_seed(params: SamplingParams) -> int:
    return params.seed if params.seed is not None else random.randrange(0, 2**32 - 1)


def needs_grammar(params: SamplingParams) -> bool:
    return bool(params.grammar or params.json_schema or params.tool_call_schema)


def with_grammar(params: SamplingParams, vocab: llama_cpp.llama_vocab_p) -> SamplingParams:
    """`params` with its JSON schema or tool calls turned into a grammar that llama.cpp has parsed;
    GrammarError if it cannot be (checked before an answer takes a slot, so it fails with a sentence)."""
    if params.json_schema or params.tool_call_schema:
        from llama_cpp.llama_grammar import json_schema_to_gbnf

        try:
            if params.tool_call_schema:
                call = json_schema_to_gbnf(params.tool_call_schema)
                required = params.tool_call_required
                params = replace(
                    params,
                    grammar=calls_grammar(call, parallel=params.tool_calls_parallel, required=required),
                    grammar_triggers=() if required else triggers(schema_names(params.tool_call_schema)),
                    tool_call_schema="",
                )
            else:
                params = replace(params, grammar=json_schema_to_gbnf(params.json_schema), json_schema="")
        except (ValueError, KeyError, TypeError, RecursionError) as exc:
            raise GrammarError("engine.grammar_invalid") from exc
    if params.grammar:
        llama_cpp.llama_sampler_free(_grammar_sampler(params, vocab))
    return params


def _grammar_sampler(params: SamplingParams, vocab: llama_cpp.llama_vocab_p) -> SamplerPointer:
    """llama.cpp's grammar sampler for `params.grammar`: lazy (asleep until one of
    `grammar_triggers` matches the text written so far) where triggers are given."""
    grammar: SamplerPointer
    if params.grammar_triggers:
        count = len(params.grammar_triggers)
        patterns = (ctypes.c_char_p * count)(*(pattern.encode() for pattern in params.grammar_triggers))
        grammar = llama_cpp.llama_sampler_init_grammar_lazy_patterns(
            vocab, params.grammar.encode(), b"root", patterns, count, None, 0
        )
    else:
        grammar = llama_cpp.llama_sampler_init_grammar(vocab, params.grammar.encode(), b"root")
    if not grammar:
        raise GrammarError("engine.grammar_invalid")
    return grammar


def preselect_size(params: SamplingParams) -> int:
    """How many of the highest logits to keep before the repeat penalty; 0 for all of them.

    The penalty looks up every candidate in its history, so over the whole vocabulary it is
    most of the sampling time (0.2 of 0.37 ms a token on the starter model). A penalty above 1
    only ever lowers a logit, and it touches at most `repeat_last_n` distinct tokens, so the
    top k after it always lie within the top k + repeat_last_n before it: cutting there first
    changes nothing that top-k, top-p, min-p, temperature or the draw can see.
    """
    k = 1 if params.temperature <= 0.0 else params.top_k  # greedy is a top-1
    lowers_only = params.repeat_penalty >= 1.0 and params.frequency_penalty >= 0.0 and params.presence_penalty >= 0.0
    penalizes = params.repeat_penalty > 1.0 or params.frequency_penalty > 0.0 or params.presence_penalty > 0.0
    if k <= 0 or params.repeat_last_n <= 0 or not (lowers_only and penalizes):
        # No top-k cut or no penalty (nothing to gain), a penalty over the whole context or a
        # boost (nothing to bound which tokens can rise into the top k).
        return 0
    return k + params.repeat_last_n


@contextmanager
def sampler_chain(
    params: SamplingParams,
    n_vocab: int,
    history: Sequence[int],
    *,
    preselect: bool = True,
    vocab: llama_cpp.llama_vocab_p | None = None,
) -> Iterator[SamplerPointer]:
    """Yield a sampler chain primed with `history` (for the repeat penalty); freed on exit.

    `preselect=False` gives llama.cpp's plain chain (bench/decode.py's bare loop uses it).
    `vocab` is needed for a grammar (`params.grammar`)."""
    chain = llama_cpp.llama_sampler_chain_init(llama_cpp.llama_sampler_chain_default_params())
    add = llama_cpp.llama_sampler_chain_add
    try:
        if params.logit_bias:  # first, so that every cut below ranks the biased logits
            biases = (llama_cpp.llama_logit_bias * len(params.logit_bias))(
                *(llama_cpp.llama_logit_bias(token, bias) for token, bias in params.logit_bias)
            )
            add(chain, llama_cpp.llama_sampler_init_logit_bias(n_vocab, len(params.logit_bias), biases))
        if params.grammar:
            # Before any cut: the grammar must see every token, or the top k could all be refused.
            if vocab is None:
                raise ValueError("a grammar needs the model's vocabulary")
            add(chain, _grammar_sampler(params, vocab))
        first_cut = preselect_size(params) if preselect and not params.grammar else 0
        if first_cut:
            add(chain, llama_cpp.llama_sampler_init_top_k(first_cut))
        penalties = (params.repeat_penalty, params.frequency_penalty, params.presence_penalty)
        if penalties != (1.0, 0.0, 0.0) and params.repeat_last_n != 0:
            penalty = llama_cpp.llama_sampler_init_penalties(n_vocab, params.repeat_last_n, *penalties)
            # The penalty looks back over what the model already read, not only what it wrote. Only
            # it keeps a history: the grammar must not see the prompt.
            tail = history[-params.repeat_last_n :] if params.repeat_last_n > 0 else history
            for token in tail:
                llama_cpp.llama_sampler_accept(penalty, token)
            add(chain, penalty)
        if params.temperature <= 0.0:
            add(chain, llama_cpp.llama_sampler_init_greedy())
        else:
            add(chain, llama_cpp.llama_sampler_init_top_k(params.top_k))
            add(chain, llama_cpp.llama_sampler_init_top_p(params.top_p, 1))
            add(chain, llama_cpp.llama_sampler_init_min_p(params.min_p, 1))
            add(chain, llama_cpp.llama_sampler_init_temp(params.temperature))
            add(chain, llama_cpp.llama_sampler_init_dist(resolve_seed(params)))
        yield chain
    finally:
        llama_cpp.llama_sampler_free(chain)
