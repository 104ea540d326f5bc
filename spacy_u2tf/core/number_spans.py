"""Number phrases converted whole or not at all: ITN spans grown over the rest of a multi-word number.

The tagger sometimes stops a span inside a spoken number ("six hundred" | "and sixty") or leaves a currency
word after it. :func:`complete_number_spans` takes the words and their ITN BIO labels and returns labels whose
spans cover every number phrase they touch, merged where a phrase runs through ``hundred``/``thousand``/``and``
from one span into the next, plus a currency (or "percent") said after the number ("dollars", "us dollars",
"bucks").
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Sequence, Tuple

from .labels import bio_spans

_UNITS = "one two three four five six seven eight nine".split()
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_SCALES = "thousand million billion trillion".split()
_UNIT_ORDINALS = "first second third fourth fifth sixth seventh eighth ninth".split()
_TEEN_ORDINALS = ("tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth "
                  "nineteenth").split()

# word → kind: U unit 1-9, T ten-nineteen, D twenty-ninety, H hundred, S thousand and up, Z zero; a trailing
# "o" marks an ordinal ("sixtieth" is "Do"), which ends a phrase.
KINDS: Dict[str, str] = {
    **{w: "U" for w in _UNITS}, **{w: "T" for w in _TEENS}, **{w: "D" for w in _TENS}, "hundred": "H",
    **{w: "S" for w in _SCALES}, "zero": "Z",
    **{w: "Uo" for w in _UNIT_ORDINALS}, **{w: "To" for w in _TEEN_ORDINALS},
    **{w[:-1] + "ieth": "Do" for w in _TENS}, "hundredth": "Ho", **{w + "th": "So" for w in _SCALES},
}
# Which kind may follow which inside one cardinal ("six hundred", "twenty five", "thousand five", "hundred sixty").
_NEXT = {"U": "HS", "T": "HS", "D": "UHS", "H": "UTDS", "S": "UTD", "Z": ""}
# Year-style pairs, only as a phrase's first two words: nineteen ninety, nineteen eighteen, twenty twenty, twenty ten.
_YEAR_PAIRS = {("T", "D"), ("T", "T")}
# Units that join the span when said right after its number: currencies and percent (longest first). Yuan and rmb
# are not among them: the shipped converter writes "twenty yuan" as "20-yuan" and "rmb" as "Rmb" inside a span.
UNIT_PHRASES: Tuple[Tuple[str, ...], ...] = tuple(sorted((tuple(p.split()) for p in (
    "dollar", "dollars", "us dollars", "u s dollars", "euro", "euros", "pound", "pounds", "pounds sterling",
    "bucks", "cents", "percent")), key=len, reverse=True))

# Nouns that name things by number ("room 5", "chapter 3", "No. 2"): a number after them is a label, written in
# digits however small (see ``U2TF``'s ``spell_numbers_below``).
NUMBER_LABELS = frozenset(
    "room rooms page pages chapter chapters number no numbers flight gate platform track channel level grade "
    "season episode volume part section article exhibit apartment suite bus route highway interstate step table "
    "figure question item act scene psalm verse version line lines floor terminal window counter booth seat row "
    "class form box unit ward lane block lot hall building extension exit locker office cabin train".split())


def labels_a_number(word: str) -> bool:
    """Whether a number said right after ``word`` labels something ("room five" → "room 5")."""
    return word.lower().rstrip(".") in NUMBER_LABELS


_CLOCK = re.compile(r"(\d{1,2}):(\d\d)")


def label_number(written: str, before: str) -> Optional[str]:
    """The number a clock-like conversion stands for after a noun that labels by number: "room four oh four" is
    read in pairs like a time, but after "room" it is room 404, not 4:04 ("404"; ``None`` where that does not
    apply). The digits are the conversion's own, which the guards have checked against the spoken ones."""
    match = _CLOCK.fullmatch(written.strip())
    if match is None or not labels_a_number(before):
        return None
    return match.group(1) + match.group(2)


# Words after which "fifteen hundred" is a time of day ("at fifteen hundred", "until eighteen hundred"); anywhere
# else a clock reading of "N hundred" is a number ("nearly fifteen hundred poems").
_CLOCK_BEFORE = frozenset("at by until till til from before after around about past between to and or "
                          "approximately roughly since".split())
_CLOCK_WORDS = frozenset("hours hour o'clock am pm a.m. p.m. zulu".split())  # not "a": "fifteen hundred a year"
_YEAR_BEFORE = frozenset("in of year circa c.".split())


def hundred_clock_number(written: str, spoken: Sequence[str], before: str, after: str) -> Optional[str]:
    """The number that a clock-like conversion of "N hundred" stands for where nothing makes it a time: "fifteen
    hundred" read as 15:00 is 1,500 in "nearly fifteen hundred poems" (1500 after "in" or "of", a year), but stays
    a time after "at", "until" and the like or with "hours" said ("eighteen hundred hours"). ``None`` where that
    does not apply; the digits are the conversion's own, which the guards have checked against the spoken ones."""
    match = _CLOCK.fullmatch(written.strip())
    words = [w.lower() for w in spoken]
    before = before.lower()
    if (match is None or match.group(2) != "00" or not words or words[-1] != "hundred"
            or not all(_kind(w) in ("U", "T", "D") for w in words[:-1])
            or before in _CLOCK_BEFORE or after.lower() in _CLOCK_WORDS):
        return None
    value = int(match.group(1)) * 100
    return str(value) if before in _YEAR_BEFORE else f"{value:,}"


# Nouns counted in people or things that a clock reading never comes right before ("two fifty people").
_COUNTED = frozenset("people persons men women children kids passengers soldiers troops shares copies units items "
                     "votes seats students members employees workers".split())


