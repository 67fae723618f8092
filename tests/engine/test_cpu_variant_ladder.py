"""The kernel policy's last way down on a portable build: a CPU variant that traps even on the
safe kernels is set aside for the next one down, remembered, and said in one sentence.

The scores here are those the portable build gave on an AMD EPYC (Zen 4); tests/packaging/
test_portable_llama.py runs the same ladder on the real portable build, engine and all.
"""

from __future__ import annotations

import signal

import pytest

from engine.errors import message
from engine.kernels import remembered
from engine.kernels.machine import this_machine
from engine.kernels.policy import KernelPolicy
from engine.kernels.variant_ladder import VARIANT_ENV

ZEN4 = {"x64": 1, "sse42": 7, "sandybridge": 31, "haswell": 127, "icelake": 2047, "zen4": 4095, "sapphirerapids": 0}
SIGILL = -signal.SIGILL


@pytest.fixture(autouse=True)
def first_start(monkeypatch: pytest.MonkeyPatch) -> None:
    remembered.store_path().unlink(missing_ok=True)
    monkeypatch.delenv(VARIANT_ENV, raising=False)


def _policy(scores: dict[str, int]) -> KernelPolicy:
    return KernelPolicy(variant_scores=lambda: dict(scores))


def test_a_trap_on_the_fast_kernels_still_goes_to_the_safe_ones_first_on_the_same_variant() -> None:
    after = _policy(ZEN4).after_death(SIGILL, "full", variant="zen4")
    assert after is not None
    assert (after.kernels, after.variant) == ("safe", "zen4")


def test_a_trap_on_the_safe_kernels_steps_down_one_variant_at_a_time_and_is_remembered() -> None:
    policy = _policy(ZEN4)
    after = policy.after_death(SIGILL, "safe", variant=None)  # ggml's own choice: the best, zen4
    assert after is not None
    assert (after.kernels, after.variant) == ("safe", "icelake")
    assert str(after.notice) == message("kernels.recovered.variant", variant="zen4", lower="icelake")
    choice = remembered.recall(this_machine())
    assert choice is not None
    assert (choice.kernels, choice.cpu_variant, choice.decided_by) == ("safe", "icelake", "crash")
    # a later start, in another process, goes straight to it and says nothing
    start = KernelPolicy(variant_scores=lambda: dict(ZEN4)).for_next_start()
    assert (start.kernels, start.variant, start.notice) == ("safe", "icelake", None)
    # and if that one traps too, the next one down
    again = policy.after_death(SIGILL, "safe", variant="icelake")
    assert again is not None
    assert again.variant == "haswell"


def test_below_the_last_variant_nothing_runs_and_one_sentence_says_so() -> None:
    after = _policy(ZEN4).after_death(SIGILL, "safe", variant="x64")
    assert after is not None
    assert after.kernels is None
    assert after.notice.code in ("kernels.nothing_works.missing", "kernels.nothing_works.refused")


def test_a_normal_build_has_no_variants_to_step_down_to() -> None:
    after = _policy({}).after_death(SIGILL, "safe")
    assert after is not None
    assert (after.kernels, after.variant) == (None, None)


def test_a_variant_the_user_chose_is_kept_and_the_crash_says_how_to_let_hearth_choose(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(VARIANT_ENV, "zen4")
    after = _policy(ZEN4).after_death(SIGILL, "safe", variant="zen4")
    assert after is not None
    assert after.kernels is None
    assert str(after.notice) == message("kernels.forced_variant_refused", variant="zen4", variable=VARIANT_ENV)
    assert remembered.recall(this_machine()) is None  # nothing decided behind the user's back


def test_a_death_that_is_not_a_trap_changes_nothing() -> None:
    assert _policy(ZEN4).after_death(-signal.SIGKILL, "safe", variant="zen4") is None
