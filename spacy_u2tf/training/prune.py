"""Structured pruning of a BERT encoder's feed-forward blocks: a narrower, faster tagger initialized from a wider one.

The feed-forward blocks hold two thirds of a BERT layer's multiply-adds; keeping the intermediate neurons that
carry most of each block's output (mean |activation| × norm of the neuron's output weights, measured on real
windows) and fine-tuning recovers most of the accuracy at a fraction of the cost (as in Michel et al. 2019 for
heads and Sanh et al. 2020 for neurons).
"""
from __future__ import annotations

from typing import Iterable, List, Tuple

import torch
from torch import nn


def neuron_importance(encoder: nn.Module, batches: Iterable[Tuple[torch.Tensor, torch.Tensor]]) -> List[torch.Tensor]:
    """Per layer, one score per intermediate neuron: mean |activation| over real (unpadded) subwords × the L2 norm
    of its column in the output projection."""
    layers = encoder.encoder.layer
    sums = [torch.zeros(layer.intermediate.dense.out_features) for layer in layers]
    count = 0
    current_mask: List[torch.Tensor] = []

    def hook(index: int):
        def record(_module: nn.Module, _inputs: tuple, output: torch.Tensor) -> None:
            keep = current_mask[0].bool()
            sums[index] += output[keep].abs().float().sum(0).cpu()
        return record

    handles = [layer.intermediate.register_forward_hook(hook(i)) for i, layer in enumerate(layers)]
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
        raise ValueError("neuron_importance needs at least one non-empty batch")
    return [s / count * layer.output.dense.weight.detach().float().norm(dim=0).cpu()
            for s, layer in zip(sums, layers)]


def _take_rows(linear: nn.Linear, rows: torch.Tensor) -> nn.Linear:
    out = nn.Linear(linear.in_features, len(rows), bias=linear.bias is not None, device=linear.weight.device,
                    dtype=linear.weight.dtype)
    out.weight.data = linear.weight.data[rows].clone()
    if linear.bias is not None:
        out.bias.data = linear.bias.data[rows].clone()
    return out


def _take_columns(linear: nn.Linear, cols: torch.Tensor) -> nn.Linear:
    out = nn.Linear(len(cols), linear.out_features, bias=linear.bias is not None, device=linear.weight.device,
                    dtype=linear.weight.dtype)
    out.weight.data = linear.weight.data[:, cols].clone()
    if linear.bias is not None:
        out.bias.data = linear.bias.data.clone()
    return out


def prune_feed_forward(encoder: nn.Module, keep: int, importance: List[torch.Tensor]) -> None:
    """Keep the ``keep`` most important intermediate neurons of every layer (in their original order) and set the
    encoder config's ``intermediate_size`` to ``keep``."""
    layers = encoder.encoder.layer
    width = layers[0].intermediate.dense.out_features
    if not 0 < keep <= width:
        raise ValueError(f"keep must be in 1..{width} (the intermediate size), got {keep}")
    if len(importance) != len(layers):
        raise ValueError(f"{len(importance)} importance vectors for {len(layers)} layers")
    for layer, score in zip(layers, importance):
        rows = torch.topk(score, keep).indices.sort().values.to(layer.intermediate.dense.weight.device)
        layer.intermediate.dense = _take_rows(layer.intermediate.dense, rows)
        layer.output.dense = _take_columns(layer.output.dense, rows)
    encoder.config.intermediate_size = keep
