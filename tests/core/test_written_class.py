"""``classify_written``: the ITN class of every kind of written span, the house style's times and day-first dates
included, and the first matching rule winning where two could."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.written_class import RULES, classify_written

CASES = [
    ("john@example.com", "electronic"),
    ("www.nasa.gov", "electronic"),
    ("https://spacy.io", "electronic"),
    ("$12.3 million", "money"),
    ("€5", "money"),
    ("50 cents", "money"),
    ("15%", "percent"),
    ("3:30 pm", "time"),
    ("10 am", "time"),
    ("10am", "time"),
    ("5 p.m.", "time"),
    ("5 o'clock", "time"),
    ("14:05", "time"),
    ("555-123-4567", "telephone"),
    ("+1 (555) 123-4567", "telephone"),
    ("123-4567", "telephone"),
    ("March 15, 2024", "date"),
    ("Sept. 5", "date"),
    ("23 July", "date"),
    ("7 January 2013", "date"),
    ("5 May", "date"),
    ("3/15/2024", "date"),
    ("2024-03-15", "date"),
    ("15th", "ordinal"),
    ("1st", "ordinal"),
    ("2024", "year"),
    ("1990s", "year"),
    ("'80s", "year"),
    ("660", "cardinal"),
    ("1,000,000", "cardinal"),
    ("-5", "cardinal"),
    ("3.14", "decimal"),
    ("2.5 billion", "decimal"),
    ("3/4", "fraction"),
    ("50 bucks", "measure"),
    ("5 km", "measure"),
    ("20°", "measure"),
    ("5 Decks", "measure"),  # a month's first letters, not a month
    ("B-52", "alnum"),
    ("Marathon 2", "alnum"),
    ("etc.", "abbreviation"),
    ("NASA", "acronym"),
    ("hello", "word"),
]


@pytest.mark.parametrize("written, cls", CASES, ids=[w for w, _ in CASES])
def test_classify_written(written: str, cls: str) -> None:
    assert classify_written(written) == cls


def test_surrounding_white_space_is_ignored() -> None:
    assert classify_written("  10 am ") == "time"


def test_every_rule_class_is_covered() -> None:
    covered = {cls for _, cls in CASES}
    assert {cls for cls, _ in RULES} | {"abbreviation", "acronym", "word"} <= covered


def test_earlier_rules_win() -> None:
    assert classify_written("$5 at 3:30 pm") == "money"  # money before time
    assert classify_written("March 15 at 10 am") == "time"  # time before date
