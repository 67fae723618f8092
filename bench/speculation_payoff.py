#!/usr/bin/env python
"""Would prompt-lookup speculative decoding pay on this machine? Batch cost against draft acceptance.

Speculation is the one way to decode faster than one llama_decode call per token
(bench/decode_lockstep.py's ceiling). With exact sampling, a drafted token counts only when it is
the token the sampler draws anyway, and checking it costs a batch of 2 instead of 1. So:

  batch cost  llama_decode of 2 and 3 tokens against 1 at the same position, paired, alternating
              order, 300 times; the median ratio. On a compute-bound CPU it nears 2.
  acceptance  Hearth's own answers (256 tokens, temperature 0.7, seed 1) to four everyday prompts;
              at each step, a prompt-lookup draft (the tokens that followed the last earlier match
              of the latest 3, 2 or 1 tokens, in the prompt or the answer so far) and whether its
              first token is the one the model wrote next.

Payoff per drafted step = (1 + acceptance) / cost of a batch of 2: above 1, speculation helps.

Run:  python bench/speculation_payoff.py
"""

from __future__ import annotations

import sys
import time

import llama_cpp
from _common import SEED, TEMPERATURE, median, quiet_llama_logs

from engine.models.starter_model import starter_model_path
from engine.protocol import ChatMessage, LoadOptions, SamplingParams
from engine.runtime.llama_runtime import LlamaModel

PROMPTS = (
    "Explain in great detail how a computer works, from transistors to operating systems. Write at least 1000 words.",
    "Write a Python function that checks whether a string is a palindrome, and explain it.",
    "Summarise this: The quick brown fox jumps over the lazy dog. The dog did not move. The fox ran away into "
    "the forest, and the dog went back to sleep.",
    "What are three good habits for staying healthy?",
)
ANSWER_TOKENS = 256
BATCH_TRIALS = 300


def lookup_draft(context: list[int], longest: int = 3, size: int = 4) -> list[int]:
    """The tokens that followed the most recent earlier occurrence of the context's last n tokens."""
    for n in range(longest, 0, -1):
        if len(context) <= n:
            continue
        key = context[-n:]
        for start in range(len(context) - n - 1, -1, -1):
            if context[start : start + n] == key:
                return context[start + n : start + n + size]
    return []


def acceptance(model: LlamaModel) -> tuple[int, int, int]:
    """(steps, steps with a draft, drafts whose first token was right) over PROMPTS."""
    steps = drafted = right = 0
    for text in PROMPTS:
        prompt = model.tokenize(model.template.render((ChatMessage("user", text),)), add_special=True)
        model.clear()
        model.prefill(prompt)
        sampling = SamplingParams(temperature=TEMPERATURE, seed=SEED, max_tokens=ANSWER_TOKENS)
        answer = [step.token for step in model.generate(prompt, sampling)]
        context = list(prompt)
        these = [0, 0, 0]
        for token in answer:
            draft = lookup_draft(context)
            these[0] += 1
            if draft:
                these[1] += 1
                these[2] += draft[0] == token
            context.append(token)
        print(
            f"  {len(answer):>3} tokens: a draft at {these[1] / these[0]:.0%} of steps, its first token right "
            f"in {these[2] / max(these[1], 1):.0%} of them  ({text[:40]}...)"
        )
        steps, drafted, right = steps + these[0], drafted + these[1], right + these[2]
    return steps, drafted, right


def batch_cost(model: LlamaModel) -> dict[int, float]:
    """Median time of a batch of k tokens over one token, read at the same position."""
    model.clear()
    model.decode(model.tokenize("Tell me about the sea.", add_special=True))
    held = len(model.kv_tokens)
    times: dict[int, list[float]] = {1: [], 2: [], 3: []}
    for trial in range(BATCH_TRIALS):
        for k in (1, 2, 3) if trial % 2 else (3, 2, 1):
            llama_cpp.llama_memory_seq_rm(model._memory, 0, held, -1)
            tokens = (llama_cpp.llama_token * k)(*([1000] * k))
            started = time.perf_counter()
            llama_cpp.llama_decode(model._ctx, llama_cpp.llama_batch_get_one(tokens, k))
            times[k].append(time.perf_counter() - started)
    return {k: median([a / b for a, b in zip(times[k], times[1], strict=True)]) for k in (2, 3)}


def main() -> int:
    quiet_llama_logs()
    model = LlamaModel(LoadOptions(str(starter_model_path()), n_ctx=4096, n_threads=2, n_batch=512))
    try:
        print(f"speculation payoff: {starter_model_path().name}, 2 threads")
        print("prompt-lookup drafts against what the model wrote:")
        steps, drafted, right = acceptance(model)
        cost = batch_cost(model)
    finally:
        model.close()
    accepted = right / max(drafted, 1)
    print(f"drafts at {drafted / steps:.0%} of {steps} steps; first draft token right in {accepted:.0%} of drafts")
    print(f"a batch of 2 costs {cost[2]:.2f}x one token, a batch of 3 {cost[3]:.2f}x")
    payoff = (1 + accepted) / cost[2]
    print(
        f"payoff per drafted step: {payoff:.2f}x ({'faster' if payoff > 1 else 'slower'} than one token at a time); "
        f"break-even needs {cost[2] - 1:.0%} of first draft tokens right"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
