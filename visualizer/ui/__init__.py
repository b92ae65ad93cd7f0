"""Qt widgets, one per file. Each takes the shared model, reads it, never copies its data, and
writes back only through model commands.

Every view is a :class:`~visualizer.ui.protocol.View` (refresh, retranslate, detach) and
listens only through :meth:`~visualizer.subscriptions.Listening.listen`; an animated one has a
:class:`~visualizer.ui.player.Player`. Matrices side by side share a
:class:`~visualizer.ui.matrix_row.MatrixRow`.
"""

from visualizer.ui.pyqtgraph_mirrors import import_pyqtgraph

import_pyqtgraph()  # before any view imports pyqtgraph: 9% of a launch's CPU (see the module)
