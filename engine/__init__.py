"""Hearth's engine: everything that is not GUI. Never imports Qt."""
