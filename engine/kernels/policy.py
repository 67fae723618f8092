"""Which kernels each engine start uses, and what a SIGILL death changes. Qt-free: the window's
engine client and `hearth run` share it, so both recover the same way.

1. A choice remembered for this processor and engine build is used as it is, silently.
2. Else, before the first engine of this process starts, the probe tries the fast kernels, then
   the safe ones (engine/kernels/probe.py), and the outcome is remembered.
3. An engine that dies of SIGILL on the fast kernels anyway (another model may reach other
   kernels), or faults there (SIGSEGV: the tile instructions on some virtual machines), is
   restarted on the safe ones, and that is remembered too.
4. A portable build (one module per processor level, engine/runtime/cpu_variants.py) has one more
   way down: where even the safe kernels trap, the variant ggml chose is set aside and the next
   one down used, in the probe and after a crash alike, until one runs; that is remembered too.
Each change is said once, in one sentence (`notice`).
"""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from engine import paths
from engine.errors import UserError
from engine.kernels import remembered
from engine.kernels.kernel_sets import KernelSet, safer_than
from engine.kernels.machine import MachineIdentity, this_machine
from engine.kernels.probe import FAULTS, ProbeResult, probe
from engine.kernels.refusal import missing_features, refused_by_extra_buffers
from engine.kernels.remembered import OVERRIDE_ENV, KernelChoice
from engine.kernels.variant_ladder import VARIANT_ENV, next_lower, ranked_variants

logger = logging.getLogger(__name__)


class KernelNotice(UserError):  # noqa: N818 - a notice, not a failure: it carries a translatable sentence
    """What Hearth did about the kernels, as one sentence (shown once)."""


@dataclass(frozen=True)
class StartKernels:
    kernels: KernelSet
    notice: KernelNotice | None = None  # say this once: the choice changed just now
    variant: str | None = None  # a portable build's CPU variant to load; None: ggml's choice


@dataclass(frozen=True)
class AfterDeath:
    """A SIGILL death's consequence: restart with `kernels`, or None where nothing works (or the user's
    HEARTH_CPU_KERNELS keeps the kernels that crashed)."""

    kernels: KernelSet | None
    notice: KernelNotice
    variant: str | None = None  # the CPU variant to restart on (a portable build); None: ggml's choice


def _extra_buffers_refused(system_info: str, *, crashed: bool) -> tuple[KernelNotice, str]:
    """(the sentence, the instruction class) for a machine where only the fast kernels trap."""
    amx = refused_by_extra_buffers(system_info) == "AMX"
    refused = "AMX" if amx else "extra buffer types"
    if crashed:
        return KernelNotice("kernels.recovered.amx" if amx else "kernels.recovered.repack"), refused
    return KernelNotice("kernels.switched.amx" if amx else "kernels.switched.repack"), refused


def _nothing_runs(system_info: str, cpu_flags: tuple[str, ...]) -> tuple[KernelNotice, str]:
    """(the sentence, the instruction class) for a build that traps even on the safe kernels."""
    missing = missing_features(system_info, cpu_flags)
    if missing:
        return KernelNotice("kernels.nothing_works.missing", names=" and ".join(missing[:2])), missing[0]
    return KernelNotice("kernels.nothing_works.refused"), ""


