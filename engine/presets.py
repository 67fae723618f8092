"""Sampling presets: named sets of sampling values a user picks instead of tuning numbers.

A preset describes the *style* of an answer: how adventurous the model is (temperature, top-k,
top-p, min-p) and how hard it avoids repeating itself (repeat penalty and window). It does not
cover the answer length (`max_tokens`) or the random `seed`: those are the user's choices for the
conversation, so applying a preset keeps them, and comparing against a preset ignores them. That
way "Creative" stays "Creative" when the user asks for longer answers or pins a seed.

The built-in values follow what LM Studio, Ollama and llama.cpp users are used to; "Balanced" is
`SamplingParams()`, the engine's defaults.
"""

from __future__ import annotations

import logging
import math
from dataclasses import replace

from engine.protocol import SamplingParams

logger = logging.getLogger(__name__)

# The SamplingParams fields a preset sets; the others (max_tokens, seed) belong to the conversation.
PRESET_FIELDS: tuple[str, ...] = ("temperature", "top_k", "top_p", "min_p", "repeat_penalty", "repeat_last_n")

# The repeat window (repeat_last_n) is the same in every built-in preset: the panel has no field for it, and
# a difference the user cannot see would turn a preset into "Custom" for no visible reason.
BUILTIN_PRESETS: dict[str, SamplingParams] = {
    # Focused and repeatable: facts, summaries, code. Temperature stays above 0 so a small model
    # that falls into a loop can still get out of it; the repeat penalty helps with that too.
    "Precise": SamplingParams(temperature=0.2, top_k=20, top_p=0.9, min_p=0.05, repeat_penalty=1.1),
    "Balanced": SamplingParams(),
    # Varied and surprising: stories, brainstorming. min-p keeps the wildest words out at high temperature.
    "Creative": SamplingParams(temperature=1.0, top_k=100, top_p=0.98, min_p=0.02, repeat_penalty=1.15),
}

DEFAULT_PRESET = "Balanced"

# Spin boxes round to two decimals; a value read back from one must still match its preset.
_TOLERANCE = 1e-6


def same_style(a: SamplingParams, b: SamplingParams) -> bool:
    """Whether `a` and `b` agree on every preset field (max_tokens and seed are not compared)."""
    for name in PRESET_FIELDS:
        x, y = getattr(a, name), getattr(b, name)
        if isinstance(x, float) or isinstance(y, float):
            if not math.isclose(float(x), float(y), rel_tol=0.0, abs_tol=_TOLERANCE):
                return False
        elif x != y:
            return False
    return True


def apply_preset(current: SamplingParams, preset: SamplingParams) -> SamplingParams:
    """`current` with the preset's style; the answer length and seed stay as they were."""
    return replace(current, **{name: getattr(preset, name) for name in PRESET_FIELDS})


def matching_preset(sampling: SamplingParams, user_presets: dict[str, SamplingParams]) -> str | None:
    """The name of the preset whose style equals `sampling`, or None ("Custom").

    Built-in presets are checked first, then the user's in their given order; max_tokens and seed
    are ignored (see the module docstring).
    """
    for name, preset in BUILTIN_PRESETS.items():
        if same_style(sampling, preset):
            return name
    for name, preset in user_presets.items():
        if same_style(sampling, preset):
            return name
    return None


def default_sampling_for_model(model_default: SamplingParams | None) -> SamplingParams:
    """What a new conversation with a model starts with: the user's default for it, else the default preset."""
    if model_default is not None:
        return model_default
    return BUILTIN_PRESETS[DEFAULT_PRESET]
