"""Word timestamps in the core: recognizer word formats, re-timing through alignment groups, speaker turns."""
from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass

import pytest

from spacy_u2tf.core.api import U2TF, Result
from spacy_u2tf.core.assemble import AlignmentGroup, SpanRewrite, assemble
from spacy_u2tf.core.timing import (check_word_stamps, concat_results, end_sentence, rebuild_segments, retime_words,
                                    speaker_turns, spoken_entries, word_entry)


@pytest.fixture(scope="module")
def tiny(tiny_model_path) -> U2TF:
    return U2TF.from_pretrained(tiny_model_path)


@dataclass
class DataclassWord:  # faster-whisper's Word is a dataclass in recent versions
    start: float
    end: float
    word: str
    probability: float


NamedWord = namedtuple("NamedWord", "start end word probability")  # ... and a named tuple in older ones


@pytest.mark.parametrize("item, expected", [
    ("hello", {"word": "hello"}),
    (("hello", 0.5, 0.9), {"word": "hello", "start": 0.5, "end": 0.9}),
    ({"text": "hello", "start": 0.5, "end": 0.9, "confidence": 0.7},
     {"word": "hello", "start": 0.5, "end": 0.9, "confidence": 0.7}),
    (DataclassWord(0.5, 0.9, " hello", 0.8), {"word": " hello", "start": 0.5, "end": 0.9, "probability": 0.8}),
    (NamedWord(0.5, 0.9, " hello", 0.8), {"word": " hello", "start": 0.5, "end": 0.9, "probability": 0.8}),
])
def test_word_entry_reads_recognizer_formats(item, expected) -> None:
    assert word_entry(item) == expected


def test_word_entry_rejects_what_it_cannot_read() -> None:
    with pytest.raises(ValueError, match="word tuple"):
        word_entry(("hello", 0.5))
    with pytest.raises(TypeError):
        word_entry(3)
    with pytest.raises(ValueError, match=r"lacks \['end'\]"):
        spoken_entries([("a", 0.0, 0.1), {"word": "b", "start": 0.2}])


def test_spoken_entries_clean_and_split_words() -> None:
    entries = spoken_entries([{"word": " Hello", "start": 0.0, "end": 1.0, "conf": 0.5}, ("\x00", 1.0, 1.1),
                              ("caf\u00b4", 1.2, 2.2)])
    assert [e["word"] for e in entries] == ["Hello", "caf", "\u0301"]
    assert entries[0] == {"word": "Hello", "start": 0.0, "end": 1.0, "conf": 0.5}
    assert entries[1]["start"] == 1.2 and entries[2]["end"] == 2.2 and entries[1]["end"] == entries[2]["start"]


def test_retime_carries_extra_keys_to_the_written_words_of_their_group() -> None:
    spoken = "revenue reached twelve point three million dollars today".split()
    out = assemble(spoken, ["O"] * 7 + ["PERIOD"], ["CAPITAL"] + ["LOWER"] * 7,
                   [SpanRewrite(2, 7, "money", "$12.3 million")])
    stamps = [{"word": w, "start": float(i), "end": i + 0.5, "conf": 0.9 - 0.1 * (i == 4), "speaker": "A"}
              for i, w in enumerate(spoken)]
    words = retime_words(stamps, out.words, out.groups)
    assert [w["word"] for w in words] == ["Revenue", "reached", "$12.3", "million", "today."]
    assert words[0]["conf"] == 0.9 and words[4]["conf"] == 0.9
    assert words[2]["conf"] == words[3]["conf"] == pytest.approx(0.8)  # the span's lowest confidence
    assert all(w["speaker"] == "A" for w in words)
    assert words[2]["start"] == 2.0 and words[3]["end"] == 6.5


def test_a_hyphenated_compound_takes_the_time_of_both_words() -> None:
    spoken = "a well known firm".split()
    out = assemble(spoken, ["O", "HYPHEN", "O", "PERIOD"], ["CAPITAL"] + ["LOWER"] * 3)
    stamps = [{"word": w, "start": float(i), "end": i + 0.5} for i, w in enumerate(spoken)]
    words = retime_words(stamps, out.words, out.groups)
    assert [(w["word"], w["start"], w["end"]) for w in words] == [("A", 0.0, 0.5), ("well-known", 1.0, 2.5),
                                                                  ("firm.", 3.0, 3.5)]


def test_end_sentence() -> None:
    assert [end_sentence(w) for w in ("ok", "ok,", "ok.", "right?", "wow!", "so;")] == \
        ["ok.", "ok.", "ok.", "right?", "wow!", "so."]