def clock_number(written: str, spoken: Sequence[str], after: str) -> Optional[str]:
    """The number a clock-like conversion of plain number words stands for where it cannot be a time: minutes of
    60 or more ("nine ninety nine" read as 9:99 is 999) or a count of people or things right after ("two fifty
    people" is 250 people, not 2:50; "eighteen hundred people" 1,800). ``None`` where that does not apply, or
    where the span said a time word of its own ("half", "past", "o'clock"); the digits are the conversion's own,
    which the guards have checked."""
    match = _CLOCK.fullmatch(written.strip())
    if match is None or not spoken or not all(_kind(w) in ("U", "T", "D", "H", "Z") or w.lower() in ("oh", "o")
                                              for w in spoken):
        return None
    hours, minutes = match.groups()
    if int(minutes) < 60 and after.lower() not in _COUNTED:
        return None
    return f"{int(hours + minutes):,}"


def _kind(word: str) -> Optional[str]:
    return KINDS.get(word.lower())


def _phrase_end(words: Sequence[str], kinds: Sequence[Optional[str]], start: int) -> int:
    """End (exclusive) of the number phrase that starts with the number word ``words[start]``: "six hundred and
    sixty", "nineteen ninety five", "two point five million"; an ordinal ends it ("twenty first")."""
    n = len(words)
    j = start + 1
    if kinds[start] is None or kinds[start].endswith("o"):
        return j
    while j < n:
        prev = kinds[j - 1] or ""
        nxt = kinds[j]
        word = words[j].lower()
        if word == "and" and prev in ("H", "S") and j + 1 < n and (kinds[j + 1] or "")[:1] in ("U", "T", "D"):
            j += 1  # "hundred and sixty": the next word is checked as a continuation of the scale
            nxt = kinds[j]
        elif word == "point" and prev[:1] in ("U", "T", "D", "Z") and j + 1 < n and kinds[j + 1] in ("U", "Z"):
            j += 2
            while j < n and kinds[j] in ("U", "Z"):  # digits after the point, one word each
                j += 1
            return j + 1 if j < n and kinds[j] == "S" else j  # "two point five million"
        if nxt is None:
            break
        base, ordinal = nxt[0], nxt.endswith("o")
        year = j == start + 1 and ((prev, base) in _YEAR_PAIRS
                                   or (words[start].lower() == "twenty" and base in ("D", "T")))
        if not (year or base in _NEXT.get(prev, "")):
            break
        j += 1
        if ordinal:
            break
        if year:  # nineteen ninety [five]: only a unit may follow
            if j < n and kinds[j] in ("U", "Uo") and base == "D":
                j += 1
            break
    return j


def number_phrases(words: Sequence[str]) -> List[Tuple[int, int]]:
    """The maximal number phrases of ``words``, left to right, as ``[start, end)``."""
    kinds = [_kind(w) for w in words]
    out: List[Tuple[int, int]] = []
    i = 0
    while i < len(words):
        if kinds[i] is not None:
            end = _phrase_end(words, kinds, i)
            out.append((i, end))
            i = end
        else:
            i += 1
    return out


def _joins(words: Sequence[str], left_end: int, right_start: int) -> bool:
    """Whether two tagger spans are one number split in two: a hundred, a scale or "and" at or between their
    facing ends ("six hundred" | "sixty", "six hundred" "and" "sixty"), not two numbers side by side."""
    return any(_kind(w) in ("H", "S") or w.lower() == "and" for w in words[left_end - 1:right_start + 1])


def _unit_end(words: Sequence[str], end: int) -> int:
    lowered = [w.lower() for w in words[end:end + 3]]
    for phrase in UNIT_PHRASES:
        if tuple(lowered[:len(phrase)]) == phrase:
            return end + len(phrase)
    return end


def complete_number_spans(words: Sequence[str], itn: Sequence[str]) -> List[str]:
    """ITN BIO labels whose spans cover the whole of every number phrase they touch (see the module doc).

    Spans are only grown and merged, never cut or dropped; a phrase that would join two spans that are two
    numbers side by side ("twenty" | "five") is cut at the tagger's boundary instead.
    """
    spans = bio_spans(itn)
    if not spans:
        return list(itn)
    phrases = number_phrases(words)
    grown: List[List[int]] = []  # [start, end, original start, original end]
    for start, end in spans:
        lo, hi = start, end
        for p_start, p_end in phrases:
            if p_start < end and p_end > start:
                lo, hi = min(lo, p_start), max(hi, p_end)
        grown.append([lo, hi, start, end])
    merged: List[List[int]] = []
    for span in grown:
        if merged and span[0] < merged[-1][1]:
            last = merged[-1]
            if _joins(words, last[3], span[2]):
                last[1], last[3] = max(last[1], span[1]), span[3]
                continue
            last[1] = max(last[3], min(last[1], span[2]))  # give the next span back its own words
            span[0] = max(span[0], last[1])
        merged.append(span)
    out = ["O"] * len(words)
    k = 0
    while k < len(merged):
        lo, hi = merged[k][0], merged[k][1]
        if _kind(words[hi - 1]) and not _kind(words[hi - 1]).endswith("o"):
            unit_end = _unit_end(words, hi)
            if k + 1 < len(merged) and merged[k + 1][0] == hi and merged[k + 1][1] == unit_end:
                k += 1  # the tagger gave the unit a span of its own ("six hundred" | "us dollars"): one span
            limit = merged[k + 1][0] if k + 1 < len(merged) else len(words)
            hi = unit_end if unit_end <= limit else hi
        out[lo:hi] = ["B"] + ["I"] * (hi - lo - 1)
        k += 1
    return out
