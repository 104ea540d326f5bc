"""benchmarks/speech_sample.py: cutting documents into units and drawing the sample (pure functions: no model)."""
from __future__ import annotations

import argparse
import sys

import pytest


@pytest.fixture(scope="module")
def ss(repo_script):
    try:
        yield repo_script("benchmarks/speech_sample.py", "speech_sample")
    finally:
        sys.modules.pop("speech_sample", None)


def test_units_cut_long_lines_between_sentences(ss) -> None:
    text = "Short line.\n\n" + " ".join(["One two three four five."] * 5)
    assert list(ss.units(text, max_words=12)) == [
        "Short line.", "One two three four five. One two three four five.",
        "One two three four five. One two three four five.", "One two three four five."]


def test_the_sample_has_something_to_normalize_and_depends_only_on_the_seed(ss) -> None:
    texts = ["We paid $20 for it today.\nNothing to see here at all.", "The so-called plan of Mr. Smith works.",
             "It grew by 5% last year, they say."]
    first = ss.sample_units(texts, 10, seed=3)
    assert sorted(first) == ["It grew by 5% last year, they say.", "The so-called plan of Mr. Smith works.",
                             "We paid $20 for it today."]
    assert ss.sample_units(texts, 10, seed=3) == first
    assert len(ss.sample_units(texts, 2, seed=3)) == 2


@pytest.mark.parametrize("spec", ["file.jsonl", "file.jsonl:x", ":5", "file.jsonl:5:x", "f:1:2:3"])
def test_data_takes_file_and_counts(ss, spec: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="FILE:N"):
        ss._parse_data(spec)


def test_data_parses_counts(ss) -> None:
    assert ss._parse_data("a.jsonl.gz:150") == (ss.Path("a.jsonl.gz"), 150, None)
    assert ss._parse_data("a.jsonl.gz:150:400") == (ss.Path("a.jsonl.gz"), 150, 400)
