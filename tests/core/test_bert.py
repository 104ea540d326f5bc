"""The transformers-free BERT encoder: the same parameters and outputs as Hugging Face's BertModel."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from spacy_u2tf.core.bert import BertEncoder, supports
from spacy_u2tf.core.tagger import Tagger, build_encoder

DOCS = [("so i think we can't meet at five o'clock on tuesday okay " * k).split() for k in (1, 3, 20)]


def test_same_parameters_and_outputs_as_bert_model(tiny_model_path) -> None:
    hf = Tagger.load(tiny_model_path / "tagger")
    light = Tagger.load(tiny_model_path / "tagger", inference_only=True)
    assert isinstance(light.model.encoder, BertEncoder) and not isinstance(hf.model.encoder, BertEncoder)
    assert light.model.state_dict().keys() - {"encoder.embeddings.position_ids"} \
        == hf.model.state_dict().keys() - {"encoder.embeddings.position_ids", "encoder.embeddings.token_type_ids"}
    assert light.encoder_config == hf.encoder_config
    ids = torch.randint(1000, 2000, (2, 20))
    mask = torch.ones(2, 20, dtype=torch.long)
    mask[1, 12:] = 0
    with torch.no_grad():
        want = hf.model.encoder(input_ids=ids, attention_mask=mask).last_hidden_state
        got = light.model.encoder(ids, mask).last_hidden_state
    assert torch.allclose(got[mask.bool()], want[mask.bool()], atol=1e-5)
    for a, b in zip(hf.predict(DOCS, return_probs=True), light.predict(DOCS, return_probs=True)):
        for head in hf.labels:
            assert a[head] == b[head]
            assert np.allclose(a[f"{head}_probs"], b[f"{head}_probs"], atol=1e-5)


def test_head_pruned_encoder_loads(tiny_model_path) -> None:
    config = {**Tagger.load(tiny_model_path / "tagger").encoder_config, "num_attention_heads": 4,
              "kept_attention_heads": 2}
    hf, _ = build_encoder(config)
    light = BertEncoder(config)
    assert not light.load_state_dict(hf.state_dict(), strict=False).missing_keys
    ids, mask = torch.randint(1000, 2000, (1, 9)), torch.ones(1, 9, dtype=torch.long)
    with torch.no_grad():
        assert torch.allclose(light(ids, mask).last_hidden_state,
                              hf.eval()(input_ids=ids, attention_mask=mask).last_hidden_state, atol=1e-5)


def test_unsupported_configs_fall_back() -> None:
    assert not supports({"hidden_act": "silu"}) and not supports({"position_embedding_type": "relative_key"})
    with pytest.raises(ValueError, match="silu"):
        BertEncoder({"hidden_act": "silu", "hidden_size": 8, "num_attention_heads": 2})
