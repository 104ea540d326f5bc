"""Structured pruning of a BERT encoder's feed-forward neurons and attention heads: a narrower, faster tagger
initialized from a wider one.

Keeping the intermediate neurons (or heads) that carry most of each block's output (mean |activation| × norm of
their output weights, measured on real windows) and fine-tuning recovers most of the accuracy at a fraction of the
cost (as in Michel et al. 2019 for heads and Sanh et al. 2020 for neurons). Each kept head keeps its size, so a
layer with half its heads spends half its attention projections' multiply-adds.
"""
from __future__ import annotations

from typing import Callable, Iterable, List, Tuple

import torch
from torch import nn

from ..core.narrow import keep_attention_heads, take_columns, take_rows


def _input_importance(encoder: nn.Module, batches: Iterable[Tuple[torch.Tensor, torch.Tensor]],
                      linear: Callable[[nn.Module], nn.Linear]) -> List[torch.Tensor]:
    """Per layer, one score per input feature of ``linear(layer)``: mean |input| over real (unpadded) subwords × the
    L2 norm of the feature's column in that projection (how much of its output the feature carries)."""
    layers = encoder.encoder.layer
    sums = [torch.zeros(linear(layer).in_features) for layer in layers]
    count = 0
    current_mask: List[torch.Tensor] = []

    def hook(index: int):
        def record(_module: nn.Module, inputs: tuple) -> None:
            keep = current_mask[0].bool()
            sums[index] += inputs[0][keep].abs().float().sum(0).cpu()
        return record

    handles = [linear(layer).register_forward_pre_hook(hook(i)) for i, layer in enumerate(layers)]
    was_training = encoder.training
    encoder.eval()
    try:
        with torch.inference_mode():
            for input_ids, mask in batches:
                current_mask[:] = [mask]
                encoder(input_ids=input_ids, attention_mask=mask)
                count += int(mask.sum())
    finally:
        for h in handles:
            h.remove()
        encoder.train(was_training)
    if not count:
        raise ValueError("pruning importance needs at least one non-empty batch")
    return [s / count * linear(layer).weight.detach().float().norm(dim=0).cpu() for s, layer in zip(sums, layers)]


def neuron_importance(encoder: nn.Module, batches: Iterable[Tuple[torch.Tensor, torch.Tensor]]) -> List[torch.Tensor]:
    """Per layer, one score per intermediate (feed-forward) neuron: mean |activation| over real subwords × the L2
    norm of its column in the output projection."""
    return _input_importance(encoder, batches, lambda layer: layer.output.dense)


def head_importance(encoder: nn.Module, batches: Iterable[Tuple[torch.Tensor, torch.Tensor]]) -> List[torch.Tensor]:
    """Per layer, one score per attention head: the summed importance (as for neurons) of the head's features in
    the attention output projection's input."""
    scores = _input_importance(encoder, batches, lambda layer: layer.attention.output.dense)
    return [s.view(layer.attention.self.num_attention_heads, -1).sum(1)
            for s, layer in zip(scores, encoder.encoder.layer)]


def _most_important(keep: int, importance: List[torch.Tensor], limit: int, what: str,
                    layers: int) -> List[torch.Tensor]:
    """Per layer, the indices of its ``keep`` highest scores, in their original order (checked: 1..``limit``)."""
    if not 0 < keep <= limit:
        raise ValueError(f"keep must be in 1..{limit} ({what}), got {keep}")
    if len(importance) != layers:
        raise ValueError(f"{len(importance)} importance vectors for {layers} layers")
    return [torch.topk(score, keep).indices.sort().values for score in importance]


def prune_feed_forward(encoder: nn.Module, keep: int, importance: List[torch.Tensor]) -> None:
    """Keep the ``keep`` most important intermediate neurons of every layer (in their original order) and set the
    encoder config's ``intermediate_size`` to ``keep``."""
    layers = encoder.encoder.layer
    kept = _most_important(keep, importance, layers[0].intermediate.dense.out_features, "the intermediate size",
                           len(layers))
    for layer, rows in zip(layers, kept):
        rows = rows.to(layer.intermediate.dense.weight.device)
        layer.intermediate.dense = take_rows(layer.intermediate.dense, rows)
        layer.output.dense = take_columns(layer.output.dense, rows)
    encoder.config.intermediate_size = keep


def prune_heads(encoder: nn.Module, keep: int, importance: List[torch.Tensor]) -> None:
    """Keep the ``keep`` most important attention heads of every layer (in their original order; each keeps its
    size) and record ``kept_attention_heads`` in the encoder config, so a saved tagger is rebuilt this narrow."""
    layers = encoder.encoder.layer
    kept = _most_important(keep, importance, layers[0].attention.self.num_attention_heads, "the heads per layer",
                           len(layers))
    for layer, heads in zip(layers, kept):
        keep_attention_heads(layer, heads)
    encoder.config.kept_attention_heads = keep
