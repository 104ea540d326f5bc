"""core/lexicon.py PlainWords and labels.hold_plain_acronyms: words never written in capitals need more
probability for ACRONYM ("sprint", not "SPRINT"), acronyms keep theirs."""
from __future__ import annotations

from pathlib import Path

import pytest

from spacy_u2tf.core.labels import (ContextThresholds, hold_plain_acronyms, split_context_thresholds,
                                    thresholded_labels)
from spacy_u2tf.core.lexicon import PlainWords

ASSETS = Path(__file__).resolve().parents[2] / "spacy_u2tf" / "assets"
CASE = ("LOWER", "CAPITAL", "ACRONYM", "MIXED")


def test_plain_words_match_case_blind_with_possessives(tmp_path) -> None:
    path = tmp_path / "plain.txt"
    path.write_text("# a comment\nsprint\n\nJava\n", encoding="utf-8")
    plain = PlainWords.from_file(path)
    assert len(plain) == 2 and plain.words == {"sprint", "java"}
    assert "Sprint" in plain and "java's" in plain and "nasa" not in plain and 3 not in plain
    assert not PlainWords() and "sprint" not in PlainWords()


@pytest.mark.parametrize("bad", ["", "  ", "two words"])
def test_a_plain_word_is_one_word(bad: str) -> None:
    with pytest.raises(ValueError, match="one word"):
        PlainWords([bad])


def test_hold_plain_acronyms_takes_back_a_weak_acronym_of_a_plain_word_only() -> None:
    words = ["sprint", "nasa", "caffeine", "java's", "sprint"]
    case = ["ACRONYM", "ACRONYM", "ACRONYM", "ACRONYM", "ACRONYM"]
    probs = [[0.5, 0.1, 0.4, 0], [0.3, 0.3, 0.4, 0], [0.2, 0.1, 0.6, 0.1], [0.1, 0.6, 0.3, 0], [0, 0, 0.95, 0.05]]
    plain = PlainWords(["sprint", "caffeine", "java"])
    assert hold_plain_acronyms(case, probs, CASE, words, plain, 0.9, {}) == [
        "LOWER", "ACRONYM", "LOWER", "CAPITAL", "ACRONYM"]
    # the head's own thresholds choose among the other labels: CAPITAL from 0.1
    assert hold_plain_acronyms(case, probs, CASE, words, plain, 0.9, {"CAPITAL": 0.1})[0] == "CAPITAL"
    assert hold_plain_acronyms(case, probs, CASE, words, plain, 0.3, {}) == case
    assert hold_plain_acronyms(case, probs, CASE, words, PlainWords(), 0.9, {}) == case


@pytest.mark.parametrize("words,held", [
    ("round led by tiger", True), ("the norwegian led five three", True), ("they led 3-0", True),
    ("she led the charge", True), ("an led option", False), ("led lighting is cheap", False),
    ("the new led", False), ("led units", False),
])
def test_led_the_verb_is_never_an_acronym_led_the_light_is(words: str, held: bool) -> None:
    words = words.split()
    at = words.index("led")
    case = ["LOWER"] * len(words)
    case[at] = "ACRONYM"
    for acronym in (0.6, 0.95):  # however sure the tagger is
        probs = [[0.98 - acronym, 0.02, acronym, 0] if i == at else [1, 0, 0, 0] for i in range(len(words))]
        out = hold_plain_acronyms(case, probs, CASE, words, PlainWords(["sprint"]), 0.9, {})
        assert out[at] == ("LOWER" if held else "ACRONYM")


def test_thresholded_labels_hold_plain_acronyms_after_the_case_table_and_before_the_names_rule() -> None:
    """ACRONYM_PLAIN leaves the case table for the context; it needs the spoken words and the plain words, and the
    names' rule sees its result ("anti-Java" keeps its hyphen once "anti" is lowercase, a prefix)."""
    tables, context = split_context_thresholds({"case": {"ACRONYM": 0.2, "ACRONYM_PLAIN": 0.9},
                                                "punct": {"HYPHEN_NAMES": 0.9}})
    assert tables == {"case": {"ACRONYM": 0.2}, "punct": {}}
    assert context == ContextThresholds(name_join=0.9, plain_acronym=0.9)
    names = {"punct": ("O", "COMMA", "PERIOD", "QUESTION", "HYPHEN"), "case": CASE}
    pred = {"punct": ["HYPHEN", "PERIOD"], "punct_probs": [[0.4, 0, 0, 0, 0.6], [0, 0, 1, 0, 0]],
            "case": ["LOWER", "CAPITAL"], "case_probs": [[0.7, 0, 0.3, 0], [0, 1, 0, 0]]}
    words, plain = ["anti", "java"], PlainWords(["anti", "java"])
    assert thresholded_labels(pred, names, tables, context, words, plain) == {
        "case": ["LOWER", "CAPITAL"], "punct": ["HYPHEN", "PERIOD"]}
    assert thresholded_labels(pred, names, tables, context, words) == {
        "case": ["ACRONYM", "CAPITAL"], "punct": ["O", "PERIOD"]}
    assert thresholded_labels(pred, names, tables, context, None, plain)["case"] == ["ACRONYM", "CAPITAL"]


@pytest.mark.parametrize("model", ["u2tf-default", "u2tf-fast"])
def test_shipped_lists_hold_words_and_no_acronyms_or_numerals(model: str) -> None:
    plain = PlainWords.from_file(ASSETS / model / "plain_words.txt")
    assert {"sprint", "caffeine", "java", "meta"} <= plain.words
    assert not plain.words & {"it", "led", "nasa", "ceo", "ii", "xiv", "us", "who", "aids"}


def test_plain_words_false_turns_the_models_list_off(shipped_model) -> None:
    from spacy_u2tf import U2TF

    assert "sprint" in shipped_model.plain_words
    assert shipped_model.label_thresholds["case"]["ACRONYM_PLAIN"] == 0.9
    off = U2TF(shipped_model.tagger, shipped_model.converter, plain_words=False,
               label_thresholds=shipped_model.label_thresholds)
    assert not off.plain_words
