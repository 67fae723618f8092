"""`hearth serve`: the local API (OpenAI and Ollama) on an engine of its own, without a window.

With the window open, its Server switch serves the window's engine instead (app/controllers/).
"""

from __future__ import annotations

import argparse
import errno
import sys

from engine.server.config import DEFAULT_HOST, DEFAULT_PORT, ServerConfig, is_loopback, listening_socket


class ServeError(RuntimeError):
    """`hearth serve` cannot start as asked; str() is one sentence."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = sub.add_parser("serve", help="serve an OpenAI- and Ollama-compatible API on this computer")
    serve.add_argument(
        "--host", default=DEFAULT_HOST, help=f"address to listen on (default: {DEFAULT_HOST}, this computer only)"
    )
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default: {DEFAULT_PORT})")
    serve.add_argument(
        "--model", help="model to load first: a library name or a GGUF path (default: the starter model)"
    )
    serve.add_argument("--api-key", help="key clients must send (Authorization: Bearer KEY); needed off this computer")
    serve.add_argument("--parallel", type=int, default=4, help="answers written at once (default: 4)")
    serve.add_argument("--ctx", type=int, default=4096, help="context of each answer, in tokens (default: 4096)")
    serve.add_argument("--threads", type=int, help="CPU threads for the engine (default: physical cores)")
    serve.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a web page origin allowed to call the API (repeatable; default: none)",
    )
    serve.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a Host name to answer besides localhost and --host (repeatable)",
    )
    serve.add_argument("--max-in-flight", type=int, default=64, help="answers taken at once before 429 (default: 64)")


def config_from(args: argparse.Namespace) -> ServerConfig:
    if not is_loopback(args.host) and not args.api_key:
        raise ServeError(f"Serving on {args.host} lets other computers in; give an --api-key for them to send.")
    if not 1 <= args.port <= 65535:
        raise ServeError(f"--port must be between 1 and 65535, not {args.port}.")
    if args.parallel < 1:
        raise ServeError("--parallel must be at least 1.")
    return ServerConfig(
        host=args.host,
        port=args.port,
        api_key=args.api_key,
        cors_origins=tuple(args.cors_origin),
        allowed_hosts=tuple(args.allow_host),
        max_in_flight=args.max_in_flight,
        default_model=args.model,
        n_ctx=args.ctx,
    )


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from engine.cli.run import resolve_model
    from engine.client.engine_loop import EngineLoop
    from engine.protocol import LoadOptions
    from engine.server.app import build_app
    from engine.server.bridge import EngineBridge
    from engine.server.catalog import ModelCatalog
    from engine.server.quiet_server import QuietServer
    from engine.server.service import ApiService

    config = config_from(args)
    default_path = resolve_model(args.model)
    try:
        sock = listening_socket(config.host, config.port)
    except OSError as exc:
        why = "it is in use by another program" if exc.errno == errno.EADDRINUSE else exc.strerror
        raise ServeError(f"Hearth cannot listen on {config.base_url}: {why}; choose another --port.") from None

    def options_for(path: str) -> LoadOptions:
        return LoadOptions(path, n_ctx=args.ctx, n_threads=args.threads, parallel=args.parallel)

    engine = EngineLoop(name="hearth-serve-engine")
    engine.start()
    service = ApiService(config, EngineBridge(engine, options_for), ModelCatalog(default_path))
    server = QuietServer(
        uvicorn.Config(
            build_app(service),
            log_level="warning",
            access_log=False,
            lifespan="on",
            timeout_graceful_shutdown=3,
        )
    )
    print(
        f"Hearth serves {config.base_url} (OpenAI API: {config.base_url}/v1, Ollama API: {config.base_url}/api)",
        file=sys.stderr,
        flush=True,
    )
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
        engine.stop()
    if server.started:
        print("Hearth stopped serving.", file=sys.stderr)
    return 0 if server.started else 1
