"""Generated stage-2 span pairs for forms that running text rarely holds, in the house style.

- ``mixed``: every word of the mixed-case lists (:func:`.mixed_case.mixed_case_words`) with its possessive and,
  for countable products, plural ("iphones" → "iPhones"); a brand name that is a possessive also said without
  its apostrophe, as recognisers write it ("mcdonalds" → "McDonald's").
- ``currency``: an amount with its currency said after it. A currency with a house symbol takes it ("five
  hundred dollars" → "$500", "euros" → "€", "yen" → "¥"); a currency named with its country or without a house
  symbol keeps its words ("six hundred and sixty us dollars" → "660 US dollars", "500 yuan",
  "500 RMB", "RMB 500", "20 bucks"), so every spoken word stays in the written span. "pounds" is left to the
  generated measures, whose house style writes it "lbs": pairs that made it "£" after a word of paying taught the
  converter "£" for weights too.
- ``oclock``: "five o'clock" → "5 o'clock".
- ``number_pairs``: a number read in pairs after a noun that labels things by number ("room four oh four" →
  "404", "flight twelve oh four" → "1204"), never a time; and, as the contrast, the same readings without such
  a noun written as the time they name ("at four oh four" → "4:04", as in the generated times).
- ``title``: the titles and abbreviations the normalizer expands ("mister" → "Mr.", "misses" → "Mrs.", "miss" →
  "Ms.", "doctor" → "Dr." before a surname; "etcetera" → "etc.").
- ``plain``: an ordinary word of the host as a one-word span, written as it is said ("number" → "number"). Every
  other one-word span in training changes (mostly into a mixed-case word), so without these the converter gave
  single-word ITN spans a mixed case ("NuMBer", "UNDer").

Each pair is placed in context words taken from a real spoken sentence (a host), with the cue words its class
needs next to it; the context is read-only, the target is the written span only.
"""
from __future__ import annotations

import random
import zlib
from functools import lru_cache
from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

from . import numbers as N
from .house_style import house_written
from .entities import MONTHS as MONTH_NAMES
from .mixed_case import LEXICONS, mixed_case_words, read_word_list
from .verbalize import ABBREVIATION_VARIANTS, ABBREVIATIONS, CURRENCIES as SPOKEN_CURRENCIES, SYMBOLS, UNITS, \
    UNIT_VARIANTS, verbalize

# (spoken words of a passage, span start, span end, written span, class)
Passage = Tuple[List[str], int, int, str, str]
Form = Tuple[str, str]  # (spoken word, written word) of a mixed-case word

PAIR_CLASSES: Tuple[str, ...] = ("mixed", "currency", "oclock", "number_pairs", "title", "plain")
# How often each class is drawn for training: the mixed-case words are the most varied; numbers read in pairs
# must outweigh the generated times that read the same words as a clock ("room three eighteen" vs "at 3:18").
CLASS_WEIGHTS: Dict[str, float] = {"mixed": 0.38, "currency": 0.15, "oclock": 0.06, "number_pairs": 0.29,
                                   "title": 0.07, "plain": 0.05}
HELD_OUT_SALT = "mixed-case-held-out"
# Words a user tries first (the examples of the formatter's own tests) are never held out.
KEPT_IN_TRAINING = frozenset("McDonald's iPhone MacBook YouTube LinkedIn PayPal O'Brien eBay McCartney".split())
# Products written in the brand list that people count ("two iPhones"): they also get a plural.
COUNTABLE = frozenset("iPhone iPad iPod iMac MacBook PlayStation BlackBerry GoPro".split())
AMOUNT_CUES = ("costs", "cost", "paid", "pay", "spent", "spend", "charged", "charge", "earns", "earn", "owe", "owes",
               "about", "only", "over", "nearly", "almost", "a total of", "just", "around", "another")
