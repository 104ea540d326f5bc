"""A BERT encoder for inference built without the ``transformers`` library.

It holds the modules of Hugging Face's ``BertModel`` (no pooler) that inference runs, under the same names, so a
tagger's state dict loads into either; importing ``transformers`` costs more start-up time than torch itself.
Training keeps the Hugging Face model (:func:`spacy_u2tf.core.tagger.build_encoder`).
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Dict

import torch
import torch.nn.functional as F
from torch import nn

ACTIVATIONS = {"gelu": F.gelu, "relu": F.relu}  # Hugging Face's "gelu" is the exact (erf) GELU


def supports(config: Dict[str, Any]) -> bool:
    """Whether this encoder can stand in for ``BertModel`` with ``config``."""
    return config.get("hidden_act", "gelu") in ACTIVATIONS and config.get("position_embedding_type",
                                                                          "absolute") == "absolute"


class _Embeddings(nn.Module):
    def __init__(self, config: Dict[str, Any]) -> None:
        super().__init__()
        hidden = config["hidden_size"]
        self.word_embeddings = nn.Embedding(config["vocab_size"], hidden, padding_idx=config.get("pad_token_id", 0))
        self.position_embeddings = nn.Embedding(config["max_position_embeddings"], hidden)
        self.token_type_embeddings = nn.Embedding(config.get("type_vocab_size", 2), hidden)
        self.LayerNorm = nn.LayerNorm(hidden, eps=config.get("layer_norm_eps", 1e-12))


class _SelfAttention(nn.Module):
    def __init__(self, hidden: int, heads: int, head_size: int) -> None:
        super().__init__()
        self.num_attention_heads = heads
        self.attention_head_size = head_size
        self.all_head_size = heads * head_size
        self.query = nn.Linear(hidden, self.all_head_size)
        self.key = nn.Linear(hidden, self.all_head_size)
        self.value = nn.Linear(hidden, self.all_head_size)


class _Dense(nn.Module):
    """A dense projection followed by a residual LayerNorm (Hugging Face's ``BertSelfOutput`` / ``BertOutput``)."""

    def __init__(self, inputs: int, hidden: int, eps: float) -> None:
        super().__init__()
        self.dense = nn.Linear(inputs, hidden)
        self.LayerNorm = nn.LayerNorm(hidden, eps=eps)


class _Intermediate(nn.Module):
    def __init__(self, hidden: int, inner: int, act: str) -> None:
        super().__init__()
        self.dense = nn.Linear(hidden, inner)
        self.intermediate_act_fn = ACTIVATIONS[act]


class _Layer(nn.Module):
    def __init__(self, config: Dict[str, Any]) -> None:
        super().__init__()
        hidden, eps = config["hidden_size"], config.get("layer_norm_eps", 1e-12)
        head_size = hidden // config["num_attention_heads"]
        heads = config.get("kept_attention_heads") or config["num_attention_heads"]
        self.attention = nn.Module()
        self.attention.self = _SelfAttention(hidden, heads, head_size)
        self.attention.output = _Dense(heads * head_size, hidden, eps)
        self.intermediate = _Intermediate(hidden, config["intermediate_size"], config.get("hidden_act", "gelu"))
        self.output = _Dense(config["intermediate_size"], hidden, eps)

    def forward(self, x: torch.Tensor, key_mask: torch.Tensor) -> torch.Tensor:
        attention = self.attention.self
        rows, width, _ = x.shape
        q, k, v = (proj(x).view(rows, width, attention.num_attention_heads, attention.attention_head_size)
                   .transpose(1, 2) for proj in (attention.query, attention.key, attention.value))
        mixed = F.scaled_dot_product_attention(q, k, v, attn_mask=key_mask).transpose(1, 2).reshape(rows, width, -1)
        x = self.attention.output.LayerNorm(x + self.attention.output.dense(mixed))
        inner = self.intermediate.intermediate_act_fn(self.intermediate.dense(x))
        return self.output.LayerNorm(x + self.output.dense(inner))


class BertEncoder(nn.Module):
    """``BertModel(config, add_pooling_layer=False)``'s inference: same parameter names, same outputs to float
    rounding (``forward`` returns an object with ``last_hidden_state``)."""

    def __init__(self, config: Dict[str, Any]) -> None:
        super().__init__()
        if not supports(config):
            raise ValueError(f"BertEncoder does not support {config.get('hidden_act')!r} / "
                             f"{config.get('position_embedding_type')!r}")
        self.embeddings = _Embeddings(config)
        self.encoder = nn.Module()
        self.encoder.layer = nn.ModuleList(_Layer(config) for _ in range(config["num_hidden_layers"]))

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> SimpleNamespace:
        positions = torch.arange(input_ids.shape[1], device=input_ids.device)
        e = self.embeddings
        x = e.LayerNorm(e.word_embeddings(input_ids) + e.position_embeddings(positions)[None]
                        + e.token_type_embeddings(torch.zeros_like(input_ids)))
        key_mask = attention_mask.bool()[:, None, None, :]
        for layer in self.encoder.layer:
            x = layer(x, key_mask)
        return SimpleNamespace(last_hidden_state=x)


__all__ = ["BertEncoder", "supports"]
