from __future__ import annotations

import random

import pytest

from spacy_u2tf.data.clean import CleanStats, chunk_document, clean_line, split_sentences
from spacy_u2tf.data.examples import ExampleBuilder, make_example


def test_cleaning_rules_and_counts() -> None:
    stats = CleanStats()
    got = clean_line("#Person2#: I ' Ve (laughs) been <b>sick</b> -- really sick!! 😀 ok; \"fine\"...", stats)
    assert got == "I've been sick, really sick. OK, fine."
    for rule in ("speaker_label", "spaced_apostrophe", "bracketed", "dash", "exclamation", "emoji_control",
                 "semicolon_colon", "quote", "standardize_abbrev"):
        assert stats.changed[rule] == 1, rule


@pytest.mark.parametrize(
    ("line", "expected", "rule"),
    [
        ("_The Kreutzer Sonata_ is a book.", "The Kreutzer Sonata is a book.", "underscore_edge"),
        ("Press F_ eight, then __ done.", "Press F eight, then done.", "underscore_edge"),
        ("Bhask -?", "Bhask?", "lone_mark"),
        ("- Hello there -", "Hello there.", "lone_mark"),
        ('He added:-- "If I must."', "He added, If I must.", "semicolon_colon"),
        ("It is his life:", "It is his life.", "semicolon_colon"),
        ("To confirm:: You want it?", "To confirm, You want it?", "semicolon_colon"),
        ("Confirm the details:Booking a table.", "Confirm the details, Booking a table.", "inner_semicolon_colon"),
        ("That;s fine, I;m here.", "That's fine, I'm here.", "inner_semicolon_colon"),
        ("It costs $ 24 a night.", "It costs $24 a night.", "currency_space"),
        ("We offer you a 5 % discount.", "We offer you a 5% discount.", "percent_space"),
        ("It costs $ 2, 100.", "It costs $2,100.", "split_thousands"),
        ("A 2, 000 yuan raise.", "A 2,000 yuan raise.", "split_thousands"),
        ("It has 1, 000, 000 books.", "It has 1,000,000 books.", "split_thousands"),
        ("He went to the U. S. .", "He went to the U.S.", "split_initials"),
        ("H. G. Wells cited R.A. V. today.", "H.G. Wells cited R.A.V. today.", "split_initials"),
        ("It takes 2 days.Yes, I know.", "It takes 2 days. Yes, I know.", "missing_space"),
        ("Hmm.I think so,I'm sure.", "Hmm. I think so, I'm sure.", "missing_space"),
        ("I'Ve met them, you'Ll see.", "I've met them, you'll see.", "contraction_case"),
    ],
)
def test_rule_fixes_and_counts(line: str, expected: str, rule: str) -> None:
    stats = CleanStats()
    assert clean_line(line, stats) == expected
    assert stats.changed[rule] == 1


@pytest.mark.parametrize(
    "line",
    [
        "Use snake_case names.",  # inner underscores stay
        "See pages 412, 413 and 140, 142, 43.",  # lists of numbers are not split thousands
        "Plan A. I think so.",  # one initial is not an abbreviation
        "It is 3:30, see John 3:16.",
        "He got a Ph.D. in the U.S.A. and runs www.YouTube.com today.",
        "O'Keefe said DON'T.",
    ],
)
def test_rule_fixes_leave_lookalikes_alone(line: str) -> None:
    stats = CleanStats()
    assert clean_line(line, stats) == line
    assert not stats.changed


def test_honorifics_are_standardized() -> None:
    assert clean_line("Mr Smith met Dr Jones.") == "Mr. Smith met Dr. Jones."


def test_sentence_split_skips_abbreviations() -> None:
    assert split_sentences("Mr. Smith came. He left? Yes.") == ["Mr. Smith came.", "He left?", "Yes."]


def test_chunking_and_filters() -> None:
    stats = CleanStats()
    doc = "\n".join(["This is a fine sentence with several words in it."] * 20 + ["ALL CAPS HEADING IS HERE NOW OK YES."])
    chunks = list(chunk_document(doc, min_words=30, max_words=60, stats=stats))
    assert chunks and all(30 <= len(c.split()) <= 60 for c in chunks[:-1])
    assert stats.kept == len(chunks)


def test_examples_round_trip_with_entities() -> None:
    text = ("On March 15, 2024, the CEO of McDonald's said revenue reached $12.3 million. Call 1-800-772-1213 "
            "at 3:30 p.m. or email info@example.com, Mr. Smith.")
    builder = ExampleBuilder()
    for seed in range(20):
        ex = builder.build(text, random.Random(seed))
        assert ex is not None and ex.round_trips(), ex and ex.assemble().text
        assert all(w == w.lower() and not any(ch.isdigit() for ch in w) for w in ex.spoken)
        classes = {s.cls for s in ex.spans}
        assert {"date", "money", "telephone", "time", "electronic", "mixed", "abbreviation"} <= classes
        assert len(ex.punct) == len(ex.case) == len(ex.itn) == len(ex.spoken)


def test_make_example_cleans_first() -> None:
    ex = make_example("#Person1#: Hello!! It costs $5.", random.Random(0))
    assert ex is not None and ex.written == "Hello. It costs $5."
    assert ex.spoken == ["hello", "it", "costs", "five", "dollars"]
    assert ex.itn == ["O", "O", "O", "B", "I"]


def test_hyphenated_compounds_are_plain_words_joined_by_the_hyphen_label() -> None:
    ex = make_example("A well-known, second-hand car for my mother-in-law's X-ray, by e-mail.", random.Random(0))
    assert ex is not None and ex.written == "A well-known, second-hand car for my mother-in-law's X-ray, by e-mail."
    assert ex.spoken == ["a", "well", "known", "second", "hand", "car", "for", "my", "mother", "in", "law's", "x",
                         "ray", "by", "e", "mail"]
    assert ex.punct == ["O", "HYPHEN", "COMMA", "HYPHEN", "O", "O", "O", "O", "HYPHEN", "HYPHEN", "O", "HYPHEN",
                        "COMMA", "O", "HYPHEN", "PERIOD"]
    assert set(ex.itn) == {"O"} and not ex.spans and ex.round_trips()


def test_hyphens_next_to_digits_stay_in_spans() -> None:
    ex = make_example("A 21-year-old has COVID-19.", random.Random(0))
    assert ex is not None and ex.round_trips()
    assert [s.written for s in ex.spans] == ["21-year-old", "COVID-19"] and "HYPHEN" not in ex.punct