CURRENCIES: Dict[str, Tuple[Tuple[str, ...], str, str]] = {
    # name: (spoken readings after the amount, written symbol or "", written word after the amount)
    "dollars": (("dollars",), "$", ""),
    "us dollars": (("us dollars", "u s dollars"), "", "US dollars"),
    "euros": (("euros",), "€", ""),
    "yen": (("yen",), "¥", ""),
    "yuan": (("yuan",), "", "yuan"),
    "rmb": (("rmb",), "", "RMB"),
    "bucks": (("bucks",), "", "bucks"),
}
# Nouns that label things by a number read in pairs ("gate twenty three", "suite fifteen twenty"); each is one of
# the pipeline's label nouns (``core.number_spans.NUMBER_LABELS``), after which a clock-like reading becomes the
# label's number ("exit four oh four" → "exit 404", not "4:04").
NUMBERED = ("room", "flight", "gate", "suite", "apartment", "bus", "route", "platform", "ward", "seat", "table",
            "extension", "exit", "unit", "locker", "office", "cabin", "channel", "highway", "building", "train")
OCLOCK_CUES = ("at", "by", "until", "around", "about", "before", "after", "since", "till", "from", "past")
TITLES: Tuple[Tuple[str, Tuple[str, ...]], ...] = (
    ("Mr.", ("mister",)), ("Mrs.", ("misses", "missus")), ("Ms.", ("miss", "miz")), ("Dr.", ("doctor",)))
ETC_READINGS = (("etcetera",), ("et", "cetera"))
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
SURNAMES = ("smith johnson williams brown jones miller davis wilson anderson taylor thomas moore martin jackson "
            "thompson white harris clark lewis robinson walker young allen king wright scott green baker adams "
            "nelson hill campbell mitchell roberts carter phillips evans turner parker collins edwards stewart "
            "morris murphy cook rogers morgan cooper peterson reed bailey bell kelly howard ward cox richardson "
            "wood watson brooks bennett gray james hughes price sanders myers long ross foster wang li zhang chen "
            "liu lin garcia rodriguez martinez lopez gonzalez kim park lee patel singh khan nguyen").split()


@lru_cache(maxsize=None)
def _not_plain() -> FrozenSet[str]:
    """Words a one-word span may rightly change: numbers, months and days, words of titles, abbreviations, units,
    currencies and symbols, and the spoken mixed-case list words."""
    phrases = [*N.ONES, *N.TENS, *(name for _, name in N.SCALES), "hundred", "oh", "o", "bucks", "yuan", "rmb",
               *(" ".join(N.ordinal(n)) for n in range(1, 100)), *(m.lower() for m in MONTH_NAMES), *WEEKDAYS,
               *(w for readings in ABBREVIATIONS.values() for w in readings),
               *(w for variants in ABBREVIATION_VARIANTS.values() for v in variants for w in v),
               *UNITS.values(), *(w for v in UNIT_VARIANTS.values() for w in v), *SYMBOLS.values(),
               *(w for names in SPOKEN_CURRENCIES.values() for w in names),
               *(r for _, readings in TITLES for r in readings), *(w for r in ETC_READINGS for w in r),
               *(spoken for spoken, _ in mixed_forms(mixed_case_words()))]
    return frozenset(w for phrase in phrases for w in phrase.split())


def is_plain(word: str) -> bool:
    """Whether ``word`` may be a ``plain`` pair: lowercase letters only, three or more, not in :func:`_not_plain`
    (with or without a plural ``s``)."""
    return (len(word) >= 3 and word.isascii() and word.isalpha() and word.islower()
            and word not in _not_plain() and word.rstrip("s") not in _not_plain())


def _spoken(written: str) -> str:
    return written.lower()


def _possessive(word: str) -> Optional[str]:
    """A name's possessive; none for words ending in a sibilant or for verb forms ("IDed", "OK'ing", "KO'd")."""
    return None if word.endswith(("s", "x", "z", "ed", "ing", "'d")) else word + "'s"


@lru_cache(maxsize=None)
def brand_possessives() -> FrozenSet[str]:
    """Brand names that are possessives ("McDonald's"): recognisers also write them without the apostrophe."""
    return frozenset(w for w in read_word_list(LEXICONS / "mixed_case_brands.txt") if w.endswith("'s"))


def mixed_forms(words: Sequence[str]) -> List[Form]:
    """``(spoken word, written word)`` for every list word in ``words`` and its variants (see the module
    docstring); each spoken word has one written form: list words first, then plurals, then possessives, then
    brand possessives without their apostrophe."""
    forms: Dict[str, str] = {}
    variants: List[List[str]] = [list(words), [w + "s" for w in words if w in COUNTABLE],
                                 [p for p in map(_possessive, words) if p]]
    for group in variants:
        for w in group:
            forms.setdefault(_spoken(w), w)
    for w in list(forms.values()):
        if w in brand_possessives():
            forms.setdefault(_spoken(w)[:-2] + "s", w)
    return list(forms.items())


