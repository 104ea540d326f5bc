"""scripts/tagger_delta.py: a tagger's weights as per-row int8, alone or as a difference from a base tagger."""
from __future__ import annotations

import shutil

import numpy as np
import pytest


@pytest.fixture
def script(repo_script):
    return repo_script("scripts/tagger_delta.py", "tagger_delta")


def _weights(seed: int):
    rng = np.random.default_rng(seed)
    return {"emb": rng.normal(0, 0.05, (300, 16)).astype(np.float16),
            "ffn": rng.normal(0, 0.05, (128, 32)).astype(np.float16),
            "norm": rng.normal(1, 0.01, (16,)).astype(np.float16),
            "head": rng.normal(0, 0.05, (4, 16)).astype(np.float16)}


def _row_step(x):
    return np.abs(x.reshape(x.shape[0], -1)).max(axis=1, keepdims=True) / 127.0


def test_int8_weights_are_within_half_a_step_of_each_row(script):
    w = _weights(0)
    back = script.decode(script.encode(w))
    for name in ("emb", "ffn"):
        err = np.abs(back[name] - w[name].astype(np.float32))
        assert (err <= _row_step(w[name].astype(np.float32)) / 2 + 1e-7).all(), name
    for name in ("norm", "head"):  # small tensors travel whole
        assert np.array_equal(back[name], w[name].astype(np.float32)), name


def test_a_difference_from_the_base_is_far_finer_than_int8_weights(script):
    base = _weights(1)
    rng = np.random.default_rng(2)
    new = {k: (v.astype(np.float32) + rng.normal(0, 1e-3, v.shape)).astype(np.float16) for k, v in base.items()}
    new["head"] = rng.normal(0, 0.05, (5, 16)).astype(np.float16)  # a head with another label set
    back = script.decode(script.encode(new, base), base)
    alone = script.decode(script.encode(new))
    err = np.abs(back["emb"] - new["emb"].astype(np.float32)).max()
    assert err * 10 < np.abs(alone["emb"] - new["emb"].astype(np.float32)).max()
    assert back["head"].shape == (5, 16) and np.array_equal(back["head"], new["head"].astype(np.float32))


def test_decoding_with_another_base_is_refused(script):
    base = _weights(3)
    packed = script.encode(_weights(4), base)
    wrong = dict(base, emb=np.zeros((10, 16), np.float16))
    with pytest.raises(ValueError, match="emb"):
        script.decode(packed, wrong)


def test_a_tagger_folder_travels_and_loads(script, tiny_model_path, tmp_path):
    from safetensors.numpy import load_file, save_file

    from spacy_u2tf.core.tagger import Tagger

    base = tmp_path / "base"
    shutil.copytree(tiny_model_path / "tagger", base)
    moved = tmp_path / "moved"
    shutil.copytree(base, moved)
    weights = load_file(str(base / "model.safetensors"))
    save_file({k: (v.astype(np.float32) * 1.01).astype(v.dtype) for k, v in weights.items()},
              str(moved / "model.safetensors"))
    assert script.main(["encode", str(moved), str(tmp_path / "packed"), "--base", str(base)]) == 0
    assert script.main(["decode", str(tmp_path / "packed"), str(tmp_path / "back"), "--base", str(base)]) == 0
    want, got = load_file(str(moved / "model.safetensors")), load_file(str(tmp_path / "back" / "model.safetensors"))
    assert want.keys() == got.keys()
    for name, value in want.items():
        assert np.allclose(got[name].astype(np.float32), value.astype(np.float32), atol=2e-3), name
    assert len(Tagger.load(tmp_path / "back").predict([["hello", "world"]])[0]["punct"]) == 2
