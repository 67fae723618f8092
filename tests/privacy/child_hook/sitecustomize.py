"""Guards a child Python process (the engine, spawned by multiprocessing) when the parent asks for it.

The parent puts this folder on PYTHONPATH and sets HEARTH_SOCKET_GUARD_LOG (and, for the strict mode,
HEARTH_SOCKET_GUARD_ONLY); Python's `site` imports `sitecustomize` at start-up, before any of the child's
own code runs.
"""

import importlib.util
import os
import sys
from pathlib import Path

_log = os.environ.get("HEARTH_SOCKET_GUARD_LOG")
if _log:
    _guard_file = Path(__file__).parent.parent / "socket_guard.py"
    _spec = importlib.util.spec_from_file_location("_hearth_socket_guard", _guard_file)
    assert _spec is not None
    assert _spec.loader is not None
    _module = importlib.util.module_from_spec(_spec)
    sys.modules["_hearth_socket_guard"] = _module  # dataclasses look their module up by name
    _spec.loader.exec_module(_module)
    _module.SocketGuard.installed(_log).start(_module.parse_only(os.environ.get(_module.ONLY_VARIABLE)))