def word_group(word: str) -> str:
    """A list word and its variants share a group ("McCain", "McCain's", "McCains" → ``mccain``): words are held
    out from training by group."""
    low = word.lower()
    low = low[:-2] if low.endswith("'s") else low
    return low[:-1] if low.endswith("s") and len(low) > 2 else low


def is_held_out(word: str, share: float) -> bool:
    """Whether ``word``'s group is in the held-out ``share`` of groups (a fixed hash, the same on every run;
    never the groups of :data:`KEPT_IN_TRAINING`)."""
    group = word_group(word)
    if group in _kept_groups():
        return False
    return zlib.crc32(f"{HELD_OUT_SALT}:{group}".encode()) % 10000 < share * 10000


@lru_cache(maxsize=None)
def _kept_groups() -> FrozenSet[str]:
    return frozenset(map(word_group, KEPT_IN_TRAINING))


def split_words(words: Sequence[str], share: float) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """``(training words, held-out words)``: about ``share`` of the word groups held out entirely."""
    held = tuple(w for w in words if is_held_out(w, share))
    return tuple(w for w in words if not is_held_out(w, share)), held


def _and_after_hundred(words: List[str], rng: random.Random) -> List[str]:
    """NeMo's normalizer says "six hundred and sixty": half the readings get that "and"."""
    if "and" in words or rng.random() < 0.5:
        return words
    out: List[str] = []
    for i, w in enumerate(words):
        out.append(w)
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if w == "hundred" and nxt and nxt not in ("thousand", "million", "billion", "point"):
            out.append("and")
    return out


def _amount(rng: random.Random, whole: bool = False) -> str:
    """A written amount: mostly below a few thousand, sometimes with a scale word or decimals."""
    r = rng.random()
    if r < 0.3:
        return str(rng.randint(1, 99))
    if r < 0.65:
        return str(rng.randint(100, 999))
    if r < 0.85:
        return str(rng.randint(1000, 99999))
    scale = rng.choice(["thousand", "million", "million", "billion"])
    if whole or rng.random() < 0.6:
        return f"{rng.randint(1, 999)} {scale}"
    return f"{rng.randint(1, 99)}.{rng.randint(1, 9)} {scale}"


def _host_window(host: Sequence[str], rng: random.Random, context: int) -> Tuple[List[str], List[str]]:
    """Up to ``context`` words on each side of a random position of ``host``."""
    p = rng.randint(0, len(host))
    return list(host[max(0, p - context):p]), list(host[p:p + context])


def _passage(rng: random.Random, host: Sequence[str], context: int, spoken: List[str], written: str, cls: str,
             left_cue: Sequence[str] = (), right_cue: Sequence[str] = ()) -> Passage:
    left, right = _host_window(host, rng, context)
    left = (left + list(left_cue))[-context:] if context else []
    right = (list(right_cue) + right)[:context]
    return left + spoken + right, len(left), len(left) + len(spoken), written, cls


def mixed_passage(rng: random.Random, host: Sequence[str], context: int, forms: Sequence[Form]) -> Passage:
    """A mixed-case word drawn from ``forms`` (:func:`mixed_forms`) in host context."""
    spoken, written = rng.choice(forms)
    return _passage(rng, host, context, [spoken], written, "mixed")


