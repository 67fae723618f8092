"""Learning what the figures mean: the "What these numbers mean" page (glossary.py), the first-run
tour (tour.py), and how both attach to the window (entry_points.py)."""
