"""Narrower BERT layers: copies of Linear projections that keep some of their features, and attention layers
that keep some of their heads. Training prunes with these; loading a pruned tagger rebuilds its shapes with them."""
from __future__ import annotations

import torch
from torch import nn


def take_rows(linear: nn.Linear, rows: torch.Tensor) -> nn.Linear:
    """A copy of ``linear`` keeping only the output features ``rows``."""
    out = nn.Linear(linear.in_features, len(rows), bias=linear.bias is not None, device=linear.weight.device,
                    dtype=linear.weight.dtype)
    out.weight.data = linear.weight.data[rows].clone()
    if linear.bias is not None:
        out.bias.data = linear.bias.data[rows].clone()
    return out


def take_columns(linear: nn.Linear, cols: torch.Tensor) -> nn.Linear:
    """A copy of ``linear`` keeping only the input features ``cols``."""
    out = nn.Linear(len(cols), linear.out_features, bias=linear.bias is not None, device=linear.weight.device,
                    dtype=linear.weight.dtype)
    out.weight.data = linear.weight.data[:, cols].clone()
    if linear.bias is not None:
        out.bias.data = linear.bias.data.clone()
    return out


def keep_attention_heads(layer: nn.Module, heads: torch.Tensor) -> None:
    """Keep only the attention heads ``heads`` (indices, in order) of one BERT layer: the query, key and value
    projections lose the other heads' rows and the output projection their columns."""
    attention = layer.attention.self
    size = attention.attention_head_size
    rows = (heads[:, None] * size + torch.arange(size, device=heads.device)).flatten().to(attention.query.weight.device)
    attention.query = take_rows(attention.query, rows)
    attention.key = take_rows(attention.key, rows)
    attention.value = take_rows(attention.value, rows)
    layer.attention.output.dense = take_columns(layer.attention.output.dense, rows)
    attention.num_attention_heads = len(heads)
    attention.all_head_size = len(heads) * size
