from __future__ import annotations

from pathlib import Path
from typing import List, Tuple

import pytest

from spacy_u2tf.core.labels import bio_spans
from spacy_u2tf.core.number_spans import complete_number_spans, number_phrases

DATA = Path(__file__).parent / "data" / "number_phrases.txt"


def _parse(bracketed: str) -> Tuple[List[str], List[str]]:
    """``"a [six hundred] and"`` → words and BIO labels."""
    words: List[str] = []
    labels: List[str] = []
    inside = False
    for token in bracketed.split():
        opens, closes = token.startswith("["), token.endswith("]")
        words.append(token.strip("[]"))
        labels.append("B" if opens else "I" if inside else "O")
        inside = (inside or opens) and not closes
    return words, labels


def _bracket(words: List[str], labels: List[str]) -> str:
    out = list(words)
    for start, end in bio_spans(labels):
        out[start] = "[" + out[start]
        out[end - 1] += "]"
    return " ".join(out)


def _cases() -> List[Tuple[str, str]]:
    lines = [line for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]
    return [tuple(line.split("~")) for line in lines]  # type: ignore[misc]


@pytest.mark.parametrize("before,after", _cases())
def test_complete_number_spans(before: str, after: str) -> None:
    words, labels = _parse(before)
    assert _bracket(words, labels) == before  # the case file itself is well formed
    assert _bracket(words, complete_number_spans(words, labels)) == after


def test_number_phrases() -> None:
    words = "he paid six hundred and sixty dollars in nineteen ninety five for twenty one cars".split()
    assert [" ".join(words[a:b]) for a, b in number_phrases(words)] == [
        "six hundred and sixty", "nineteen ninety five", "twenty one"]
    assert complete_number_spans([], []) == []


@pytest.mark.parametrize("written,bad", [
    ("6 hundred", True), ("2 hundred years", True), ("$6 hundred and 60 dollars", True), ("60 five", True),
    ("twenty 5", True), ("$660", False), ("660 US dollars", False), ("12.3 million", False), ("5 thousand", False),
    ("5 one-dollar bills", False), ("room 4 oh 4", False), ("1 and 2", False), ("the 1990s", False),
])
def test_guard_rejects_half_converted_numbers(written: str, bad: bool) -> None:
    from spacy_u2tf.core.guards import number_words_beside_digits

    reason = number_words_beside_digits(written)
    assert (reason is not None) == bad
    assert reason is None or reason.startswith("number")  # so convert_checked retries it with digits imposed


def test_guard_retries_half_converted_number_with_digits() -> None:
    from spacy_u2tf.core.guards import convert_checked

    class Converter:
        def convert(self, inputs, digits=None):
            return ["660" if digits else "6 hundred and 60" for _ in inputs]

    spoken = "six hundred and sixty".split()
    outputs, reasons, retries, alternatives = convert_checked(Converter(), ["<span> six hundred and sixty </span>"],
                                                              [spoken], [False])
    assert outputs == ["660"] and reasons == [None] and retries == 1 and alternatives == 0


E2E = [
    ("that makes a total of six hundred and sixty us dollars", "660"),
    ("it cost two hundred and fifty thousand euros", "250,000"),
    ("about six hundred and sixty people came in nineteen ninety five", "660"),
    ("he paid five hundred bucks for it", "500"),
]


@pytest.mark.parametrize("spoken,digits", E2E)
def test_shipped_model_converts_number_phrases_whole(shipped_model, spoken: str, digits: str) -> None:
    from spacy_u2tf.core.guards import number_words_beside_digits

    text = shipped_model.format(spoken)
    words = {w.strip(".,?").lower() for w in text.split()}
    assert digits in text, text
    assert not words & {"hundred", "sixty", "fifty", "thousand"}, text
    assert number_words_beside_digits(text) is None, text
