"""Checks on a converted span before it replaces the spoken words.

A span fails (and falls back to its spoken words) when its output is empty, far too long, changes a number's
value, holds a word the spoken span does not license, or leaves out a spoken word that cannot vanish into a
symbol or a number. ``check_span`` returns ``None`` or the reason.
"""
from __future__ import annotations

import re
from typing import AbstractSet, Any, List, Optional, Sequence, Tuple

from .labels import MIXED_CLASS

_UNITS = {"zero": 0, "oh": 0, "o": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
          "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_SCALES = {"thousand": 10 ** 3, "million": 10 ** 6, "billion": 10 ** 9, "trillion": 10 ** 12}
_ORDINALS = {"first": "one", "second": "two", "third": "three", "fifth": "five", "eighth": "eight", "ninth": "nine",
             "twelfth": "twelve"}
# Written words that stand for spoken ones (symbols, abbreviations, month and unit spellings).
_LICENSED = set("""
st nd rd th s mr mrs ms dr prof jr sr vs etc mt ft gen gov sen rep lt col capt sgt e g i a m p am pm www http
https com org net edu gov io co uk kg km cm mm mi in lb lbs oz g mg ml l mph kph h c f gb mb tb kb ghz mhz khz hz
kw kwh w v hrs hr min sec ms sq jan feb mar apr jun jul aug sep sept oct nov dec
""".split())
_MONTH_NUMBER = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
_MONTHS = set(_MONTH_NUMBER)
_WORD = re.compile(r"[A-Za-z]+")
_DIGITS = re.compile(r"\d+")


def _ordinal_base(word: str) -> str:
    if word in _ORDINALS:
        return _ORDINALS[word]
    if word.endswith("ieth"):
        return word[:-4] + "y"
    if word.endswith("th") and word[:-2] in _UNITS | _TENS | {"hundred": 0} | _SCALES:
        return word[:-2]
    return word


def _singular(word: str) -> str:
    """``nineties`` → ``ninety``, ``hundreds`` → ``hundred``, ``tens`` → ``ten`` (decades and centuries)."""
    if word.endswith("ies") and word[:-3] + "y" in _TENS:
        return word[:-3] + "y"
    if word in ("hundreds", "tens", "thousands"):
        return word[:-1]
    return word


def spoken_numbers(words: Sequence[str], keep_scales: AbstractSet[str] = frozenset(),
                   hundred_joins: bool = True) -> List[str]:
    """The numbers a spoken span says, as digit strings: ``twelve point three`` → ``["12", "3"]``,
    ``nineteen ninety`` → ``["19", "90"]``, ``fifteen hundred`` → ``["1500"]``, ``double five`` → ``["55"]``.

    Scale words in ``keep_scales`` stay words ("12.3 million"); others multiply. ``hundred_joins=False`` reads
    "six hundred three" as 600, 3 (the ambiguity of "nineteen hundred five").
    """
    out: List[str] = []
    current: Optional[int] = None  # value of the number being read
    total = 0
    last_kind = ""
    repeat = 1

    def flush() -> None:
        nonlocal current, total, last_kind
        if current is not None or total:
            out.append(str(total + (current or 0)))
        current, total, last_kind = None, 0, ""

    for raw in words:
        if _DIGITS.search(raw):  # a written number in the spoken input ("20", "1,034", "20th") stays that number
            flush()
            out.append("".join(_DIGITS.findall(raw)))
            continue
        w = _ordinal_base(_singular(raw.lower()))
        if w in ("double", "triple"):
            flush()
            repeat = 2 if w == "double" else 3
            continue
        if w in _UNITS and (w not in ("oh", "o") or current is not None or out or last_kind or repeat > 1):
            value = _UNITS[w]
            if repeat > 1:
                flush()
                out.append(str(value) * repeat)
                repeat = 1
                continue
            if current is None:
                current, last_kind = value, "unit"
            elif last_kind == "tens" and current % 10 == 0 and value < 10:
                current, last_kind = current + value, "unit"
            elif last_kind == "hundred" and (hundred_joins or total):
                current, last_kind = current + value, "unit"
            else:
                flush()
                current, last_kind = value, "unit"
        elif w in _TENS:
            if last_kind == "hundred" and (hundred_joins or total or current is None):
                current = (current or 0) + _TENS[w]
            else:
                flush()
                current = _TENS[w]
            last_kind = "tens"
        elif w == "hundred" and current is not None:
            current, last_kind = current * 100, "hundred"
        elif w in _SCALES and w not in keep_scales and (current is not None or total):
            total, current, last_kind = total + (current or 0) * _SCALES[w], None, "hundred"
        elif w == "and" and last_kind in ("hundred",):
            continue
        else:
            flush()
    flush()
    return out


def spoken_digits(words: Sequence[str], keep_scales: AbstractSet[str] = frozenset(),
                  hundred_joins: bool = True) -> str:
    """The digits of :func:`spoken_numbers`, concatenated: ``nineteen ninety`` → ``1990``."""
    return "".join(spoken_numbers(words, keep_scales, hundred_joins))


def expected_digits(spoken_span: Sequence[str], written: str) -> str:
    """The digits a written form of ``spoken_span`` should hold, reading scale words as ``written`` does
    ("twelve point three million" → ``123`` when ``written`` keeps "million", ``12300000`` when it does not)."""
    lower = written.lower()
    return spoken_digits(spoken_span, frozenset(s for s in _SCALES if s in lower))


def _licensed_words(spoken: Sequence[str]) -> set:
    allowed = {w.lower().strip("'") for w in spoken} | _LICENSED | _MONTHS
    allowed |= {w.lower()[:-2] for w in spoken if w.endswith("'s")}
    allowed |= {run for w in spoken for run in _WORD.findall(w.lower())}  # "o'keefe" licenses "o" and "keefe"
    letters = [w for w in spoken if len(w) == 1 or (len(w) == 3 and w.endswith("'s"))]
    if letters:
        allowed.add("".join(w[0] for w in letters).lower())
    return allowed


# Spoken words that a written form may leave out or turn into a symbol or a digit's neighbour: number glue, currency
# and unit words, electronic and address punctuation words, time and date words.
_VANISHING = set("""
and point minus negative plus oh o double triple hundred hundreds thousand thousands a an the of to through
million millions billion billions trillion trillions
dollar dollars cent cents percent per euro euros pound pounds pence yen sen rupee rupees bucks
dot at slash colon dash hyphen underscore hash hashtag star backslash tilde sign equals question mark quote
o'clock am pm degree degrees x by times over half halves quarter quarters
miles hour hours square cubic megs gigs kilos number music sharp flat miz misses missus et cetera for example
""".split())


def _abbreviates(short: str, word: str) -> bool:
    """Whether written ``short`` can stand for spoken ``word``: same first letter, its letters in order
    ("st" street, "mr" mister, "kg" kilograms, "ave" avenue)."""
    if not short or short[0] != word[0]:
        return False
    rest = iter(word)
    return all(ch in rest for ch in short)


def dropped_word(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """The first spoken word that ``written`` leaves out, or ``None``: each word must be written as itself (or
    run into a longer token, "john.smith@gmail.com"), be a number or a month, be a word that may vanish into a
    symbol (:data:`_VANISHING`), or be abbreviated by a written word ("mister" → "Mr.")."""
    lower = written.lower()
    runs = _WORD.findall(lower)
    for raw in spoken_span:
        word = raw.lower()
        letters = "".join(_WORD.findall(word))
        if (not letters or letters in _VANISHING or word in _VANISHING or word in _MONTHS
                or spoken_digits([word]) or (len(letters) == 1 and letters in lower)
                or (word.endswith("'s") and letters[:-1] in runs)
                or any(_abbreviates(run, letters) for run in runs)
                or any(letters in run for run in runs)):  # itself, or inside a token
            continue
        return raw
    return None


def _joins_spoken_words(word: str, pieces: Sequence[str]) -> bool:
    """Whether ``word`` is a run of whole consecutive spoken words (``pieces``: their letters) run together
    ("john smith" → "johnsmith"), not just any substring of them ("billion dollars" does not license "billiond")."""
    for i in range(len(pieces)):
        joined = ""
        for piece in pieces[i:]:
            joined += piece
            if joined == word:
                return True
            if len(joined) >= len(word) or not word.startswith(joined):
                break
    return False


def check_span(spoken_span: Sequence[str], written: str, cls: Optional[str] = None) -> Optional[str]:
    """``None`` when ``written`` may replace ``spoken_span``; otherwise the reason it may not.

    ``cls="mixed"`` (a mixed-case word) requires the same letters as the spoken word.
    """
    text = written.strip()
    if not text:
        return "empty"
    spoken_chars = sum(len(w) for w in spoken_span) + len(spoken_span)
    if len(text) > 2 * spoken_chars + 16:
        return "too long"
    if cls == "mixed":
        return None if text.lower() == " ".join(spoken_span).lower() else "mixed: letters changed"
    allowed = _licensed_words(spoken_span)
    pieces = ["".join(_WORD.findall(w.lower())) for w in spoken_span]
    for word in _WORD.findall(text):
        lw = word.lower()
        if lw not in allowed and not _joins_spoken_words(lw, pieces):
            return f"invented word: {word}"
    missing = dropped_word(spoken_span, text)
    if missing is not None:
        return f"dropped word: {missing}"
    return _number_check(spoken_span, text)


def _number_check(spoken: Sequence[str], text: str) -> Optional[str]:
    """Lenient where readings are ambiguous (times "18:00", cents "$3.05", numeric dates), strict on digits."""
    lower = text.lower()
    # Written variants whose digits may match the spoken reading: as is, ":00"/".00" dropped, cents "05" → "5".
    variants = {re.sub(r"\D", "", v).lstrip("0") for v in (text, re.sub(r"[.:]00\b", "", text),
                                                            re.sub(r"\.0(\d)\b", r".\1", text))}
    digits = re.sub(r"\D", "", text)
    if not digits:
        if not spoken_digits(spoken):
            return None
        # Number words kept as words ("underscore one" → "_one") are fine; a number that vanished is not.
        kept = any(spoken_digits([w]) and w.lower() in lower for w in spoken)
        return None if kept else "number dropped"
    if "/" in text:  # fractions and slashed dates: too many readings
        return None
    keep = frozenset(s for s in _SCALES if s in lower)
    readings = [spoken_numbers(spoken, keep, joins) for joins in (True, False)]
    flat = {"".join(r).lstrip("0") for r in readings}
    if variants & flat:
        return None
    months = [str(_MONTH_NUMBER[w.lower()]) for w in spoken if w.lower() in _MONTH_NUMBER]
    if months:  # numeric dates reorder day, month and year: same digits, any order
        written = sorted("".join(g.lstrip("0") or "0" for g in re.findall(r"\d+", text)))
        if any(sorted("".join(g.lstrip("0") or "0" for g in r + months)) == written for r in readings):
            return None
    return f"number changed: {'/'.join(sorted(flat)) or '-'} → {digits}"


def convert_checked(converter: Any, inputs: Sequence[str], spoken: Sequence[Sequence[str]],
                    mixed: Sequence[bool]) -> Tuple[List[str], List[Optional[str]], int]:
    """Convert ``inputs`` and check each output against its spoken span: ``(outputs, reasons, retries)``.

    A span whose digits came out wrong gets a second try with its spoken digits imposed (``convert(...,
    digits=...)``); ``retries`` counts the second tries that passed. ``reasons[i]`` is ``None`` for a span
    that may be used, else why it falls back.
    """
    outputs = list(converter.convert(inputs))
    reasons = [check_span(words, written, MIXED_CLASS if m else None)
               for words, written, m in zip(spoken, outputs, mixed)]
    retry = [j for j, reason in enumerate(reasons) if reason and reason.startswith("number")]
    retries = 0
    if retry:
        digits = [expected_digits(spoken[j], outputs[j]) for j in retry]
        for j, written in zip(retry, converter.convert([inputs[j] for j in retry], digits=digits)):
            if check_span(spoken[j], written) is None:
                outputs[j], reasons[j] = written, None
                retries += 1
    return outputs, reasons, retries
