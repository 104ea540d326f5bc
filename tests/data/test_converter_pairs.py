"""Generated stage-2 pairs: deterministic, in the house style, accepted by the guards, one written form a reading."""
from __future__ import annotations

import random
from typing import Dict, List

import pytest

from spacy_u2tf.core.guards import check_span
from spacy_u2tf.core.labels import mixed_case_shaped
from spacy_u2tf.data.converter_pairs import (KEPT_IN_TRAINING, NUMBERED, PAIR_CLASSES, brand_possessives,
                                             is_held_out, is_plain, mixed_forms, pair_passage, random_passage,
                                             split_words, word_group)
from spacy_u2tf.data.house_style import house_written
from spacy_u2tf.data.mixed_case import mixed_case_words

HOST = "so i was thinking that we could go there tomorrow after work if you want".split()
N_PER_CLASS = 1500
HOUSE_CLASS = {"currency": "money", "oclock": "time", "number_pairs": "cardinal", "title": "abbreviation"}


@pytest.fixture(scope="module")
def forms():
    return mixed_forms(mixed_case_words())


def _passages(cls: str, forms, seed: int = 0, n: int = N_PER_CLASS, context: int = 3) -> List[tuple]:
    rng = random.Random(f"{cls}:{seed}")
    return [pair_passage(rng, HOST, context, cls, forms) for _ in range(n)]


def test_deterministic_for_a_seed(forms) -> None:
    for cls in PAIR_CLASSES:
        assert _passages(cls, forms, n=50) == _passages(cls, forms, n=50)
    assert [random_passage(random.Random(3), HOST, 2, forms) for _ in range(5)] == \
        [random_passage(random.Random(3), HOST, 2, forms) for _ in range(5)]
    assert _passages("currency", forms, seed=1, n=50) != _passages("currency", forms, seed=2, n=50)


@pytest.mark.parametrize("cls", PAIR_CLASSES)
def test_pairs_keep_the_house_style_and_pass_the_guards(cls: str, forms) -> None:
    for words, start, end, written, got_cls in _passages(cls, forms):
        spoken = words[start:end]
        assert got_cls == cls and 0 <= start < end <= len(words) and end - start <= len(words)
        assert all(w and w == w.lower() and all(ch.isalpha() or ch == "'" for ch in w) for w in words), words
        if cls == "mixed":  # forms of other shapes ("LinkedIn", "PyTorch") are the forms table's, not stage 2's
            assert check_span(spoken, written, "mixed") in (None, "mixed: not a mixed-case shape"), (spoken, written)
            assert mixed_case_shaped(written) == (check_span(spoken, written, "mixed") is None), written
        elif cls == "plain":  # said as written
            assert [written] == spoken and check_span(spoken, written) is None, (spoken, written)
        else:
            assert house_written(written, HOUSE_CLASS[cls], spoken) == written, (spoken, written)
            assert check_span(spoken, written) is None, (spoken, written)


def _cue(words: List[str], start: int) -> str:
    left = words[start - 1] if start else ""
    return "numbered" if left in NUMBERED + ("number",) else ""


@pytest.mark.parametrize("cls", PAIR_CLASSES)
def test_one_written_form_per_reading(cls: str, forms) -> None:
    """A reading with the cue before it never has two targets within a class (the converter would learn a coin
    toss): a number read in pairs is a label only after a noun."""
    seen: Dict[tuple, str] = {}
    for words, start, end, written, _ in _passages(cls, forms):
        key = (_cue(words, start), " ".join(words[start:end]))
        assert seen.setdefault(key, written) == written, (key, seen[key], written)


def test_numbers_read_in_pairs_are_labels_after_a_noun_else_times() -> None:
    rng = random.Random(0)
    times = 0
    for _ in range(300):
        words, start, end, written, _ = pair_passage(rng, HOST, 3, "number_pairs")
        assert start <= 3 and len(words) - end <= 3
        if _cue(words, start) == "numbered":
            assert written.isdigit()
        else:
            hour, _, minute = written.partition(":")
            assert 1 <= int(hour) <= 12 and 0 < int(minute) < 60 and len(minute) == 2
            times += 1
    assert 80 < times < 160


