"""The `hearth` command: the window by default, `hearth run` for a headless answer,
`hearth chats` to list, export, import and remove stored conversations, `hearth models`
to list, search, download, import and remove models, `hearth batch` to answer a file of
prompts offline, `hearth serve` for the local API (OpenAI and Ollama), `hearth doctor` for
what Hearth found on this computer.

Top-level imports stay light: the engine child re-imports the parent's main
module under multiprocessing's spawn, and must not pull in Qt.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace


def _add_model_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", help="path to a GGUF model file (default: the starter model)")
    parser.add_argument("--threads", type=int, help="CPU threads for the engine (default: physical cores)")
    parser.add_argument("--ctx", type=int, default=4096, help="context length in tokens (default: 4096)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hearth", description="Chat with language models on your own computer.")
    _add_model_options(parser)
    parser.add_argument("--screenshot", metavar="PATH", help="send --prompt, wait for the answer, save a PNG, exit")
    parser.add_argument("--prompt", help="text to send at start (with --screenshot)")
    parser.add_argument("--language", help="interface language, e.g. en, zh_TW, zh_CN (default: the system's)")
    parser.add_argument(
        "--theme", choices=("light", "dark", "system"), help="light, dark or the system's (default: as last chosen)"
    )
    sub = parser.add_subparsers(dest="command")
    from engine.cli import rpc_machines as rpc_cli

    run = sub.add_parser("run", help="stream one answer to stdout, without a window")
    _add_model_options(run)
    run.add_argument("--system", help="system prompt (with --chat: also the conversation's from now on)")
    # No defaults here: with --chat an unset option keeps the conversation's setting.
    run.add_argument("--max-tokens", type=int, help="longest answer in tokens (default: 512)")
    run.add_argument("--temperature", type=float, help="sampling temperature (default: 0.7)")
    run.add_argument("--seed", type=int, help="fixed seed for reproducible sampling")
    run.add_argument("--json", action="store_true", help="end with one line of JSON metrics")
    run.add_argument(
        "--chat", metavar="NAME", help="continue the saved conversation with this title or number (new if none)"
    )
    run.add_argument(
        "--docs", metavar="SET", action="append", default=[], help="answer from this document set, citing it"
    )
    run.add_argument("--embedding-model", metavar="MODEL", help="with --docs: a library name or GGUF path")
    run.add_argument(
        "--engine", metavar="NAME", help="ask this remote engine (hearth engines add) instead of this computer"
    )
    rpc_cli.add_rpc_option(run)
    run.add_argument("prompt", help="the message to send")
    _add_chats_parser(sub)
    _add_models_parser(sub)
    from engine.cli import batch as batch_cli
    from engine.cli import doctor as doctor_cli

    doctor_cli.add_parser(sub)
    batch_cli.add_parser(sub)
    from engine.cli import docs as docs_cli
    from engine.cli import serve as serve_cli

    serve_cli.add_parser(sub)
    docs_cli.add_parser(sub)
    from engine.cli import engines as engines_cli

    engines_cli.add_parser(sub)
    replay = sub.add_parser("replay", help="play a script of turns into saved conversations (JSON lines)")
    _add_model_options(replay)
    replay.add_argument("--no-prefix-cache", action="store_true", help="reuse nothing: every turn reads it all")
    replay.add_argument("--temperature", type=float, help="sampling temperature for every turn")
    replay.add_argument("--max-tokens", type=int, help="the longest answer, in tokens")
    replay.add_argument("--json", action="store_true", help="one JSON line of figures per turn")
    replay.add_argument("script", metavar="SCRIPT.jsonl", help='lines of {"conversation": NAME, "user": TEXT}')
    return parser


def _add_chats_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    chats = sub.add_parser("chats", help="list, export, import or remove saved conversations")
    actions = chats.add_subparsers(dest="chats_command", required=True)
    listing = actions.add_parser("list", help="saved conversations, the most recently used first")
    listing.add_argument("--json", action="store_true", help="print one JSON list")
    export = actions.add_parser("export", help="write a conversation as Markdown or JSON")
    export.add_argument("conversation", metavar="NAME_OR_ID")
    export.add_argument("--format", choices=("md", "json"), default="md", help="md: the branch on screen; json: all")
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")
    importing = actions.add_parser("import", help="add a conversation from a JSON export")
    importing.add_argument("file", metavar="FILE")
    remove = actions.add_parser("rm", help="delete a conversation for good")
    remove.add_argument("conversation", metavar="NAME_OR_ID")


def _add_models_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from engine.cli import hub_download as download_cli
    from engine.cli import hub_search as search_cli
    from engine.cli import models as library_cli

    models = sub.add_parser("models", help="list, search, download, import or remove models")
    actions = models.add_subparsers(dest="models_command", required=True)
    library_cli.add_parsers(actions)  # list, import, rm
    search_cli.add_parsers(actions)  # search, files
    download_cli.add_parsers(actions)  # download


def _models(args: argparse.Namespace) -> int:
    from engine.errors import UserError

    return _one_line_errors(lambda: int(args.func(args)), UserError)


def _run_headless(args: argparse.Namespace) -> int:
    from engine.cli.run import RunError, RunRequest, run
    from engine.errors import UserError
    from engine.settings import load_settings, settings_notice

    load_settings()  # a damaged settings file is set aside now and said once
    if notice := settings_notice():
        print(f"hearth: {notice}", file=sys.stderr)

    request = RunRequest(
        prompt=args.prompt,
        model=args.model,
        system=args.system,
        max_tokens=args.max_tokens,
        temperature=args.temperature,
        seed=args.seed,
        threads=args.threads,
        ctx=args.ctx,
        as_json=args.json,
        chat=args.chat,
        docs=tuple(args.docs),
        embedding_model=args.embedding_model,
        engine=args.engine,
    )

    def act() -> int:
        from engine.cli.rpc_machines import rpc_servers

        return run(replace(request, rpc_servers=rpc_servers(args)))  # a bad --rpc address: one sentence

    return _one_line_errors(act, (RunError, UserError))


def _chats(args: argparse.Namespace) -> int:
    from engine.cli.chats import ChatsError, export_chat, import_chat, list_chats, remove_chat

    def act() -> int:
        if args.chats_command == "list":
            return list_chats(as_json=args.json)
        if args.chats_command == "export":
            return export_chat(args.conversation, args.format, args.output)
        if args.chats_command == "import":
            return import_chat(args.file)
        return remove_chat(args.conversation)

    return _one_line_errors(act, ChatsError)


def _replay(args: argparse.Namespace) -> int:
    from engine.cli.replay import ReplayRequest, replay
    from engine.cli.run import RunError, resolve_model

    def act() -> int:
        request = ReplayRequest(
            script=args.script,
            model=resolve_model(args.model),
            prefix_cache=not args.no_prefix_cache,
            temperature=args.temperature,
            max_tokens=args.max_tokens,
            threads=args.threads,
            ctx=args.ctx,
            as_json=args.json,
        )
        return replay(request)

    return _one_line_errors(act, RunError)


def _one_line_errors(action: Callable[[], int], errors: type[Exception] | tuple[type[Exception], ...]) -> int:
    """Run a command; its own errors are one line on stderr and exit 1, Ctrl+C is 130."""
    try:
        return action()
    except errors as exc:
        print(f"hearth: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def prepare_frozen() -> None:
    """In the Linux bundle (PyInstaller, packaging/linux/): the engine child and the kernel probe
    are this same executable started by multiprocessing with its hidden argument, which
    freeze_support() turns into the child's run (it does nothing in a normal install). The
    bundle's LD_LIBRARY_PATH stays as the bootloader set it, for those children; programs outside
    Hearth get the original back (app/external.py)."""
    import multiprocessing

    multiprocessing.freeze_support()


def main(argv: Sequence[str] | None = None) -> int:
    prepare_frozen()
    # Warnings from our modules must not reach the terminal as extra lines (logging's last-resort
    # handler would print them): a command's own messages are its one-line errors and notices.
    import logging

    if not logging.getLogger().handlers:
        logging.getLogger().addHandler(logging.NullHandler())
    args = build_parser().parse_args(argv)
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "run": _run_headless,
        "replay": _replay,
        "chats": _chats,
        "models": _models,
        "batch": _batch,
        "doctor": _doctor,
        "serve": _serve,
        "docs": _docs,
        "engines": _engines,
    }
    if args.command in commands:
        return commands[args.command](args)
    from app.launcher import launch

    return launch(args)


def _batch(args: argparse.Namespace) -> int:
    from engine.cli.batch import request_from, run_batch
    from engine.client.batch_file import BatchError

    return _one_line_errors(lambda: run_batch(request_from(args)), BatchError)


def _serve(args: argparse.Namespace) -> int:
    from engine.cli.run import RunError
    from engine.cli.serve import ServeError, serve

    return _one_line_errors(lambda: serve(args), (ServeError, RunError))


def _docs(args: argparse.Namespace) -> int:
    from engine.cli.docs import run_docs
    from engine.errors import UserError

    return _one_line_errors(lambda: run_docs(args), UserError)


def _engines(args: argparse.Namespace) -> int:
    from engine.cli.engines import run_engines
    from engine.errors import UserError

    return _one_line_errors(lambda: run_engines(args), UserError)


def _doctor(args: argparse.Namespace) -> int:
    from engine.cli.doctor import run_doctor

    return run_doctor(args)


def main_gui() -> int:
    return main()
