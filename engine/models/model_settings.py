"""Per-model load settings (threads, context, GPU layers, flash attention, KV cache type),
remembered in settings.json under "models", keyed by the model file's path."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from engine.protocol import AUTO_GPU_LAYERS, DEFAULT_PARALLEL, KV_CACHE_TYPES, KvCacheType, LoadOptions
from engine.settings import load_settings, save_settings

SETTINGS_KEY = "models"
CONTEXT_CHOICES = (2048, 4096, 8192, 16384, 32768)
MAX_PARALLEL = 16


@dataclass(frozen=True)
class ModelSettings:
    n_threads: int | None = None  # None: physical cores
    n_ctx: int = 4096
    n_gpu_layers: int = AUTO_GPU_LAYERS
    flash_attn: bool = False
    kv_cache_type: KvCacheType = "f16"  # for keys and values alike
    parallel: int = DEFAULT_PARALLEL  # answers written at once, each with n_ctx of its own
    kv_unified: bool = False  # True: the answers share one pool of n_ctx tokens instead

    def load_options(self, model_path: str, **extra: Any) -> LoadOptions:
        """What loading `model_path` asks of the engine: these settings, split across the rpc-server
        machines the user added (the same for every model)."""
        from engine.remote.rpc_use import machines_to_use

        extra.setdefault("rpc_servers", machines_to_use())
        return LoadOptions(
            model_path,
            n_ctx=self.n_ctx,
            n_threads=self.n_threads,
            n_gpu_layers=self.n_gpu_layers,
            flash_attn=self.flash_attn,
            type_k=self.kv_cache_type,
            type_v=self.kv_cache_type,
            parallel=self.parallel,
            kv_unified=self.kv_unified,
            **extra,
        )


def model_settings(model_path: str) -> ModelSettings:
    """The saved settings for this model file, or the defaults; unknown or bad values fall back."""
    saved = load_settings().get(SETTINGS_KEY, {})
    raw = saved.get(model_path) if isinstance(saved, dict) else None
    if not isinstance(raw, dict):
        return ModelSettings()
    defaults = ModelSettings()
    known = {f.name for f in fields(ModelSettings)}
    values = {k: v for k, v in raw.items() if k in known}
    settings = replace(defaults, **values)
    if settings.kv_cache_type not in KV_CACHE_TYPES:
        settings = replace(settings, kv_cache_type=defaults.kv_cache_type)
    if not isinstance(settings.n_ctx, int) or settings.n_ctx < 256:
        settings = replace(settings, n_ctx=defaults.n_ctx)
    if not isinstance(settings.parallel, int) or not 1 <= settings.parallel <= MAX_PARALLEL:
        settings = replace(settings, parallel=defaults.parallel)
    if not isinstance(settings.kv_unified, bool):
        settings = replace(settings, kv_unified=defaults.kv_unified)
    return settings


def save_model_settings(model_path: str, settings: ModelSettings) -> None:
    saved = load_settings().get(SETTINGS_KEY, {})
    saved = dict(saved) if isinstance(saved, dict) else {}
    saved[model_path] = asdict(settings)
    save_settings({SETTINGS_KEY: saved})
