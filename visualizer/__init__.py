"""Embeddings visualizer: how token ids become the matrix X a transformer reads."""

__version__ = "0.1.0"
