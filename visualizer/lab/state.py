"""State of the sparse-gradient lab: Zipf batches over the toy vocabulary and a toy training loop.

No Qt. The lab trains its own copy of E, so the lesson's E (and X) stay as the class left them;
"reset" starts again from the lesson's current E.
"""

from __future__ import annotations

import math

import numpy as np
from psygnal import Signal

from visualizer.core import embedding_gradient, toy_zipf_ids

OPTIMIZERS = ("sgd", "adam")
MAX_BATCH = 100_000
ADAM_BETAS = (0.9, 0.999)
ADAM_EPSILON = 1e-8


class GradientLab:
    """A batch of tokens, the gradient it sends to E, and steps of a toy optimisation.

    The toy loss (stated on screen, an illustration rather than a language model's loss):
    ``L = ½ Σ_t ‖E[i_t] − T[i_t]‖²``: every occurrence pulls its row of E toward a fixed
    target vector T[i]. Its gradient with respect to the looked-up row y_t is ``E[i_t] − T[i_t]``,
    so only rows present in the batch get one, and a row seen k times gets k pulls.

    With ``tied`` on, E is also the output projection of a softmax that predicts the next token
    of the batch from the current one; the softmax gives *every* row a gradient.

    Parameters
    ----------
    tokens : tuple of str, length V
    E : ndarray, shape (V, d)
        Starting point of the training copy.

    Signals
    -------
    changed : ()
        Batch, settings or the trained E changed.
    """

    changed = Signal()

    def __init__(self, tokens: tuple[str, ...], E: np.ndarray, seed: int = 0) -> None:
        self.tokens = tokens
        self._E_start = np.array(E, dtype=np.float64)
        self.batch_size = 16  # small enough that some of the 12 rows are usually missed
        self.zipf_exponent = 1.0
        self.seed = seed
        self.optimizer = "sgd"
        self.learning_rate = 0.05
        self.tied = False
        targets = np.random.default_rng(12345).normal(scale=0.8, size=self._E_start.shape)
        self.targets = targets - targets.mean(axis=1, keepdims=True)  # rows sum to 0, like E
        self._reset_training()
        self.sample()

    # ---- read --------------------------------------------------------------------------------

    @property
    def V(self) -> int:
        """Vocabulary size."""
        return len(self.tokens)

    @property
    def E(self) -> np.ndarray:
        """The training copy of E, shape (V, d), read-only view."""
        view = self._E.view()
        view.flags.writeable = False
        return view

    @property
    def E_start(self) -> np.ndarray:
        """E when training (re)started, shape (V, d)."""
        return self._E_start

    @property
    def steps(self) -> int:
        """Optimiser steps taken since the last reset."""
        return self._steps

    @property
    def batch(self) -> np.ndarray:
        """Token ids of the current batch, shape (batch_size,)."""
        return self._batch

    def counts(self) -> np.ndarray:
        """Occurrences of each id in the batch, shape (V,)."""
        return np.bincount(self._batch, minlength=self.V)

    def loss(self) -> float:
        """The toy loss of the current batch (without the tied softmax term)."""
        diff = self._E[self._batch] - self.targets[self._batch]
        return float(0.5 * np.sum(diff * diff))

    def gradient(self) -> tuple[np.ndarray, np.ndarray]:
        """∂L/∂E for the current batch as (rows, grads): rows are the ids that get one.

        Without tying, rows are exactly the ids present in the batch; with tying, all V.
        """
        upstream = self._E[self._batch] - self.targets[self._batch]
        rows, grads = embedding_gradient(self._batch, upstream)
        if not self.tied:
            return rows, grads
        dense = np.zeros_like(self._E)
        dense[rows] = grads
        dense += self._tied_output_gradient()
        return np.arange(self.V), dense

    def touched_rows(self) -> np.ndarray:
        """Ids whose gradient row is not exactly zero."""
        rows, grads = self.gradient()
        return rows[np.any(grads != 0, axis=1)]

    def distance_travelled(self) -> np.ndarray:
        """‖E[i] − E_start[i]‖ for every row, shape (V,)."""
        return np.linalg.norm(self._E - self._E_start, axis=1)

    # ---- commands ----------------------------------------------------------------------------

    def set_batch(self, size: int, zipf_exponent: float, seed: int) -> None:
        """Change the sampling settings and draw a new batch."""
        if not 1 <= int(size) <= MAX_BATCH:
            raise ValueError(f"batch size must be 1 .. {MAX_BATCH:,}, got {size}")
        if not math.isfinite(zipf_exponent) or not 0 <= zipf_exponent <= 5:
            raise ValueError(f"the Zipf exponent must be 0 .. 5, got {zipf_exponent}")
        self.batch_size, self.zipf_exponent, self.seed = int(size), float(zipf_exponent), int(seed)
        self._rng = np.random.default_rng(self.seed)
        self.sample()

    def sample(self) -> None:
        """Draw the next batch from the lab's random stream."""
        self._batch = toy_zipf_ids(self.batch_size, self.zipf_exponent, self._rng)
        self.changed.emit()

    def set_optimizer(self, name: str, learning_rate: float | None = None) -> None:
        """SGD or (sparse, lazy) Adam; optionally a new learning rate."""
        if name not in OPTIMIZERS:
            raise ValueError(f"unknown optimizer {name!r}; choose sgd or adam")
        if learning_rate is not None and not (math.isfinite(learning_rate) and 0 < learning_rate <= 10):
            raise ValueError(f"learning rate must be in (0, 10], got {learning_rate}")
        self.optimizer = name
        if learning_rate is not None:
            self.learning_rate = float(learning_rate)
        self.changed.emit()

    def set_tied(self, tied: bool) -> None:
        """Tie E to the output projection (every row then gets a gradient)."""
        self.tied = bool(tied)
        self.changed.emit()

    def step(self) -> np.ndarray:
        """One optimiser step on the current batch, then draw the next batch.

        Returns
        -------
        ndarray of int
            The rows of E that the step changed.
        """
        rows, grads = self.gradient()
        self._update(self._E, self._m, self._v, self._row_steps, rows, grads)
        self._steps += 1
        changed = rows[np.any(grads != 0, axis=1)]
        self.sample()
        return changed

    def step_distances(self) -> np.ndarray:
        """How far each row of E would move in one optimiser step on the current batch, shape (V,).

        Computed on copies: nothing of the lab changes. A row the batch does not touch moves
        exactly 0; with SGD a row moves η·‖∂L/∂E[i]‖, so in proportion to its count.
        """
        E, m, v, row_steps = self._E.copy(), self._m.copy(), self._v.copy(), self._row_steps.copy()
        rows, grads = self.gradient()
        self._update(E, m, v, row_steps, rows, grads)
        return np.linalg.norm(E - self._E, axis=1)

    def _update(self, E: np.ndarray, m: np.ndarray, v: np.ndarray, row_steps: np.ndarray, rows: np.ndarray,
                grads: np.ndarray) -> None:
        """One optimiser step on these arrays (E, Adam's moments, each row's step count), in place."""
        if self.optimizer == "sgd":
            E[rows] -= self.learning_rate * grads
            return
        # Lazy (sparse) Adam: only rows with a gradient update their moments and values,
        # as frameworks do for embeddings (SparseAdam).
        beta1, beta2 = ADAM_BETAS
        row_steps[rows] += 1
        t = row_steps[rows][:, None]
        m[rows] = beta1 * m[rows] + (1 - beta1) * grads
        v[rows] = beta2 * v[rows] + (1 - beta2) * grads * grads
        m_hat = m[rows] / (1 - beta1**t)
        v_hat = v[rows] / (1 - beta2**t)
        E[rows] -= self.learning_rate * m_hat / (np.sqrt(v_hat) + ADAM_EPSILON)

    def reset(self, E: np.ndarray | None = None) -> None:
        """Start training again from ``E`` (default: where it last started)."""
        if E is not None:
            self._E_start = np.array(E, dtype=np.float64)
        self._reset_training()
        self.changed.emit()

    # ---- internals ---------------------------------------------------------------------------

    def _reset_training(self) -> None:
        self._E = self._E_start.copy()
        self._m = np.zeros_like(self._E)
        self._v = np.zeros_like(self._E)
        self._row_steps = np.zeros(self.V, dtype=np.int64)
        self._steps = 0
        self._rng = np.random.default_rng(self.seed)

    def _tied_output_gradient(self) -> np.ndarray:
        """Gradient on E as the output projection: softmax(E h_t) predicts token t + 1.

        h_t is the looked-up row E[i_t]; for every position the softmax puts weight p_j on
        every token j, so every row j gets (p_j − [j = next]) h_t.
        """
        if self._batch.size < 2:
            return np.zeros_like(self._E)
        hidden = self._E[self._batch[:-1]]  # (n − 1, d)
        logits = hidden @ self._E.T  # (n − 1, V)
        logits -= logits.max(axis=1, keepdims=True)
        probabilities = np.exp(logits)
        probabilities /= probabilities.sum(axis=1, keepdims=True)
        probabilities[np.arange(len(hidden)), self._batch[1:]] -= 1.0
        return probabilities.T @ hidden / len(hidden)
