"""The lesson's math in pure NumPy: no Qt, no signals, importable from a notebook.

Every function takes arrays and returns new arrays; nothing here holds state.
"""

from .attention import alibi_bias, alibi_slopes, attention_scores
from .formatting import ENGLISH, NUMBER_FORMATS, PORTUGUESE, NumberFormat
from .gradient import (
    GPT2_SMALL_CONTEXT,
    GPT2_SMALL_PARAMETERS,
    GPT2_SMALL_VOCAB,
    GPT2_SMALL_WIDTH,
    LLAMA3_VOCAB,
    LLAMA3_WIDTH,
    TOY_FREQUENCY_ORDER,
    dense_embedding_gradient,
    embedding_gradient,
    iter_dense_embedding_gradient,
    parameter_count,
    toy_zipf_ids,
    zipf_batch,
    zipf_probabilities,
)
from .positions import (
    ADDITIVE_SCHEMES,
    SCHEMES,
    PositionError,
    check_scheme,
    embed,
    learned_positions,
    padded_positions,
    positions,
    sinusoidal,
)
from .rope import RopeScaling, rope_frequencies, rope_rotate, rope_score
from .rows import RowVerdict, classify_rows
from .tokenizer import TokenizeError, detokenize, tokenize
from .vocabulary import LESSON_SENTENCE, Vocabulary, display_token, toy_vocabulary

__all__ = [
    "ADDITIVE_SCHEMES",
    "ENGLISH",
    "GPT2_SMALL_CONTEXT",
    "GPT2_SMALL_PARAMETERS",
    "GPT2_SMALL_VOCAB",
    "GPT2_SMALL_WIDTH",
    "LESSON_SENTENCE",
    "LLAMA3_VOCAB",
    "LLAMA3_WIDTH",
    "NUMBER_FORMATS",
    "PORTUGUESE",
    "SCHEMES",
    "TOY_FREQUENCY_ORDER",
    "NumberFormat",
    "PositionError",
    "RopeScaling",
    "RowVerdict",
    "TokenizeError",
    "Vocabulary",
    "alibi_bias",
    "alibi_slopes",
    "attention_scores",
    "check_scheme",
    "classify_rows",
    "dense_embedding_gradient",
    "detokenize",
    "display_token",
    "embed",
    "embedding_gradient",
    "iter_dense_embedding_gradient",
    "learned_positions",
    "padded_positions",
    "parameter_count",
    "positions",
    "rope_frequencies",
    "rope_rotate",
    "rope_score",
    "sinusoidal",
    "tokenize",
    "toy_vocabulary",
    "toy_zipf_ids",
    "zipf_batch",
    "zipf_probabilities",
]