def test_speaker_turns_and_segments() -> None:
    entries = [{"word": w, "speaker": s} for w, s in zip("a b c d e".split(), "AABBA")]
    assert speaker_turns(entries) == [(0, 2), (2, 4), (4, 5)]
    assert speaker_turns([{"word": "a"}, {"word": "b"}]) == [(0, 2)]
    segs = rebuild_segments([{"word": "Hi", "start": 0, "end": 1, "speaker": "A"},
                             {"word": "there", "start": 1, "end": 2, "speaker": "B"},
                             {"word": "you.", "start": 2, "end": 3, "speaker": "B"},
                             {"word": "Yes", "start": 3, "end": 4, "speaker": "B"}])
    assert [(s["segment"], s["speaker"], s["start"], s["end"]) for s in segs] == [
        ("Hi", "A", 0, 1), ("there you.", "B", 1, 3), ("Yes", "B", 3, 4)]


def test_concat_results_shifts_groups() -> None:
    a = Result(["x", "y"], ["X", "y."], ["O", "PERIOD"], groups=[AlignmentGroup((0,), (0,), "plain"),
                                                                 AlignmentGroup((1,), (1,), "plain")])
    b = Result(["one", "two"], ["12"], ["O", "O"], groups=[AlignmentGroup((0, 1), (0,), "cardinal")])
    out = concat_results([a, b])
    assert out.spoken == ["x", "y", "one", "two"] and out.words == ["X", "y.", "12"]
    assert out.punct == ["O", "PERIOD", "O", "O"]
    assert out.groups[-1] == AlignmentGroup((2, 3), (2,), "cardinal")


def _assert_monotonic(words, first_start, last_end) -> None:
    assert words[0]["start"] == first_start and words[-1]["end"] == last_end
    for prev, cur in zip(words, words[1:]):
        assert prev["start"] <= prev["end"] <= cur["start"] <= cur["end"], (prev, cur)


def test_process_words_keeps_times(tiny) -> None:
    spoken = "so we met at five thirty on monday and paid twenty dollars".split()
    timed = tiny.process_words([(w, 0.5 * i, 0.5 * i + 0.4) for i, w in enumerate(spoken)])
    assert timed.text == tiny.format(" ".join(spoken)) == timed.result.text
    assert [w["word"] for w in timed.words] == timed.result.words
    _assert_monotonic(timed.words, 0.0, 0.5 * 11 + 0.4)
    assert " ".join(s["segment"] for s in timed.segments) == timed.text


def test_nemo_offsets_and_seconds_both_kept(tiny) -> None:
    words = [{"word": w, "start_offset": 4 * i, "end_offset": 4 * i + 3, "start": 0.32 * i, "end": 0.32 * i + 0.24}
             for i, w in enumerate("hello there friend".split())]
    timed = tiny.process_words(words)
    assert all(isinstance(w["start_offset"], int) for w in timed.words)
    assert timed.words[0]["start_offset"] == 0 and timed.words[-1]["end_offset"] == 11


def test_a_speaker_change_ends_the_sentence(tiny) -> None:
    a = "so we met at five thirty on monday and".split()
    b = "twenty dollars is what we paid for it".split()
    words = [{"word": w, "start": float(i), "end": i + 0.5, "speaker": "A" if i < len(a) else "B"}
             for i, w in enumerate(a + b)]
    timed = tiny.process_words(words)
    turn_a = [w for w in timed.words if w["speaker"] == "A"]
    turn_b = [w for w in timed.words if w["speaker"] == "B"]
    assert turn_a and turn_b and timed.words == turn_a + turn_b  # no written word mixes the two turns
    assert turn_a[-1]["word"].endswith((".", "?", "!"))
    assert turn_b[0]["word"][:1].isupper() or not turn_b[0]["word"][:1].isalpha()
    assert turn_a[-1]["end"] == len(a) - 1 + 0.5 and turn_b[0]["start"] == len(a)
    assert {s["speaker"] for s in timed.segments[:1]} == {"A"} and timed.segments[-1]["speaker"] == "B"
    # each turn is formatted as a text of its own
    assert " ".join(w["word"] for w in turn_b) == tiny.format(" ".join(b))


def test_written_whisper_words_keep_one_time_per_word(tiny) -> None:
    written = [" Hello,", " World.", " I", " paid", " $5."]
    timed = tiny.process_words([{"word": w, "start": float(i), "end": i + 0.9, "probability": 0.5 + i / 10}
                                for i, w in enumerate(written)])
    assert timed.text == tiny.process([w.strip() for w in written]).text
    _assert_monotonic(timed.words, 0.0, 4.9)
    assert timed.words[-1]["word"] == "$5." and timed.words[-1]["probability"] == pytest.approx(0.9)


# -- bad times and speakers ---------------------------------------------------------------------------------
MONEY_GROUP = [AlignmentGroup((0, 1), (0,), "money")]  # many spoken words to one written word
PLAIN_GROUPS = [AlignmentGroup((0,), (0,), "plain"), AlignmentGroup((1,), (1,), "plain")]


