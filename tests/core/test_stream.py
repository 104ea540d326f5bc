"""Streaming formatting: commit rules, bounded windows, spans kept whole, speaker turns, times."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.api import U2TF

TEXT = ("so we met at five thirty on monday and then i paid twenty five dollars for the tickets do you think that "
        "was too much i do not know it seemed fine to me").split()


@pytest.fixture(scope="module")
def tiny(tiny_model_path) -> U2TF:
    return U2TF.from_pretrained(tiny_model_path)


def timed(words):
    return [{"word": w, "start": float(i), "end": i + 0.5} for i, w in enumerate(words)]


def run_stream(stream, entries):
    """Push word by word; (all committed words, [(received, committed) after each push])."""
    out, marks = [], []
    for entry in entries:
        out += stream.push(entry)
        marks.append((stream.received, stream.committed))
    return out, marks


@pytest.mark.parametrize("lookahead", [1, 3, 8])
def test_commit_waits_for_lookahead_and_flush_commits_everything(tiny, lookahead) -> None:
    stream = tiny.stream(lookahead=lookahead)
    out, marks = run_stream(stream, timed(TEXT))
    for received, committed in marks:
        assert committed <= max(0, received - lookahead)
    assert marks[-1][1] > 0
    tail = stream.partial()
    assert len(tail) >= 1 and tail[0]["start"] >= marks[-1][1]  # provisional: the words not committed yet
    out += stream.flush()
    assert stream.committed == stream.received == len(TEXT) and stream.partial() == [] and stream.flush() == []
    # every spoken word is committed exactly once, in order: the written words tile the spoken time line
    assert out[0]["start"] == 0.0 and out[-1]["end"] == len(TEXT) - 1 + 0.5
    for prev, cur in zip(out, out[1:]):
        assert prev["start"] <= prev["end"] <= cur["start"] <= cur["end"]
    starts = {w["start"] for w in out} | {w["end"] for w in out}
    assert all(float(i) in starts or any(w["start"] < i < w["end"] for w in out) for i in range(len(TEXT)))


def test_committed_words_never_change(tiny) -> None:
    """What a push returned stays: later pushes return only words after it, and the pending tail shown by
    partial() never holds a committed word."""
    stream = tiny.stream(lookahead=3)
    committed = []
    for entry in timed(TEXT):
        new = stream.push(entry)
        if committed and new:
            assert new[0]["start"] > committed[-1]["start"]
        committed += new
        if committed and stream.partial():
            assert stream.partial()[0]["start"] > committed[-1]["end"] - 1e-9
    final = committed + stream.flush()
    assert final[:len(committed)] == committed


def test_whole_text_at_once_equals_batch_formatting(tiny) -> None:
    stream = tiny.stream(lookahead=len(TEXT) + 1)
    assert stream.push(TEXT) == []
    assert " ".join(w["word"] for w in stream.flush()) == tiny.format(" ".join(TEXT))


def test_work_per_push_is_bounded(tiny, monkeypatch) -> None:
    sizes = []
    inner = tiny._format_with_labels

    def spy(docs, kept, adjust):
        sizes.append(len(docs[0]))
        return inner(docs, kept, adjust)

    monkeypatch.setattr(tiny, "_format_with_labels", spy)
    stream = tiny.stream(lookahead=4, left_context=6)
    for entry in timed(TEXT * 6):
        stream.push(entry)
    assert max(sizes) <= 6 + stream.max_pending and len(stream._context) <= 6
    assert len(stream._pending) < stream.max_pending


def test_a_speaker_change_commits_and_ends_the_turn(tiny) -> None:
    stream = tiny.stream(lookahead=8)
    a, b = TEXT[:10], TEXT[10:20]
    out = []
    for i, w in enumerate(a + b):
        out += stream.push({"word": w, "start": float(i), "end": i + 0.5, "speaker": "A" if i < 10 else "B"})
    out += stream.flush()
    turn_a = [w for w in out if w["speaker"] == "A"]
    assert out[:len(turn_a)] == turn_a and turn_a[-1]["end"] == 9.5
    assert turn_a[-1]["word"].endswith((".", "?", "!"))
    assert " ".join(w["word"] for w in out[len(turn_a):]) == tiny.format(" ".join(b))  # a new text


def test_stream_arguments(tiny) -> None:
    with pytest.raises(ValueError, match="lookahead"):
        tiny.stream(lookahead=0)
    with pytest.raises(ValueError, match="early_commit"):
        tiny.stream(early_commit=1.5)
    stream = tiny.stream(lookahead=1)
    assert stream.push([]) == [] and stream.flush() == []
    stream.push(("hello", 0.0, 0.4))  # one (word, start, end) tuple is one word
    assert stream.received == 1


def test_an_itn_span_is_never_committed_in_part(shipped_model) -> None:
    stream = shipped_model.stream(lookahead=2)
    pushes = [[w["word"] for w in stream.push(w)] for w in "so i paid twenty five dollars for it yesterday".split()]
    pushes.append([w["word"] for w in stream.flush()])
    committed = [w for push in pushes for w in push]
    assert "$25" in committed and "20" not in " ".join(committed)
    assert " ".join(committed) == shipped_model.format("so i paid twenty five dollars for it yesterday")


def test_a_confident_sentence_end_commits_early(shipped_model) -> None:
    stream = shipped_model.stream(lookahead=8, early_commit=0.5)
    out = []
    for w in "hello how are you doing today i".split():
        out += stream.push(w)
    assert out and out[-1]["word"] == "today?" and stream.committed == 6


def test_a_hyphenated_compound_is_never_committed_in_part(tiny, monkeypatch) -> None:
    """A word labeled HYPHEN waits for the word it joins: the compound comes out as one written word."""
    predict = tiny.tagger.predict

    def hyphenating(docs, *args, **kwargs):
        out = predict(docs, *args, **kwargs)
        for words, labels in zip(docs, out):
            labels["punct"] = ["HYPHEN" if w == "well" else p for w, p in zip(words, labels["punct"])]
        return out

    monkeypatch.setattr(tiny.tagger, "predict", hyphenating)
    words = "it is a well known firm and a well known name".split()
    for lookahead in (1, 2, 3):
        stream = tiny.stream(lookahead=lookahead)
        out = []
        for w in words:
            out += stream.push(w)
        out += stream.flush()
        written = [w["word"].lower().strip(",.?") for w in out]
        assert written.count("well-known") == 2 and "well" not in written, (lookahead, written)


@pytest.mark.parametrize("options", [{"lookahead": 1.5}, {"lookahead": True}, {"lookahead": "8"},
                                     {"left_context": 2.5}, {"max_pending": 40.0}])
def test_stream_counts_are_ints(tiny, options) -> None:
    name = next(iter(options))
    with pytest.raises(TypeError, match=f"{name} is a number of words, an int"):
        tiny.stream(**options)


def test_a_nan_or_none_speaker_is_one_turn(tiny) -> None:
    def run(speakers):
        stream = tiny.stream(lookahead=3)
        out = []
        for (i, w), s in zip(enumerate(TEXT[:12]), speakers):
            out += stream.push({"word": w, "start": float(i), "end": i + 0.5, **s})
        return [w["word"] for w in out + stream.flush()]

    plain = run([{}] * 12)
    assert run([{"speaker": float("nan")}] * 12) == plain
    assert run([{"speaker": None}, {}, {"speaker": float("nan")}] * 4) == plain


def test_a_stream_without_times_and_bad_times(shipped_model) -> None:
    spoken = "i paid twenty dollars".split()
    stream = shipped_model.stream(lookahead=2)
    out = []
    for w in spoken:
        out += stream.push({"word": w, "start": None, "end": None})
    out += stream.flush()
    assert [w["word"] for w in out] == shipped_model.format(" ".join(spoken)).split()
    assert all(sorted(w) == ["word"] for w in out)
    stream = shipped_model.stream(lookahead=2)
    with pytest.raises(ValueError, match="word timestamp 0 has start='0'"):
        stream.push([("twenty dollars", "0", "1")])
    assert stream.push(("twenty", 2.0, 3.0)) == []
    with pytest.raises(ValueError, match=r"word 1 of the stream \('dollars'\) has no times, the uncommitted"):
        stream.push({"word": "dollars", "start": None, "end": None})
    assert stream.received == 1  # the rejected push left the stream as it was
    out = stream.push(("dollars", 3.0, 4.0)) + stream.flush()
    assert [(w["word"], w["start"], w["end"]) for w in out] == [("$20.", 2.0, 4.0)]
    # once everything is committed, the next words may come without times (the committed ones stay context)
    out = stream.push(["i", "paid", "ten", "dollars"]) + stream.flush()
    assert [w["word"] for w in out][-1] == "$10." and all(sorted(w) == ["word"] for w in out)
