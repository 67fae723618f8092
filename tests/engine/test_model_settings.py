"""Per-model settings persist in settings.json and become the engine's LoadOptions."""

from __future__ import annotations

import json

from engine.models.model_settings import ModelSettings, model_settings, save_model_settings
from engine.protocol import AUTO_GPU_LAYERS
from engine.settings import save_settings, settings_path


def test_defaults_until_saved_then_what_was_saved() -> None:
    assert model_settings("/m/a.gguf") == ModelSettings()
    chosen = ModelSettings(n_threads=3, n_ctx=8192, n_gpu_layers=12, flash_attn=True, kv_cache_type="q8_0")
    save_model_settings("/m/a.gguf", chosen)
    save_model_settings("/m/b.gguf", ModelSettings(n_ctx=2048))
    assert model_settings("/m/a.gguf") == chosen
    assert model_settings("/m/b.gguf").n_ctx == 2048
    options = chosen.load_options("/m/a.gguf", cache_disk_budget=1)
    assert (options.n_threads, options.n_ctx, options.n_gpu_layers) == (3, 8192, 12)
    assert (options.flash_attn, options.type_k, options.type_v, options.cache_disk_budget) == (True, "q8_0", "q8_0", 1)


def test_other_settings_survive_and_bad_values_fall_back() -> None:
    save_settings({"cache_ram_budget": 5})
    save_model_settings("/m/a.gguf", ModelSettings(n_ctx=8192))
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    assert data["cache_ram_budget"] == 5
    data["models"]["/m/a.gguf"].update(kv_cache_type="q3_weird", n_ctx=-4, surprise=1)
    settings_path().write_text(json.dumps(data), encoding="utf-8")
    loaded = model_settings("/m/a.gguf")
    assert loaded.kv_cache_type == "f16"
    assert loaded.n_ctx == 4096
    assert loaded.n_gpu_layers == AUTO_GPU_LAYERS


def test_answers_at_once_and_a_shared_context_are_kept_and_reach_the_load() -> None:
    save_model_settings("/models/a.gguf", ModelSettings(parallel=4, kv_unified=True))
    settings = model_settings("/models/a.gguf")
    options = settings.load_options("/models/a.gguf")
    assert (options.parallel, options.kv_unified) == (4, True)
    # Out of range or of the wrong kind: the default, never a load llama.cpp refuses.
    for bad in (0, 99, "4", None):
        save_settings({"models": {"/models/b.gguf": {"parallel": bad, "kv_unified": "yes"}}})
        loaded = model_settings("/models/b.gguf")
        assert loaded.parallel == ModelSettings().parallel
        assert loaded.kv_unified is False
