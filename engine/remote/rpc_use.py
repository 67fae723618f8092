"""Which of the machines the user added (engine/remote/rpc_machines.py) a load of the model here uses.

Apart from the list itself because it reads the offline switch (engine/hub/offline_mode.py), which the
engine child, which imports the list, must not reach."""

from __future__ import annotations

from engine.hub.offline_mode import offline_mode
from engine.remote.rpc_machines import list_machines


def machines_to_use() -> tuple[str, ...]:
    """None in offline mode, which keeps everything on this computer; else every machine added."""
    return () if offline_mode() else tuple(list_machines())
