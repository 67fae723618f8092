"""Quantization labels from GGUF file names, and what they mean in plain words.

Hub repos name their files after llama.cpp's quantization types: `Llama-3.2-1B-Instruct-Q4_K_M.gguf`,
`gemma-3-270m-it-IQ4_XS.gguf`, `model-bf16-00001-of-00002.gguf`. The name is the only place a file list
tells us the quantization without downloading the header.
"""

from __future__ import annotations

import re

EXPLANATION = (
    "Each file is the same model stored at a different precision (quantization): "
    "smaller files need less memory and run faster, at a small cost in quality."
)

# llama.cpp's type names (ggml/include/ggml.h, tools/quantize): Q4_K_M, IQ2_XXS, Q4_0_4_4, TQ1_0, MXFP4, BF16, ...
_QUANT = re.compile(
    r"(?<![A-Za-z0-9])("
    r"I?Q[1-8]_(?:K(?:_(?:XXS|XS|S|M|L|XL|XXL))?|[01](?:_[48]_[48])?|XXS|XS|S|M|L|NL)"
    r"|TQ[12]_0|MXFP4(?:_MOE)?|BF16|F16|FP16|F32|FP32"
    r")(?![A-Za-z0-9])",
    re.IGNORECASE,
)

# Approximate bits per weight (llama.cpp's quantize table): orders labels from largest to smallest.
_BITS = {
    "F32": 32.0,
    "F16": 16.0,
    "BF16": 16.0,
    "Q8_0": 8.5,
    "Q6_K": 6.6,
    "Q5_1": 6.0,
    "Q5_K_M": 5.7,
    "Q5_K_S": 5.5,
    "Q5_0": 5.5,
    "Q4_1": 5.0,
    "Q4_K_M": 4.9,
    "MXFP4": 4.25,
    "Q4_K_S": 4.6,
    "IQ4_NL": 4.5,
    "Q4_0": 4.5,
    "IQ4_XS": 4.25,
    "Q3_K_L": 4.3,
    "Q3_K_M": 3.9,
    "IQ3_M": 3.7,
    "IQ3_S": 3.4,
    "Q3_K_S": 3.4,
    "IQ3_XS": 3.3,
    "IQ3_XXS": 3.1,
    "Q2_K": 2.6,
    "IQ2_M": 2.7,
    "IQ2_S": 2.5,
    "IQ2_XS": 2.3,
    "IQ2_XXS": 2.1,
    "TQ2_0": 2.1,
    "IQ1_M": 1.75,
    "TQ1_0": 1.7,
    "IQ1_S": 1.56,
}

_HINTS = (
    (("F32", "F16", "BF16"), "full precision: the largest files, the original quality"),
    (("Q8_0",), "almost the original quality, large"),
    (("Q6_K",), "very close to the original quality"),
    (("Q5_",), "high quality, a little larger"),
    (("Q4_K_M",), "a good balance of size and quality"),
    (("Q4_", "IQ4_", "MXFP4"), "small, good quality"),
    (("Q3_", "IQ3_"), "smaller, noticeably lower quality"),
    (("Q2_", "IQ2_", "IQ1_", "TQ"), "the smallest, much lower quality: only when nothing else fits"),
)


UNNAMED_HINT = "quantization not named in the file name"
UNCOMMON_HINT = "a less common quantization"
# Every hint quant_hint can give (the window translates each one: app/models/quant_hints.py).
ALL_HINTS = (*(hint for _prefixes, hint in _HINTS), UNNAMED_HINT, UNCOMMON_HINT)


def quant_label(path: str) -> str | None:
    """The quantization named in a file path (upper case, FP16 -> F16), or None.

    The file name wins over folder names; in a name, the last match wins (`Q8_0-Q4_K_M` is Q4_K_M)."""
    for part in reversed(path.split("/")):
        matches = _QUANT.findall(part)
        if matches:
            label = str(matches[-1]).upper()
            return {"FP16": "F16", "FP32": "F32"}.get(label, label)
    return None


def quant_hint(label: str | None) -> str:
    """A few words on what a quantization level means for the user."""
    if label is None:
        return UNNAMED_HINT
    for prefixes, hint in _HINTS:
        if any(label.startswith(p) for p in prefixes):
            return hint
    return UNCOMMON_HINT


def bits_per_weight(label: str | None) -> float | None:
    """Roughly how many bits each weight takes at this level (None when unknown)."""
    if label is None:
        return None
    if label in _BITS:
        return _BITS[label]
    match = re.match(r"I?Q(\d)", label)
    return float(match.group(1)) + 0.5 if match else None
