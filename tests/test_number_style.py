"""benchmarks/number_style.py: finding numbers 0–100, digits vs words, their contexts, and the alignment with an
output (pure functions: no model, no data)."""
from __future__ import annotations

import sys
from collections import Counter

import pytest


@pytest.fixture(scope="module")
def ns(repo_script):
    try:
        yield repo_script("benchmarks/number_style.py", "number_style")
    finally:
        sys.modules.pop("number_style", None)


def _found(ns, text: str, strict: bool = True):
    return [(m.text, m.value, m.style) for m in ns.find_numbers(text, strict=strict)]


def _contexts(ns, text: str):
    return [(m.text, ctx) for m, ctx in ns.classified(text)]


@pytest.mark.parametrize("text, style", [("2", "digits"), ("25", "digits"), ("3rd", "digits"), ("$5", "digits"),
                                         ("3:30", "digits"), ("two", "words"), ("twenty-five", "words"),
                                         ("Twenty five", "words"), ("first", "words")])
def test_number_style(ns, text: str, style: str) -> None:
    assert ns.number_style(text) == style


def test_digits_and_words_are_found_with_their_values(ns) -> None:
    text = "I have two cats, 25 dogs, twenty-five birds, twenty five fish and a hundred ants."
    assert _found(ns, text) == [("two", 2, "words"), ("25", 25, "digits"), ("twenty-five", 25, "words"),
                                ("twenty five", 25, "words"), ("a hundred", 100, "words")]
    assert [m.band for m in ns.find_numbers(text)] == ["0-9", "10-100", "10-100", "10-100", "10-100"]
    assert ns.word_value("twenty first") == (21, True) and ns.word_value("Seventeen") == (17, False)


def test_parts_of_bigger_numbers_and_non_integers_are_skipped(ns) -> None:
    text = ("In 1990 he had 3.5 kids, 1,000 cars, 101 pets, two hundred dogs, five million fans, one hundred "
            "and five cups, 1/2 a cake, COVID-19, the 90s, agent 007 and two point five.")
    assert _found(ns, text) == []


def test_strict_rules_drop_pronoun_one_nouns_names_and_runs(ns) -> None:
    text = ("No one knows which one. One of them left. The red one. Someone came. Wait a second. Formula One "
            "won. In nineteen ninety. I want one.")
    assert _found(ns, text) == [("one", 1, "words")]  # only the last "one"
    assert len(ns.find_numbers(text, strict=False)) > 1
    assert _found(ns, "Seven thirty works.") == [("Seven thirty", 7, "words")]  # an hour and its minutes: one time


@pytest.mark.parametrize("text, expected", [
    ("He is five years old, a 3-year-old, aged 2.", [("five", "age"), ("3", "age"), ("2", "age")]),
    ("It costs $5, twenty dollars or 3 bucks.", [("5", "money"), ("twenty", "money"), ("3", "money")]),
    ("At 3:30, at 5 pm, ten o'clock, at 7 tomorrow, meet at six.",
     [("3:30", "time"), ("5", "time"), ("ten", "time"), ("7", "time"), ("six", "time")]),
    ("A class at 2 as well, at ten-thirty, by eight.",
     [("2", "time"), ("ten-thirty", "time"), ("eight", "standalone")]),
    ("Leading 12 – 1, 4 - - 6 times.", [("12", "standalone"), ("1", "standalone"), ("4", "count"), ("6", "count")]),
    ("It takes 2 hours, 5-10 minutes, two or three days, 50%, 5km.",
     [("2", "unit"), ("5", "unit"), ("10", "unit"), ("two", "unit"), ("three", "unit"), ("50", "unit"),
      ("5km", "unit")]),
    ("The first time, the 21st floor.", [("first", "ordinal"), ("21st", "ordinal")]),
    ("I have two brothers and 25 cats. I want three. We got 4, and left.",
     [("two", "count"), ("25", "count"), ("three", "standalone"), ("4", "standalone")]),
    ("On May 3 or 5 June.", [("3", "date"), ("5", "date")]),
    ("Room 5 is on page twelve.", [("5", "label"), ("twelve", "label")]),
    ("In the past two weeks, not ten past six.", [("two", "unit"), ("ten", "time"), ("six", "time")]),
])
def test_contexts(ns, text: str, expected) -> None:
    assert _contexts(ns, ns.rejoin_numbers(text)) == expected


def test_rejoin_numbers(ns) -> None:
    assert ns.rejoin_numbers("at 5: 15 pm, $ 36. 78, 100, 000 RMB, 4 - - 6") == "at 5:15 pm, $36.78, 100,000 RMB, 4-6"


def test_output_styles_align_numbers_in_either_style(ns) -> None:
    reference = "I have two brothers and 25 cats, see you at 3:30."
    outputs = ["I have 2 brothers and twenty-five cats, see you at three thirty.",
               "I have two brothers and 25 cats see you at 3:30",
               "I have brothers and cats."]
    rows = ns.output_styles(reference, outputs)
    assert [(m.text, ctx, styles) for m, ctx, styles in rows] == [
        ("two", "count", ["digits", "words", None]),
        ("25", "count", ["words", "digits", None]),
        ("3:30", "time", ["words", "digits", None])]


def test_tables_agreement_and_best_setting(ns) -> None:
    counts = ns.count_references(["I have two cats and 25 dogs.", "It costs 5 dollars."])
    assert counts == Counter({("count", "0-9", "words"): 1, ("count", "10-100", "digits"): 1,
                              ("money", "0-9", "digits"): 1})
    assert ns.policy_agreement(counts, "count") == {"all digits": 0.5, "all words": 0.5, "words below 10": 1.0}
    assert "| count | 0 | 1 | 1 | 0 | 2 | 50 | 50 | 100 | words below 10 |" in ns.reference_table(counts)
    out = ns.count_outputs(ns.output_styles("I have two cats and 25 dogs.",
                                            ["I have 2 cats and 25 dogs.", "I have two cats and 25 dogs."]))
    scores = ns.output_scores(out, "count")
    assert scores["n"] == 2 and scores["agree ours"] == 0.5 and scores["agree spell<10"] == 1.0
    assert scores["agree all digits"] == 0.5
    assert "| count | spell<10 (100, n=2) |" in ns.decision_table({"toy": out})
