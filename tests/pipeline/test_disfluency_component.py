"""The spaCy component's ``disfluencies`` config key: annotate mode labels tokens, replace mode drops the words,
and the setting survives ``to_disk``/``spacy.load``."""
from __future__ import annotations

import pytest
import spacy
from spacy.tokens import Doc

from spacy_u2tf.core.api import U2TF
from spacy_u2tf.core.disfluency import DISFLUENCY_CLASS
from spacy_u2tf.pipeline.factory import DEFAULT_CONFIG

TEXT = "so um i went uh to the store and and we bought bread"
TEXTS = [TEXT, "we met at five thirty on monday okay", "hello there how are you", "um so we went home"]


@pytest.fixture
def rule_nlp(rule_disfluency_model, monkeypatch):
    """``rule_nlp(**config)``: a pipeline whose u2tf component loads the rule-based disfluency model."""
    monkeypatch.setattr(U2TF, "from_pretrained", lambda path=None, **options: rule_disfluency_model(
        options["disfluencies"]))

    def make(**config) -> spacy.Language:
        nlp = spacy.blank("en")
        nlp.add_pipe("u2tf", config=config)
        return nlp

    return make


def test_config_key_defaults_to_keep_and_is_checked() -> None:
    assert DEFAULT_CONFIG["disfluencies"] == "keep"
    with pytest.raises(ValueError, match="disfluencies must be one of"):
        spacy.blank("en").add_pipe("u2tf", config={"disfluencies": "some"})


@pytest.mark.parametrize("mode", ["keep", "fillers", "all"])
def test_annotate_mode_labels_tokens_and_keeps_the_doc(rule_nlp, rule_disfluency_model, mode: str) -> None:
    doc = rule_nlp(disfluencies=mode)(TEXT)
    model = rule_disfluency_model(mode)
    assert doc.text == TEXT
    assert [t._.u2tf_disfluency for t in doc] == model.tagger.marks(TEXT.split())
    assert doc._.u2tf_written == model.format(TEXT)
    if mode != "keep":
        assert [(t._.u2tf_punct, t._.u2tf_case) for t in doc if t.text == "um"] == [("O", "LOWER")]


@pytest.mark.parametrize("mode", ["fillers", "all"])
def test_replace_mode_drops_the_words(rule_nlp, rule_disfluency_model, mode: str) -> None:
    doc = rule_nlp(disfluencies=mode, mode="replace")(TEXT)
    result = rule_disfluency_model(mode).process(TEXT)
    assert doc.text == result.text
    assert "um" not in doc.text.lower().split() and "uh" not in doc.text.lower().split()
    assert doc._.u2tf_spoken == TEXT
    dropped = [src for src, tgt, cls in doc._.u2tf_alignment if cls == DISFLUENCY_CLASS]
    assert all(not tgt for src, tgt, cls in doc._.u2tf_alignment if cls == DISFLUENCY_CLASS)
    assert dropped == [[1], [4]] + ([[8]] if mode == "all" else [])  # um, uh (and the first "and")
    written = sorted(t for _, tgt, _ in doc._.u2tf_alignment for t in tgt)
    assert written == list(range(len(doc)))


def test_doc_to_bytes_keeps_disfluency_labels(rule_nlp) -> None:
    nlp = rule_nlp(disfluencies="fillers")
    doc = nlp(TEXT)
    restored = Doc(nlp.vocab).from_bytes(doc.to_bytes())
    assert [t._.u2tf_disfluency for t in restored] == [t._.u2tf_disfluency for t in doc]
    assert "FILLER" in [t._.u2tf_disfluency for t in restored]


def test_model_without_head(tiny_model_path) -> None:
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf", config={"model": str(tiny_model_path)})
    assert all(t._.u2tf_disfluency is None for t in nlp(TEXT))
    refusing = spacy.blank("en")
    refusing.add_pipe("u2tf", config={"model": str(tiny_model_path), "disfluencies": "fillers"})
    with pytest.raises(ValueError, match="no disfluency head"):  # loading the model refuses the setting
        refusing.get_pipe("u2tf").initialize()


def test_to_disk_round_trip_keeps_the_setting(tiny_disfluency_model_path, tmp_path) -> None:
    nlp = spacy.blank("en")
    nlp.add_pipe("u2tf", config={"model": str(tiny_disfluency_model_path), "disfluencies": "all", "mode": "replace"})
    before = [d.text for d in nlp.pipe(TEXTS)]
    nlp.to_disk(tmp_path / "pipeline")
    loaded = spacy.load(tmp_path / "pipeline")
    assert loaded.get_pipe("u2tf").options["disfluencies"] == "all"
    after = list(loaded.pipe(TEXTS))
    assert [d.text for d in after] == before
    model = U2TF.from_pretrained(tiny_disfluency_model_path, disfluencies="all")
    assert before == [model.format(text) for text in TEXTS]
    assert any(cls == DISFLUENCY_CLASS for d in after for _, _, cls in d._.u2tf_alignment)
