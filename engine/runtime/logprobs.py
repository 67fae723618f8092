"""Log-probabilities of a written token and of its likeliest alternatives, from its logits.

Only for answers that ask (the local API's logprobs): a softmax over the whole vocabulary costs
about a millisecond a token with numpy, which llama-cpp-python already depends on.
"""

from __future__ import annotations

import llama_cpp
import numpy as np

from engine.protocol import TokenLogprob
from engine.runtime.llama_runtime import LlamaModel


def token_logprob(model: LlamaModel, logits_index: int, token: int, top: int) -> TokenLogprob:
    pointer = llama_cpp.llama_get_logits_ith(model.context, logits_index)
    logits = np.ctypeslib.as_array(pointer, shape=(model.n_vocab,)).astype(np.float64)
    peak = float(logits.max())
    log_total = peak + float(np.log(np.exp(logits - peak).sum()))
    alternatives: list[tuple[str, tuple[int, ...], float]] = []
    if top > 0:
        best = np.argpartition(-logits, top)[:top]
        for candidate in sorted(best.tolist(), key=lambda t: -logits[t]):
            piece = model.piece(int(candidate))
            alternatives.append((piece.decode("utf-8", "replace"), tuple(piece), float(logits[candidate]) - log_total))
    piece = model.piece(token)
    return TokenLogprob(
        token, piece.decode("utf-8", "replace"), tuple(piece), float(logits[token]) - log_total, tuple(alternatives)
    )