@pytest.mark.parametrize("times, message", [
    (((2, 3), (None, None)), r"word timestamp 1 lacks \['start', 'end'\]"),
    (((2.0, 3.0), (float("nan"), float("nan"))), r"word timestamp 1 lacks \['start', 'end'\]"),
    (((0, 1), (1, None)), r"word timestamp 1 lacks \['end'\]"),
    ((("0", "1"), ("1", "2")), r"word timestamp 0 has start='0' \(str\)"),
    (((0.0, 1.0), (1.0, float("inf"))), r"word timestamp 1 has end=inf"),
    (((0, 1), (True, 2)), r"word timestamp 1 has start=True \(bool\)"),
])
@pytest.mark.parametrize("groups, written", [(MONEY_GROUP, ["$20"]), (PLAIN_GROUPS, ["twenty", "dollars"])])
def test_bad_times_are_a_value_error_naming_the_word(times, message, groups, written) -> None:
    """The same clear error whether the words' group is one-to-one or not, from every entry point."""
    stamps = [{"word": w, "start": a, "end": b} for w, (a, b) in zip(["twenty", "dollars"], times)]
    for call in (lambda: spoken_entries(stamps), lambda: check_word_stamps(stamps),
                 lambda: retime_words(stamps, written, groups)):
        with pytest.raises(ValueError, match=message):
            call()


@pytest.mark.parametrize("missing", [None, float("nan")])
@pytest.mark.parametrize("groups, written", [(MONEY_GROUP, ["$20"]), (PLAIN_GROUPS, ["twenty", "dollars"])])
def test_times_missing_on_every_word_mean_no_times(missing, groups, written) -> None:
    stamps = [{"word": w, "start_offset": 4 * i, "end_offset": 4 * i + 3, "start": missing, "end": missing,
               "conf": 0.5} for i, w in enumerate(["twenty", "dollars"])]
    assert [sorted(e) for e in spoken_entries(stamps)] == [["conf", "end_offset", "start_offset", "word"]] * 2
    words = retime_words(stamps, written, groups)
    assert all(sorted(w) == ["conf", "end_offset", "start_offset", "word"] for w in words)
    assert words[0]["start_offset"] == 0 and words[-1]["end_offset"] == 7


def test_a_nan_or_none_speaker_is_no_speaker() -> None:
    nan = float("nan")
    pd = pytest.importorskip("pandas")
    assert speaker_turns([{"word": "a", "speaker": pd.NA}, {"word": "b", "speaker": pd.NA}]) == [(0, 2)]
    entries = [{"word": w, "speaker": s} for w, s in zip("a b c d e".split(), [nan, nan, None, "A", nan])]
    assert speaker_turns(entries) == [(0, 3), (3, 4), (4, 5)]
    assert speaker_turns([{"word": "a"}, {"word": "b", "speaker": nan}]) == [(0, 2)]
    assert [s["segment"] for s in rebuild_segments([{"word": w, "speaker": nan} for w in "so we met.".split()])] \
        == ["so we met."]


def test_process_words_takes_no_text_string(tiny) -> None:
    with pytest.raises(TypeError, match=r"process\(\)"):
        tiny.process_words("i paid twenty dollars")


def test_process_words_bad_and_missing_times(shipped_model) -> None:
    spoken = "i paid twenty dollars".split()
    untimed = shipped_model.process_words([(w, None, None) for w in spoken])
    assert untimed.text == shipped_model.format(" ".join(spoken)) and "$20." in untimed.text
    assert all(sorted(w) == ["word"] for w in untimed.words)
    with pytest.raises(ValueError, match=r"word timestamp 1 lacks \['start', 'end'\]"):
        shipped_model.process_words([("twenty", 2, 3), ("dollars", None, None)])
    with pytest.raises(ValueError, match="word timestamp 0 has start='0'"):
        shipped_model.process_words([("twenty dollars", "0", "1")])
    with pytest.raises(ValueError, match="word timestamp 0 has end=inf"):
        shipped_model.process_words([("twenty", 0.0, float("inf")), ("dollars", 1.0, 2.0)])


@pytest.mark.parametrize("mode", ["fillers", "all"])
def test_process_words_without_times_drops_disfluencies(rule_disfluency_model, mode) -> None:
    model = rule_disfluency_model(mode)
    spoken = "um i paid uh twenty dollars".split()
    timed = model.process_words([{"word": w, "start": None, "end": None} for w in spoken])
    assert timed.text == model.process(spoken).text and all(sorted(w) == ["word"] for w in timed.words)
    with pytest.raises(ValueError, match=r"word timestamp 5 lacks \['start', 'end'\]"):
        model.process_words([(w, float(i), i + 0.5) for i, w in enumerate(spoken[:-1])] + [("dollars", None, None)])


def test_a_nan_speaker_keeps_one_turn(shipped_model) -> None:
    spoken = "i paid twenty dollars on march fifth".split()
    timed = shipped_model.process_words([{"word": w, "start": i, "end": i + 1, "speaker": float("nan")}
                                         for i, w in enumerate(spoken)])
    assert timed.text == shipped_model.format(" ".join(spoken)) and len(timed.segments) == 1
