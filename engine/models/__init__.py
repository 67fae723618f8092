"""The model library: GGUF files on this machine, their metadata, import and removal."""
