"""The entity finder: classes on hand-checked sentences, boundaries, and full coverage of digits and symbols."""
from __future__ import annotations

import random
import re
from typing import List, Tuple

import pytest

from spacy_u2tf.core.labels import ITN_CLASSES
from spacy_u2tf.data.entities import Entity, find_entities


def found(text: str) -> List[Tuple[str, str]]:
    return [(text[e.start:e.end], e.cls) for e in find_entities(text)]


@pytest.mark.parametrize("text,expected", [
    ("It costs $45.", [("$45", "money")]),
    ("We raised $12.3 million, not €20 or £3.50.", [("$12.3 million", "money"), ("€20", "money"),
                                                     ("£3.50", "money")]),
    ("It was 50 cents or USD 20 or $5-$10.", [("50 cents", "money"), ("USD 20", "money"), ("$5-$10", "money")]),
    ("About 45% and 3.5 percent.", [("45%", "percent"), ("3.5 percent", "percent")]),
    ("A 5 kg bag, 10 km, 6 ft, 100 mph, 3.5 GHz and 20°C.",
     [("5 kg", "measure"), ("10 km", "measure"), ("6 ft", "measure"), ("100 mph", "measure"),
      ("3.5 GHz", "measure"), ("20°C", "measure")]),
    ("Born March 15, 2024 or 15 March 2024 or 3/15/2024 or 2024-03-15.",
     [("March 15, 2024", "date"), ("15 March 2024", "date"), ("3/15/2024", "date"), ("2024-03-15", "date")]),
    ("On the 1st of May and Jan. 5 and March 15th?", [("the 1st of May", "date"), ("Jan. 5", "date"),
                                                      ("March 15th", "date")]),
    ("In 2024, in the 1990s and the '90s.", [("2024", "year"), ("1990s", "year"), ("'90s", "year")]),
    ("Meet at 3:30 p.m. or 10 a.m. or 15:45 or 3 o'clock.",
     [("3:30 p.m.", "time"), ("10 a.m.", "time"), ("15:45", "time"), ("3 o'clock", "time")]),
    ("Call 408-971-8523, 1-800-772-1213, 555-1234 or +1 408 971 8523.",
     [("408-971-8523", "telephone"), ("1-800-772-1213", "telephone"), ("555-1234", "telephone"),
      ("+1 408 971 8523", "telephone")]),
    ("Card 4111 1111 1111 1111 and SSN 123-45-6789.", [("4111 1111 1111 1111", "card"), ("SSN", "acronym"),
                                                       ("123-45-6789", "ssn")]),
    ("San Jose, CA 95112 or zip code 94105-1234.", [("95112", "zip"), ("94105-1234", "zip")]),
    ("Go to 71 North San Pedro Street or 221B Baker St.",
     [("71 North San Pedro Street", "address"), ("221B Baker St.", "address")]),
    ("It is at 1 AMB Drive Northwest, Atlanta.", [("1 AMB Drive Northwest", "address")]),
    ("Mail info@example.com or see www.x.com and https://x.org/a.",
     [("info@example.com", "electronic"), ("www.x.com", "electronic"), ("https://x.org/a", "electronic")]),
    ("From 1863-1866 and 10-20 people.", [("1863-1866", "range"), ("10-20", "range"), ]),
    ("Add 1/2 cup or 2 1/2 cups.", [("1/2", "fraction"), ("2 1/2", "fraction")]),
    ("The 15th and 1st.", [("15th", "ordinal"), ("1st", "ordinal")]),
    ("Pi is 3.14 and .5 is half.", [("3.14", "decimal"), (".5", "decimal")]),
    ("It fell to -5 from 1,500 and 12.", [("-5", "cardinal"), ("1,500", "cardinal"), ("12", "cardinal")]),
    ("Mr. Smith vs. Dr. Jones, e.g. them.", [("Mr.", "abbreviation"), ("vs.", "abbreviation"),
                                             ("Dr.", "abbreviation"), ("e.g.", "abbreviation")]),
    ("The FBI and the U.S. and NASA.", [("FBI", "acronym"), ("U.S.", "acronym")]),
    ("COVID-19, A4, B2B, #1, AT&T, and/or, 50/50.",
     [("COVID-19", "alnum"), ("A4", "alnum"), ("B2B", "alnum"), ("#1", "alnum"), ("AT&T", "alnum"),
      ("and/or", "alnum"), ("50/50", "alnum")]),
    # scotus: docket numbers, statutes, sections
    ("No. 00-1011, 18 U.S.C. 924 and No. 98-1768.", [("No.", "abbreviation"), ("00-1011", "alnum"),
                                                     ("18", "cardinal"), ("U.S.C.", "acronym"), ("924", "cardinal"),
                                                     ("No.", "abbreviation"), ("98-1768", "alnum")]),
    ("It sold 1234 tickets in 1990.", [("1234", "cardinal"), ("1990", "year")]),
    ("Not a date, November 98.", [("98", "cardinal")]),
])
def test_finds(text: str, expected: List[Tuple[str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize("text", [
    "CHAPTER IV BY THE AUTHOR", "Yásnaya Polyána même à", "NASA and NATO said OK", "rock'n'roll is fine",
])
def test_plain_words_are_not_entities(text: str) -> None:
    assert found(text) == []


def test_trailing_sentence_mark_stays_outside() -> None:
    text = "It was $5. Then A4, then 12? Yes."
    for e in find_entities(text):
        assert text[e.end - 1] not in ",.?"


def test_abbreviation_and_time_keep_their_dot() -> None:
    assert found("See you at 5 p.m.") == [("5 p.m.", "time")]
    assert found("Apples, pears, etc.") == [("etc.", "abbreviation")]


def test_entity_type() -> None:
    e = find_entities("at 5")[0]
    assert e == Entity(3, 4, "cardinal") and e.cls in ITN_CLASSES


_NEEDS_ENTITY = re.compile(r"[^\W_]*[\d_]|[^\w\s',.?]|[,.?](?=[^\s,.?])")


def _check_coverage(text: str) -> None:
    ents = find_entities(text)
    assert all(a.end <= b.start for a, b in zip(ents, ents[1:])), "overlap"
    covered = set()
    for e in ents:
        assert e.cls in ITN_CLASSES
        assert e.start == 0 or text[e.start - 1] == " ", (text, e)
        rest = text[e.end:]
        assert rest == "" or rest[0] == " " or (rest[0] in ",.?" and rest[1:2] in ("", " ")), (text, e)
        covered.update(range(e.start, e.end))
    pos = 0
    for token in text.split(" "):
        core = token[:-1] if token[-1:] in ",.?" else token
        if _NEEDS_ENTITY.search(core):
            assert pos in covered and pos + len(core) - 1 in covered, (text, token, ents)
        pos += len(token) + 1


def test_every_digit_or_symbol_token_is_covered() -> None:
    rng = random.Random(0)
    pieces = ["the", "FBI", "Mr.", "5", "1,500", "$5", "12%", "a/b", "x@y", "3:30", "p.m.", "-", "#", "e.g.", "A4",
              "1990s", "March", "15,", "2024.", "CA", "94105", "1st", "of", "May", "St.", "Main", "Street", "&",
              "4111", "1111", "_x_", "50/50", "°", "kg", "www.x.com", "1.5", "ok,", "Sorry,there", "(c)", "§", "…",
              "99-12", "00-1", "word?", "it's", "'90s", "10-20", "+1", "408", "=", "5.", "12?"]
    for _ in range(3000):
        _check_coverage(" ".join(rng.choice(pieces) for _ in range(rng.randint(1, 12))))
