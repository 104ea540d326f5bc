"""Disfluency removal through the API (``U2TF(disfluencies=...)``): modes, the second tagger pass on the cleaned
words, alignment back to the original spoken words, and models without a disfluency head.

``rule_disfluency_model`` is the shipped model with rule-based disfluency labels ("um"/"uh"/"er" FILLER, a word
said twice in a row REPARANDUM), so its outputs can be checked exactly; ``tiny_disfluency_model_path`` is a tiny
random model whose tagger has a real disfluency head (garbage labels, checked for properties only).
"""
from __future__ import annotations

from typing import List

import pytest

from spacy_u2tf.core.api import U2TF, Result
from spacy_u2tf.core.disfluency import DISFLUENCY_CLASS, DROPPED_LABELS, kept_words
from spacy_u2tf.core.labels import DISFL_LABELS, DISFLUENCY_MODES

TEXTS = ["so um i went uh to the store and and we bought bread", "i went um to the store",
         "um so we went home", "i paid twenty um five dollars", "we met at five thirty on monday okay",
         "hello there how are you"]


def assert_disfluency_alignment(result: Result) -> None:
    """Every spoken word in exactly one group (groups in order of their first word), every written word in exactly
    one; dropped words (and only they) have groups with no written words and neutral labels."""
    sources = sorted(s for g in result.groups for s in g.source)
    targets = [t for g in result.groups for t in g.target]
    assert sources == list(range(len(result.spoken)))
    assert [g.source[0] for g in result.groups] == sorted(g.source[0] for g in result.groups)
    assert targets == list(range(len(result.words)))
    assert len(result.disfl) == len(result.punct) == len(result.case) == len(result.itn) == len(result.spoken)
    for g in result.groups:
        assert (g.cls == DISFLUENCY_CLASS) == (not g.target), g
        if not g.target:
            (i,) = g.source
            assert (result.punct[i], result.case[i], result.itn[i]) == ("O", "LOWER", "O")


def cleaned(result: Result, mode: str) -> List[str]:
    return [w for w, mark in zip(result.spoken, result.disfl) if mark not in DROPPED_LABELS[mode]]


# -- options -----------------------------------------------------------------------------------------------
def test_unknown_mode_is_one_clear_error(rule_disfluency_model) -> None:
    with pytest.raises(ValueError, match=r"disfluencies must be one of \('keep', 'fillers', 'all'\), got 'none'"):
        rule_disfluency_model("none")


@pytest.mark.parametrize("mode", ["fillers", "all"])
def test_model_without_head_refuses_removal(tiny_model_path, mode: str) -> None:
    with pytest.raises(ValueError, match="this model has no disfluency head"):
        U2TF.from_pretrained(tiny_model_path, disfluencies=mode)


def test_model_without_head_keeps_everything_and_has_no_labels(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path, disfluencies="keep")
    assert "disfl" not in model.tagger.labels
    default = U2TF.from_pretrained(tiny_model_path)
    for text in TEXTS:
        result = model.process(text)
        assert result.disfl == [] and result.to_dict()["disfl"] == []
        assert result.text == default.format(text)
        assert all(g.target and g.cls != DISFLUENCY_CLASS for g in result.groups)


def test_kept_words() -> None:
    marks = ["O", "FILLER", "REPARANDUM", "O"]
    assert kept_words(marks, "keep") is None
    assert kept_words(marks, "fillers") == [0, 2, 3]
    assert kept_words(marks, "all") == [0, 3]
    assert kept_words(["O", "REPARANDUM"], "fillers") is None  # nothing to drop: no second pass
    assert kept_words(None, "all") is None  # a model without the head


# -- modes on the rule model ---------------------------------------------------------------------------------
def test_keep_is_verbatim_and_carries_the_labels(rule_disfluency_model, shipped_model) -> None:
    model = rule_disfluency_model("keep")
    for text in TEXTS:
        result = model.process(text)
        assert result.text == shipped_model.format(text)
        assert result.disfl == model.tagger.marks(text.split())
        assert result.to_dict()["disfl"] == result.disfl
    assert model.process(TEXTS[0]).disfl == ["O", "FILLER", "O", "O", "FILLER", "O", "O", "O", "REPARANDUM", "O",
                                              "O", "O", "O"]


@pytest.mark.parametrize("mode", ["fillers", "all"])
def test_removal_formats_the_cleaned_words(rule_disfluency_model, shipped_model, mode: str) -> None:
    """Punctuation, case and ITN come from tagging the cleaned words: the same text as formatting them afresh."""
    model = rule_disfluency_model(mode)
    results = model.process_batch(TEXTS)
    for text, result in zip(TEXTS, results):
        assert result.spoken == text.split()
        assert result.text == shipped_model.format(" ".join(cleaned(result, mode)))
        assert_disfluency_alignment(result)
    first = results[0]
    assert "um" not in first.text.lower().split() and "uh" not in first.text.lower().split()
    assert ("and and" in first.text) == (mode == "fillers")


