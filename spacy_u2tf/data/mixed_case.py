"""Mixed-case words (McDonald's, iPhone, O'Brien) for training: the word lists and their use in examples.

The lists live in ``lexicons/``: ``mixed_case_scowl.txt`` (the mixed-case entries of SCOWL, Kevin Atkinson's
permissively licensed word lists, via Debian's wamerican-huge) and ``mixed_case_brands.txt`` (brands and product
names written by the project). Training corpora rarely contain such words, so examples get some of them put in
place of proper nouns (:func:`add_mixed_case`), each with its stage-2 span pair.

It also holds the selection logic of ``scripts/build_mixed_case_forms.py``, which writes the known mixed-case forms
of the shipped models: :func:`known_mixed_forms`, :func:`corpus_mixed_forms`, and the frequency-backed forms of
:func:`lexeme_mixed_forms` with their training-corpus check (:func:`add_new_forms`), and the words never written
as acronyms of ``scripts/build_plain_words.py`` (:func:`plain_words`).
"""
from __future__ import annotations

import gzip
import json
import math
import random
import re
import textwrap
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Set, Tuple

from ..core.labels import MIXED_CLASS, case_label, mixed_case_shaped
from .example import Example, SpanPair

LEXICONS = Path(__file__).parent / "lexicons"
LIST_FILES: Tuple[str, ...] = ("mixed_case_scowl.txt", "mixed_case_brands.txt")
NAMES_FILE = "mixed_case_names.txt"
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


def comment_block(text: str, width: int = 114) -> str:
    """``text`` wrapped as ``#`` comment lines: the header of a list file, which :func:`read_word_list` skips."""
    return "".join(f"# {line}\n" for line in textwrap.wrap(text, width, break_on_hyphens=False))


@lru_cache(maxsize=None)
def _lists() -> Tuple[Tuple[str, ...], ...]:
    return tuple(tuple(w for w in read_word_list(LEXICONS / name) if case_label(w) == "MIXED")
                 for name in LIST_FILES)


def listed_names() -> List[str]:
    """The mixed-case names of ``lexicons/mixed_case_names.txt`` (brands, products, titles, events and surnames the
    project lists); :func:`add_new_forms` adds them to the shipped table for words no other source writes."""
    return [w for w in read_word_list(LEXICONS / NAMES_FILE) if case_label(w) == "MIXED"]


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


# Forms that style guides write with a hyphen a normalizer drops ("Wi-Fi" is read "wifi"), where the word lists
# have them run together ("WiFi"): the table's form for their key, whatever the lists hold.
HYPHENATED_FORMS: Dict[str, str] = {"wifi": "Wi-Fi"}


def with_hyphenated_forms(table: Mapping[str, str]) -> Dict[str, str]:
    """``table`` (spoken key → written form) with :data:`HYPHENATED_FORMS` and their possessives in place, sorted
    by key as :func:`known_mixed_forms` writes."""
    out = dict(table)
    for key, form in HYPHENATED_FORMS.items():
        out[key], out[key + "'s"] = form, form + "'s"
    return dict(sorted(out.items()))


_WORD = re.compile(r"[A-Za-z][A-Za-z']*[A-Za-z]")


def count_words(texts: Iterable[str]) -> Counter:
    """How often running text writes each word (letters and inner apostrophes, at least two characters), as written:
    "iPod", "ipod" and "IPOD" are counted apart. First-seen order is kept."""
    counts: Counter = Counter()
    for text in texts:
        counts.update(_WORD.findall(text))
    return counts


def corpus_mixed_forms(texts: Iterable[str], min_count: int = 3, min_share: float = 0.9) -> List[str]:
    """Mixed-case words that running text writes the same way nearly every time it uses them: a form with the shape
    of a name or brand (:func:`name_shaped`: "FrameNet", "McCain", "iPod") seen at least ``min_count`` times and in
    at least ``min_share`` of all the occurrences of its lowercase, in any case. Sentence starts and headings count
    as occurrences too, so a word also written in lowercase or capitalized ("Macon"/"MaCon") falls short."""
    return consistent_mixed_forms(count_words(texts), min_count, min_share)


