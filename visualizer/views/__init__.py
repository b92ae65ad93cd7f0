"""Qt widgets, one per file. Each takes the shared model, reads it, never copies its data, and
writes back only through model commands."""
