"""llama.cpp's own account of this build (the CPU features it was compiled for, and a portable
build's CPU variants), read in a throwaway process: importing the library is what may trap, and
the window's process never does."""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable
from multiprocessing.connection import Connection

logger = logging.getLogger(__name__)


def quiet_llama_chatter() -> None:
    """In a throwaway child: llama.cpp's own log lines ("load_backend: loaded CPU backend from …")
    go to nobody; what the child learns goes back through its pipe."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)


def _system_info_child(conn: Connection) -> None:
    quiet_llama_chatter()
    import llama_cpp

    from engine.runtime.cpu_variants import load_cpu_backend

    load_cpu_backend()  # a portable build's system info lists the features of the variant it chose
    conn.send(llama_cpp.llama_print_system_info().decode("utf-8", errors="replace"))


def _variant_scores_child(conn: Connection) -> None:
    quiet_llama_chatter()
    from engine.runtime.cpu_variants import variant_files, variant_scores

    conn.send(variant_scores(variant_files()))


def _ask_a_child(target: Callable[[Connection], None], name: str, timeout_s: float) -> object | None:
    """What `target`, run in a throwaway process, sends back; None where it died or said nothing."""
    ctx = multiprocessing.get_context("spawn")
    parent_conn, child_conn = ctx.Pipe(duplex=False)
    process = ctx.Process(target=target, args=(child_conn,), name=name)
    process.start()
    child_conn.close()
    try:
        if parent_conn.poll(timeout_s):
            answer: object = parent_conn.recv()
            return answer
    except (EOFError, OSError):
        logger.warning("%s said nothing (exit code %s)", name, process.exitcode)
    finally:
        process.join(5.0)
        if process.is_alive():
            process.kill()
            process.join()
        parent_conn.close()
    return None


def system_info_in_child(timeout_s: float = 60.0) -> str:
    """The system info line, or "" where the library cannot even be loaded here."""
    answer = _ask_a_child(_system_info_child, "hearth-build-info", timeout_s)
    return answer if isinstance(answer, str) else ""


def variant_scores_in_child(timeout_s: float = 60.0) -> dict[str, int]:
    """A portable build's CPU variants, each with its score on this processor (0: it would trap;
    engine/runtime/cpu_variants.py); {} on a normal build, or where the library cannot be loaded."""
    answer = _ask_a_child(_variant_scores_child, "hearth-cpu-variants", timeout_s)
    return {str(name): int(score) for name, score in answer.items()} if isinstance(answer, dict) else {}
