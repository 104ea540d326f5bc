from __future__ import annotations

import pytest

from spacy_u2tf.evaluation.align import align
from spacy_u2tf.evaluation.itn_words import itn_errors, itn_word_flags, normalize_word, normalize_words

# (written reference, spoken input the verbalizer made, hypothesis, ITN words, (substituted, deleted, inserted))
CASES = [
    # hyphenated compound the normalizer splits: left split = one substitution + one insertion right after it
    ("It is a well-known firm.", "it is a well known firm", "It is a well known firm.", 1, (1, 0, 1)),
    ("It is a well-known firm.", "it is a well known firm", "it is a Well-Known firm", 1, (0, 0, 0)),
    # a title the normalizer expands; compared without its period
    ("Mr. Smith is here.", "mister smith is here", "Mister Smith is here.", 1, (1, 0, 0)),
    ("Mr. Smith is here.", "mister smith is here", "Mr Smith is here.", 1, (0, 0, 0)),
    # words left over after a converted number: every one is an insertion right after the region
    ("That makes $660 in total.", "that makes six hundred and sixty dollars in total",
     "That makes 6 hundred and 60 dollars in total.", 1, (1, 0, 4)),
    ("About 600 people came.", "about six hundred people came", "About six hundred people came.", 1, (1, 0, 1)),
    # a region of two ITN words with a word inserted inside it
    ("We met on June 5th at 10:30 a.m.", "we met on june fifth at ten thirty a m",
     "We met on June 5th at 10 30 a.m.", 3, (1, 0, 1)),
    # deletion of an ITN word
    ("Call me at 10:30 please.", "call me at ten thirty please", "Call me at please.", 1, (0, 1, 0)),
    # "&" and "/" are ITN words too
    ("Salt & pepper and/or sugar.", "salt and pepper and or sugar", "Salt and pepper and or sugar.", 2, (2, 0, 1)),
    # an insertion before a region, or outside any, is not an ITN error; case and marks do not count
    ("I paid $5 today.", "i paid five dollars today", "i really paid $5, today!", 1, (0, 0, 0)),
    # a missing space between two sentences is no ITN word
    ("I see.We can go.", "i see we can go", "I see. We can go.", 0, (0, 0, 0)),
    # nothing changed by the verbalizer: no ITN words
    ("Hello there.", "hello there", "Hello, there.", 0, (0, 0, 0)),
]


@pytest.mark.parametrize("reference,spoken,hypothesis,words,errors", CASES)
def test_paper_protocol_counts(reference: str, spoken: str, hypothesis: str, words: int, errors: tuple) -> None:
    got = itn_errors(reference.split(), spoken.split(), hypothesis.split())
    assert got["itn_words"] == words
    assert (got["substituted"], got["deleted"], got["inserted"]) == errors


def test_itn_words_are_what_the_spoken_input_does_not_reproduce() -> None:
    ref = normalize_words("On June 5th, Mr. O'Brien paid $5 & left.".split())
    assert ref == ["on", "june", "5th", "mr", "o'brien", "paid", "$5", "&", "left"]
    flags = itn_word_flags(ref, "on june fifth mister o'brien paid five dollars and left".split())
    assert [w for w, f in zip(ref, flags) if f] == ["5th", "mr", "$5", "&"]


def test_normalize_word_keeps_symbols_and_inner_marks() -> None:
    assert normalize_word("“U.S.”") == "u.s" and normalize_word("$3.50,") == "$3.50"
    assert normalize_word("(50%)") == "50%" and normalize_word("well-known.") == "well-known"
    assert normalize_words(["-", "—", "a", "--"]) == ["a"]
    # sentences run together by a missing space are two words; dotted abbreviations stay one
    assert normalize_words(["days.Yes", "OK.Here", "Ph.D.", "L.A."]) == ["days", "yes", "ok", "here", "ph.d", "l.a"]


def test_late_insertions_follow_the_substitution() -> None:
    assert align(["600"], ["six", "hundred"]) == [(None, 0), (0, 1)]
    assert align(["600"], ["six", "hundred"], late_insertions=True) == [(0, 0), (None, 1)]
    # matches are never given up for a later insertion
    assert align(["a", "b"], ["a", "x", "b"], late_insertions=True) == [(0, 0), (None, 1), (1, 2)]


def test_long_documents_align_between_anchors(monkeypatch: pytest.MonkeyPatch) -> None:
    import spacy_u2tf.evaluation.align as align_module

    monkeypatch.setattr(align_module, "MAX_DP_CELLS", 50)
    ref = [f"w{i}" for i in range(40)]
    hyp = ref[:10] + ["x", "y"] + ref[11:30] + ref[31:] + ["z"]
    pairs = align_module.align(ref, hyp)
    assert [r for r, _ in pairs if r is not None] == list(range(len(ref)))
    assert [h for _, h in pairs if h is not None] == list(range(len(hyp)))
    assert sum(r is None or h is None or ref[r] != hyp[h] for r, h in pairs) == 4  # sub, ins, del, ins
