"""`hearth engines rpc`: the machines running llama.cpp's rpc-server that the model on this computer is
split across (engine/remote/rpc_machines.py), and `--rpc` for the commands that load a model."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from engine.remote.rpc_machines import (
    OPEN_NETWORK_WARNING,
    add_machine,
    is_loopback,
    list_machines,
    parse_endpoint,
    probe,
    remove_machine,
)
from engine.remote.rpc_use import machines_to_use


def add_parser(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rpc = actions.add_parser(
        "rpc", help="split the model on this computer across machines running llama.cpp's rpc-server"
    )
    rpc_actions = rpc.add_subparsers(dest="rpc_command", required=True)
    add = rpc_actions.add_parser("add", help="add a machine (its rpc-server's address)")
    add.add_argument("address", help="host or host:port (rpc-server's default port is 50052)")
    listing = rpc_actions.add_parser("list", help="the machines added, each asked whether it answers")
    listing.add_argument("--json", action="store_true", help="as JSON")
    remove = rpc_actions.add_parser("rm", help="stop using a machine")
    remove.add_argument("address")


def add_rpc_option(parser: argparse.ArgumentParser) -> None:
    """--rpc / --no-rpc for a command that loads the model on this computer."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--rpc",
        metavar="ADDRESSES",
        help="split the model across these rpc-server machines (comma-separated host:port) "
        "instead of those added with `hearth engines rpc add`",
    )
    group.add_argument("--no-rpc", action="store_true", help="load the model on this computer alone")


def rpc_servers(args: argparse.Namespace) -> tuple[str, ...]:
    """The machines a load uses: --rpc's, none with --no-rpc, else the ones added."""
    if getattr(args, "no_rpc", False):
        return ()
    given = getattr(args, "rpc", None)
    if given:
        return tuple(dict.fromkeys(parse_endpoint(part) for part in given.split(",") if part.strip()))
    return machines_to_use()


def run_rpc(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if args.rpc_command == "add":
        endpoint = add_machine(args.address)
        print(f"Added {endpoint}; the model on this computer is split across it from its next load.", file=out)
        if not is_loopback(endpoint):
            print(f"Warning: {OPEN_NETWORK_WARNING}", file=out)
        answer = probe(endpoint)
        print("It answers." if answer.ready else f"Now: {answer.error()}", file=out)
        return 0
    if args.rpc_command == "rm":
        endpoint = remove_machine(args.address)
        print(f"Removed {endpoint}.", file=out)
        return 0
    answers = [probe(endpoint) for endpoint in list_machines()]
    if args.json:
        rows = [{"address": a.endpoint, "state": a.outcome, "detail": a.detail} for a in answers]
        print(json.dumps(rows, ensure_ascii=False), file=out)
        return 0
    if not answers:
        print("No machines added; the model runs on this computer alone.", file=out)
    for answer in answers:
        state = f"answers (RPC protocol {answer.detail})" if answer.ready else str(answer.error())
        print(f"{answer.endpoint:<22} {state}", file=out)
    return 0
