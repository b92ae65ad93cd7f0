"""Every family the app reads, as a tiny synthetic folder in each config form it comes in, against
the NumPy reference of its transformers modelling code (tests/real/reference.py)."""

import json
import math

import ml_dtypes
import numpy as np
import pytest

from tests.real import reference
from tests.real.folders import CLS, SEP, WORDS, V, table, tokenizer, word_ids, write_bf16_file, write_folder
from visualizer.app import main
from visualizer.real.checkpoint import open_checkpoint

TEXT = "the cat sat on the mat"
D, HEADS = 64, 4
# What each comparison found (family, quantity) → max |app − reference|; printed with -s.
DIFFERENCES: dict[tuple[str, str], float] = {}


def note(case: str, what: str, got, expected) -> float:
    difference = float(np.max(np.abs(np.asarray(got, dtype=float) - np.asarray(expected, dtype=float)))) \
        if np.size(expected) else 0.0
    DIFFERENCES[case, what] = max(DIFFERENCES.get((case, what), 0.0), difference)
    return difference


# --- learned positions ------------------------------------------------------------------------------

def bert_like(prefix: str, types: bool = True, T: int = 12, width: int = D, norm: bool = True) -> dict:
    tensors = {f"{prefix}embeddings.word_embeddings.weight": table(V, width, 21),
               f"{prefix}embeddings.position_embeddings.weight": table(T, width, 22)}
    if types:
        tensors[f"{prefix}embeddings.token_type_embeddings.weight"] = table(2, width, 23)
    if norm:
        tensors[f"{prefix}embeddings.LayerNorm.weight"] = 1 + table(1, width, 24)[0]
        tensors[f"{prefix}embeddings.LayerNorm.bias"] = table(1, width, 25)[0]
    return tensors


LEARNED = {
    # family: (config, tensors, bert-like tokenizer?)
    "gpt2": ({"model_type": "gpt2", "n_embd": D, "n_head": HEADS, "n_positions": 10},
             {"transformer.wte.weight": table(V, D, 1), "transformer.wpe.weight": table(10, D, 2)}, False),
    "bert": ({"model_type": "bert", "hidden_size": D, "max_position_embeddings": 12, "layer_norm_eps": 1e-12},
             bert_like("bert."), True),
    "roberta": ({"model_type": "roberta", "hidden_size": D, "max_position_embeddings": 12, "layer_norm_eps": 1e-5,
                 "pad_token_id": 0}, bert_like("roberta.", T=12), True),
    "xlm-roberta": ({"model_type": "xlm-roberta", "hidden_size": D, "max_position_embeddings": 12,
                     "layer_norm_eps": 1e-5}, bert_like("roberta.", T=12), True),
    "distilbert": ({"model_type": "distilbert", "dim": D, "n_heads": HEADS, "max_position_embeddings": 12},
                   bert_like("distilbert.", types=False), True),
    "electra": ({"model_type": "electra", "embedding_size": 32, "hidden_size": D, "max_position_embeddings": 12,
                 "layer_norm_eps": 1e-12},
                {**bert_like("electra.", width=32), "electra.embeddings_project.weight": table(D, 32, 26),
                 "electra.embeddings_project.bias": table(1, D, 27)[0]}, True),
    "opt": ({"model_type": "opt", "hidden_size": D, "max_position_embeddings": 8, "word_embed_proj_dim": D},
            {"model.decoder.embed_tokens.weight": table(V, D, 3), "model.decoder.embed_positions.weight":
             table(10, D, 4)}, False),
    "opt-350m-like": ({"model_type": "opt", "hidden_size": D, "max_position_embeddings": 8,
                       "word_embed_proj_dim": 16},
                      {"model.decoder.embed_tokens.weight": table(V, 16, 5),
                       "model.decoder.embed_positions.weight": table(10, D, 6),
                       "model.decoder.project_in.weight": table(D, 16, 7)}, False),
}


