"""core/api.py's joining of numbers converted side by side: ranges and scores in pairs, a list of three kept."""
from __future__ import annotations

from typing import List, Sequence, Tuple

import pytest

from spacy_u2tf.core.api import ConvertedSpan, _join_number_pairs


def _joined(spoken: str, spans: Sequence[Tuple[int, int, str]], punct: Sequence[str] = (),
            inside: Sequence[int] = ()) -> List[str]:
    words = spoken.split()
    marks = list(punct) or ["O"] * len(words)
    itn = ["O"] * len(words)
    converted = [ConvertedSpan(start, end, "itn", " ".join(words[start:end]), written)
                 for start, end, written in spans]
    tagger_itn = ["I" if i - 1 in inside else "O" for i in range(len(words))]
    _join_number_pairs(words, marks, itn, converted, tagger_itn)
    return [span.written or "" for span in converted]


TWO_SCORES = "one hundred sixteen one hundred twelve one hundred seventeen one hundred eleven"
HUNDREDS = [(0, 3, "116"), (3, 6, "112"), (6, 9, "117"), (9, 12, "111")]


@pytest.mark.parametrize("spoken,spans,punct,inside,joined", [
    ("pages one hundred thirty nine one hundred sixty three", [(1, 5, "139"), (5, 9, "163")], (), (),
     ["139-163"]),
    (TWO_SCORES, HUNDREDS, (), (), ["116-112", "117-111"]),  # a run of four: two pairs
    ("at two hundred twenty three hundred thirty four hundred forty", [(1, 4, "220"), (4, 7, "330"), (7, 10, "440")],
     (), (), ["220", "330", "440"]),  # a run of three: a list
    ("seven hundred seventy seven hundred seventy five metres", [(0, 3, "770"), (3, 8, "775 metres")], (), (),
     ["770-775 metres"]),  # the second with its unit
    # a comma the tagger put inside its own span does not keep the pair apart; one between its spans does
    (TWO_SCORES, HUNDREDS, ["O"] * 8 + ["COMMA"] + ["O"] * 3, [8], ["116-112", "117-111"]),
    (TWO_SCORES, HUNDREDS, ["O"] * 8 + ["COMMA"] + ["O"] * 3, [], ["116-112", "117", "111"]),
])
def test_numbers_side_by_side(spoken: str, spans, punct, inside, joined) -> None:
    assert _joined(spoken, spans, punct, inside) == joined


def test_a_typed_mark_keeps_two_numbers_apart() -> None:
    words = TWO_SCORES.split()
    punct = ["O"] * 8 + ["COMMA"] + ["O"] * 3
    converted = [ConvertedSpan(start, end, "itn", " ".join(words[start:end]), written)
                 for start, end, written in HUNDREDS]
    _join_number_pairs(words, punct, ["O"] * len(words), converted, ["I"] * len(words), frozenset({8}))
    assert [span.written for span in converted] == ["116-112", "117", "111"]
