"""The tagger in ONNX Runtime: same logits as torch (fp32), same labels, int8 runs, exports are cached by weights."""
from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

from spacy_u2tf import U2TF  # noqa: E402
from spacy_u2tf.core.onnx_runtime import OnnxTaggerModel, onnx_tagger_model  # noqa: E402
from spacy_u2tf.core.tagger import Tagger  # noqa: E402

DOCS = [["so", "we", "paid", "twelve", "point", "three", "million", "dollars"],
        ["hello"], ["call", "me", "at", "five", "p", "m", "tomorrow", "okay"] * 9]


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("U2TF_CACHE", str(tmp_path))
    return tmp_path / "onnx"


def _padded_batch():
    ids = torch.randint(1000, 20000, (3, 20), generator=torch.Generator().manual_seed(0))
    mask = torch.ones_like(ids)
    mask[1, 7:] = 0
    mask[2, 15:] = 0
    return ids, mask


@pytest.mark.parametrize("pruned", [False, True])
def test_fp32_logits_match_torch(tiny_model_path, cache, pruned) -> None:
    """Also for a tagger whose layers keep half their attention heads (``u2tf train tagger --heads``)."""
    tagger = Tagger.load(tiny_model_path / "tagger")
    if pruned:
        from spacy_u2tf.core.narrow import keep_attention_heads

        for layer in tagger.model.encoder.encoder.layer:
            keep_attention_heads(layer, torch.arange(layer.attention.self.num_attention_heads // 2))
    ids, mask = _padded_batch()
    with torch.inference_mode():
        want = tagger.model(ids, mask)
    ort_model = onnx_tagger_model(tagger.model, int8=False)
    assert tagger.model.training is False  # the export must not leave dropout switched on
    got = ort_model(ids, mask)
    assert set(got) == set(want)
    valid = mask.bool()
    for head in want:
        assert torch.allclose(got[head][valid], want[head][valid], atol=1e-4), head


def test_export_is_cached_by_weights(tiny_model_path, cache) -> None:
    tagger = Tagger.load(tiny_model_path / "tagger")
    first = onnx_tagger_model(tagger.model, int8=True)
    stamp = first.path.stat().st_mtime_ns
    again = onnx_tagger_model(tagger.model, int8=True)
    assert again.path == first.path and again.path.stat().st_mtime_ns == stamp  # reused, not exported again
    with torch.no_grad():
        next(tagger.model.parameters()).add_(1.0)
    changed = onnx_tagger_model(tagger.model, int8=True)
    assert changed.path != first.path  # other weights, other cache entry
    assert len(list(cache.glob("*.onnx"))) == 2


def test_tagger_labels_agree_with_torch(tiny_model_path, cache) -> None:
    want = Tagger.load(tiny_model_path / "tagger").predict(DOCS)
    tagger = Tagger.load(tiny_model_path / "tagger")
    tagger.use_onnx_runtime(int8=False)
    assert isinstance(tagger.model, OnnxTaggerModel)
    assert tagger.predict(DOCS) == want
    tagger_int8 = Tagger.load(tiny_model_path / "tagger")
    tagger_int8.use_onnx_runtime(int8=True)
    got = tagger_int8.predict(DOCS)
    assert [len(d["punct"]) for d in got] == [len(d) for d in DOCS]  # every word labeled, none dropped


def test_u2tf_dtypes(tiny_model_path, cache) -> None:
    fp32 = U2TF.from_pretrained(tiny_model_path, dtype="fp32")
    onnx = U2TF.from_pretrained(tiny_model_path, dtype="onnx")
    texts = [" ".join(d) for d in DOCS]
    assert onnx.format_batch(texts) == fp32.format_batch(texts)
    assert U2TF.from_pretrained(tiny_model_path, dtype="onnx-int8").format(texts[0])
    with pytest.raises(ValueError, match="onnx-int8"):
        U2TF.from_pretrained(tiny_model_path, dtype="fp8")


def test_onnx_needs_the_torch_fp32_model(tiny_model_path, cache) -> None:
    tagger = Tagger.load(tiny_model_path / "tagger")
    tagger.quantize_int8()
    with pytest.raises(ValueError, match="fp32"):
        tagger.use_onnx_runtime()
