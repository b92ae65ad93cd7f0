"""Numbers quoted from ../shared/SPEC.md. Tests compare the app's output against these."""

TOKENS = ["o", " no", " gato", " cão", " sub", "iu", " telhado", " muro", " sofá", " chão", ".",
          "<|endoftext|>"]
E = [
    [-0.5, -0.5, 0, 1],
    [-0.5, 0, -0.5, 1],
    [1, -0.5, 0, -0.5],
    [1, -0.5, -0.5, 0],
    [-0.5, 1, 0, -0.5],
    [0, 0.5, -0.5, 0],
    [0, -0.5, 1, -0.5],
    [1, 0, -1, 0],
    [0.5, -0.5, -0.5, 0.5],
    [0.5, 0, -0.5, 0],
    [0, 0, 1, -1],
    [0.5, -0.5, 0.5, -0.5],
]
P = [
    [0, 0, 0, 0],
    [0.5, 0, -0.5, 0],
    [0, 0.5, 0, -0.5],
    [-0.5, 0, 0.5, 0],
    [0, -0.5, 0, 0.5],
    [0.5, 0.5, -0.5, -0.5],
    [-0.5, 0.5, 0.5, -0.5],
    [-0.5, -0.5, 0.5, 0.5],
]
SENTENCE = "o gato subiu no"
IDS = [0, 2, 4, 5, 1]
# The lesson's swap: ␣sub dragged before ␣gato (positions 2 and 3 trade places).
IDS_SUB_BEFORE_GATO = [IDS[0], IDS[2], IDS[1], *IDS[3:]]
# The worked example, learned positions: rows x_1 .. x_5.
X_LEARNED = [
    [-0.5, -0.5, 0, 1],
    [1.5, -0.5, -0.5, -0.5],
    [-0.5, 1.5, 0, -1],
    [-0.5, 0.5, 0, 0],
    [-0.5, -0.5, -0.5, 1.5],
]
# ␣gato moved to position 3 under learned positions.
GATO_AT_3_LEARNED = [1, 0, 0, -1]
# Sinusoidal, d = 4, rounded to 3 decimals: t = 0, 1, 2.
SINUSOIDAL = [[0, 1, 0, 1], [0.841, 0.540, 0.010, 1.000], [0.909, -0.416, 0.020, 1.000]]
# RoPE, one pair, θ = 0.5, q = k = [1, 0].
ROPE_THETA = 0.5
ROPE_SCORES = {(3, 1): 0.540, (10, 8): 0.540, (4, 1): 0.071}
# Scale facts.
GPT2_V, GPT2_D, GPT2_E_PARAMETERS, GPT2_SHARE_PERCENT = 50_257, 768, 38_597_376, 31
LLAMA3_CLASS_E_MILLIONS = 525