@pytest.mark.parametrize("spoken,written", [
    ("iphones", "iPhones"), ("mcdonald's", "McDonald's"), ("mcdonalds", "McDonald's"), ("o'brien", "O'Brien"),
    ("macbook", "MacBook"), ("youtube's", "YouTube's"), ("linkedin", "LinkedIn"), ("mccoys", "McCoys"),
])
def test_mixed_forms(spoken: str, written: str, forms) -> None:
    assert dict(forms)[spoken] == written


def test_only_brand_possessives_lose_their_apostrophe(forms) -> None:
    dropped = {written for spoken, written in forms if written.endswith("'s") and "'" not in spoken}
    assert dropped == set(brand_possessives()) == {"McDonald's"}
    assert "mccormicks" not in dict(forms) and dict(forms)["mccormick's"] == "McCormick's"
    assert not any(written.endswith(("ed's", "ing's", "'d's")) for _, written in forms if written not in
                   mixed_case_words())


def test_currencies_after_the_number(forms) -> None:
    """Symbol currencies take their symbol; "us dollars" and currencies without a house symbol keep their words
    ("six hundred and sixty us dollars" → "660 US dollars", "20 bucks", "500 RMB")."""
    endings = {"us dollars": " US dollars", "u s dollars": " US dollars", "us dollar": " US dollar",
               "u s dollar": " US dollar", "yuan": " yuan", "bucks": " bucks", "rmb": " RMB"}
    symbols = {"dollars": "$", "dollar": "$", "euros": "€", "euro": "€", "yen": "¥"}
    seen = set()
    for words, start, end, written, _ in _passages("currency", forms):
        spoken = " ".join(words[start:end])
        ending = next((k for k in endings if spoken.endswith(" " + k)), None)
        if ending:
            assert written.endswith(endings[ending]) and written[0].isdigit(), (spoken, written)
        elif spoken.startswith("rmb "):
            assert written.startswith("RMB "), (spoken, written)
        else:
            assert written[0] == symbols[words[end - 1]], (spoken, written)
        seen.add(ending or words[end - 1] if not spoken.startswith("rmb ") else "rmb first")
    assert seen >= {"us dollars", "u s dollars", "yuan", "bucks", "rmb", "rmb first", "dollars", "euros",
                    "yen"}


def test_oclock_and_titles(forms) -> None:
    for words, start, end, written, _ in _passages("oclock", forms, n=200):
        assert written.endswith(" o'clock") and written[:-8].isdigit()
    titles = {" ".join(w[s:e]): written for w, s, e, written, _ in _passages("title", forms, n=300)}
    assert titles == {"mister": "Mr.", "misses": "Mrs.", "missus": "Mrs.", "miss": "Ms.", "miz": "Ms.",
                      "doctor": "Dr.", "etcetera": "etc.", "et cetera": "etc."}


def test_held_out_words_are_whole_groups() -> None:
    words = mixed_case_words()
    train, held = split_words(words, 0.15)
    assert set(train) | set(held) == set(words) and not set(train) & set(held)
    assert 0.08 < len({word_group(w) for w in held}) / len({word_group(w) for w in words}) < 0.22
    assert not {word_group(w) for w in train} & {word_group(w) for w in held}
    assert not {w for _, w in mixed_forms(train)} & {w for _, w in mixed_forms(held)}
    assert is_held_out("McCain", 0.15) == is_held_out("McCain's", 0.15) == is_held_out("McCains", 0.15)
    assert split_words(words, 0.0) == (tuple(words), ())
    assert not any(is_held_out(w, 0.5) for w in KEPT_IN_TRAINING)


@pytest.mark.parametrize("word,plain", [("table", True), ("thinking", True), ("number", False), ("second", False),
                                        ("twenty", False), ("may", False), ("monday", False), ("mister", False),
                                        ("miss", False), ("dollars", False), ("kilograms", False), ("iphone", False),
                                        ("mcdonalds", False), ("it's", False), ("ok", False)])
def test_plain_words_are_ones_no_span_class_changes(word: str, plain: bool) -> None:
    """One-word spans written as said: never a word that a number, date, title, unit, currency or mixed-case word
    is made of (the converter must still change those)."""
    assert is_plain(word) == plain
