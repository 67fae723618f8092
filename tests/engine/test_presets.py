"""Sampling presets: built-in values, matching a conversation's sampling to a preset name, defaults per model."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from engine.presets import (
    BUILTIN_PRESETS,
    DEFAULT_PRESET,
    PRESET_FIELDS,
    apply_preset,
    default_sampling_for_model,
    matching_preset,
    same_style,
)
from engine.protocol import API_ONLY_SAMPLING, SamplingParams


def test_builtin_presets_are_named_and_ordered_from_focused_to_varied() -> None:
    assert list(BUILTIN_PRESETS) == ["Precise", "Balanced", "Creative"]
    assert DEFAULT_PRESET in BUILTIN_PRESETS
    assert BUILTIN_PRESETS["Balanced"] == SamplingParams()
    temperatures = [p.temperature for p in BUILTIN_PRESETS.values()]
    assert temperatures == sorted(temperatures)
    precise, creative = BUILTIN_PRESETS["Precise"], BUILTIN_PRESETS["Creative"]
    assert precise.temperature <= 0.3
    assert precise.top_k < SamplingParams().top_k < creative.top_k
    assert precise.top_p < creative.top_p <= 1.0
    assert creative.min_p < SamplingParams().min_p
    assert 0.9 <= creative.temperature <= 1.2


def test_builtin_presets_leave_answer_length_and_seed_alone() -> None:
    for preset in BUILTIN_PRESETS.values():
        assert preset.max_tokens == SamplingParams().max_tokens
        assert preset.seed is None
        # The panel shows no field for the repeat window, so every preset keeps the default one.
        assert preset.repeat_last_n == SamplingParams().repeat_last_n


def test_builtin_presets_differ_from_each_other() -> None:
    presets = list(BUILTIN_PRESETS.values())
    for i, a in enumerate(presets):
        for b in presets[i + 1 :]:
            assert not same_style(a, b)


def test_preset_fields_are_every_sampling_field_but_length_and_seed() -> None:
    # The local API's own fields (penalties, logit bias, grammar, logprobs) are per request: no preset sets them.
    window_fields = {f.name for f in fields(SamplingParams)} - set(API_ONLY_SAMPLING)
    assert set(PRESET_FIELDS) == window_fields - {"max_tokens", "seed"}


@pytest.mark.parametrize("name", list(BUILTIN_PRESETS))
def test_each_builtin_preset_matches_itself(name: str) -> None:
    assert matching_preset(BUILTIN_PRESETS[name], {}) == name


def test_matching_ignores_answer_length_and_seed() -> None:
    sampling = replace(BUILTIN_PRESETS["Creative"], max_tokens=2048, seed=42)
    assert matching_preset(sampling, {}) == "Creative"


def test_matching_tolerates_spin_box_rounding_but_not_a_real_change() -> None:
    # 7 steps of 0.1 make 0.7000000000000001: what stepping a spin box up from 0 can give.
    rounded = replace(BUILTIN_PRESETS["Balanced"], temperature=0.1 * 7)
    assert rounded.temperature != 0.7
    assert matching_preset(rounded, {}) == "Balanced"
    assert matching_preset(replace(BUILTIN_PRESETS["Balanced"], temperature=0.71), {}) is None


@pytest.mark.parametrize(
    "change",
    [
        {"temperature": 0.5},
        {"top_k": 41},
        {"top_p": 0.9},
        {"min_p": 0.1},
        {"repeat_penalty": 1.0},
        {"repeat_last_n": 256},
    ],
)
def test_any_style_field_that_differs_means_custom(change: dict[str, float]) -> None:
    assert matching_preset(replace(SamplingParams(), **change), {}) is None


def test_user_presets_match_after_the_builtin_ones() -> None:
    mine = SamplingParams(temperature=0.4, top_k=30)
    user = {"Homework": mine, "Same as balanced": SamplingParams(max_tokens=1024)}
    assert matching_preset(mine, user) == "Homework"
    assert matching_preset(replace(mine, max_tokens=100), user) == "Homework"
    # A user preset with the same style as a built-in one: the built-in name wins.
    assert matching_preset(SamplingParams(), user) == "Balanced"


def test_user_presets_keep_their_order_when_two_match() -> None:
    style = SamplingParams(temperature=0.33)
    assert matching_preset(style, {"First": style, "Second": replace(style, seed=1)}) == "First"


def test_apply_preset_takes_the_style_and_keeps_length_and_seed() -> None:
    current = SamplingParams(temperature=0.5, max_tokens=2000, seed=7)
    applied = apply_preset(current, BUILTIN_PRESETS["Precise"])
    assert applied == replace(BUILTIN_PRESETS["Precise"], max_tokens=2000, seed=7)
    assert matching_preset(applied, {}) == "Precise"


def test_default_sampling_for_a_model() -> None:
    assert default_sampling_for_model(None) == BUILTIN_PRESETS[DEFAULT_PRESET]
    saved = SamplingParams(temperature=0.9, max_tokens=1000, seed=3)
    assert default_sampling_for_model(saved) is saved
