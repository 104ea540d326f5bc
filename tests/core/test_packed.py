"""Padding-free inference passes (core.packed) give the padded modules' results at every real token."""
from __future__ import annotations

import warnings

import pytest
import torch
from torch import nn

from spacy_u2tf.core.packed import DENSE_SHARE, Packing, PackedTagger


def _random_tagger(heads_kept: int):
    from spacy_u2tf.core.tagger import TaggerModel, build_encoder

    torch.manual_seed(heads_kept)
    config = dict(vocab_size=50, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=24,
                  max_position_embeddings=40, kept_attention_heads=heads_kept)
    encoder, _ = build_encoder(config)
    return TaggerModel(encoder, 32, {"punct": ("O", "COMMA"), "case": ("LOWER", "CAPITAL", "ACRONYM")}).eval()


def _batch(lengths, vocab: int = 50):
    ids = torch.zeros((len(lengths), max(lengths)), dtype=torch.long)
    for row, n in enumerate(lengths):
        ids[row, :n] = torch.randint(1, vocab, (n,))
    return ids, (ids != 0).long()


@pytest.mark.parametrize("heads_kept", [4, 2])
@pytest.mark.parametrize("lengths", [[7], [9, 8, 9, 9], [3, 9, 1, 9], [30, 2, 17, 5, 11, 30, 4]])
def test_packed_tagger_matches_the_padded_model(heads_kept, lengths) -> None:
    """Packed ([3, 9, 1, 9], ...) and dense ([7], [9, 8, 9, 9]: at least DENSE_SHARE real tokens) alike."""
    model = _random_tagger(heads_kept)
    ids, mask = _batch(lengths)
    with torch.inference_mode():
        want, got = model(ids, mask), PackedTagger(model)(ids, mask)
    real = mask.bool()
    for head in want:
        assert got[head].shape == want[head].shape
        torch.testing.assert_close(got[head][real], want[head][real], atol=1e-5, rtol=1e-5)
        assert not got[head][~real].any()  # padding stays zero


def test_packed_tagger_follows_the_model_it_wraps() -> None:
    """It holds the tagger's own modules: weights changed in place (training) or quantized modules are used."""
    model = _random_tagger(4)
    packed = PackedTagger(model)
    ids, mask = _batch([5, 8])
    with torch.inference_mode():
        model.heads["punct"].bias.add_(3.0)
        torch.testing.assert_close(packed(ids, mask)["punct"][mask.bool()], model(ids, mask)["punct"][mask.bool()],
                                   atol=1e-5, rtol=1e-5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch.ao deprecation notices
        quantized = torch.ao.quantization.quantize_dynamic(model, {nn.Linear}, dtype=torch.qint8)
    ids, mask = _batch([8, 8])  # no padding: int8 activation ranges are the same packed or not
    with torch.inference_mode():
        torch.testing.assert_close(PackedTagger(quantized)(ids, mask)["case"], quantized(ids, mask)["case"],
                                   atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize("lengths, dense", [([4], True), ([10, 9], True), ([10, 5], False), ([10, 7], False)])
def test_batches_of_mostly_real_tokens_stay_dense(lengths, dense) -> None:
    assert (sum(lengths) >= DENSE_SHARE * len(lengths) * max(lengths)) is dense
    packing = Packing.from_mask(_batch(lengths)[1])
    assert (packing.index is None) is dense
    assert packing.positions().tolist() == [p for n in lengths for p in range(max(lengths) if dense else n)]
    torch.manual_seed(0)
    x = torch.randn(len(lengths), max(lengths), 6)
    back = packing.unpack(packing.pack(x))
    real = _batch(lengths)[1].bool()
    assert torch.equal(back[real], x[real]) and not back[~real].any()


@pytest.mark.parametrize("lengths", [[2, 9, 5], list(range(1, 80, 3))])
def test_attention_groups_cover_every_row_once(lengths) -> None:
    packing = Packing.from_mask(_batch(lengths)[1])
    groups = [(torch.arange(len(lengths))[group].tolist(), width) for group, width in packing.groups]
    assert sorted(r for rows, _ in groups for r in rows) == list(range(len(lengths)))
    assert all(width == max(lengths[r] for r in rows) for rows, width in groups)
    assert packing.index.numel() == sum(lengths)


def test_attention_in_groups_matches_one_padded_batch() -> None:
    """Rows long and short in one batch: grouped attention equals attention over the whole padded grid."""
    torch.manual_seed(0)
    lengths = [60, 3, 41, 7, 60, 22] * 6
    packing = Packing.from_mask(_batch(lengths)[1])
    assert len(packing.groups) > 1
    q, k, v = (torch.randn(sum(lengths), 16) for _ in range(3))
    got = packing.attend(q, k, v, heads=2)
    grid = [packing.unpack(t).view(len(lengths), max(lengths), 2, 8).transpose(1, 2) for t in (q, k, v)]
    want = torch.nn.functional.scaled_dot_product_attention(*grid, attn_mask=packing.key_mask)
    torch.testing.assert_close(got, packing.pack(want.transpose(1, 2).reshape(len(lengths), max(lengths), 16)),
                               atol=1e-5, rtol=1e-5)
