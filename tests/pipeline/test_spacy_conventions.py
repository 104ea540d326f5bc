"""The ``u2tf`` component as spaCy users expect it: declared attributes, registered model loaders, every formatter
option in the config, ``exclude`` in serialization, ``spacy assemble`` and ``spacy package``."""
from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List

import pytest
import spacy
from spacy.util import registry

from spacy_u2tf.core.api import U2TF
from spacy_u2tf.core.io import PACKAGED_MODELS
from spacy_u2tf.pipeline.factory import ASSIGNS, DEFAULT_CONFIG, LEXICON_FILE, U2TFComponent
from spacy_u2tf.pipeline.models import MODEL_FOLDER, PACKAGED_MODEL

TEXTS = ["so we meet at five o'clock on tuesday don't we", "i paid twenty dollars for the iphone"]
REPO = Path(__file__).resolve().parents[2]


def _pipe(model: Any, **config: Any) -> spacy.language.Language:
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf", config={"model": model, **config})
    return nlp


# -- declarations ------------------------------------------------------------------------------------------
def test_factory_declares_what_each_mode_assigns() -> None:
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf")
    meta = nlp.get_pipe_meta("u2tf")
    assert set(meta.assigns) == set(ASSIGNS["annotate"]) | set(ASSIGNS["replace"])
    assert meta.retokenizes  # replace mode returns a new Doc
    assert meta.requires == []  # it reads doc.text only
    nlp.analyze_pipes()  # spaCy accepts the declarations


@pytest.mark.parametrize("mode", ["annotate", "replace"])
def test_each_mode_sets_the_attributes_it_declares(tiny_model_path, mode: str) -> None:
    doc = _pipe(str(tiny_model_path), mode=mode)(TEXTS[0])
    for attr in ASSIGNS[mode]:
        obj, _, name = attr.partition(".")
        if obj == "doc" and name == "spans":
            assert "u2tf" in doc.spans
        elif obj == "doc" and name != "_.u2tf_error":
            assert getattr(doc._, name[2:]) is not None, attr
        elif obj == "token" and name != "_.u2tf_disfluency":  # a disfluency head only in some models
            assert all(getattr(t._, name[2:]) is not None for t in doc), attr


# -- model loaders -----------------------------------------------------------------------------------------
def _loader_cases(tiny_model_path: Path) -> Dict[str, List[Dict[str, Any]]]:
    return {PACKAGED_MODEL: [{"name": name} for name in PACKAGED_MODELS],
            MODEL_FOLDER: [{"path": str(tiny_model_path)}]}


def test_every_registered_model_loader_loads_its_model(tiny_model_path, packaged_model_folder) -> None:
    spacy.blank("en").add_pipe("u2tf", config={"model": str(tiny_model_path)})  # imports the factory module
    registered = {name for name in registry.misc.get_all() if name.startswith("spacy-u2tf.")}
    cases = _loader_cases(tiny_model_path)
    assert registered == set(cases), "every registered loader needs a case here"
    for loader, arguments in cases.items():
        for args in arguments:
            expected_folder = Path(args["path"]) if "path" in args else packaged_model_folder(args["name"])
            nlp = _pipe({"@misc": loader, **args})
            expected = U2TF.from_pretrained(expected_folder).format_batch(TEXTS)
            assert [d._.u2tf_written for d in nlp.pipe(TEXTS)] == expected, (loader, args)
            assert nlp.config["components"]["u2tf"]["model"]["@misc"] == loader


def test_packaged_model_loader_rejects_an_unknown_name() -> None:
    with pytest.raises(ValueError, match="u2tf-default"):
        _pipe({"@misc": PACKAGED_MODEL, "name": "u2tf-huge"})


def test_default_config_names_the_packaged_default_model() -> None:
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf")
    assert nlp.config["components"]["u2tf"]["model"] == {"@misc": PACKAGED_MODEL, "name": "u2tf-default"}


# -- formatter options -------------------------------------------------------------------------------------
# Keywords of U2TF / U2TF.from_pretrained that are no component setting: the model itself, its context (a
# property of the model folder, from its config.json) and downloading (a pipeline never downloads).
NOT_COMPONENT_SETTINGS = {"self", "tagger", "converter", "path_or_name", "context", "allow_download", "options"}


def test_every_formatter_option_is_a_config_key() -> None:
    keywords = set(inspect.signature(U2TF.__init__).parameters) | set(
        inspect.signature(U2TF.from_pretrained).parameters)
    assert keywords - NOT_COMPONENT_SETTINGS <= set(DEFAULT_CONFIG), keywords - set(DEFAULT_CONFIG)


