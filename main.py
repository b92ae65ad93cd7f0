"""Launch the embeddings visualizer: ``python main.py --help``."""

if __name__ == "__main__":
    import gc

    # The start makes ~75,000 objects that live as long as the app and almost no garbage: the
    # collector would run ~150 times while they are made (~60 ms of a ~1 s start), and over all of
    # them again at exit. It is back on, with these objects frozen out of it, once the window is
    # built (visualizer.app.resume_collections).
    gc.disable()

    from visualizer.app import run

    run()
