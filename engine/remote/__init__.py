"""Remote engines: OpenAI-compatible servers elsewhere (vLLM, SGLang, llama-server, Ollama, another
Hearth) that answer instead of this computer, once the user has added them (engines.py), through
a session with the same commands and events as the local engine's (remote_session.py)."""