def padding_tokenizer(bert: bool):
    """The test tokenizer with [PAD] as a special token, so that a text can hold one."""
    from tokenizers import AddedToken

    tok = tokenizer(bert=bert)
    tok.add_special_tokens([AddedToken("[PAD]", special=True)])
    return tok


def learned_reference(case: str, config: dict, tensors: dict,
                      ids: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(positions, X, X_model) as the family's embedding module computes them."""
    family = config["model_type"]
    f64 = {name: t.astype(np.float64) for name, t in tensors.items()}
    find = lambda suffix: next(t for n, t in f64.items() if n.endswith(suffix))  # noqa: E731
    pad = config.get("pad_token_id", 1) if family in ("roberta", "xlm-roberta") else None
    rows = reference.position_ids(family, ids, pad)
    if family == "gpt2":  # modeling_gpt2.py: wte(input_ids) + wpe(position_ids)
        x = find("wte.weight")[ids] + find("wpe.weight")[rows]
        return rows, x, x
    if family == "opt":  # modeling_opt.py: project_in(embed_tokens(ids)) + embed_positions(...)
        vectors = find("embed_tokens.weight")[ids]
        if "model.decoder.project_in.weight" in f64:
            vectors = vectors @ f64["model.decoder.project_in.weight"].T
        x = vectors + find("embed_positions.weight")[rows]
        return rows, x, x
    # modeling_bert.py, modeling_roberta.py, modeling_distilbert.py, modeling_electra.py:
    # LayerNorm(word + token_type(0) + position), eps from the config (DistilBERT: 1e-12 fixed).
    x = find("word_embeddings.weight")[ids] + find("position_embeddings.weight")[rows]
    summed = x + (find("token_type_embeddings.weight")[0] if family != "distilbert" else 0)
    eps = 1e-12 if family == "distilbert" else config.get("layer_norm_eps", 1e-12)
    x_model = reference.layer_norm(summed, find("LayerNorm.weight"), find("LayerNorm.bias"), eps)
    if family == "electra":  # ElectraModel.forward: embeddings_project after the embeddings
        x_model = x_model @ f64["electra.embeddings_project.weight"].T + f64["electra.embeddings_project.bias"]
    return rows, x, x_model


@pytest.mark.parametrize("case", list(LEARNED))
def test_learned_families_against_their_modelling_code(tmp_path, case):
    config, tensors, bert = LEARNED[case]
    folder = write_folder(tmp_path / case, config, tensors, padding_tokenizer(bert))
    model = open_checkpoint(folder)
    text = "the cat [PAD] sat" if case == "roberta" else TEXT
    ids = list(model.encode(text).ids)
    assert ids == ([CLS, *word_ids(text), SEP] if bert else word_ids(text))
    positions, X, X_model = learned_reference(case, config, tensors, ids)
    assert model.scheme == "learned" and model.rope is None and model.alibi is None
    np.testing.assert_array_equal(model.positions(ids), positions)
    assert note(case, "X", model.X(ids), X) <= 1e-12
    assert note(case, "X_model", model.X_model(ids), X_model) <= 1e-12
    data = model.export(text)
    assert data["positions"] == positions.tolist()
    np.testing.assert_allclose(data["X_model"], X_model, atol=1e-12)


def test_roberta_counts_positions_from_padding_idx_and_skips_padding(tmp_path):
    config, tensors, _ = LEARNED["roberta"]
    model = open_checkpoint(write_folder(tmp_path / "r", config, tensors, padding_tokenizer(True)))
    ids = list(model.encode("the cat [PAD] sat").ids)  # [CLS] the cat [PAD] sat [SEP]
    assert model.positions(ids).tolist() == [1, 2, 3, 0, 4, 5]  # pad_token_id 0: rows from 1, padding on row 0
    # XLM-RoBERTa's pad_token_id defaults to 1: its first token reads row 2 (modeling_xlm_roberta.py).
    config, tensors, _ = LEARNED["xlm-roberta"]
    xlmr = open_checkpoint(write_folder(tmp_path / "x", config, tensors, tokenizer(bert=True)))
    assert xlmr.positions(list(xlmr.encode(TEXT).ids)).tolist() == list(range(2, 10))
    assert xlmr.trained_length == 12 - 2


def test_opt_reads_its_rows_two_later_and_refuses_past_them(tmp_path, capsys):
    config, tensors, _ = LEARNED["opt"]
    folder = write_folder(tmp_path / "opt", config, tensors)
    model = open_checkpoint(folder)
    assert model.trained_length == 8 and model.positions(3).tolist() == [2, 3, 4]
    out = tmp_path / "x.json"
    long_text = "the cat sat on the mat a dog the"  # 9 tokens, 8 positions
    with pytest.raises(SystemExit) as exit_info:
        main(["--model", str(folder), "--text", long_text, "--export", str(out)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "8 learned positions" in err and not out.exists()


def test_xlm_roberta_reads_the_lessons_portuguese_sentence(tmp_path):
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from tokenizers.pre_tokenizers import Whitespace
    from tokenizers.processors import TemplateProcessing

    words = ["<s>", "<pad>", "</s>", "<unk>", "o", "gato", "subiu", "no", "telhado"]
    tok = Tokenizer(WordLevel({w: i for i, w in enumerate(words)}, unk_token="<unk>"))
    tok.pre_tokenizer = Whitespace()
    tok.post_processor = TemplateProcessing(single="<s> $A </s>", special_tokens=[("<s>", 0), ("</s>", 2)])
    tensors = bert_like("roberta.", T=12)
    tensors["roberta.embeddings.word_embeddings.weight"] = table(len(words), D, 28)
    config = {"model_type": "xlm-roberta", "hidden_size": D, "max_position_embeddings": 12, "layer_norm_eps": 1e-5}
    model = open_checkpoint(write_folder(tmp_path / "xlmr", config, tensors, tok))
    encoding = model.encode("o gato subiu no telhado")
    assert encoding.tokens == ("<s>", "o", "gato", "subiu", "no", "telhado", "</s>")
    positions, _, X_model = learned_reference("xlm-roberta", config, tensors, list(encoding.ids))
    assert positions.tolist() == [2, 3, 4, 5, 6, 7, 8]
    assert note("xlm-roberta (pt)", "X_model", model.X_model(list(encoding.ids)), X_model) <= 1e-12


# --- RoPE ----------------------------------------------------------------------------------------------

def rope_tensors(token_table: str, width: int = D) -> dict:
    return {token_table: table(V, width, 31), "lm_head.weight": table(V, width, 32)}


_LLAMA3 = {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0}
_YARN = {"factor": 4.0, "beta_fast": 32, "beta_slow": 1, "original_max_position_embeddings": 16}


def both_forms(family: str, theta: float, scaling: dict | None, extra: dict | None = None) -> dict[str, dict]:
    """The same RoPE as transformers 5 writes it (rope_parameters) and as older configs did
    (rope_theta and rope_scaling at the top)."""
    base = {"model_type": family, "hidden_size": D, "num_attention_heads": HEADS, "max_position_embeddings": 64,
            **(extra or {})}
    new = {**base, "rope_parameters": {"rope_type": (scaling or {}).get("rope_type", "default"), "rope_theta": theta,
                                       **{k: v for k, v in (scaling or {}).items() if k != "rope_type"}}}
    old = {**base, "rope_theta": theta}
    if scaling:
        old["rope_scaling"] = {("type" if k == "rope_type" else k): v for k, v in scaling.items()}
    return {"rope_parameters": new, "rope_theta + rope_scaling": old}


ROPE_CASES: dict[str, tuple[dict, str]] = {}
for _family, _theta, _scaling, _extra in [
    ("llama", 500_000.0, {"rope_type": "llama3", **_LLAMA3, "original_max_position_embeddings": 16}, None),
    ("mistral", 1_000_000.0, None, {"head_dim": 32}),
    ("mixtral", 1_000_000.0, {"rope_type": "linear", "factor": 2.0}, None),
    ("qwen2", 1_000_000.0, {"rope_type": "yarn", **_YARN}, None),
    ("qwen2_moe", 10_000.0, {"rope_type": "dynamic", "factor": 2.0}, None),
    ("qwen3", 1_000_000.0, None, {"head_dim": 32}),
    ("qwen3_moe", 1_000_000.0, {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 16}, None),
    ("phi", 10_000.0, None, {"partial_rotary_factor": 0.5}),
    ("phi3", 10_000.0, {"rope_type": "longrope", "short_factor": [1.0 + i / 10 for i in range(8)],
                        "long_factor": [2.0 + i for i in range(8)]}, {"original_max_position_embeddings": 4}),
    ("stablelm", 10_000.0, None, {"partial_rotary_factor": 0.25}),
    ("olmo", 10_000.0, {"rope_type": "linear", "factor": 4.0}, None),
    ("olmo2", 500_000.0, None, None),
    ("gemma", 10_000.0, None, {"head_dim": 32}),
    ("gemma2", 10_000.0, None, {"head_dim": 32}),
    ("falcon", 10_000.0, {"rope_type": "dynamic", "factor": 2.0}, None),
    ("deepseek_v3", 10_000.0, {"rope_type": "yarn", "factor": 40.0, "original_max_position_embeddings": 16,
                               "beta_fast": 32, "beta_slow": 1, "mscale": 1.0, "mscale_all_dim": 1.0},
     {"qk_rope_head_dim": 8, "qk_nope_head_dim": 8}),
]:
    for _form, _config in both_forms(_family, _theta, _scaling, _extra).items():
        ROPE_CASES[f"{_family}, {_form}"] = (_config, "transformer.word_embeddings.weight" if _family == "falcon"
                                             else "model.embed_tokens.weight")
# GPT-NeoX keeps its own names in the older form (configuration_gpt_neox.py).
ROPE_CASES["gpt_neox, rotary_emb_base + rotary_pct"] = (
    {"model_type": "gpt_neox", "hidden_size": D, "num_attention_heads": HEADS, "max_position_embeddings": 64,
     "rotary_emb_base": 10_000.0, "rotary_pct": 0.25}, "gpt_neox.embed_in.weight")
ROPE_CASES["gpt_neox, rope_parameters"] = (
    {"model_type": "gpt_neox", "hidden_size": D, "num_attention_heads": HEADS, "max_position_embeddings": 64,
     "rope_parameters": {"rope_type": "linear", "factor": 2.0, "rope_theta": 10_000.0,
                         "partial_rotary_factor": 0.5}}, "gpt_neox.embed_in.weight")
ROPE_CASES["gptj, rotary_dim"] = ({"model_type": "gptj", "n_embd": D, "n_head": HEADS, "n_positions": 64,
                                   "rotary_dim": 8}, "transformer.wte.weight")
ROPE_CASES["falcon, rope_theta default"] = ({"model_type": "falcon", "hidden_size": D, "num_attention_heads": HEADS},
                                            "transformer.word_embeddings.weight")
ROPE_CASES["llama3 without original_max_position_embeddings"] = (
    {"model_type": "llama", "hidden_size": D, "num_attention_heads": HEADS, "max_position_embeddings": 32,
     "rope_theta": 500_000.0, "rope_scaling": {"rope_type": "llama3", **_LLAMA3}}, "model.embed_tokens.weight")
ROPE_CASES["phi3, su renamed longrope, original from the top"] = (
    {"model_type": "phi3", "hidden_size": D, "num_attention_heads": HEADS, "max_position_embeddings": 64,
     "original_max_position_embeddings": 8,
     "rope_scaling": {"type": "su", "short_factor": [1.5] * 8, "long_factor": [3.0] * 8,
                      "original_max_position_embeddings": 32}}, "model.embed_tokens.weight")
ROPE_CASES["mixtral, no rope keys (θ default 1,000,000)"] = (
    {"model_type": "mixtral", "hidden_size": D, "num_attention_heads": HEADS}, "model.embed_tokens.weight")
ROPE_CASES["phi, no share (default 0.5)"] = ({"model_type": "phi", "hidden_size": D, "num_attention_heads": HEADS},
                                             "model.embed_tokens.weight")

PAIRING = {"gptj": "interleaved", "deepseek_v3": "interleaved"}


def expected_rope_layout(config: dict) -> tuple[str, int, int]:
    """(pairing, first rotated dimension, rotated width) from the modelling files."""
    family = config["model_type"]
    theta, _ = reference.inv_freq(config, family)
    start = config.get("qk_nope_head_dim", 128) if family == "deepseek_v3" else 0
    return PAIRING.get(family, "halves"), start, 2 * theta.size


@pytest.mark.parametrize("case", list(ROPE_CASES))
def test_rope_families_against_their_modelling_code(tmp_path, case):
    config, token_table = ROPE_CASES[case]
    family = config["model_type"]
    tensors = rope_tensors(token_table)
    folder = write_folder(tmp_path / "m", config, tensors)
    model = open_checkpoint(folder)
    ids = word_ids(TEXT)
    assert model.scheme == "rope" and model.P is None
    E = tensors[token_table].astype(np.float64)
    assert note(case, "X", model.X(ids), E[ids]) == 0
    scale = float(np.float32(math.sqrt(D))) if family.startswith("gemma") else 1.0
    assert note(case, "X_model", model.X_model(ids), E[ids] * scale) == 0
    np.testing.assert_array_equal(model.positions(ids), np.arange(len(ids)))
    for seq_len in (len(ids), 100):  # within and past the trained context (dynamic, longrope switch)
        theta, factor = reference.inv_freq(config, family, seq_len=seq_len)
        assert note(case, "θ", model.rope.theta(seq_len), theta) <= 1e-15 * max(1.0, theta.max())
        assert model.rope.attention_factor == pytest.approx(factor, rel=1e-14)
    pairing, start, width = expected_rope_layout(config)
    assert (model.rope.pairing, model.rope.rotated_from, model.rope.rotary_dim) == (pairing, start, width)
    # The pairs the app names are the dimensions the reference rotation mixes.
    rope = model.rope
    for i, (a, b) in enumerate(rope.pairs()):
        unit = np.zeros((1, rope.query_width))
        unit[0, a] = 1.0
        turned = reference.rotate(unit, np.array([3.0]), rope.theta(), rope.pairing, rope.rotated_from)
        assert set(np.flatnonzero(np.abs(turned[0]) > 1e-12)) <= {a, b}, (i, a, b)
    summary = model.export(TEXT)["model"]["rope"]
    assert summary["pairing"] == pairing and summary["attention_factor"] == model.rope.attention_factor
    np.testing.assert_allclose(summary["theta"], reference.inv_freq(config, family, seq_len=len(ids))[0],
                               rtol=1e-14)
    assert "by_layer_type" not in summary


def test_the_yarn_attention_factor_of_factor_4_is_1_1386(tmp_path):
    config, token_table = ROPE_CASES["qwen2, rope_parameters"]
    model = open_checkpoint(write_folder(tmp_path / "q", config, rope_tensors(token_table)))
    assert round(model.rope.attention_factor, 4) == 1.1386 == round(0.1 * math.log(4) + 1, 4)


# --- Gemma 3, per layer type, text-only and multimodal --------------------------------------------------

GEMMA3_TEXT = {"model_type": "gemma3_text", "hidden_size": D, "num_attention_heads": HEADS, "head_dim": 32,
               "num_hidden_layers": 12, "max_position_embeddings": 64}
GEMMA3_FORMS = {
    "transformers 5: rope_parameters per layer type": {
        **GEMMA3_TEXT, "rope_parameters": {
            "full_attention": {"rope_type": "linear", "factor": 8.0, "rope_theta": 1_000_000.0},
            "sliding_attention": {"rope_type": "default", "rope_theta": 10_000.0}}},
    "older: rope_theta, rope_scaling, rope_local_base_freq": {
        **GEMMA3_TEXT, "rope_theta": 1_000_000.0, "rope_local_base_freq": 10_000.0,
        "rope_scaling": {"rope_type": "linear", "factor": 8.0}},
    "no rope keys: transformers' defaults": dict(GEMMA3_TEXT),
    "yarn on the global layers": {
        **GEMMA3_TEXT, "rope_parameters": {
            "full_attention": {"rope_type": "yarn", "factor": 4.0, "rope_theta": 1_000_000.0},
            "sliding_attention": {"rope_type": "default", "rope_theta": 10_000.0}}},
}


def gemma3_tensors(prefix: str = "model.") -> dict:
    return {f"{prefix}embed_tokens.weight": table(V, D, 41),
            f"{prefix}layers.0.self_attn.q_proj.weight": table(HEADS * 32, D, 42)}


@pytest.mark.parametrize("form", list(GEMMA3_FORMS))
@pytest.mark.parametrize("multimodal", [False, True])
def test_gemma3_every_config_form(tmp_path, form, multimodal):
    text_config = GEMMA3_FORMS[form]
    if multimodal:  # gemma-3-4b/12b/27b: the language model's config nested in text_config
        config = {"model_type": "gemma3", "text_config": text_config,
                  "vision_config": {"model_type": "siglip_vision_model"}}
        tensors = {**gemma3_tensors("model.language_model."),
                   "model.vision_tower.vision_model.encoder.layers.0.self_attn.q_proj.weight": table(8, 8, 43)}
    else:
        config, tensors = text_config, gemma3_tensors()
    model = open_checkpoint(write_folder(tmp_path / "g", config, tensors))
    case = f"gemma3{' (multimodal)' if multimodal else ''}, {form}"
    assert model.family == ("gemma3" if multimodal else "gemma3_text")
    assert set(model.rope_by_layer_type) == {"full_attention", "sliding_attention"}
    for layer_type, settings in model.rope_by_layer_type.items():
        theta, factor = reference.inv_freq(text_config, "gemma3_text", layer_type)
        assert note(case, f"θ ({layer_type})", settings.theta(), theta) <= 1e-15
        assert settings.attention_factor == pytest.approx(factor, rel=1e-14)
    assert model.rope is model.rope_by_layer_type["full_attention"]
    # Every sixth layer is global (sliding_window_pattern 6), as Gemma3TextConfig lays them out.
    assert model.layer_types == tuple("sliding_attention" if (i + 1) % 6 else "full_attention" for i in range(12))
    ids = word_ids(TEXT)
    E = tensors[next(n for n in tensors if n.endswith("embed_tokens.weight"))].astype(np.float64)
    assert model.embed_scale == float(np.float32(math.sqrt(D)))
    np.testing.assert_array_equal(model.X_model(ids), E[ids] * model.embed_scale)
    rope = model.export(TEXT)["model"]["rope"]
    assert set(rope["by_layer_type"]) == {"full_attention", "sliding_attention"}
    np.testing.assert_allclose(rope["by_layer_type"]["full_attention"]["theta"],
                               reference.inv_freq(text_config, "gemma3_text", "full_attention")[0], rtol=1e-14)
    used = " ".join(model.keys)
    assert ("rope" in used) == ("rope" in json.dumps(text_config))  # the page lists the RoPE keys it read


def test_gemma3_global_theta_15_is_the_issues_number(tmp_path):
    # gemma-3: head_dim 256, global θ base 1e6 with linear factor 8: θ_15 = 1e6^(−30/256) / 8.
    config = {**GEMMA3_FORMS["transformers 5: rope_parameters per layer type"], "head_dim": 256}
    model = open_checkpoint(write_folder(tmp_path / "g", config, gemma3_tensors()))
    assert f"{model.rope.theta()[15]:.3g}" == f"{1e6 ** (-30 / 256) / 8:.3g}"
    assert model.rope_by_layer_type["sliding_attention"].theta()[15] == pytest.approx(1e4 ** (-30 / 256))


# --- ALiBi ---------------------------------------------------------------------------------------------

ALIBI_CASES = {
    "bloom, 8 heads": ({"model_type": "bloom", "hidden_size": D, "n_head": 8, "layer_norm_epsilon": 1e-5},
                       "transformer.word_embeddings.weight", reference.bloom_slopes(8)),
    "bloom, 12 heads": ({"model_type": "bloom", "hidden_size": 48, "n_head": 12}, "transformer.word_embeddings.weight",
                        reference.bloom_slopes(12)),
    "mpt, 12 heads": ({"model_type": "mpt", "d_model": 48, "n_heads": 12, "max_seq_len": 64}, "transformer.wte.weight",
                      reference.mpt_slopes(12)),
    "mpt, 8 heads": ({"model_type": "mpt", "d_model": D, "n_heads": 8}, "transformer.wte.weight",
                     reference.mpt_slopes(8)),
    "falcon, alibi: true": ({"model_type": "falcon", "hidden_size": 48, "num_attention_heads": 6, "alibi": True},
                            "transformer.word_embeddings.weight", reference.falcon_slopes(6)),
}


@pytest.mark.parametrize("case", list(ALIBI_CASES))
def test_alibi_families_against_their_modelling_code(tmp_path, case):
    config, token_table, slopes = ALIBI_CASES[case]
    width = config.get("hidden_size", config.get("d_model"))
    tensors = {token_table: table(V, width, 51)}
    if config["model_type"] == "bloom":
        tensors["transformer.word_embeddings_layernorm.weight"] = 1 + table(1, width, 52)[0]
        tensors["transformer.word_embeddings_layernorm.bias"] = table(1, width, 53)[0]
    model = open_checkpoint(write_folder(tmp_path / "a", config, tensors))
    assert model.scheme == "alibi" and model.rope is None and model.P is None
    # float32 slopes, as torch computes them: equal to a unit in the last place of float32.
    assert note(case, "slopes", model.alibi.slopes, slopes) <= 2 ** -23 * slopes.max()
    ids = word_ids(TEXT)
    E = tensors[token_table].astype(np.float64)
    np.testing.assert_array_equal(model.X(ids), E[ids])
    expected = E[ids]
    if config["model_type"] == "bloom":  # modeling_bloom.py: word_embeddings_layernorm right after the lookup
        expected = reference.layer_norm(E[ids], tensors["transformer.word_embeddings_layernorm.weight"],
                                        tensors["transformer.word_embeddings_layernorm.bias"], 1e-5)
    assert note(case, "X_model", model.X_model(ids), expected) <= 1e-12
    np.testing.assert_allclose(model.export(TEXT)["model"]["alibi"]["slopes"], slopes, rtol=2 ** -23)


def test_bf16_tables_decode_exactly_in_every_scheme(tmp_path):
    folder = tmp_path / "olmo"
    write_folder(folder, {"model_type": "olmo", "hidden_size": D, "num_attention_heads": HEADS},
                 {"unused": np.zeros(1, np.float32)})
    stored = write_bf16_file(folder / "model.safetensors", {"model.embed_tokens.weight": table(V, D, 61)})
    model = open_checkpoint(folder)
    ids = word_ids(TEXT)
    np.testing.assert_array_equal(model.X(ids), stored["model.embed_tokens.weight"][ids].astype(np.float64))
    assert all(ml_dtypes.bfloat16(v) == v for v in model.X(ids).ravel()[:16])


def test_every_family_listed_in_the_issue_has_a_case():
    covered = {config["model_type"] for config, *_ in LEARNED.values()} | \
        {config["model_type"] for config, _ in ROPE_CASES.values()} | \
        {config["model_type"] for config, *_ in ALIBI_CASES.values()} | {"gemma3", "gemma3_text"}
    from visualizer.real.families import FAMILIES, MULTIMODAL

    assert set(FAMILIES) | set(MULTIMODAL) <= covered
    assert len(WORDS) == V
