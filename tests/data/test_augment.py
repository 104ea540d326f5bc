"""Mixed-case words and disfluencies put into training examples, and the round trip that checks them."""
from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from spacy_u2tf.core.labels import DISFL_LABELS
from spacy_u2tf.data.disfluency import (REAL_FILLERS, UNLABELED, WORD_CLASSES, _reparandum, add_disfluencies,
                                        fluent, label_real_fillers, word_class)
from spacy_u2tf.data.example import Example
from spacy_u2tf.data.examples import make_example
from spacy_u2tf.data.mixed_case import mixed_case_words, read_word_list
from spacy_u2tf.data.pipeline import Augment, round_trip_text, run_pipeline

TEXT = ("Um, I think we should call Peter about it. We paid $12 on March 3, 2021 and then we left. "
        "Did Mary see the new car in Boston? Yes, uh, she did.")


def _example() -> Example:
    ex = make_example(TEXT, random.Random(0))
    assert ex is not None
    return ex


def test_word_lists_are_mixed_case_and_skip_comments(tmp_path: Path) -> None:
    words = mixed_case_words()
    assert {"McDonald's", "iPhone", "YouTube", "O'Brien"} <= set(words)
    assert all(w != w.lower() and w != w.upper() and w != w.capitalize() for w in words)
    assert len(words) == len(set(words))
    path = tmp_path / "list.txt"
    path.write_text("# a comment\n\niPad\n  eBay \n")
    assert read_word_list(path) == ["iPad", "eBay"]


def test_real_fillers_are_labeled_and_kept_verbatim() -> None:
    ex = label_real_fillers(_example())
    assert ex.disfl is not None and len(ex.disfl) == len(ex.spoken)
    assert [w for w, d in zip(ex.spoken, ex.disfl) if d == "FILLER"] == ["um", "uh"]
    assert ex.round_trips()  # the transcript's own fillers stay in its written text


def test_real_repeats_are_reparanda_but_grammatical_ones_and_numbers_are_not() -> None:
    ex = make_example("I I think we should, we should go. He had had enough. Uh, the the car cost $12 12 times.",
                      random.Random(0))
    assert ex is not None
    label_real_fillers(ex)
    marked = [(w, d) for w, d in zip(ex.spoken, ex.disfl) if d != "O"]
    assert marked == [("i", "REPARANDUM"), ("we", "REPARANDUM"), ("should", "REPARANDUM"), ("uh", "FILLER"),
                      ("the", "REPARANDUM")]
    assert ex.round_trips()  # the written text keeps both copies: only the labels say which one a mode drops


@pytest.mark.parametrize("seed", range(20))
def test_inserted_disfluencies_round_trip_to_the_fluent_example(seed: int) -> None:
    base = label_real_fillers(_example())
    ex = add_disfluencies(Example.from_dict(base.to_dict()), random.Random(seed), rate=0.3)
    assert len({len(ex.spoken), len(ex.punct), len(ex.case), len(ex.itn), len(ex.disfl)}) == 1
    assert set(ex.disfl) <= set(DISFL_LABELS)
    inserted = [i for i, p in enumerate(ex.punct) if p == UNLABELED]
    assert inserted, "rate 0.3 over 40 words inserts something"
    assert all(ex.disfl[i] != "O" and ex.case[i] == UNLABELED and ex.itn[i] == UNLABELED for i in inserted)
    back = fluent(ex)
    assert back.spoken == base.spoken and back.disfl == base.disfl
    assert round_trip_text(ex) == ex.written == base.written
    for span in ex.spans:  # span pairs moved with their words
        assert all(ex.itn[i] != UNLABELED for i in range(span.start, span.end))
    assert Example.from_json(ex.to_json()) == ex


def test_some_repairs_have_an_editing_term_between_reparandum_and_repair() -> None:
    base = label_real_fillers(_example())
    repairs = with_term = 0
    for seed in range(40):
        ex = add_disfluencies(Example.from_dict(base.to_dict()), random.Random(seed), rate=0.3)
        for i, (label, punct) in enumerate(zip(ex.disfl, ex.punct)):
            if label != "REPARANDUM" or punct != UNLABELED or ex.disfl[i + 1] == "REPARANDUM":
                continue  # i: the last word of an inserted reparandum
            repairs += 1
            j = i + 1
            while ex.punct[j] == UNLABELED and ex.disfl[j] == "FILLER":
                j += 1
            if j > i + 1:
                with_term += 1
                assert ex.punct[j] != UNLABELED, ex.spoken[i:j + 1]  # then the repair, a word of the text
        assert round_trip_text(ex) == ex.written
    assert repairs >= 50 and 0.05 <= with_term / repairs <= 0.4, (with_term, repairs)


