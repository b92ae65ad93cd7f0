"""Launch the embeddings visualizer: ``python main.py --help``."""

from visualizer.app import run

if __name__ == "__main__":
    run()
