"""Numbers as words and the own verbalizer: canonical readings, variants, and the output contract."""
from __future__ import annotations

import random
from typing import List

import pytest

from spacy_u2tf.core.labels import ITN_CLASSES
from spacy_u2tf.data import numbers as N
from spacy_u2tf.data.verbalize import VERBALIZERS, verbalize


def spoken_ok(words: List[str]) -> bool:
    return bool(words) and all(w and w == w.lower() and all(ch.isalpha() or ch == "'" for ch in w) for w in words)


@pytest.mark.parametrize("n,spoken", [
    (0, "zero"), (7, "seven"), (13, "thirteen"), (20, "twenty"), (21, "twenty one"), (100, "one hundred"),
    (101, "one hundred one"), (999, "nine hundred ninety nine"), (1000, "one thousand"),
    (1500, "one thousand five hundred"), (1_000_000, "one million"), (2_000_000_017, "two billion seventeen"),
    (-5, "minus five"),
])
def test_cardinal(n: int, spoken: str) -> None:
    assert " ".join(N.cardinal(n)) == spoken


def test_cardinal_variants() -> None:
    readings = {" ".join(N.cardinal(1500, random.Random(i))) for i in range(60)}
    assert {"fifteen hundred", "one thousand five hundred"} <= readings
    assert "one hundred and one" in {" ".join(N.cardinal(101, random.Random(i))) for i in range(60)}


@pytest.mark.parametrize("n,spoken", [
    (1, "first"), (2, "second"), (3, "third"), (5, "fifth"), (8, "eighth"), (9, "ninth"), (12, "twelfth"),
    (20, "twentieth"), (21, "twenty first"), (100, "one hundredth"), (112, "one hundred twelfth"),
])
def test_ordinal(n: int, spoken: str) -> None:
    assert " ".join(N.ordinal(n)) == spoken


@pytest.mark.parametrize("n,spoken", [
    (1905, "nineteen oh five"), (1990, "nineteen ninety"), (2000, "two thousand"), (2005, "two thousand five"),
    (2024, "twenty twenty four"), (1800, "eighteen hundred"), (1492, "fourteen ninety two"),
])
def test_year(n: int, spoken: str) -> None:
    assert " ".join(N.year(n)) == spoken


def test_year_variants() -> None:
    readings = {" ".join(N.year(2020, random.Random(i))) for i in range(80)}
    assert {"twenty twenty", "two thousand twenty", "two thousand and twenty"} <= readings


def test_digits_and_pairs() -> None:
    assert " ".join(N.digits("4085")) == "four oh eight five"
    assert "double five seven" in {" ".join(N.digits("557", random.Random(i))) for i in range(40)}
    assert " ".join(N.pairs("235")) == "two thirty five"
    assert " ".join(N.pairs("1600")) == "sixteen hundred"
    assert " ".join(N.pairs("71")) == "seventy one"