def consistent_mixed_forms(counts: Mapping[str, int], min_count: int = 3, min_share: float = 0.9) -> List[str]:
    """:func:`corpus_mixed_forms` from word counts already made (:func:`count_words`), so that one reading of the
    text serves it and :func:`corpus_gate` both."""
    seen: Counter = Counter()
    mixed: Dict[str, Counter] = {}
    for token, n in counts.items():
        key = token.lower()
        seen[key] += n
        if case_label(token) == "MIXED":
            mixed.setdefault(key, Counter())[token] += n
    out = []
    for key, forms in mixed.items():
        form, count = forms.most_common(1)[0]
        if count >= min_count and count >= min_share * seen[key] and name_shaped(form):
            out.append(form)
    return sorted(out)


# spaCy's cased word probabilities: entries at or below this natural-log probability are the table's floor (about
# -19.5: words seen once, or kept without a count), which says nothing about how a word is usually written.
LEXEME_PROB_FLOOR = -19.4


def read_lexeme_prob(path: Path) -> Dict[str, float]:
    """spaCy's cased word probabilities: ``en_lexeme_prob.json.gz`` of the PyPI package spacy-lookups-data (in
    ``spacy_lookups_data/data/``; ``.json`` also read), a JSON object of word → natural-log probability computed
    from Reddit comments. Only words of letters and inner apostrophes are kept (as :func:`count_words` reads
    them); punctuation and numbers are dropped."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:  # type: ignore[operator]
        table = json.load(fh)
    return {word: float(p) for word, p in table.items() if isinstance(word, str) and _WORD.fullmatch(word)}


def casings(probs: Mapping[str, float]) -> Dict[str, Dict[str, float]]:
    """Lowercase key → {each casing of it in ``probs`` → its probability (not its log)}."""
    by_key: Dict[str, Dict[str, float]] = {}
    for word, logp in probs.items():
        by_key.setdefault(word.lower(), {})[word] = math.exp(logp)
    return by_key


def casing_tier(form: str, by_key: Mapping[str, Mapping[str, float]]) -> Optional[str]:
    """How strongly cased word probabilities (:func:`casings`) back ``form`` as the way its word is written:

    - ``"A"``: ``form`` is the dominant casing, at least half of all its word's uses in any casing;
    - ``"A2"``: it has at least half of the uses that are not lowercase, and lowercase has at most half of all;
    - ``None`` otherwise, and when its word has no probability at all.
    """
    shares = by_key.get(form.lower())
    total = sum(shares.values()) if shares else 0.0
    if not shares or total <= 0:
        return None
    key = form.lower()
    mine, lower = shares.get(form, 0.0), shares.get(key, 0.0)
    if mine >= 0.5 * total:
        return "A"
    not_lower = sum(p for word, p in shares.items() if word != key)
    if not_lower > 0 and mine >= 0.5 * not_lower and lower <= 0.5 * total:
        return "A2"
    return None


def _word_shaped(form: str) -> bool:
    return case_label(form) == "MIXED" and name_shaped(form) and all(ch.isalpha() or ch == "'" for ch in form)


def lexeme_mixed_forms(probs: Mapping[str, float], attested: Set[str],
                       floor: float = LEXEME_PROB_FLOOR) -> Dict[str, str]:
    """Mixed-case forms that cased word probabilities (:func:`read_lexeme_prob`) make the usual writing of their
    word and that a second, independent word list ``attested`` (one written form each, e.g. Tesseract's English
    words) also has, written the same way: form → tier ("A" or "A2", :func:`casing_tier`).

    Each word gets one candidate, its most probable mixed-case writing with the shape of a name
    (:func:`name_shaped`, letters and apostrophes only) and a probability above ``floor``. The other filters of
    the table (:func:`known_mixed_forms`, the training corpora: :func:`add_new_forms`) come after."""
    by_key = casings(probs)
    out: Dict[str, str] = {}
    for key, shares in by_key.items():
        candidates = [w for w in shares if _word_shaped(w)]
        if not candidates:
            continue
        form = max(candidates, key=lambda w: (shares[w], w))
        if probs[form] <= floor or form not in attested:
            continue
        tier = casing_tier(form, by_key)
        if tier:
            out[form] = tier
    return dict(sorted(out.items()))


def leading_casings(forms: Iterable[str], probs: Mapping[str, float], max_ratio: float = 20.0) -> List[str]:
    """The ``forms`` that cased word probabilities (:func:`read_lexeme_prob`) do not contradict: no writing of the
    form's word but lowercase is more than ``max_ratio`` times as probable as the form ("KiKi" goes where "Kiki" is
    the usual name; "WrestleMania" stays, though casual text writes "Wrestlemania" three times as often)."""
    by_key = casings(probs)
    out = []
    for form in forms:
        shares = {w: p for w, p in by_key.get(form.lower(), {}).items() if w != form.lower()}
        if not shares or max(shares.values()) <= max_ratio * shares.get(form, 0.0):
            out.append(form)
    return out


_ACRONYM_SHAPE = re.compile(r"[A-Z]{3,6}")


def usual_acronyms(entries: Iterable[str], dictionary: Set[str], probs: Mapping[str, float],
                   min_ratio: float = 3.0) -> List[str]:
    """The acronyms among a word list's ``entries`` (three to six capitals: "NBA", "UNESCO") that are no word
    (their lowercase is not in ``dictionary``) and that cased word probabilities (:func:`read_lexeme_prob`) write
    in capitals at least ``min_ratio`` times as often as in any other casing ("nba": NBA; not "Nato", which
    British text writes so)."""
    by_key = casings(probs)
    out = []
    for form in dict.fromkeys(e.strip() for e in entries):
        shares = by_key.get(form.lower(), {})
        if not _ACRONYM_SHAPE.fullmatch(form) or form.lower() in dictionary or form not in shares:
            continue
        if all(shares[form] >= min_ratio * p for w, p in shares.items() if w != form):
            out.append(form)
    return sorted(out)


_ROMAN_NUMERAL = re.compile(r"[ivxlcdm]+")


def plain_words(standard: Iterable[str], entries: Iterable[str], longest: int = 10) -> List[str]:
    """The words of a standard word list (``standard``, e.g. SCOWL's wamerican) that it writes in lowercase or
    capitalized ("sprint", "caffeine", "Java"), of 2 to ``longest`` letters, lowercased and sorted: neither it nor
    the larger list ``entries`` (SCOWL's "insane") writes them in capitals ("led" is also LED, "it" also IT), and
    none is a Roman numeral ("xi")."""
    standard = [w.strip() for w in standard]
    capitals = {w.lower() for w in [*standard, *(e.strip() for e in entries)] if len(w) > 1 and w.isupper()}
    words = {w.lower() for w in standard if case_label(w) in ("LOWER", "CAPITAL")}
    return sorted(w for w in words if 1 < len(w) <= longest and w.isalpha() and w not in capitals
                  and not _ROMAN_NUMERAL.fullmatch(w))


def add_acronyms(table: Mapping[str, str], acronyms: Iterable[str], counts: Optional[Mapping[str, int]] = None,
                 min_lower: int = 2) -> Dict[str, str]:
    """``table`` with each of ``acronyms`` keyed by its lowercase, only for a key the table does not have and,
    given word counts of written text, not where that text writes the word in lowercase or capitalized at least
    ``min_lower`` times and more often than in capitals ("Nato"; :func:`corpus_gate`)."""
    added = {form.lower(): form for form in acronyms if form.lower() not in table and (
        counts is None or corpus_gate(form, counts, min_lower, (form.lower(), form.capitalize())))}
    return dict(sorted({**table, **added}.items()))


def corpus_gate(form: str, counts: Mapping[str, int], min_lower: int = 2, rivals: Sequence[str] = ()) -> bool:
    """Whether written text (word counts of :func:`count_words`) lets ``form`` in: not when it writes the word in
    lowercase at least ``min_lower`` times and more often than as ``form`` ("thankyou" rather than "ThankYou");
    ``rivals``: the writings counted against the form instead of its lowercase alone."""
    others = sum(counts.get(w, 0) for w in rivals or (form.lower(),))
    return not (others >= min_lower and others > counts.get(form, 0))


def add_new_forms(table: Mapping[str, str], forms: Iterable[str], dictionary: Set[str],
                  counts: Optional[Mapping[str, int]] = None, min_lower: int = 2) -> Dict[str, str]:
    """``table`` (spoken key → written form, from :func:`known_mixed_forms`) with ``forms`` added: each through
    :func:`known_mixed_forms` with ``dictionary``, only for a key the table does not have (the table's form is
    never changed or dropped), and, given word counts of written text, only if :func:`corpus_gate` lets it in.
    Sorted by key, as :func:`known_mixed_forms` writes."""
    added = {key: form for key, form in known_mixed_forms(forms, dictionary).items() if key not in table
             and (counts is None or corpus_gate(form, counts, min_lower))}
    return dict(sorted({**table, **added}.items()))
