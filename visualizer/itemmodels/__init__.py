"""Qt item-model adapters over the shared :class:`~visualizer.model.EmbeddingModel`.

They hold no data of their own: every ``data()`` call reads the model, every edit or drop is
a model command.
"""

from .token_strip_model import TOKEN_ID_MIME, TOKEN_POSITION_MIME, TokenStripModel
from .vocabulary_table_model import VocabularyTableModel

__all__ = ["TOKEN_ID_MIME", "TOKEN_POSITION_MIME", "TokenStripModel", "VocabularyTableModel"]
