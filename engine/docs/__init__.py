"""Document sets: reading, chunking, indexing and searching the user's own files."""
