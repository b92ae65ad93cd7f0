"""`make bench`: the speed goals of the issues, measured on this machine, as one table.

`bench/run.py checkpoints` or `bench/run.py handout` measures one section alone (`toy`: the views'
repaints alone). `--runs N` (`make bench RUNS=5`) runs the whole bench N times, each a fresh
process, and prints each figure's median and worst of those runs (bench/aggregate.py); `--json
FILE` writes the rows there too.

Each figure is a median over repeated runs. Run offscreen: QT_QPA_PLATFORM=offscreen.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from poll import as_the_app_runs  # noqa: E402  (bench/ is on sys.path when this file runs)
from PySide6.QtWidgets import QApplication  # noqa: E402

Row = tuple[str, str, str]


def median_ms(action: Callable[[], object], repeats: int, warmup: int = 5) -> float:
    """Median wall time of ``action`` in milliseconds."""
    return wall_and_cpu_ms(action, repeats, warmup)[0]


def wall_and_cpu_ms(action: Callable[[], object], repeats: int, warmup: int = 5) -> tuple[float, float]:
    """Median wall time and median CPU time of this thread for ``action``, in milliseconds. The wall
    time is held to the goal; the CPU time is the app's own work, which waits for no other process
    (this 2-core machine's speed swings about 2× within minutes)."""
    for _ in range(warmup):
        action()
    walls, cpus = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.thread_time()
        action()
        walls.append((time.perf_counter() - start) * 1000)
        cpus.append((time.thread_time() - start_cpu) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def command_to_repaint(app: QApplication) -> list[Row]:
    """Model command → every view repainted, at the toy size."""
    from visualizer.shell.main_window import MainWindow

    window = MainWindow()
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    as_the_app_runs()  # as the app's collector is once its window is built (bench/poll.py)
    model = window.model

    def settle() -> None:
        # The event loop delivers the views' update requests and paints every dirty region.
        app.processEvents()

    def move() -> None:
        model.move_token(1, 2)
        settle()

    schemes = iter(["none", "learned", "sinusoidal", "rope", "alibi"] * 1000)

    def switch() -> None:
        model.set_scheme(next(schemes))
        settle()

    (move_ms, move_cpu), (switch_ms, switch_cpu) = wall_and_cpu_ms(move, 150), wall_and_cpu_ms(switch, 150)
    matplotlib_ms = matplotlib_redraw_ms(model.X())
    window.close()
    window.deleteLater()
    app.processEvents()
    panel_ms = view_alone_ms(app, "x_panel")
    worst = max(move_ms, switch_ms)
    return [
        ("move a token → all views repainted: wall / CPU", f"{move_ms:.2f} / {move_cpu:.2f} ms", "< 8 ms"),
        ("switch scheme → all views repainted: wall / CPU", f"{switch_ms:.2f} / {switch_cpu:.2f} ms", "< 8 ms"),
        ("X panel alone: move a token → repainted", f"{panel_ms:.2f} ms", "—"),
        ("matplotlib redraw of the same X heatmap", f"{matplotlib_ms:.2f} ms", "—"),
        ("speed-up over matplotlib, X panel alone", f"{matplotlib_ms / panel_ms:.1f}×", "≥ 6×"),
        ("speed-up over matplotlib, whole window", f"{matplotlib_ms / worst:.1f}×", "—"),
    ]


def view_alone_ms(app: QApplication, view_name: str) -> float:
    """A view by itself on a fresh model: move a token → repainted (median ms)."""
    from visualizer.appearance import Appearance
    from visualizer.model import EmbeddingModel
    from visualizer.selection import Highlight
    from visualizer.toy.attention_preview import AttentionPreview
    from visualizer.toy.x_panel import XPanel

    view_class = {"x_panel": XPanel, "attention": AttentionPreview}[view_name]
    model = EmbeddingModel()
    highlight = Highlight(model)
    view = view_class(model, Appearance(), highlight)
    view.resize(1000, 560)
    view.show()
    app.processEvents()
    as_the_app_runs()  # as the app's collector is once its window is built (bench/poll.py)

    def move() -> None:
        model.move_token(1, 2)
        app.processEvents()

    result = median_ms(move, 150)
    view.close()
    view.deleteLater()
    highlight.close()
    app.processEvents()
    return result


def matplotlib_redraw_ms(X: np.ndarray) -> float:
    """Redraw of an annotated X heatmap with a colour bar in matplotlib (Agg)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(4, 4), dpi=100)
    image = axes.imshow(X, cmap="coolwarm", vmin=-1.5, vmax=1.5)
    figure.colorbar(image)
    texts = [[axes.text(c, r, "", ha="center", va="center") for c in range(X.shape[1])]
             for r in range(X.shape[0])]
    flip = [X, X[[0, 2, 1, 3, 4]]]
    state = {"i": 0}

    def redraw() -> None:
        state["i"] ^= 1
        values = flip[state["i"]]
        image.set_data(values)
        for r, row in enumerate(texts):
            for c, text in enumerate(row):
                text.set_text(f"{values[r, c]:g}")
        figure.canvas.draw()

    result = median_ms(redraw, 30)
    plt.close(figure)
    return result


def clock_frames(app: QApplication) -> list[Row]:
    """One frame of the RoPE clock: paint of every face with every hand."""
    from PySide6.QtGui import QImage

    from visualizer.appearance import Appearance
    from visualizer.core import Vocabulary
    from visualizer.model import EmbeddingModel
    from visualizer.toy.rope_clock import RopeClock

    rows = []
    rng = np.random.default_rng(0)
    for label, d, n, goal in (("toy: 2 pairs × 8 tokens", 4, 8, "< 2 ms"),
                              ("64 pairs × 32 tokens", 128, 32, "< 8 ms")):
        if d == 4:
            model = EmbeddingModel(text="o gato subiu no telhado. no", scheme="rope")
        else:
            vocabulary = Vocabulary(tuple(f"t{i} " for i in range(40)), rng.normal(size=(40, d)))
            model = EmbeddingModel(vocabulary, text="".join(f"t{i} " for i in range(n)), scheme="rope")
        assert model.n == n
        clock = RopeClock(model, Appearance())
        clock.resize(1000, 700)
        clock.show()
        app.processEvents()
        # The whole grid, visible or not, rendered into an image of its full size.
        image = QImage(clock.faces.size(), QImage.Format.Format_ARGB32_Premultiplied)
        offsets = iter(np.linspace(0, 50, 10_000))

        def frame(clock: RopeClock = clock, offsets: object = offsets, image: QImage = image) -> None:
            clock.set_offset(next(offsets))  # type: ignore[call-overload]
            clock.faces.render(image)

        rows.append((f"RoPE clock frame, {label}", f"{median_ms(frame, 40):.2f} ms", goal))
        clock.close()
        clock.deleteLater()
        app.processEvents()
    return rows


def attention_after_drag(app: QApplication) -> list[Row]:
    """Attention preview visible: drag (move a token) → scores repainted."""
    from visualizer.shell.main_window import MainWindow

    window = MainWindow()
    window.resize(1400, 900)
    window.tabs.show_view(window.view("attention"))
    window.show()
    app.processEvents()
    as_the_app_runs()  # as the app's collector is once its window is built (bench/poll.py)

    def drag() -> None:
        window.model.move_token(1, 2)
        app.processEvents()

    result, result_cpu = wall_and_cpu_ms(drag, 150)
    window.close()
    window.deleteLater()
    app.processEvents()

    alone = view_alone_ms(app, "attention")
    return [("attention preview alone: drag → repainted", f"{alone:.2f} ms", "< 8 ms"),
            ("attention tab in front: drag → whole window repainted: wall / CPU",
             f"{result:.2f} / {result_cpu:.2f} ms", "< 8 ms")]


def sparse_gradient_at_gpt2_scale() -> list[Row]:
    """embedding_gradient vs the one-hot product: batch 4,000 Zipf ids, V = 50,257, d = 768."""
    import tracemalloc

    from visualizer.core import (
        GPT2_SMALL_VOCAB,
        GPT2_SMALL_WIDTH,
        dense_embedding_gradient,
        embedding_gradient,
        zipf_batch,
    )

    batch, V, d = 4000, GPT2_SMALL_VOCAB, GPT2_SMALL_WIDTH
    rng = np.random.default_rng(0)
    ids = zipf_batch(V, batch, 1.0, rng)
    upstream = rng.standard_normal((batch, d), dtype=np.float32)
    sparse_ms = median_ms(lambda: embedding_gradient(ids, upstream), 30)
    dense_ms = median_ms(lambda: dense_embedding_gradient(ids, upstream, V), 3, warmup=1)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    rows, _ = embedding_gradient(ids, upstream)
    peak = tracemalloc.get_traced_memory()[1] - before
    tracemalloc.stop()
    budget = 2 * batch * d * 4
    return [
        (f"sparse gradient, GPT-2 scale ({len(rows):,} of {V:,} rows touched)", f"{sparse_ms:.2f} ms", "—"),
        ("dense one-hot product, same batch", f"{dense_ms:.0f} ms", "—"),
        ("sparse speed-up over dense", f"{dense_ms / sparse_ms:.0f}×", "≥ 100×"),
        ("sparse peak extra memory", f"{peak / 1e6:.1f} MB", f"< {budget / 1e6:.1f} MB"),
    ]


def handout_export(app: QApplication) -> list[Row]:
    """File → Export handout: the lesson's handout (A4, both languages) built, drawn and written."""
    import tempfile

    from visualizer.appearance import Appearance
    from visualizer.handout.pdf import export_handout
    from visualizer.i18n import install_language
    from visualizer.model import EmbeddingModel

    folder = Path(tempfile.mkdtemp(prefix="bench-handout-"))
    rows: list[Row] = []
    model = EmbeddingModel()
    for language in ("en", "pt"):
        install_language(language)
        appearance = Appearance(language=language)
        path = folder / f"handout-{language}.pdf"
        report = export_handout(model, path, appearance)  # the first one also loads the X panel's code

        def export(path: Path = path, appearance: Appearance = appearance) -> None:
            export_handout(model, path, appearance)

        export_ms = median_ms(export, 9, warmup=1)
        rows.append((f"export handout, {language}, A4 ({report.pages} pages, {report.size / 1000:.0f} kB)",
                     f"{export_ms:.0f} ms", "≤ 1 s"))
    install_language("en")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    command = [sys.executable, "main.py", "--export", str(folder / "cli.pdf"), "--lang", "pt"]
    cli_s = median_ms(lambda: subprocess.run(command, check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL), 3, warmup=1) / 1000
    rows.append(("main.py --export handout.pdf --lang pt, launch to exit", f"{cli_s:.2f} s", "—"))
    return rows


FLOOR_IMPORT = "import numpy, psygnal, PySide6.QtWidgets, pyqtgraph"
"""The import floor: what any window of this app needs before it has done anything."""
FROZEN_FLOOR_IMPORT = f"import gc; gc.disable(); {FLOOR_IMPORT}; gc.freeze(); gc.enable()"
"""The same imports with the collector handled as ``main.py`` handles it (off while starting, then
what the start made frozen): the app against this floor is the app's own share of the start."""
COLD_START_PAIRS = 10


def cold_start() -> list[Row]:
    """`python main.py --screenshot` launch to exit against the bare import floor, paired.

    The two commands run in turn (A B A B …, after one warm-up each) and the ratio is taken pair by
    pair, so that a machine whose speed drifts (other builds on the same cores) moves both halves of a
    pair alike. Wall and CPU (user + system of the finished child) are both given.
    """
    import resource

    shot = Path("/tmp/bench-screenshot.png")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    app = [sys.executable, "main.py", "--screenshot", str(shot)]
    floor = [sys.executable, "-c", FLOOR_IMPORT]
    frozen_floor = [sys.executable, "-c", FROZEN_FLOOR_IMPORT]

    def launch(command: list[str]) -> tuple[float, float]:
        """Wall and CPU seconds of one whole process."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

    launch(app), launch(floor), launch(frozen_floor)  # warm-up: the file cache, not the figures
    pairs = [(launch(app), launch(floor)) for _ in range(COLD_START_PAIRS)]
    frozen_pairs = [(launch(app), launch(frozen_floor)) for _ in range(COLD_START_PAIRS)]

    def spread(ratios: list[float]) -> str:
        return f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})"

    app_s = statistics.median(a[0] for a, _ in pairs)
    floor_s = statistics.median(b[0] for _, b in pairs)
    return [
        ("cold start: main.py --screenshot", f"{app_s:.2f} s", "—"),
        (f"floor: {FLOOR_IMPORT}", f"{floor_s:.2f} s", "—"),
        (f"cold start / floor, {COLD_START_PAIRS} pairs: median (min–max)",
         spread([a[0] / b[0] for a, b in pairs]), "≤ 1.3×"),
        ("the same in CPU time", spread([a[1] / b[1] for a, b in pairs]), "≤ 1.3×"),
        # main.py keeps the collector off while starting, which spares the floor's own imports too:
        # against a floor spared the same way, what is left is the app's own share.
        ("cold start / the floor with the collector as main.py has it (the app's own share)",
         spread([a[0] / b[0] for a, b in frozen_pairs]), "—"),
    ]


def main() -> None:
    from aggregate import print_summary, run_many  # bench/ is on sys.path when this file runs
    from checkpoints import checkpoint_rows
    from poll import poll_burst, poll_flood, poll_follow

    arguments = sys.argv[1:]
    json_path = None
    if "--json" in arguments:
        at = arguments.index("--json")
        json_path, arguments = Path(arguments[at + 1]), arguments[:at] + arguments[at + 2:]
    if "--runs" in arguments:
        at = arguments.index("--runs")
        runs, arguments = int(arguments[at + 1]), arguments[:at] + arguments[at + 2:]
        if runs > 1:
            import tempfile

            with tempfile.TemporaryDirectory(prefix="bench-runs-") as folder:
                print_summary(run_many(runs, arguments, Path(folder)))
            return
    sys.argv[1:] = arguments
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
    rows: list[Row] = []
    if sys.argv[1:] == ["checkpoints"]:  # the real-checkpoint figures alone
        rows += checkpoint_rows(app)
    elif sys.argv[1:] == ["poll"]:  # the class poll's figures alone
        rows += poll_burst(app)
        rows += poll_follow(app)
        rows += poll_flood(app)
    elif sys.argv[1:] == ["handout"]:  # the handout's figures alone
        rows += handout_export(app)
    elif sys.argv[1:] == ["cold"]:  # the cold start alone
        rows += cold_start()
    elif sys.argv[1:] == ["toy"]:  # the views' repaints alone
        for section in (command_to_repaint, clock_frames, attention_after_drag):
            rows += section(app)
    else:
        for section in (command_to_repaint, clock_frames, attention_after_drag, handout_export):
            rows += section(app)
        rows += sparse_gradient_at_gpt2_scale()
        rows += cold_start()
        rows += checkpoint_rows(app)
        rows += poll_burst(app)
        rows += poll_follow(app)
        rows += poll_flood(app)
    if json_path is not None:
        import json

        json_path.write_text(json.dumps(rows))
    width = max(len(r[0]) for r in rows)
    print(f"{'figure':<{width}}  {'measured':>12}  goal")
    print("-" * (width + 24))
    for figure, measured, goal in rows:
        print(f"{figure:<{width}}  {measured:>12}  {goal}")


if __name__ == "__main__":
    main()
