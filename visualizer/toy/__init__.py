"""The lesson's toy: the sentence box, the token strip (and its item model), the vocabulary table
(and its item model), the scheme buttons, and the views of the toy model: Build X (E[ids] + P = X),
the table E and its lookup, attention's scores, the five schemes side by side and the RoPE clock.
Every view reads the one shared :class:`~visualizer.model.EmbeddingModel` and writes back only
through its commands."""
