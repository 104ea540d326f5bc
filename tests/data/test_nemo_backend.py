"""NeMo's WFST normalizer as a verbalizer: tagger spans, labels and round trips on known sentences.

The normalizer is built once per session (grammars cached under ``$U2TF_CACHE/nemo_grammars``; compiling them
on a cold cache takes minutes, so these tests skip unless the cache is filled or ``U2TF_NEMO_GRAMMARS=1``).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from spacy_u2tf.data import nemo_backend

CASES = [
    ("It costs $12.50 on March 5, 2024.", [("money", "$12.50"), ("date", "March 5, 2024")]),
    ("Call me at 555-123-4567, Mr. Smith.", [("telephone", "555-123-4567"), ("abbreviation", "Mr.")]),
    ("I met Dr. Brown at 3:30 p.m. yesterday.", [("abbreviation", "Dr."), ("time", "3:30 p.m.")]),
    ("We walked 5 km and ate 3/4 of the pizza on the 2nd floor.",
     [("measure", "5 km"), ("fraction", "3/4"), ("ordinal", "2nd")]),
    ("Send it to john@example.com please.", [("electronic", "john@example.com")]),
    ("It's only $40.95.", [("money", "$40.95")]),
    ("Go to St. Louis now.", [("abbreviation", "St. Louis")]),
    ("Go to 501 Main Street please.", [("address", "501 Main Street")]),
    ("He likes McDonald's, I think.", [("mixed", "McDonald's")]),
    ("It was signed on June 28, 1919, in Paris.", [("date", "June 28, 1919")]),  # a comma after the year too
]


@pytest.fixture(scope="module")
def normalizer(nemo_tn_grammars):
    return nemo_backend.get_normalizer()


def test_cache_dir_follows_u2tf_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("U2TF_CACHE", str(tmp_path))
    assert nemo_backend.cache_dir() == tmp_path / "nemo_grammars"
    monkeypatch.delenv("U2TF_CACHE")
    assert nemo_backend.cache_dir() == Path.home() / ".cache" / "u2tf" / "nemo_grammars"


@pytest.mark.parametrize("text,expected", CASES)
def test_known_sentences_round_trip_with_tagger_spans(normalizer, text, expected):
    ex = nemo_backend.make_example_nemo(text, normalizer=normalizer)
    assert ex is not None, dict(nemo_backend.counters)
    assert ex.round_trips()
    assert ex.written == text
    assert [(s.cls, s.written) for s in ex.spans] == expected
    assert all(w == w.lower() and w.replace("'", "").isalpha() for w in ex.spoken)
    for span in ex.spans:
        if span.cls == "mixed":
            assert ex.itn[span.start] == "O" and ex.case[span.start] == "MIXED"
            continue
        assert ex.itn[span.start:span.end] == ["B"] + ["I"] * (span.end - span.start - 1)
        assert ex.case[span.start] == ("CAPITAL" if span.written[0].isupper() else "LOWER")
        assert set(ex.case[span.start + 1:span.end]) <= {"LOWER"}
        assert set(ex.punct[span.start:span.end - 1]) <= {"O"}
    outside = [i for i in range(len(ex.spoken)) if not any(s.start <= i < s.end for s in ex.spans if s.cls != "mixed")]
    assert all(ex.itn[i] == "O" for i in outside)


def test_spoken_words_and_marks(normalizer):
    ex = nemo_backend.make_example_nemo("It costs $12.50 on March 5, 2024.", normalizer=normalizer)
    assert ex.spoken == "it costs twelve dollars fifty cents on march fifth twenty twenty four".split()
    assert ex.punct[-1] == "PERIOD" and ex.case[0] == "CAPITAL"
    money = ex.spans[0]
    assert ex.spoken[money.start:money.end] == ["twelve", "dollars", "fifty", "cents"]
    # "March 5," is followed by a comma inside the date span; the mark after the span is the sentence's period.
    assert ex.punct[ex.spans[1].end - 1] == "PERIOD"


def test_unalignable_sentence_is_counted(normalizer):
    # NeMo merges "U. S." into one word "US": its two written tokens cannot be told apart safely.
    before = nemo_backend.counters["entity_too_wide"]
    assert nemo_backend.make_example_nemo("I was in the U. S. Then I left.", normalizer=normalizer) is None
    assert nemo_backend.counters["entity_too_wide"] == before + 1


def test_make_examples_keeps_order(normalizer):
    texts = [CASES[0][0], "I was in the U. S. Then I left.", CASES[4][0]]
    out = nemo_backend.make_examples_nemo(texts)
    assert [ex is not None for ex in out] == [True, False, True]
    assert [ex.written for ex in out if ex] == [texts[0], texts[2]]


def test_make_examples_in_worker_processes(normalizer):
    texts = [text for text, _ in CASES[:3]]
    before = nemo_backend.counters["ok"]
    out = nemo_backend.make_examples_nemo(texts, processes=2, chunksize=1)
    assert [ex.to_json() for ex in out] == [nemo_backend.make_example_nemo(t).to_json() for t in texts]
    assert nemo_backend.counters["ok"] == before + 2 * len(texts)
