"""benchmarks/disfluency_meetings.py: gold marks after removed fillers, and the filler phrases counted apart."""
from __future__ import annotations


def test_filler_phrases_are_found_whole(repo_script):
    m = repo_script("benchmarks/disfluency_meetings.py", "disfluency_meetings")
    words = "i mean you know it is like you said i know".split()
    found = m.phrase_filler_words(words, [("you", "know"), ("i", "mean"), ("like",)])
    assert [w for w, f in zip(words, found) if f] == ["i", "mean", "you", "know", "like"]  # not "you said", "i know"


def test_a_filler_mark_moves_to_the_word_before(repo_script):
    m = repo_script("benchmarks/disfluency_meetings.py", "disfluency_meetings")
    assert m.fluent_marks(["O", "O", "COMMA", "O"], [False, False, True, False]) == ["O", "COMMA", "COMMA", "O"]