def test_null_options_take_the_models_own_settings(tiny_disfluency_model_path, tmp_path) -> None:
    """``label_thresholds = null`` and ``spell_numbers_below = null`` (the defaults) mean the model's calibrated
    settings from its config.json, as ``U2TF.from_pretrained`` gives them, not none at all."""
    import json
    import shutil

    folder = tmp_path / "model"
    shutil.copytree(tiny_disfluency_model_path, folder)
    config = json.loads((folder / "config.json").read_text())
    config.update(label_thresholds={"case": {"MIXED": 0.3}}, spell_numbers_below=10)
    (folder / "config.json").write_text(json.dumps(config))
    u2tf = _pipe(str(folder)).get_pipe("u2tf").u2tf
    assert (u2tf.label_thresholds, u2tf.spell_numbers_below) == ({"case": {"MIXED": 0.3}}, 10)
    u2tf = _pipe(str(folder), spell_numbers_below=0, label_thresholds={}).get_pipe("u2tf").u2tf
    assert (u2tf.label_thresholds, u2tf.spell_numbers_below) == ({}, 0)


def test_every_formatter_option_reaches_the_model(tiny_disfluency_model_path) -> None:
    nlp = _pipe(str(tiny_disfluency_model_path), itn=["cardinal", "money"], spell_numbers_below=10,
                written_input="passthrough", label_thresholds={"case": {"MIXED": 0.5}},
                lexicon={"iphone": "iPhone"}, disfluencies="fillers", punctuation=False, truecase=False,
                mixed_case_forms={"youtube": "YouTube"}, hyphen_compounds=["non-profit"], plain_words=["sprint"],
                batch_size=7, dtype="bf16")
    u2tf = nlp.get_pipe("u2tf").u2tf
    assert u2tf.itn_classes == frozenset({"cardinal", "money"})
    assert (u2tf.spell_numbers_below, u2tf.written_input) == (10, "passthrough")
    assert u2tf.label_thresholds == {"case": {"MIXED": 0.5}}
    assert u2tf.lexicon.entries == {("iphone",): "iPhone"}
    assert (u2tf.punctuation, u2tf.truecase, u2tf.disfluencies) == (False, False, "fillers")
    assert u2tf.mixed_case_forms.forms == {"youtube": "YouTube"}
    assert u2tf.hyphen_compounds.compounds == {("non", "profit")}
    assert u2tf.plain_words.words == {"sprint"}
    assert (u2tf.batch_size, u2tf.tagger.autocast) == (7, True)
    assert "iPhone" in nlp(TEXTS[1])._.u2tf_written
    assert not _pipe(str(tiny_disfluency_model_path), mixed_case_forms=False).get_pipe("u2tf").u2tf.mixed_case_forms
    assert not _pipe(str(tiny_disfluency_model_path), hyphen_compounds=False).get_pipe("u2tf").u2tf.hyphen_compounds
    assert not _pipe(str(tiny_disfluency_model_path), plain_words=False).get_pipe("u2tf").u2tf.plain_words


def test_bad_written_input_is_rejected(tiny_model_path) -> None:
    with pytest.raises(ValueError, match="written_input"):
        _pipe(str(tiny_model_path), written_input="verbatim")


def test_lexicon_file_is_saved_with_the_pipeline(tiny_model_path, tmp_path) -> None:
    lexicon = tmp_path / "lexicon.tsv"
    lexicon.write_text("iphone\tiPhone\nnew york\tNew York\n", encoding="utf-8")
    nlp = _pipe(str(tiny_model_path), lexicon=str(lexicon))
    before = nlp(TEXTS[1])._.u2tf_written
    nlp.to_disk(tmp_path / "pipeline")
    lexicon.unlink()  # the saved pipeline keeps its own copy of the entries
    loaded = spacy.load(tmp_path / "pipeline")
    assert loaded(TEXTS[1])._.u2tf_written == before
    assert loaded.get_pipe("u2tf").u2tf.lexicon.entries == {("iphone",): "iPhone", ("new", "york"): "New York"}


