"""Fixtures for Hub tests: a FakeHub on 127.0.0.1 with the real huggingface_hub client pointed at it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hub.fake_hub import FakeHub, write_split_gguf, write_tiny_gguf


@pytest.fixture
def fake_hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeHub]:
    """A running FakeHub (empty: tests add repos), and huggingface_hub talking to it, with no token and offline off.

    huggingface_hub reads its environment once, at import (constants.py): HF_ENDPOINT becomes
    `constants.ENDPOINT` and `HUGGINGFACE_CO_URL_TEMPLATE` (which hf_hub_url formats), HF_HUB_OFFLINE
    becomes `constants.HF_HUB_OFFLINE` (which is_offline_mode() and the session's request hook read on
    every request). HfApi() reads constants.ENDPOINT when it is built, hf_hub_url on every call; so we set
    the environment variables for child processes and patch the constants for this process. Tokens come
    from HF_TOKEN or the saved login under HF_HOME (engine.hub.hf_setup.login_token): both point away from the
    real home. Downloads through
    huggingface_hub itself go to a private cache. No patch reaches into the client's logic: it runs as shipped.
    Telemetry is switched off by Hearth's own set-up (engine/hub/hf_setup.py), not here; the fixture runs that
    set-up once, as every Hub entry point does, so tests that drive the client directly are as quiet as Hearth.
    tests/privacy/test_hub_stays_quiet.py checks the set-up in fresh processes, where nothing ran it first.
    """
    from huggingface_hub import constants
    from huggingface_hub.utils import close_session

    from engine.hub.hf_setup import prepare_huggingface_hub

    hub = FakeHub(tmp_path / "hub").start()
    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    for name in ("HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_OIDC_RESOURCE", "HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(constants, "ENDPOINT", hub.url)
    monkeypatch.setattr(constants, "HUGGINGFACE_CO_URL_TEMPLATE", hub.url + "/{repo_id}/resolve/{revision}/{filename}")
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path / "hf-home" / "hub"))
    # hf_hub_download's progress bar would start tqdm's monitor thread, which outlives the test.
    import tqdm

    monkeypatch.setattr(tqdm.tqdm, "monitor_interval", 0)
    prepare_huggingface_hub()
    # Earlier tests' servers are gone: drop the shared client's pooled connections to them.
    close_session()
    try:
        yield hub
    finally:
        hub.stop()
        close_session()


@pytest.fixture(scope="session")
def tiny_ggufs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Small GGUF files named as Hub repos name them (quant labels, a split model, a vision projector).

    Their contents are tiny f32 models; the names carry the quantization a real repo's files would."""
    root = tmp_path_factory.mktemp("tiny-ggufs")
    files = {
        name: write_tiny_gguf(root / name)
        for name in (
            "Tiny-7B-Instruct-Q4_K_M.gguf",
            "Tiny-7B-Instruct-Q5_K_M.gguf",
            "Tiny-7B-Instruct-Q8_0.gguf",
            "Tiny-7B-Instruct-IQ4_XS.gguf",
            "Tiny-7B-Instruct-F16.gguf",
            "mmproj-Tiny-7B-f16.gguf",
        )
    }
    for path in write_split_gguf(root, "Tiny-7B-Instruct-BF16", 2):
        files[path.name] = path
    readme = root / "README.md"
    readme.write_text("# Tiny 7B Instruct\nNot a real model.\n")
    files["README.md"] = readme
    return files
