"""A real `hearth serve` in its own process, on a free loopback port, for the API tests."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

START_TIMEOUT_S = 60.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServedApi:
    def __init__(self, home: Path, probed_kernels: Path, *args: str, host: str = "127.0.0.1") -> None:
        self.port = free_port()
        self.host = host
        self.base_url = f"http://127.0.0.1:{self.port}"
        (home / "data").mkdir(parents=True, exist_ok=True)
        if probed_kernels.exists():
            shutil.copy(probed_kernels, home / "data" / probed_kernels.name)
        env = {**os.environ, "HEARTH_HOME": str(home), "HEARTH_EXTERNAL_HOME": str(home / "other-apps")}
        command = [sys.executable, "-c", "from engine.cli.main import main; raise SystemExit(main())", "serve"]
        self.log = home / "serve.log"
        self._log_file = self.log.open("w")
        self.process = subprocess.Popen(
            [*command, "--host", host, "--port", str(self.port), *args],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log_file,
            stderr=subprocess.STDOUT,
        )

    def wait_ready(self, headers: dict[str, str] | None = None) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"hearth serve exited: {self.log.read_text()}")
            try:
                health = httpx.get(f"{self.base_url}/health", headers=headers, timeout=2)
                if health.status_code == 200 and health.json().get("model"):
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise AssertionError(f"hearth serve did not get ready: {self.log.read_text()}")

    def metrics(self, headers: dict[str, str] | None = None) -> dict[str, float]:
        text = httpx.get(f"{self.base_url}/metrics", headers=headers, timeout=5).text
        values = {}
        for line in text.splitlines():
            if line and not line.startswith("#"):
                name, value = line.rsplit(" ", 1)
                values[name] = float(value)
        return values

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self._log_file.close()


@contextmanager
def serving(home: Path, probed_kernels: Path, *args: str) -> Iterator[ServedApi]:
    """A ready `hearth serve` with `args`, stopped afterwards."""
    served = ServedApi(home, probed_kernels, *args)
    try:
        served.wait_ready()
        yield served
    finally:
        served.stop()
