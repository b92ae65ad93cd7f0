"""The way back: the gradient lab (Zipf batches over the toy vocabulary, the sparse gradient, a toy
training loop; state without Qt in :mod:`.state`), the real-scale race of the sparse against the
dense gradient at GPT-2's size, and how big E gets (:mod:`.table_scale`)."""
