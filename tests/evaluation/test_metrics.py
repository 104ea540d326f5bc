from __future__ import annotations

import pytest

from spacy_u2tf.data.example import Example, SpanPair
from spacy_u2tf.evaluation.align import align, edit_distance
from spacy_u2tf.evaluation.label_scores import label_scores
from spacy_u2tf.evaluation.metrics import evaluate, split_words


def ref() -> Example:
    # "Hi Bob, I paid $5 at McDonald's." spoken: hi bob i paid five dollars at mcdonald's
    return Example(
        written="Hi Bob, I paid $5 at McDonald's.",
        spoken="hi bob i paid five dollars at mcdonald's".split(),
        punct=["O", "COMMA", "O", "O", "O", "O", "O", "PERIOD"],
        case=["CAPITAL", "CAPITAL", "CAPITAL", "LOWER", "LOWER", "LOWER", "LOWER", "MIXED"],
        itn=["O", "O", "O", "O", "B", "I", "O", "O"],
        spans=[SpanPair(4, 6, "money", "$5"), SpanPair(7, 8, "mixed", "McDonald's")],
    )


def test_split_words_maps_marks() -> None:
    assert split_words('Hi, "Bob"! Go; now? U.S. ok .') == [
        ("Hi", "COMMA"), ("Bob", "PERIOD"), ("Go", "COMMA"), ("now", "QUESTION"), ("U.S.", "O"), ("ok", "PERIOD")]


def test_align_and_edit_distance() -> None:
    assert align(["a", "b", "c"], ["a", "c"]) == [(0, 0), (1, None), (2, 1)]
    assert edit_distance("kitten", "sitting") == 3


def test_perfect_hypothesis() -> None:
    r = ref()
    m = evaluate([r], [r.written])
    assert m["PER"] == 0 and m["CER"] == 0 and m["I-WER"] == 0 and m["M-WER"] == 0
    assert m["punct_f1_PERIOD"] == 1 and m["punct_f1_COMMA"] == 1
    assert m["exact_money"] == 1 and m["content_preservation"] == 1


def test_hand_computed_errors() -> None:
    # comma missed, period became question, "$5" left as words, McDonald's lowercased, Bob lowercased
    m = evaluate([ref()], ["Hi bob I paid five dollars at mcdonald's?"])
    # ref marks: COMMA after Bob, PERIOD at end; hyp: QUESTION at end -> errors: COMMA deleted, PERIOD->QUESTION
    assert m["PER"] == pytest.approx(2 / 2)
    assert m["punct_f1_COMMA"] == 0 and m["punct_f1_PERIOD"] == 0 and m["punct_f1_QUESTION"] == 0
    # ITN reference words: "$5" (1 word) -> wrong
    assert m["I-WER"] == 1.0 and m["exact_money"] == 0
    # mixed words: McDonald's -> wrong
    assert m["M-WER"] == 1.0
    # plain words: Hi Bob I paid at -> all kept ignoring case
    assert m["content_preservation"] == 1.0
    ref_chars = len("Hi Bob I paid $5 at McDonald's")
    hyp = "Hi bob I paid five dollars at mcdonald's"
    from spacy_u2tf.evaluation.align import edit_distance as ed
    assert m["CER"] == pytest.approx(round(ed("Hi Bob I paid $5 at McDonald's", hyp) / ref_chars, 4))


def test_dropped_word_hurts_content_preservation() -> None:
    m = evaluate([ref()], ["Hi Bob, I $5 at McDonald's."])
    assert m["content_preservation"] == pytest.approx(4 / 5)


def test_label_scores() -> None:
    r = ref()
    pred = {"punct": ["O", "COMMA", "O", "O", "O", "O", "O", "QUESTION"], "case": r.case,
            "itn": ["O", "O", "O", "O", "B", "O", "O", "O"]}
    s = label_scores([r], [pred])
    assert s["punct_f1_COMMA"] == 1 and s["punct_f1_PERIOD"] == 0
    assert s["case_f1_CAPITAL"] == 1 and s["itn_span_f1"] == 0
    with pytest.raises(ValueError):
        label_scores([r], [{"punct": ["O"], "case": ["LOWER"], "itn": ["O"]}])
