"""Inference forward passes that skip padding.

Every projection, layer norm and feed-forward block runs on the real tokens of a batch only, packed into one
``(tokens, features)`` matrix; attention alone sees the padded ``(rows, width)`` grid, with padded keys masked.
The results equal the padded modules' to float rounding, and the work shrinks by the batch's padding (docs/results.md
gives the shares on DialogSum dev). Training keeps the padded modules; these passes call the same modules, so a model quantized or trained in place stays in step.
"""
from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Tuple, Union

import torch
import torch.nn.functional as F
from torch import nn

from .batching import CPU_BATCH_TOKENS, budget_batches


# Share of real tokens from which a batch runs on its padded grid instead: gathering the real tokens and scattering
# them back for attention copies every layer's activations several times, which costs more than computing a few
# padded positions.
DENSE_SHARE = 0.9


class Packing(NamedTuple):
    """Where the real tokens of a padded ``(rows, width)`` batch sit."""

    index: Optional[torch.Tensor]  # positions of the real tokens in the flattened grid, row by row; None: dense
    rows: int
    width: int
    key_mask: torch.Tensor  # (rows, 1, 1, width), True where a key may be attended to
    groups: List[Tuple[Union[slice, torch.Tensor], int]]  # attention's row groups and their longest row

    @classmethod
    def from_mask(cls, mask: torch.Tensor) -> "Packing":
        """``mask``: (rows, width), nonzero for real tokens (each row needs at least one). On CPU attention runs in
        length-sorted groups of rows of at most ``CPU_BATCH_TOKENS`` padded tokens, each cut to its longest row.
        A batch of at least ``DENSE_SHARE`` real tokens stays dense: every grid position is a "token" (padded
        ones are masked as keys and zeroed by :meth:`unpack`)."""
        keep = mask.bool()
        rows, width = keep.shape
        lengths = keep.sum(1).tolist()
        if sum(lengths) >= DENSE_SHARE * rows * width:
            return cls(None, rows, width, keep[:, None, None, :], [(slice(None), width)])
        budget = CPU_BATCH_TOKENS if mask.device.type == "cpu" else None
        groups: List[Tuple[Union[slice, torch.Tensor], int]] = [
            (torch.tensor(g, device=mask.device), max(lengths[i] for i in g))
            for g in budget_batches(range(len(lengths)), lengths.__getitem__, len(lengths), budget)]
        if len(groups) == 1:
            groups = [(slice(None), width)]  # one group: views of the whole grid, no copies
        return cls(keep.reshape(-1).nonzero().squeeze(1), rows, width, keep[:, None, None, :], groups)

    def positions(self) -> torch.Tensor:
        """Each token's position within its row."""
        if self.index is None:
            return torch.arange(self.width, device=self.key_mask.device).repeat(self.rows)
        return self.index % self.width

    def pack(self, grid: torch.Tensor) -> torch.Tensor:
        """``(rows, width, ...)`` → ``(tokens, ...)``."""
        flat = grid.reshape(self.rows * self.width, *grid.shape[2:])
        return flat if self.index is None else flat[self.index]

    def unpack(self, packed: torch.Tensor) -> torch.Tensor:
        """``(tokens, ...)`` → ``(rows, width, ...)``, zeros at padding."""
        if self.index is None:
            grid = packed.view(self.rows, self.width, *packed.shape[1:])
            keep = self.key_mask.view(self.rows, self.width, *[1] * (packed.dim() - 1))
            return grid.masked_fill(~keep, 0)
        grid = packed.new_zeros(self.rows * self.width, *packed.shape[1:])
        grid[self.index] = packed
        return grid.view(self.rows, self.width, *packed.shape[1:])

    def attend(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, heads: int) -> torch.Tensor:
        """Bidirectional multi-head attention of packed ``(tokens, heads * size)`` queries, keys and values within
        each row (scaled dot product, padding masked), packed the same way."""
        size = q.shape[1] // heads
        if self.index is None:  # dense: views of the grid, no copies
            q, k, v = (t.view(self.rows, self.width, heads, size).transpose(1, 2) for t in (q, k, v))
            out = F.scaled_dot_product_attention(q, k, v, attn_mask=self.key_mask)
            return out.transpose(1, 2).reshape(self.rows * self.width, heads * size)
        grid = self.unpack(torch.stack([q, k, v], 1)).view(self.rows, self.width, 3, heads, size)
        out = grid.new_zeros(self.rows, self.width, heads, size)
        for rows, width in self.groups:
            q, k, v = grid[rows, :width].permute(2, 0, 3, 1, 4)
            part = F.scaled_dot_product_attention(q, k, v, attn_mask=self.key_mask[rows, ..., :width])
            out[rows, :width] = part.transpose(1, 2)
        return self.pack(out).flatten(1)


def bert_layer(layer: nn.Module, x: torch.Tensor, packing: Packing) -> torch.Tensor:
    """One Hugging Face ``BertLayer`` (post-norm; heads possibly pruned) on packed hidden states."""
    attention = layer.attention.self
    mixed = packing.attend(attention.query(x), attention.key(x), attention.value(x), attention.num_attention_heads)
    x = layer.attention.output.LayerNorm(x + layer.attention.output.dense(mixed))
    inner = layer.intermediate.intermediate_act_fn(layer.intermediate.dense(x))
    return layer.output.LayerNorm(x + layer.output.dense(inner))


class PackedTagger(nn.Module):
    """A stage-1 ``TaggerModel`` (BERT encoder + linear heads) run without padding; same call and outputs
    (logits per head, ``(rows, width, labels)``; zeros at padding). Its modules are the tagger's own."""

    def __init__(self, tagger_model: nn.Module) -> None:
        super().__init__()
        self.tagger_model = tagger_model
        self.labels = tagger_model.labels

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> Dict[str, torch.Tensor]:
        packing = Packing.from_mask(attention_mask)
        bert = self.tagger_model.encoder
        embeddings = bert.embeddings
        positions = packing.positions()
        x = (embeddings.word_embeddings(packing.pack(input_ids)) + embeddings.position_embeddings(positions)
             + embeddings.token_type_embeddings(torch.zeros_like(positions)))
        x = embeddings.LayerNorm(x)
        for layer in bert.encoder.layer:
            x = bert_layer(layer, x, packing)
        return {name: packing.unpack(head(x)) for name, head in self.tagger_model.heads.items()}


def encoder_layer(layer: nn.TransformerEncoderLayer, x: torch.Tensor, packing: Packing) -> torch.Tensor:
    """One pre-norm ``nn.TransformerEncoderLayer`` (``norm_first=True``) on packed hidden states."""
    attention = layer.self_attn
    q, k, v = F.linear(layer.norm1(x), attention.in_proj_weight, attention.in_proj_bias).chunk(3, dim=-1)
    x = x + attention.out_proj(packing.attend(q, k, v, attention.num_heads))
    return x + layer.linear2(layer.activation(layer.linear1(layer.norm2(x))))
