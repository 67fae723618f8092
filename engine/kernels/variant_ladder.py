"""The order a portable llama.cpp build's CPU variants fall back through, from their scores.

Each libggml-cpu-<variant>.so scores this processor (`ggml_backend_score`, read in a throwaway
process: engine/runtime/cpu_variants.py, engine/kernels/build_info.py): 0 where it would trap,
else higher the more instructions it uses. ggml loads the best; one that crashes anyway (a virtual
machine that advertises instructions it refuses) is set aside for the next one down. Pure
functions of the scores, so the window's process can decide without loading llama.cpp.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

VARIANT_ENV = "HEARTH_CPU_VARIANT"  # a variant's name ("haswell"): load that one instead of the best


def choose_variant(scores: Mapping[str, int], skip: Collection[str] = ()) -> str | None:
    """The variant ggml would pick (the highest score above 0), leaving out `skip`; None if none fits."""
    usable = {name: score for name, score in scores.items() if score > 0 and name not in skip}
    if not usable:
        return None
    return ranked_variants(usable)[0]


def ranked_variants(scores: Mapping[str, int]) -> list[str]:
    """The variants this processor runs, best first: the order a trapping one falls back through."""
    return sorted((name for name, score in scores.items() if score > 0), key=lambda n: (-scores[n], n))


def next_lower(current: str, scores: Mapping[str, int]) -> str | None:
    """The variant below `current` in `ranked_variants`, None where it is the last."""
    ranked = ranked_variants(scores)
    if current not in ranked:
        return ranked[0] if ranked else None
    index = ranked.index(current)
    return ranked[index + 1] if index + 1 < len(ranked) else None
