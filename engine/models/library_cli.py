"""`hearth models …` subcommands (registered by app/cli.py). Top-level imports stay light."""

from __future__ import annotations

import argparse


def add_parsers(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register this module's subcommands; each sets `func` to a callable(args) -> exit code."""
