"""The local API: OpenAI- and Ollama-compatible HTTP on the engine the window (or `hearth serve`) runs.

Starlette routes (app.py) over an EngineBridge (bridge.py) over an EngineLoop
(engine/client/engine_loop.py): API requests join the same continuous batch and prefix cache as
the window's answers. Requests are checked (params.py) before they reach the engine; anything
Hearth cannot honour is refused with a 400 that names it.
"""
