from __future__ import annotations

import random

from spacy_u2tf.data.clean import CleanStats, chunk_document, clean_line, split_sentences
from spacy_u2tf.data.examples import ExampleBuilder, make_example


def test_cleaning_rules_and_counts() -> None:
    stats = CleanStats()
    got = clean_line("#Person2#: I ' Ve (laughs) been <b>sick</b> -- really sick!! 😀 ok; \"fine\"...", stats)
    assert got == "I've been sick, really sick. OK, fine."
    for rule in ("speaker_label", "spaced_apostrophe", "bracketed", "dash", "exclamation", "emoji_control",
                 "semicolon_colon", "quote", "standardize_abbrev"):
        assert stats.changed[rule] == 1, rule


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
