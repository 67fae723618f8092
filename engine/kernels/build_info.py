"""llama.cpp's own account of this build (the CPU features it was compiled for), read in a
throwaway process: importing the library is what may trap, and the window's process never does."""

from __future__ import annotations

import logging
import multiprocessing
from multiprocessing.connection import Connection

logger = logging.getLogger(__name__)


def _child(conn: Connection) -> None:
    import llama_cpp

    from engine.runtime.cpu_variants import load_cpu_backend

    load_cpu_backend()  # a portable build's system info lists the features of the variant it chose
    conn.send(llama_cpp.llama_print_system_info().decode("utf-8", errors="replace"))


def system_info_in_child(timeout_s: float = 60.0) -> str:
    """The system info line, or "" where the library cannot even be loaded here."""
    ctx = multiprocessing.get_context("spawn")
    parent_conn, child_conn = ctx.Pipe(duplex=False)
    process = ctx.Process(target=_child, args=(child_conn,), name="hearth-build-info")
    process.start()
    child_conn.close()
    try:
        if parent_conn.poll(timeout_s):
            return str(parent_conn.recv())
    except (EOFError, OSError):
        logger.warning("could not read llama.cpp's system info (exit code %s)", process.exitcode)
    finally:
        process.join(5.0)
        if process.is_alive():
            process.kill()
            process.join()
        parent_conn.close()
    return ""
