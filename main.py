"""Launch the embeddings visualizer: ``python main.py --help``."""

if __name__ == "__main__":
    import gc

    # The start makes ~75,000 objects that live as long as the app and almost no garbage: the
    # collector would walk them all a dozen times while they are made (~60 ms of a ~1 s start).
    # It is back on, with these objects set aside, once the window is built (visualizer.app).
    gc.disable()

    from visualizer.app import run

    run()
