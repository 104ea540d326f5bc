"""Compounds that written text hyphenates wherever it uses them ("non-profit", "e-mail", "right-of-way").

``scripts/build_hyphen_compounds.py`` writes the list a model ships (``hyphen_compounds`` in its config; see
:class:`spacy_u2tf.core.lexicon.HyphenCompounds`) from written text: a compound of two or three words qualifies
when the text writes it with hyphens at least ``min_count`` times and at least ``min_share`` of all the times the
same words stand in a row (so "follow-up", also a verb said "follow up", and "long-term", "in the long term", stay
out). Compounds of number words or of a number's unit ("six-year", "year-old") are the ITN spans' and stay out too,
as does a word hyphenated to itself ("misdemeanor-misdemeanor", a stammer). Hyphenated names the project lists
(``lexicons/hyphen_names.txt``: "Rolls-Royce", "Stratford-upon-Avon") join the list in their capitals
(:func:`with_names`), and so do the compounds it lists as hyphenated in every use (``lexicons/hyphen_words.txt``:
"hip-hop", "self-esteem") that the text does not mostly write apart (:func:`not_written_apart`).
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Callable, Iterable, List, Set, Tuple

from ..core.number_spans import KINDS
from .mixed_case import LEXICONS, read_word_list

_TOKEN = re.compile(r"[a-z]+(?:-[a-z]+)*|[^\sa-z]")
_MEASURE_WORDS = frozenset("year years month months week weeks day days hour hours old".split())
_CASED_TOKEN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*|[^\sA-Za-z]")
_LINK_WORDS = frozenset("to by on in over after upon for".split())  # "year-on-year", "day-to-day", "year-over-year"


def _hyphenated(texts: Iterable[str], longest: int) -> Counter:
    """How often ``texts`` write each compound of 2 to ``longest`` words with hyphens."""
    counts: Counter = Counter()
    for text in texts:
        for token in _TOKEN.findall(text.lower()):
            if "-" in token and token.count("-") < longest:
                counts[tuple(token.split("-"))] += 1
    return counts


def _runs(texts: Iterable[str], wanted: Set[Tuple[str, ...]], longest: int, names: bool = True) -> Counter:
    """How often the words of each compound in ``wanted`` stand in a row in ``texts`` (punctuation breaks a run);
    without ``names``, not where each of the words is capitalized, a name's ("the North West" of a country)."""
    counts: Counter = Counter()
    for text in texts:
        cased = _CASED_TOKEN.findall(text)
        tokens = [t.lower() for t in cased]
        for n in range(2, longest + 1):
            for i in range(len(tokens) - n + 1):
                run = tuple(tokens[i:i + n])
                if run in wanted and (names or not all(t[:1].isupper() for t in cased[i:i + n])):
                    counts[run] += 1
    return counts


def _eligible(parts: Tuple[str, ...]) -> bool:
    return len(set(parts)) == len(parts) and not any(p in KINDS or p in _MEASURE_WORDS for p in parts)


def _listed_eligible(parts: Tuple[str, ...]) -> bool:
    """Whether a compound the project lists may join the shipped list: no number word (the ITN spans' words), a
    unit's word only where it does not open the compound ("kilowatt-hour", "light-years"; "year-old" and
    "hour-long" come after a number, the spans' too), and a word repeated only about a word that links the two
    ("year-on-year", "day-to-day"; not "Baden-Baden", a stammer's shape)."""
    linked = len(parts) == 3 and parts[0] == parts[2] and parts[1] in _LINK_WORDS
    return ((linked or len(set(parts)) == len(parts)) and not any(p in KINDS for p in parts)
            and (linked or parts[0] not in _MEASURE_WORDS))


def hyphen_compounds(read_texts: Callable[[], Iterable[str]], min_count: int = 3, min_share: float = 0.9,
                     longest: int = 3) -> List[str]:
    """The compounds of 2 to ``longest`` words that the texts write hyphenated at least ``min_count`` times and in
    at least ``min_share`` of the times their words stand in a row, sorted and hyphenated ("non-profit").
    ``read_texts`` gives the texts afresh on each call (they are read twice)."""
    hyphenated = _hyphenated(read_texts(), longest)
    candidates = {parts for parts, count in hyphenated.items() if count >= min_count and _eligible(parts)}
    runs = _runs(read_texts(), candidates, longest)
    return sorted("-".join(parts) for parts in candidates
                  if hyphenated[parts] / (hyphenated[parts] + runs[parts]) >= min_share)


def listed_hyphen_names() -> List[str]:
    """The hyphenated names of ``lexicons/hyphen_names.txt`` ("Rolls-Royce"), as written there."""
    return read_word_list(LEXICONS / "hyphen_names.txt")


def with_names(compounds: Iterable[str], names: Iterable[str]) -> List[str]:
    """``compounds`` and the hyphenated ``names`` ("Rolls-Royce") in one list sorted by their lowercase, a name in
    its capitals where a compound is the same words ("abdul-kabir" → "Abdul-Kabir"); names of number words, a
    unit's word first or a word repeated ("Baden-Baden": a stammer's shape) are left out
    (:func:`_listed_eligible`)."""
    by_key = {c.lower(): c for c in compounds}
    for name in names:
        parts = tuple(name.lower().split("-"))
        if len(parts) > 1 and all(parts) and _listed_eligible(parts):
            by_key[name.lower()] = name
    return [by_key[key] for key in sorted(by_key)]


def listed_hyphen_words() -> List[str]:
    """The compounds of ``lexicons/hyphen_words.txt``, hyphenated in every use ("hip-hop", "anti-American"), as
    written there."""
    return read_word_list(LEXICONS / "hyphen_words.txt")


def not_written_apart(compounds: Iterable[str], read_texts: Callable[[], Iterable[str]], min_count: int = 3,
                      min_share: float = 0.5, longest: int = 3) -> List[str]:
    """The ``compounds`` ("hip-hop") that the texts write hyphenated in at least ``min_share`` of the times their
    words stand in a row (each word capitalized is a name: "the North West"), or use fewer than ``min_count``
    times in all (too rare to tell), in their order.
    ``read_texts`` gives the texts afresh on each call (they are read twice)."""
    compounds = list(compounds)
    wanted = {tuple(c.lower().split("-")) for c in compounds}
    hyphenated = _hyphenated(read_texts(), longest)
    runs = _runs(read_texts(), wanted, longest, names=False)  # "the North West" is a region's name

    def kept(parts: Tuple[str, ...]) -> bool:
        total = hyphenated[parts] + runs[parts]
        return total < min_count or hyphenated[parts] >= min_share * total

    return [c for c in compounds if kept(tuple(c.lower().split("-")))]
