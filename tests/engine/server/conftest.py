from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.engine.server.served import ServedApi, serving


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory, probed_kernels: Path) -> Iterator[ServedApi]:
    """One `hearth serve` on the starter model for a module's tests (4 slots)."""
    with serving(tmp_path_factory.mktemp("serve-home"), probed_kernels, "--parallel", "4", "--ctx", "4096") as served:
        yield served
