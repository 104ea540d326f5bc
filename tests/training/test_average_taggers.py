"""scripts/average_taggers.py: the weight average of two taggers of one architecture."""
from __future__ import annotations

import json
import shutil

import pytest

torch = pytest.importorskip("torch")


def _pair(tiny_model_path, tmp_path):
    """Tagger folder A (the tiny model's) and B, a copy with every weight moved by +1."""
    from safetensors.torch import load_file, save_file

    a, b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(tiny_model_path / "tagger", a)
    shutil.copytree(a, b)
    save_file({k: (v.float() + 1.0).to(v.dtype) for k, v in load_file(str(a / "model.safetensors")).items()},
              str(b / "model.safetensors"))
    return a, b


@pytest.mark.parametrize("alpha", [0.0, 0.25, 1.0])
def test_the_average_is_the_weighted_mean_and_loads_as_a_tagger(repo_script, tiny_model_path, tmp_path, alpha):
    from safetensors.torch import load_file

    from spacy_u2tf.core.tagger import Tagger

    script = repo_script("scripts/average_taggers.py", "average_taggers")
    a, b = _pair(tiny_model_path, tmp_path)
    out = tmp_path / "soup"
    assert script.main([str(a), str(b), "--alpha", str(alpha), "--out", str(out)]) == 0
    wa, wb, wo = (load_file(str(f / "model.safetensors")) for f in (a, b, out))
    for name, value in wo.items():
        assert value.dtype == wa[name].dtype, name
        expected = (1 - alpha) * wa[name].float() + alpha * wb[name].float()
        assert torch.allclose(value.float(), expected.to(value.dtype).float()), name
    assert len(Tagger.load(out).predict([["hello", "world"]])[0]["punct"]) == 2


def test_taggers_of_other_shapes_or_labels_and_bad_alphas_are_refused(repo_script, tiny_model_path, tmp_path):
    script = repo_script("scripts/average_taggers.py", "average_taggers")
    a, b = _pair(tiny_model_path, tmp_path)
    with pytest.raises(SystemExit, match="alpha"):
        script.main([str(a), str(b), "--alpha", "1.5", "--out", str(tmp_path / "x")])
    config = json.loads((b / "config.json").read_text())
    config["labels"]["punct"] = ["O", "PERIOD"]
    (b / "config.json").write_text(json.dumps(config))
    with pytest.raises(SystemExit, match="config.json"):
        script.main([str(a), str(b), "--out", str(tmp_path / "x")])
    with pytest.raises(SystemExit, match="shape"):
        script.average_weights({"w": torch.zeros(2)}, {"w": torch.zeros(3)}, 0.5)
