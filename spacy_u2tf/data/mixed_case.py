"""Mixed-case words (McDonald's, iPhone, O'Brien) for training: the word lists and their use in examples.

The lists live in ``lexicons/``: ``mixed_case_scowl.txt`` (the mixed-case entries of SCOWL, Kevin Atkinson's
permissively licensed word lists, via Debian's wamerican-huge) and ``mixed_case_brands.txt`` (brands and product
names written by the project). Training corpora rarely contain such words, so examples get some of them put in
place of proper nouns (:func:`add_mixed_case`), each with its stage-2 span pair.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Dict, Iterable, List, Set, Tuple

from ..core.labels import MIXED_CLASS, case_label, mixed_case_shaped
from .example import Example, SpanPair

LEXICONS = Path(__file__).parent / "lexicons"
LIST_FILES: Tuple[str, ...] = ("mixed_case_scowl.txt", "mixed_case_brands.txt")
# Words after which a brand or product name is natural in place of a common noun ("an iPhone", "on YouTube").
BRAND_SLOTS = frozenset({"a", "an", "the", "my", "your", "his", "her", "our", "their", "on", "new", "this"})


_SUFFIXED_ACRONYM = re.compile(r"[A-Z]{2,}[a-z']{1,3}")


def name_shaped(form: str) -> bool:
    """Whether a dictionary's mixed-case entry has the shape of a name or brand, not of an abbreviation
    ("ChemE", "BSChE", "ErvIn"); see :func:`..core.labels.mixed_case_shaped`."""
    return mixed_case_shaped(form)


def read_word_list(path: Path) -> List[str]:
    """One written word a line; blank lines and lines starting with ``#`` are skipped."""
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


@lru_cache(maxsize=None)
def _lists() -> Tuple[Tuple[str, ...], ...]:
    return tuple(tuple(w for w in read_word_list(LEXICONS / name) if case_label(w) == "MIXED")
                 for name in LIST_FILES)


def mixed_case_words() -> List[str]:
    """Every mixed-case written form of the shipped lists (SCOWL's, then the brand list), without duplicates."""
    return list(dict.fromkeys(w for words in _lists() for w in words))


def add_mixed_case(ex: Example, rng: random.Random, rate: float = 0.15, brand_rate: float = 0.02) -> Example:
    """Put mixed-case words in ``ex``: a capitalized word inside a sentence (a proper noun) becomes a random
    list word with probability ``rate``, a lowercase word after a determiner or "on" a brand with ``brand_rate``.

    Changes ``ex`` in place (spoken word, case ``MIXED``, a ``mixed`` span pair) and rebuilds its written text.
    """
    all_words, brands = mixed_case_words(), _lists()[1]
    taken = {i for s in ex.spans for i in range(s.start, s.end)}
    changed = False
    for i, word in enumerate(ex.spoken):
        if i in taken or ex.itn[i] != "O" or not word.isalpha():
            continue
        # after an unpunctuated word only: capitals after commas are often sentence starts in chat text
        inside = i > 0 and ex.punct[i - 1] == "O"
        if inside and ex.case[i] == "CAPITAL" and rng.random() < rate:
            written = rng.choice(all_words)
        elif inside and ex.case[i] == "LOWER" and ex.spoken[i - 1] in BRAND_SLOTS and rng.random() < brand_rate:
            written = rng.choice(brands)
        else:
            continue
        ex.spoken[i] = written.lower()
        ex.case[i] = "MIXED"
        ex.spans.append(SpanPair(i, i + 1, MIXED_CLASS, written))
        changed = True
    if changed:
        ex.spans.sort(key=lambda s: s.start)
        ex.written = ex.assemble().text
    return ex


def known_mixed_forms(forms: Iterable[str], dictionary: Set[str]) -> Dict[str, str]:
    """Spoken key → written form for mixed-case words whose spoken form cannot be anything else.

    ``dictionary`` holds the lowercase of every word that is written in lowercase or capitalized ("latex",
    "pete"): a form with such a spoken key is left out ("LaTeX", "PetE"), and so is a form of fewer than four
    letters ("mV", "dB": units and abbreviations people do not say as one word) unless it is one of the project's
    brands ("iOS", "iPad"); also left out: a form when two forms share a spoken key ("DeBakey"/"Debakey"), when it
    is a plural or suffixed acronym ("IRAs", "CBers": said letter by letter, so no one spoken word), and when it is
    not mixed-case or not a single word of letters and apostrophes. A brand of the project's list that is a
    possessive is also keyed without its apostrophe, as recognisers write it ("mcdonalds" → "McDonald's").
    """
    brands = set(_lists()[1])
    by_key: Dict[str, Set[str]] = {}
    for form in forms:
        form = form.strip()
        if (not form or case_label(form) != "MIXED" or not all(ch.isalpha() or ch == "'" for ch in form)
                or _SUFFIXED_ACRONYM.fullmatch(form) or (len(form.removesuffix("'s")) < 4 and form not in brands)):
            continue
        by_key.setdefault(form.lower(), set()).add(form)
        if form in brands and form.endswith("'s"):
            by_key.setdefault(form.lower().replace("'", ""), set()).add(form)
    return {key: next(iter(written)) for key, written in sorted(by_key.items())
            if len(written) == 1 and key not in dictionary and key.removesuffix("'s") not in dictionary}


_WORD = re.compile(r"[A-Za-z][A-Za-z']*[A-Za-z]")


def corpus_mixed_forms(texts: Iterable[str], min_count: int = 3, min_share: float = 0.9) -> List[str]:
    """Mixed-case words that running text writes the same way nearly every time it uses them: a form with the shape
    of a name or brand (:func:`name_shaped`: "FrameNet", "McCain", "iPod") seen at least ``min_count`` times and in
    at least ``min_share`` of all the occurrences of its lowercase, in any case. Sentence starts and headings count
    as occurrences too, so a word also written in lowercase or capitalized ("Macon"/"MaCon") falls short."""
    seen: Counter = Counter()
    mixed: Dict[str, Counter] = {}
    for text in texts:
        for token in _WORD.findall(text):
            key = token.lower()
            seen[key] += 1
            if case_label(token) == "MIXED":
                mixed.setdefault(key, Counter())[token] += 1
    out = []
    for key, forms in mixed.items():
        form, count = forms.most_common(1)[0]
        if count >= min_count and count >= min_share * seen[key] and name_shaped(form):
            out.append(form)
    return sorted(out)