class KernelPolicy:
    def __init__(
        self,
        probe_model: Path | None = None,
        machine: MachineIdentity | None = None,
        log_path: Path | None = None,
        variant_scores: Callable[[], dict[str, int]] | None = None,
    ) -> None:
        """`variant_scores`: a portable build's CPU variants and their scores here (default: read
        in a throwaway process, once, when a crash or the probe needs them)."""
        self._probe_model = probe_model
        self._machine = machine
        self._log_path = log_path
        self._choice: KernelChoice | None = None
        self._system_info = ""  # from the probe, when one ran in this process
        self._read_variant_scores = variant_scores
        self._variant_scores: dict[str, int] | None = None

    @property
    def machine(self) -> MachineIdentity:
        if self._machine is None:
            self._machine = this_machine()
        return self._machine

    def current_choice(self) -> KernelChoice | None:
        return self._choice

    def for_next_start(self) -> StartKernels:
        """The kernels for an engine about to start (may run the probe: call it off the GUI thread)."""
        if self._choice is None:
            forced = remembered.override()
            if forced is not None:
                self._choice = forced
                return StartKernels(self._kernels(forced))
            recalled = remembered.recall(self.machine)
            if recalled is not None:
                self._choice = recalled
                self._system_info = recalled.system_info
                return StartKernels(self._kernels(recalled), variant=recalled.cpu_variant or None)
            return self._probe()
        return StartKernels(self._kernels(self._choice), variant=self._choice.cpu_variant or None)

    def after_death(
        self, exitcode: int | None, kernels: KernelSet, *, proven: bool = False, variant: str | None = None
    ) -> AfterDeath | None:
        """What an engine's death means for the kernels; None unless it died of SIGILL, or faulted
        (SIGSEGV, SIGBUS) on the fast kernels before they had written a token (`proven`), as the
        AMX tiles do on some virtual machines on the first decode. A fault after the kernels have
        written is some other fault: switching kernels would slow this computer for good.
        `variant`: the CPU variant the engine was started on (None: ggml's choice)."""
        faulted_fast = exitcode in FAULTS and safer_than(kernels) is not None and not proven
        if exitcode != -signal.SIGILL and not faulted_fast:
            return None
        if not self._system_info:
            from engine.kernels.build_info import system_info_in_child

            self._system_info = system_info_in_child()
        safer = safer_than(kernels)
        if self._choice is not None and self._choice.decided_by == "override":
            return AfterDeath(None, self._forced_refused(kernels, fast=safer is not None))
        if safer is not None:
            notice, refused_class = _extra_buffers_refused(self._system_info, crashed=True)
            self._decide(
                KernelChoice.because(safer, "crash", notice, refused_class, time.time(), cpu_variant=variant or "")
            )
            return AfterDeath(safer, notice, variant)
        if os.environ.get(VARIANT_ENV):
            forced = os.environ[VARIANT_ENV]  # the user's: kept, and said
            return AfterDeath(
                None, KernelNotice("kernels.forced_variant_refused", variant=forced, variable=VARIANT_ENV)
            )
        step = self._variant_below(variant)
        if step is not None:
            crashed, lower = step
            notice = KernelNotice("kernels.recovered.variant", variant=crashed, lower=lower)
            self._decide(KernelChoice.because(kernels, "crash", notice, "", time.time(), cpu_variant=lower))
            return AfterDeath(kernels, notice, lower)
        notice, instruction_class = _nothing_runs(self._system_info, self.machine.cpu_flags)
        self._decide(
            KernelChoice.because(None, "crash", notice, instruction_class, time.time(), cpu_variant=variant or "")
        )
        return AfterDeath(None, notice)

    # --- inside ------------------------------------------------------------------------

    def _forced_refused(self, kernels: KernelSet, *, fast: bool) -> KernelNotice:
        """The user chose these kernels: change nothing, but say what refused them and how to let Hearth
        choose. The instruction class is named where it is known (AMX, or one this build needs)."""
        if fast:
            what = "AMX" if refused_by_extra_buffers(self._system_info) == "AMX" else ""
        else:
            missing = missing_features(self._system_info, self.machine.cpu_flags)
            what = missing[0] if missing else ""
        if not what:
            return KernelNotice("kernels.forced_refused", kernels=kernels, variable=OVERRIDE_ENV)
        return KernelNotice("kernels.forced_refused.named", what=what, kernels=kernels, variable=OVERRIDE_ENV)

    def _variant_below(self, variant: str | None) -> tuple[str, str] | None:
        """(the variant that crashed, the next one down) on a portable build; None on a normal
        build or where the crashed one was the last."""
        if self._variant_scores is None:
            if self._read_variant_scores is None:
                from engine.kernels.build_info import variant_scores_in_child

                self._read_variant_scores = variant_scores_in_child
            self._variant_scores = self._read_variant_scores()
        ranked = ranked_variants(self._variant_scores)
        if not ranked:
            return None
        crashed = variant or ranked[0]  # ggml's own choice is the best-scoring one
        lower = next_lower(crashed, self._variant_scores)
        return (crashed, lower) if lower is not None else None

    @staticmethod
    def _kernels(choice: KernelChoice) -> KernelSet:
        # Where nothing works, the safest set is still the best try (and its crash says why).
        return choice.kernels or "safe"

    def _decide(self, choice: KernelChoice) -> None:
        choice = replace(choice, system_info=choice.system_info or self._system_info)
        self._choice = choice
        remembered.remember(self.machine, choice)
        logger.info("kernels for %s: %s (%s)", self.machine.cpu_model, choice.kernels, choice.reason)

    def _probe(self) -> StartKernels:
        model = self._probe_model or _starter_model()
        if model is None:
            logger.warning("no model to probe the kernels with; starting on the fast kernels")
            self._choice = KernelChoice.because("full", "unprobed", UserError("kernels.no_probe_model"))
            return StartKernels("full")
        log_path = self._log_path or paths.log_dir() / "engine.log"
        results: list[ProbeResult] = []
        for kernels in ("full", "safe"):
            result = probe(kernels, model, log_path, variant=os.environ.get(VARIANT_ENV) or None)
            results.append(result)
            self._system_info = result.system_info or self._system_info
            logger.info("kernel probe: %s -> %s in %.2f s %s", kernels, result.outcome, result.seconds, result.detail)
            if result.outcome == "ok":
                return self._after_probe(kernels, results)
            if result.outcome == "failed":
                # No verdict (a broken install, a timeout): start as usual, let a crash decide.
                self._choice = KernelChoice.because(
                    "full", "unprobed", UserError("kernels.probe_failed", problem=result.detail)
                )
                return StartKernels("full")
        if not os.environ.get(VARIANT_ENV):
            found = self._probe_lower_variants(model, log_path)
            if found is not None:
                return found
        notice, instruction_class = _nothing_runs(self._system_info, self.machine.cpu_flags)
        self._decide(KernelChoice.because(None, "probe", notice, instruction_class, time.time()))
        return StartKernels("safe", notice)

    def _probe_lower_variants(self, model: Path, log_path: Path) -> StartKernels | None:
        """A portable build whose best variant traps even on the safe kernels: the variants below it,
        tried in turn on the safe kernels; the first that runs is kept."""
        variant: str | None = None
        while (step := self._variant_below(variant)) is not None:
            _, variant = step
            result = probe("safe", model, log_path, variant=variant)
            logger.info("kernel probe: CPU variant %s -> %s %s", variant, result.outcome, result.detail)
            if result.outcome == "ok":
                notice = KernelNotice("kernels.switched.variant", variant=self._best_variant(), lower=variant)
                self._decide(KernelChoice.because("safe", "probe", notice, "", time.time(), cpu_variant=variant))
                return StartKernels("safe", notice, variant)
            if result.outcome == "failed":  # no verdict: start on this one, let a crash decide
                self._choice = KernelChoice.because(
                    "safe", "unprobed", UserError("kernels.probe_failed", problem=result.detail), cpu_variant=variant
                )
                return StartKernels("safe", None, variant)
        return None

    def _best_variant(self) -> str:
        ranked = ranked_variants(self._variant_scores or {})
        return ranked[0] if ranked else ""

    def _after_probe(self, kernels: KernelSet, results: list[ProbeResult]) -> StartKernels:
        if kernels == "full":
            self._decide(KernelChoice.because("full", "probe", UserError("kernels.fast_ok")))
            return StartKernels("full")
        notice, refused_class = _extra_buffers_refused(self._system_info, crashed=False)
        self._decide(KernelChoice.because(kernels, "probe", notice, refused_class, time.time()))
        return StartKernels(kernels, notice)


def _starter_model() -> Path | None:
    from engine.models.starter_model import StarterModelMissingError, starter_model_path

    try:
        return starter_model_path()
    except StarterModelMissingError:
        return None