@pytest.mark.parametrize("written,cls,spoken", [
    ("-5", "cardinal", "minus five"),
    ("1,500", "cardinal", "one thousand five hundred"),
    ("2020", "year", "twenty twenty"),
    ("1990s", "year", "nineteen nineties"),
    ("'90s", "year", "nineties"),
    ("1800s", "year", "eighteen hundreds"),
    ("$5.99", "money", "five dollars and ninety nine cents"),
    ("$12.3 million", "money", "twelve point three million dollars"),
    ("$1,000,000", "money", "one million dollars"),
    ("$5-$10", "money", "five to ten dollars"),
    ("$50k", "money", "fifty thousand dollars"),
    ("USD 20", "money", "twenty u s dollars"),
    ("50 cents", "money", "fifty cents"),
    ("45%", "percent", "forty five percent"),
    ("5 kg", "measure", "five kilograms"),
    ("1 mph", "measure", "one mile per hour"),
    ("1/2", "fraction", "one half"),
    ("1/100", "fraction", "one hundredth"),
    ("3:30 p.m.", "time", "three thirty p m"),
    ("15:45", "time", "fifteen forty five"),
    ("13:00", "time", "thirteen hundred"),
    ("12:05", "time", "twelve oh five"),
    ("March 15, 2024", "date", "march fifteenth twenty twenty four"),
    ("the 1st of May", "date", "the first of may"),
    ("2024-03-15", "date", "march fifteenth twenty twenty four"),
    ("Jan. 5", "date", "january fifth"),
    ("info@example.com", "electronic", "info at example dot com"),
    ("www.x.com", "electronic", "w w w dot x dot com"),
    ("https://x.org/a", "electronic", "h t t p s colon slash slash x dot org slash a"),
    ("FBI", "acronym", "f b i"),
    ("FBI's", "acronym", "f b i's"),
    ("U.S.", "acronym", "u s"),
    ("Mrs.", "abbreviation", "misses"),
    ("Ms.", "abbreviation", "miss"),
    ("vs.", "abbreviation", "versus"),
    ("e.g.", "abbreviation", "for example"),
    ("No.", "abbreviation", "number"),
    ("1-800-772-1213", "telephone", "one eight oh oh seven seven two one two one three"),
    ("+1 408 971 8523", "telephone", "plus one four oh eight nine seven one eight five two three"),
    ("123-45-6789", "ssn", "one two three four five six seven eight nine"),
    ("94105", "zip", "nine four one zero five"),
    ("1600 Pennsylvania Avenue", "address", "sixteen hundred pennsylvania avenue"),
    ("71 North San Pedro Street", "address", "seventy one north san pedro street"),
    ("221B Baker St.", "address", "two twenty one b baker street"),
    ("999 West 99th Street", "address", "nine ninety nine west ninety ninth street"),
    ("1863-66", "range", "eighteen sixty three to sixty six"),
    ("COVID-19", "alnum", "covid nineteen"),
    ("A4", "alnum", "a four"),
    ("B2B", "alnum", "b two b"),
    ("#1", "alnum", "number one"),
    ("AT&T", "alnum", "a t and t"),
    ("and/or", "alnum", "and or"),
    ("50/50", "alnum", "fifty fifty"),
    ("00-1011", "alnum", "oh oh ten eleven"),
    ("30-year", "alnum", "thirty year"),
    ("mid-1990s", "alnum", "mid nineteen nineties"),
    ("late-1800s", "alnum", "late eighteen hundreds"),
    ("1960s-era", "alnum", "nineteen sixties era"),
    ("mid-80s", "alnum", "mid eighties"),
    ("B-52s", "alnum", "b fifty two s"),
    ("1,000-foot", "alnum", "one thousand foot"),
])
def test_canonical(written: str, cls: str, spoken: str) -> None:
    assert " ".join(verbalize(written, cls, None)) == spoken


@pytest.mark.parametrize("written,cls,expected", [
    ("$5.99", "money", {"five ninety nine", "five dollars ninety nine"}),
    ("-5", "cardinal", {"negative five"}),
    ("1/2", "fraction", {"a half"}),
    ("FBI", "acronym", {"f b i"}),
    ("March 15, 2024", "date", {"march fifteen twenty twenty four", "the fifteenth of march twenty twenty four",
                                "march fifteenth two thousand twenty four"}),
    ("10:00", "time", {"ten"}),
    ("3:30 p.m.", "time", {"three thirty pm"}),
    ("www.x.com", "electronic", {"w w w dot x dot com", "www dot x dot com", "triple w dot x dot com"}),
])
def test_variants_are_drawn(written: str, cls: str, expected: set) -> None:
    rng = random.Random(3)
    readings = {" ".join(verbalize(written, cls, rng)) for _ in range(300)}
    assert expected <= readings


ODD = ["", "-", "§", "_", "#", "@@", "x/y/z", "1.2.3.4", "٣", "½", "€", "1/0", "99/99/9999", "$", "3:99",
       "Jan.", "12 zorks", "0000", "1" * 30]


@pytest.mark.parametrize("cls", ITN_CLASSES)
def test_every_class_gives_spoken_words_even_on_odd_input(cls: str) -> None:
    rng = random.Random(0)
    for written in ODD[1:]:
        for r in (None, rng):
            assert spoken_ok(verbalize(written, cls, r)), (written, cls)


def test_all_classes_have_a_reader() -> None:
    assert set(VERBALIZERS) == set(ITN_CLASSES)
