"""A ``,`` ``.`` or ``?`` typed after a spoken word, in text that does not read as written: the word is read without
it, the mark stays after what the word is written as, and no number phrase runs on past it."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.api import U2TF
from spacy_u2tf.core.written_input import TypedMark, typed_marks


@pytest.mark.parametrize("words,spoken,marks", [
    (["nine,", "then"], ["nine", "then"], {0: ","}),
    (["is", "it", "25?", "no"], ["is", "it", "25", "no"], {2: "?"}),
    (["all.", "it"], ["all", "it"], {0: "."}),
    (["don't,", "go"], ["don't", "go"], {0: ","}),
    # tokens that are no word with a mark after it stay as they are
    (["p.m.", "u.s.", "example.com.", "3.5", "(a)", ",", "$5,"],
     ["p.m.", "u.s.", "example.com.", "3.5", "(a)", ",", "$5,"], {}),
])
def test_typed_marks_splits_a_final_mark_off_a_word(words, spoken, marks) -> None:
    got_spoken, got_marks = typed_marks(words)
    assert got_spoken == spoken
    assert got_marks == marks
    assert all(isinstance(mark, TypedMark) for mark in got_marks.values())


def test_typed_marks_leave_kept_tokens_alone() -> None:
    assert typed_marks(["nine,", "then,"], kept={0: "nine,"}) == (["nine,", "then"], {1: ","})


def test_a_typed_mark_stays_and_every_word_is_read(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path)
    text = "we paid twenty dollars, then we left for home and slept"
    result = model.process(text)
    assert result.spoken == text.replace(",", "").split()
    assert result.punct[3] == "COMMA"
    assert "," in result.text
    assert sorted(i for g in result.groups for i in g.source) == list(range(len(result.spoken)))


def test_a_typed_mark_ends_a_span(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path)
    result = model.process("we counted twenty, five of them were broken and the rest were fine")
    assert result.itn[3] != "I", "a number phrase ran on past the typed comma"


def test_written_input_ignore_keeps_the_marks_on_the_words(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path, written_input="ignore")
    assert model.process("we paid twenty dollars, then we left for home").spoken[3] == "dollars,"


def test_the_stream_keeps_a_typed_mark(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path)
    stream = model.stream(lookahead=2)
    words = "we paid twenty dollars, then we left for home and slept well".split()
    out = [w for word in words for w in stream.push([word])] + stream.flush()
    assert out[3]["word"].endswith(",")
    assert len(out) <= len(words)


def test_word_times_survive_a_typed_mark(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path)
    timed = model.process_words([("we", 0.0, 0.1), ("left,", 0.1, 0.2), ("then", 0.2, 0.3), ("slept", 0.3, 0.4)])
    assert [w["word"].strip(",.").lower() for w in timed.words] == ["we", "left", "then", "slept"]
    assert timed.words[1]["word"].endswith(",")
    assert [(w["start"], w["end"]) for w in timed.words] == [(0.0, 0.1), (0.1, 0.2), (0.2, 0.3), (0.3, 0.4)]


def test_no_reading_by_rule_runs_over_a_typed_mark(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path)
    said = "we then add one, half teaspoon of salt and stir it in well for a while"
    result = model.process(said)
    assert not any(span.start <= 3 < span.end - 1 for span in result.spans), result.spans
    assert any(span.written == "1/2" for span in model.process(said.replace(",", "")).spans)  # the reading holds


def test_a_letter_is_not_joined_to_a_number_over_a_typed_mark(shipped_model) -> None:
    assert "L5" not in shipped_model.format("a small bulge between the l four and l, five vertebrae")
    assert "L5" in shipped_model.format("a small bulge between the l four and l five vertebrae")