def test_fillers_and_all_differ_only_on_reparanda(rule_disfluency_model) -> None:
    text = "we we should leave um now"
    fillers, everything = rule_disfluency_model("fillers").process(text), rule_disfluency_model("all").process(text)
    assert fillers.disfl == everything.disfl == ["REPARANDUM", "O", "O", "O", "FILLER", "O"]
    assert [g.source for g in fillers.groups if not g.target] == [(4,)]
    assert [g.source for g in everything.groups if not g.target] == [(0,), (4,)]
    assert fillers.text.lower().split()[:2] == ["we", "we"]
    assert everything.text.lower().split()[:2] == ["we", "should"]


def test_no_comma_left_where_a_filler_was(rule_disfluency_model) -> None:
    keep, fillers = rule_disfluency_model("keep"), rule_disfluency_model("fillers")
    for text in ["i went um to the store", "we should uh go to the park tomorrow", "so uh yeah i think um we can"]:
        out = fillers.format(text)
        assert not {"um", "uh", "um,", "uh,"} & set(out.lower().split()), out
        assert out == keep.format(" ".join(w for w in text.split() if w not in ("um", "uh")))
    assert fillers.format("i went um to the store") == "I went to the store."


def test_word_after_a_removed_initial_filler_is_capitalized(rule_disfluency_model) -> None:
    for mode in ("fillers", "all"):
        model = rule_disfluency_model(mode)
        assert model.format("um so we went home").startswith("So ")
        assert model.format("uh um the meeting is over").startswith("The ")
        assert model.format("um um").strip() == ""


def test_nothing_left_of_a_document(rule_disfluency_model) -> None:
    result = rule_disfluency_model("fillers").process("um uh")
    assert result.words == [] and result.text == ""
    assert result.spoken == ["um", "uh"]
    assert [(g.source, g.target, g.cls) for g in result.groups] == [((0,), (), DISFLUENCY_CLASS),
                                                                    ((1,), (), DISFLUENCY_CLASS)]


def test_span_closing_over_a_dropped_word(rule_disfluency_model) -> None:
    """"twenty um five dollars" is one money span once "um" is gone; it keeps the words it was made from."""
    result = rule_disfluency_model("fillers").process("i paid twenty um five dollars")
    assert result.text == "I paid $25."
    (span,) = result.spans
    assert (span.start, span.end, span.spoken, span.written) == (2, 6, "twenty five dollars", "$25")
    assert [(g.source, g.target, g.cls) for g in result.groups] == [
        ((0,), (0,), "plain"), ((1,), (1,), "plain"), ((2, 4, 5), (2,), "money"), ((3,), (), DISFLUENCY_CLASS)]
    assert result.itn == ["O", "O", "B", "O", "I", "I"]


def test_label_thresholds_and_options_with_removal(rule_disfluency_model) -> None:
    """The probability path (label thresholds) and the output switches work on the second pass too."""
    model = rule_disfluency_model("all", label_thresholds={"punct": {"COMMA": 0.4}}, punctuation=False,
                                  truecase=False)
    result = model.process("so um i went to to the store")
    assert result.text == "so i went to the store"
    assert result.disfl == ["O", "FILLER", "O", "O", "REPARANDUM", "O", "O", "O"]


def test_only_documents_that_lost_words_are_tagged_again(rule_disfluency_model) -> None:
    model = rule_disfluency_model("fillers")
    calls = []
    predict = model.tagger.predict

    def counting(docs, **kwargs):
        calls.append([list(d) for d in docs])
        return predict(docs, **kwargs)

    model.tagger.predict = counting
    model.process_batch(["hello there", "i went um home", "we we left"])
    assert calls == [["hello there".split(), "i went um home".split(), "we we left".split()], ["i went home".split()]]


# -- a real disfluency head (tiny random model) ------------------------------------------------------------
def test_tiny_model_with_head_loads_and_removes(tiny_disfluency_model_path) -> None:
    keep = U2TF.from_pretrained(tiny_disfluency_model_path)
    assert keep.tagger.labels["disfl"] == DISFL_LABELS
    marks = [keep.process(text).disfl for text in TEXTS]
    assert all(len(m) == len(t.split()) and set(m) <= set(DISFL_LABELS) for m, t in zip(marks, TEXTS))
    dropped = {mode: 0 for mode in DISFLUENCY_MODES}
    for mode in DISFLUENCY_MODES:
        model = U2TF.from_pretrained(tiny_disfluency_model_path, disfluencies=mode)
        for text, result, m in zip(TEXTS, model.process_batch(TEXTS), marks):
            assert result.disfl == m
            assert_disfluency_alignment(result)
            assert result.text == keep.format(" ".join(cleaned(result, mode)))
            dropped[mode] += sum(1 for g in result.groups if not g.target)
    assert dropped["keep"] == 0 < dropped["fillers"] < dropped["all"]
