"""Offline mode: the user's switch that keeps Hearth off the Hugging Face Hub, even for Hub actions.

Without it Hearth already contacts the Hub only when the user searches, opens a repo or downloads;
with it, those say why they do nothing. (HF_HUB_OFFLINE=1 has the same effect, from the environment.)"""

from __future__ import annotations

from engine.hub.errors import HubError
from engine.settings import load_settings, save_settings

SETTINGS_KEY = "offline_mode"


def offline_mode() -> bool:
    return load_settings().get(SETTINGS_KEY) is True


def set_offline_mode(on: bool) -> None:
    save_settings({SETTINGS_KEY: bool(on)})


def require_online() -> None:
    """Raise the offline-mode sentence when the switch is on; every Hub action calls this first."""
    if offline_mode():
        raise HubError("hub.offline_mode", kind="offline")