def test_fillers_never_split_an_itn_span() -> None:
    base = label_real_fillers(_example())
    for seed in range(30):
        ex = add_disfluencies(Example.from_dict(base.to_dict()), random.Random(seed), rate=0.5)
        for span in ex.spans:
            if span.cls != "mixed":
                assert ex.itn[span.start] == "B" and all(ex.itn[i] == "I" for i in range(span.start + 1, span.end))


def test_disfluencies_never_split_a_hyphenated_compound() -> None:
    base = make_example("A well-known, second-hand car is a long-term deal for a middle-aged man.", random.Random(0))
    assert base is not None and base.punct.count("HYPHEN") == 4
    for seed in range(40):
        ex = add_disfluencies(Example.from_dict(base.to_dict()), random.Random(seed), rate=0.6)
        joined = [i for i, p in enumerate(ex.punct) if p == "HYPHEN"]
        assert all(ex.punct[i + 1] != UNLABELED for i in joined), ex.spoken
        assert round_trip_text(ex) == ex.written


def test_replaced_words_keep_the_class_of_the_word_they_stand_for() -> None:
    ex = make_example("We drove to the old station in the morning and walked slowly to the harbour with her.",
                      random.Random(0))
    assert ex is not None
    replaced = same = 0
    for seed in range(50):
        rng = random.Random(seed)
        for i in range(len(ex.spoken)):
            words = _reparandum(ex, i, "replacement", rng)
            if words is None:
                continue
            diff = [(a, b) for a, b in zip(words, ex.spoken[i:i + len(words)]) if a != b]
            assert len(diff) == 1, (words, ex.spoken[i:])
            (said, meant), = diff
            closed = len(WORD_CLASSES)  # an open-class word with no other of its ending stands for another
            assert word_class(said) == word_class(meant) or min(word_class(said), word_class(meant)) >= closed, \
                (said, meant)
            same += word_class(said) == word_class(meant)
            replaced += 1
    assert replaced >= 100 and same >= replaced // 2
    assert word_class("the") == word_class("a") != word_class("to")
    assert word_class("walking") == word_class("driving") == len(WORD_CLASSES) != word_class("walked")
    assert word_class("station") == len(WORD_CLASSES) + 4


def test_mixed_case_words_replace_proper_nouns_with_span_pairs() -> None:
    ex = Augment(mixed_case=1.0).apply(_example(), random.Random(1))
    mixed = [s for s in ex.spans if s.cls == "mixed"]
    assert mixed, "Peter, Mary and Boston follow unpunctuated words"
    for s in mixed:
        assert ex.case[s.start] == "MIXED" and ex.spoken[s.start] == s.written.lower()
        assert s.written in mixed_case_words()
    assert ex.round_trips()
    assert "Um," in ex.written and ex.written.startswith("Um, I think")  # sentence starts stay as they were


def test_pipeline_augments_and_reports_disfluency_labels(tmp_path: Path) -> None:
    src = tmp_path / "mini.jsonl"
    src.write_text("\n".join(json.dumps({"text": TEXT}) for _ in range(6)) + "\n")
    report = run_pipeline([src], tmp_path / "out", seed=2, min_example_words=5, progress=False,
                          augment=Augment(mixed_case=0.5, disfluent_share=1.0, disfluency_rate=0.2))
    stats = report["mini"]
    assert stats["roundtrip_rate"] == 1.0 and stats["examples"] > 0
    assert set(stats["label_share"]["disfl"]) == {"O", "FILLER", "REPARANDUM"}
    lines = [Example.from_json(l) for p in sorted((tmp_path / "out").glob("*.gz")) for l in gzip.open(p, "rt")]
    assert all(ex.disfl is not None for ex in lines)
    assert all(w in REAL_FILLERS or d != "FILLER" or p == UNLABELED
               for ex in lines for w, d, p in zip(ex.spoken, ex.disfl, ex.punct))
    plain = run_pipeline([src], tmp_path / "plain", seed=2, min_example_words=5, progress=False)
    assert "disfl" not in plain["mini"]["label_share"]
