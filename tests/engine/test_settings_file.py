"""A damaged settings file never stops the app: it is set aside, the defaults are used, and the
window gets one sentence to say so, once."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from engine.settings import load_settings, save_settings, settings_notice, settings_path

DAMAGED = {
    "truncated JSON": b'{"hub_token": "abc", "offline_mo',
    "binary garbage": bytes(range(256)) * 4,
    "a JSON list": b'["library_folders", "/models"]',
    "a JSON number": b"42",
    "empty": b"",
}
NOTICE = "Your settings file was damaged; it was saved as settings.json.damaged and the defaults are in use."


@pytest.fixture(autouse=True)
def no_notice_left_over() -> Iterator[None]:
    settings_notice()  # another test's damaged file must not speak here
    yield
    settings_notice()


@pytest.mark.parametrize("content", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_file_is_saved_aside_the_defaults_are_used_and_the_notice_is_given_once(content: bytes) -> None:
    path = settings_path()
    path.write_bytes(content)

    assert load_settings() == {}
    assert path.with_name("settings.json.damaged").read_bytes() == content  # kept byte for byte
    assert not path.exists()
    assert settings_notice() == NOTICE
    assert settings_notice() is None  # shown once

    save_settings({"offline_mode": True})  # saving works again, on a fresh file
    assert json.loads(path.read_text(encoding="utf-8")) == {"offline_mode": True}
    assert load_settings() == {"offline_mode": True}
    assert settings_notice() is None


def test_a_good_file_and_a_missing_file_give_no_notice() -> None:
    assert load_settings() == {}
    save_settings({"library_folders": ["/models"]})
    assert load_settings() == {"library_folders": ["/models"]}
    assert settings_notice() is None
    assert not settings_path().with_name("settings.json.damaged").exists()


def test_a_damaged_file_that_cannot_be_moved_still_gives_defaults_and_a_notice() -> None:
    path = settings_path()
    path.write_bytes(b"{oops")
    blocker = path.with_name("settings.json.damaged")
    blocker.mkdir()  # the backup's name is taken by a folder: the move fails, even for root
    (blocker / "keep").write_text("x")

    assert load_settings() == {}
    assert path.read_bytes() == b"{oops"  # left as it was, not lost
    assert settings_notice() == "Your settings file is damaged and could not be moved aside; the defaults are in use."
