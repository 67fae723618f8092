"""Saved conversations: the SQLite store, its schema, the streaming answer writer and export."""
