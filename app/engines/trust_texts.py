"""How the window names a remote engine's trust choice, and what such an engine can see.

The Privacy tab and the Engines dialog say the same thing in the same words, so the sentences are
looked up under the Privacy tab's translation context ("PrivacyView"), where they were first
translated.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication

from engine.remote.engines import Trust

logger = logging.getLogger(__name__)


def trust_name(trust: Trust) -> str:
    """The choice as the form offers it."""
    if trust == "service":
        return QCoreApplication.translate("PrivacyView", "Someone else's service")
    return QCoreApplication.translate("PrivacyView", "A computer of mine")


def what_it_sees(trust: Trust) -> str:
    """One line: who reads the conversations sent to such an engine."""
    if trust == "service":
        return QCoreApplication.translate(
            "PrivacyView", "someone else's server: they can read and keep the conversations you send it"
        )
    return QCoreApplication.translate("PrivacyView", "a computer of yours: it reads the conversations you send it")
