"""Feed-forward and head pruning: the kept neurons and heads are the ones that carry the output, and nothing else
changes."""
from __future__ import annotations

import pytest
import torch

from spacy_u2tf.core.tagger import build_encoder
from spacy_u2tf.training.prune import head_importance, neuron_importance, prune_feed_forward, prune_heads


def _encoder():
    torch.manual_seed(0)
    encoder, _ = build_encoder({"vocab_size": 100, "hidden_size": 16, "num_hidden_layers": 2, "num_attention_heads": 2,
                                "intermediate_size": 32, "max_position_embeddings": 64, "hidden_dropout_prob": 0.0,
                                "attention_probs_dropout_prob": 0.0})
    return encoder.eval()


def _batch(rows: int = 3, width: int = 10, pad: int = 0):
    ids = torch.randint(1, 100, (rows, width + pad))
    mask = torch.ones_like(ids)
    mask[:, width:] = 0
    ids[:, width:] = 0
    return ids, mask


def test_pruning_neurons_without_output_changes_nothing() -> None:
    """Neurons whose output weights are zero score zero and go first; the narrower encoder computes the same."""
    encoder = _encoder()
    dead = torch.arange(0, 32, 2)
    with torch.no_grad():
        for layer in encoder.encoder.layer:
            layer.output.dense.weight[:, dead] = 0.0
    ids, mask = _batch()
    before = encoder(input_ids=ids, attention_mask=mask).last_hidden_state
    scores = neuron_importance(encoder, [(ids, mask)])
    assert all(s[dead].abs().max() == 0 and (s[1::2] > 0).all() for s in scores)
    prune_feed_forward(encoder, 16, scores)
    assert encoder.config.intermediate_size == 16
    assert all(layer.intermediate.dense.weight.shape == (16, 16) for layer in encoder.encoder.layer)
    after = encoder(input_ids=ids, attention_mask=mask).last_hidden_state
    assert torch.allclose(before, after, atol=1e-5)


def test_pruning_heads_without_output_changes_nothing() -> None:
    """Heads whose output-projection columns are zero score zero and go first; the encoder computes the same, and
    rebuilding it from its saved config gives the same shapes."""
    encoder = _encoder()  # 2 heads of size 8
    with torch.no_grad():
        for layer in encoder.encoder.layer:
            layer.attention.output.dense.weight[:, :8] = 0.0  # head 0 carries nothing
    ids, mask = _batch()
    before = encoder(input_ids=ids, attention_mask=mask).last_hidden_state
    scores = head_importance(encoder, [(ids, mask)])
    assert all(s.shape == (2,) and s[0] == 0 and s[1] > 0 for s in scores)
    prune_heads(encoder, 1, scores)
    assert encoder.config.kept_attention_heads == 1
    assert all(layer.attention.self.query.weight.shape == (8, 16) for layer in encoder.encoder.layer)
    after = encoder(input_ids=ids, attention_mask=mask).last_hidden_state
    assert torch.allclose(before, after, atol=1e-5)
    rebuilt, _ = build_encoder(encoder.config.to_dict())
    rebuilt.load_state_dict(encoder.state_dict())  # strict: every shape matches
    assert torch.allclose(after, rebuilt.eval()(input_ids=ids, attention_mask=mask).last_hidden_state, atol=1e-5)


def test_a_rebuilt_pruned_encoder_prunes_again() -> None:
    """A head-pruned encoder rebuilt from its saved config (as ``--init`` loads a pruned tagger) can lose more heads:
    4 → 2 → 1, each step keeping the output when the dropped heads carry nothing."""
    torch.manual_seed(0)
    config = {"vocab_size": 100, "hidden_size": 16, "num_hidden_layers": 2, "num_attention_heads": 4,
              "intermediate_size": 32, "max_position_embeddings": 64}
    encoder = build_encoder(config)[0].eval()  # 4 heads of size 4
    ids, mask = _batch()
    for keep, dead in ((2, [0, 2]), (1, [0])):
        with torch.no_grad():
            for layer in encoder.encoder.layer:
                for head in dead:
                    layer.attention.output.dense.weight[:, head * 4:(head + 1) * 4] = 0.0
        before = encoder(input_ids=ids, attention_mask=mask).last_hidden_state
        prune_heads(encoder, keep, head_importance(encoder, [(ids, mask)]))
        rebuilt = build_encoder(encoder.config.to_dict())[0].eval()
        rebuilt.load_state_dict(encoder.state_dict())
        assert rebuilt.encoder.layer[0].attention.self.query.weight.shape == (4 * keep, 16)
        after = rebuilt(input_ids=ids, attention_mask=mask).last_hidden_state
        assert torch.allclose(before, after, atol=1e-5), keep
        encoder = rebuilt


def test_padding_does_not_count() -> None:
    encoder = _encoder()
    ids, mask = _batch()
    padded_ids, padded_mask = torch.cat([ids, torch.zeros(3, 6, dtype=torch.long)], 1), torch.cat(
        [mask, torch.zeros(3, 6, dtype=torch.long)], 1)
    for plain, padded in zip(neuron_importance(encoder, [(ids, mask)]),
                             neuron_importance(encoder, [(padded_ids, padded_mask)])):
        assert torch.allclose(plain, padded, atol=1e-5)


def test_bad_arguments() -> None:
    encoder = _encoder()
    scores = neuron_importance(encoder, [_batch()])
    for keep in (0, 33):
        with pytest.raises(ValueError, match="keep"):
            prune_feed_forward(encoder, keep, scores)
    with pytest.raises(ValueError, match="importance"):
        prune_feed_forward(encoder, 8, scores[:1])
    with pytest.raises(ValueError, match="non-empty"):
        neuron_importance(encoder, [])
    for keep in (0, 3):
        with pytest.raises(ValueError, match="keep"):
            prune_heads(encoder, keep, head_importance(encoder, [_batch()]))
