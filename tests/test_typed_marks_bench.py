"""benchmarks/typed_marks.py: marks typed among spoken words, and whether the formatted text keeps each."""
from __future__ import annotations

import json

from spacy_u2tf.core.api import U2TF


def test_typed_texts_mark_a_share_of_the_words_never_the_last(repo_script):
    m = repo_script("benchmarks/typed_marks.py", "typed_marks")
    words = "so we met on monday and then we went home for the night".split()
    texts, marks = m.typed_texts([words], every=4, seed=3)
    assert len(marks[0]) == len(words) // 4 and len(words) - 1 not in marks[0]
    assert texts[0].split() == [w + marks[0].get(i, "") for i, w in enumerate(words)]
    assert m.typed_texts([words], every=4, seed=3) == (texts, marks)


def test_lost_marks_finds_a_mark_the_text_dropped(repo_script, tiny_model_path):
    m = repo_script("benchmarks/typed_marks.py", "typed_marks")
    result = U2TF.from_pretrained(tiny_model_path).process("we met, then we left for home and slept")
    assert m.lost_marks(result, {1: ","}) == []
    assert m.lost_marks(result, {1: "?"}) == [1]  # the text has a comma there


def test_measure_counts_marks_and_lost_words(repo_script, tiny_model_path, tmp_path):
    m = repo_script("benchmarks/typed_marks.py", "typed_marks")
    examples = tmp_path / "dev.examples.jsonl"
    docs = [["so", "we", "met", "on", "monday", "and", "then", "we", "left"], ["thank", "you", "very", "much"]]
    examples.write_text("".join(json.dumps({"written": "", "spoken": d}) + "\n" for d in docs))
    report = m.measure(examples, str(tiny_model_path), limit=10, every=4, seed=0)
    assert report["documents"] == 2 and report["marks"] + report["written_marks"] == 3
    assert report["words_lost"] == 0 and report["lost"] == 0
