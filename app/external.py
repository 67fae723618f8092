"""Open a link, a file or a folder in the program the desktop chooses for it.

In the Linux bundle (packaging/linux/), PyInstaller's bootloader points LD_LIBRARY_PATH at the
bundle's libraries, which Hearth's own children (the engine) need. A program outside Hearth
(xdg-open, and the browser or viewer it starts) must not load them instead of the system's, so
there it is started with the variable as it was before Hearth started (LD_LIBRARY_PATH_ORIG).
Elsewhere Qt opens it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Mapping

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices


def outside_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """`environ` as a program outside the bundle should get it: the library path it had before."""
    env = dict(environ)
    original = env.pop("LD_LIBRARY_PATH_ORIG", None)
    if original is not None:
        env["LD_LIBRARY_PATH"] = original
    else:
        env.pop("LD_LIBRARY_PATH", None)
    return env


def open_url(url: QUrl) -> bool:
    if getattr(sys, "frozen", False) and sys.platform.startswith("linux"):
        if shutil.which("xdg-open") is None:
            return False
        # Through a shell that puts it in the background and returns at once: nothing waits for
        # the program the desktop picks, and no exited child is left to reap.
        started = subprocess.run(
            ["sh", "-c", 'xdg-open "$1" >/dev/null 2>&1 &', "sh", url.toString()],
            env=outside_environment(os.environ),
            stdin=subprocess.DEVNULL,
            check=False,
            timeout=10,
        )
        return started.returncode == 0
    return QDesktopServices.openUrl(url)