def currency_pair(rng: random.Random) -> Tuple[List[str], str, Tuple[str, ...]]:
    """``(spoken, written, left cue)``: an amount with its currency said after it (or "rmb" before it)."""
    name = rng.choice(list(CURRENCIES))
    readings, symbol, word = CURRENCIES[name]
    amount = _amount(rng, whole=name == "yen")
    # "one hundred", never "a hundred": the guards read no number in "a" and would reject the output
    spoken = _and_after_hundred(["one" if w == "a" else w for w in verbalize(amount, "cardinal", rng)], rng)
    currency = rng.choice(readings).split()
    if amount == "1" and name in ("dollars", "us dollars", "euros"):
        currency[-1], word = currency[-1][:-1], word[:-1]
    if name == "rmb" and rng.random() < 0.3:  # "RMB 500" as written, read in that order
        return ["rmb"] + spoken, house_written(f"RMB {amount}", "money", spoken), ()
    written = f"{symbol}{amount}" if symbol else f"{amount} {word}"
    cue: Tuple[str, ...] = ()
    if rng.random() < 0.3:
        cue = tuple(rng.choice(AMOUNT_CUES).split())
    return spoken + currency, house_written(written, "money", spoken + currency), cue


def _clock(spoken: Sequence[str], written: str) -> Optional[str]:
    """The time a number read in pairs also names ("four oh four" → "4:04"; hours 1 to 12), else None."""
    hour, minute = int(written[:-2]), int(written[-2:])
    return f"{hour}:{written[-2:]}" if "hundred" not in spoken and 1 <= hour <= 12 and 0 < minute < 60 else None


def _number_pairs(rng: random.Random, clock: bool = False) -> Tuple[List[str], str]:
    """A 3- or 4-digit number read in pairs; with ``clock`` one that also names a time (:func:`_clock`)."""
    while True:
        if clock:
            written = f"{rng.randint(1, 12)}{rng.randint(1, 59):02d}"
        else:
            written = str(rng.randint(100, 999) if rng.random() < 0.6 else rng.randint(1000, 9999))
        spoken = N.pairs(written, rng)
        # not "room two thousand four" (read like a grouped count) nor "seventy oh eight" (read like 708)
        if "thousand" not in spoken and not (len(written) == 4 and written[1] == "0" and written[2] == "0") and (
                not clock or _clock(spoken, written)):
            return spoken, written


def pair_passage(rng: random.Random, host: Sequence[str], context: int, cls: str,
                 forms: Sequence[Form] = ()) -> Passage:
    """One generated pair of class ``cls`` (one of :data:`PAIR_CLASSES`) in host context; ``forms`` are the
    mixed-case words to draw from (:func:`mixed_forms`)."""
    if cls == "mixed":
        return mixed_passage(rng, host, context, forms)
    if cls == "currency":
        spoken, written, cue = currency_pair(rng)
        return _passage(rng, host, context, spoken, written, cls, left_cue=cue)
    if cls == "oclock":
        hour = rng.randint(1, 12)
        cue = [rng.choice(OCLOCK_CUES)] if rng.random() < 0.7 else []
        return _passage(rng, host, context, N.cardinal(hour) + ["o'clock"], f"{hour} o'clock", cls, left_cue=cue)
    if cls == "number_pairs":
        if rng.random() < 0.4:  # the contrast: without a numbering noun the same readings are times
            spoken, written = _number_pairs(rng, clock=True)
            cue = [rng.choice(OCLOCK_CUES)] if rng.random() < 0.5 else []
            return _passage(rng, host, context, spoken, _clock(spoken, written) or written, cls, left_cue=cue)
        spoken, written = _number_pairs(rng)
        cue = [rng.choice(NUMBERED)] + (["number"] if rng.random() < 0.2 else [])
        return _passage(rng, host, context, spoken, written, cls, left_cue=cue)
    if cls == "title":
        if rng.random() < 0.15:
            return _passage(rng, host, context, list(rng.choice(ETC_READINGS)), "etc.", cls)
        written, readings = rng.choice(TITLES)
        return _passage(rng, host, context, [rng.choice(readings)], written, cls, right_cue=[rng.choice(SURNAMES)])
    if cls == "plain":
        words = [w for w in host if is_plain(w)] or ["table"]
        word = rng.choice(words)
        return _passage(rng, host, context, [word], word, cls)
    raise ValueError(f"unknown class {cls!r}; choose from {PAIR_CLASSES}")


def random_passage(rng: random.Random, host: Sequence[str], context: int, forms: Sequence[Form]) -> Passage:
    """A pair of a class drawn by :data:`CLASS_WEIGHTS`."""
    cls = rng.choices(PAIR_CLASSES, [CLASS_WEIGHTS[c] for c in PAIR_CLASSES])[0]
    return pair_passage(rng, host, context, cls, forms)
