"""`hearth engines`: add, list and remove the remote engines that may answer instead of this computer."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from engine.cli import rpc_machines as rpc_cli
from engine.errors import UserError
from engine.remote.engines import TRUST_CHOICES, RemoteEngine, add_engine, list_engines, remove_engine
from engine.remote.rpc_machines import list_machines

TRUST_WORDS = {
    "mine": "a computer of yours: it reads what you send it",
    "service": "someone else's server: they can read and keep what you send it",
}


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    engines = sub.add_parser("engines", help="add, list or remove remote engines (OpenAI-compatible servers)")
    actions = engines.add_subparsers(dest="engines_command", required=True)
    add = actions.add_parser("add", help="add a server that answers instead of this computer, when you choose it")
    add.add_argument("name", help="a short name for it, e.g. gpu-box")
    add.add_argument("url", help="its address as its server documents it, with or without /v1")
    add.add_argument("--api-key", help="the key it asks for, if any (kept in a file only you can read)")
    add.add_argument(
        "--trust",
        choices=TRUST_CHOICES,
        default="mine",
        help="mine (default): a computer of yours; service: someone else's",
    )
    listing = actions.add_parser("list", help="the engines added, and what each can see")
    listing.add_argument("--json", action="store_true", help="as JSON")
    remove = actions.add_parser("rm", help="forget an engine (and its key)")
    remove.add_argument("name")
    rpc_cli.add_parser(actions)


def run_engines(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout  # looked up now, not when this module was imported
    if args.engines_command == "rpc":
        return rpc_cli.run_rpc(args, out)
    if args.engines_command == "add":
        engine = add_engine(args.name, args.url, args.api_key, args.trust)
        print(f"Added {engine.name}: {engine.base_url} ({TRUST_WORDS[engine.trust]}).", file=out)
        print(_models_line(engine), file=out)
        return 0
    if args.engines_command == "rm":
        engine = remove_engine(args.name)
        print(f"Removed {engine.name} ({engine.base_url}).", file=out)
        return 0
    engines = list_engines()
    if args.json:
        rows = [
            {"name": e.name, "base_url": e.base_url, "host": e.host, "trust": e.trust, "api_key": e.has_key}
            for e in engines
        ]
        print(json.dumps(rows, ensure_ascii=False), file=out)
        return 0
    machines = list_machines()
    split = f", split across {', '.join(machines)} (hearth engines rpc list)" if machines else ""
    print(f"local    this computer (the engine Hearth runs itself{split})", file=out)
    for engine in engines:
        key = ", API key set" if engine.has_key else ""
        print(f"{engine.name:<8} {engine.base_url} ({TRUST_WORDS[engine.trust]}{key})", file=out)
    return 0


def _models_line(engine: RemoteEngine) -> str:
    """What the server offers, asked once now that the user added it (nothing is sent offline)."""
    from engine.remote.chat_stream import list_models
    from engine.remote.remote_session import remote_blocked_by_offline_mode

    if remote_blocked_by_offline_mode():
        return str(UserError("remote.offline", name=engine.name, host=engine.host))
    try:
        models = list_models(engine)
    except UserError as exc:
        return f"It could not be asked for its models now: {exc}"
    return (
        f"It offers: {', '.join(models)}."
        if models
        else str(UserError("remote.no_models", name=engine.name, host=engine.host))
    )