# -- serialization -----------------------------------------------------------------------------------------
def test_to_disk_and_from_disk_honour_exclude(tiny_model_path, tmp_path) -> None:
    component: U2TFComponent = _pipe(str(tiny_model_path), lexicon={"iphone": "iPhone"}).get_pipe("u2tf")
    component.to_disk(tmp_path / "no-model", exclude=["model"])
    assert not (tmp_path / "no-model" / "model").exists() and (tmp_path / "no-model" / LEXICON_FILE).exists()
    component.to_disk(tmp_path / "no-lexicon", exclude=["lexicon"])
    assert (tmp_path / "no-lexicon" / "model" / "config.json").exists()
    assert not (tmp_path / "no-lexicon" / LEXICON_FILE).exists()
    other: U2TFComponent = _pipe(str(tiny_model_path)).get_pipe("u2tf")
    other.from_disk(tmp_path / "no-model", exclude=["model"])
    assert other.model_name == str(tiny_model_path) and other.lexicon == {"iphone": "iPhone"}


def test_to_bytes_and_from_bytes_honour_exclude_and_leave_no_temporary_folder(tiny_model_path, tmp_path,
                                                                            monkeypatch) -> None:
    source: U2TFComponent = _pipe(str(tiny_model_path), lexicon={"iphone": "iPhone"}).get_pipe("u2tf")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    data = source.to_bytes()
    target: U2TFComponent = _pipe("/nowhere/model").get_pipe("u2tf")
    target.from_bytes(data)
    assert target.lexicon == {"iphone": "iPhone"}
    assert target.u2tf.format_batch(TEXTS) == source.u2tf.format_batch(TEXTS)
    no_lexicon: U2TFComponent = _pipe("/nowhere/model").get_pipe("u2tf")
    no_lexicon.from_bytes(data, exclude=["lexicon"])
    assert no_lexicon.lexicon is None and no_lexicon._model_bytes == target._model_bytes
    target.to_disk(tmp_path / "from-bytes")  # the in-memory model is written out as a folder
    assert (tmp_path / "from-bytes" / "model" / "tagger" / "model.safetensors").exists()
    assert list(scratch.iterdir()) == []
    without_model = source.to_bytes(exclude=["model"])
    assert len(without_model) < len(data) // 100
    keep: U2TFComponent = _pipe(str(tiny_model_path)).get_pipe("u2tf")
    keep.from_bytes(without_model)
    assert keep.model_name == str(tiny_model_path) and keep.lexicon == {"iphone": "iPhone"}


# -- spacy assemble / spacy package ------------------------------------------------------------------------
def _run(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return done


def test_spacy_assemble_of_the_example_config_loads(tmp_path) -> None:
    out = tmp_path / "out"
    _run("-m", "spacy", "assemble", "examples/spacy/config.cfg", str(out),
         "--components.u2tf.model.name", "u2tf-fast")
    assert (out / "u2tf" / "model" / "tagger" / "model.safetensors").exists()
    nlp = spacy.load(out)
    doc = nlp("i paid twenty dollars on tuesday")
    assert doc.text == doc._.u2tf_written != "i paid twenty dollars on tuesday"
    assert doc._.u2tf_spoken == "i paid twenty dollars on tuesday"


@pytest.mark.slow
def test_spacy_package_builds_an_installable_pipeline_with_the_weights(tiny_model_path, tmp_path) -> None:
    """``spacy package`` → ``pip install`` (no dependencies, into a folder) → ``spacy.load`` in a new process."""
    pipeline = tmp_path / "pipeline"
    _pipe(str(tiny_model_path), mode="replace").to_disk(pipeline)
    packages = tmp_path / "packages"
    packages.mkdir()
    _run("-m", "spacy", "package", str(pipeline), str(packages), "--name", "u2tf_test", "--version", "0.0.1",
         "--build", "none", "--force")
    package = packages / "en_u2tf_test-0.0.1"
    meta = json.loads((package / "meta.json").read_text())
    assert "u2tf" in meta["pipeline"]
    assert any(r.startswith("spacy-u2tf") for r in meta["requirements"]), meta["requirements"]
    site = tmp_path / "site"
    _run("-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target", str(site),
         str(package))
    weights = list(site.glob("en_u2tf_test/*/u2tf/model/tagger/model.safetensors"))
    assert weights, "the installed package holds the component's weights"
    code = ("import spacy; nlp = spacy.load('en_u2tf_test'); doc = nlp('hello there how are you');"
            "print(nlp.pipe_names, doc._.u2tf_spoken)")
    env_path = os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": env_path,
                                                              "OMP_NUM_THREADS": "1"},
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "['u2tf'] hello there how are you"
