"""benchmarks/label_rules.py: every rule pass runs on real-looking words and is timed per word."""
from __future__ import annotations

import sys

import pytest


@pytest.fixture(scope="module")
def lr(repo_script):
    try:
        yield repo_script("benchmarks/label_rules.py", "label_rules")
    finally:
        sys.modules.pop("label_rules", None)


def test_spoken_words_drop_marks_and_digits(lr) -> None:
    assert lr.spoken_words(["Mr. Smith paid $20, I think.", "OK"]) == ["mr", "smith", "paid", "i", "think", "ok"]


def test_every_pass_is_timed_per_word(lr) -> None:
    words = "the s and p five hundred rose by ten fifteen percent in the mid nineteen nineties".split()
    timed = lr.time_passes(words, repeat=1)
    assert set(timed) == set(lr.passes(words)) | {"total"}
    assert all(value >= 0 for value in timed.values())
    assert timed["total"] == pytest.approx(sum(v for k, v in timed.items() if k != "total"), abs=0.01)
