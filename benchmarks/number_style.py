"""Number style: how the dev references write small numbers (0–100) in each context, and what the model writes.

Part 1 reads the written references of each dev set in full (DialogSum dev dialogues, WikiText-2 test paragraphs,
QMSum validation meetings, read by :func:`spacy_u2tf.evaluation.readers.read_references`) and counts every number
0–100 written as digits (``2``, ``25``, ``3rd``) or as words (``two``, ``twenty-five``, ``twenty five``,
``third``) by context and value band (0–9, 10–100). It also scores three fixed policies against those counts: every
number as digits, every number as words, and words below 10 (what ``spell_numbers_below=10`` aims at).

Part 2 takes the spoken form the project makes of a bounded number of references
(:func:`spacy_u2tf.evaluation.runner.load_examples`, verbalizer ``own``, seed 0; QMSum cut into paragraphs of about
100 words as in ``eval_all.py``; ``--limit`` references spread evenly over each file, ``--first`` for the first
ones), formats it with the shipped model as it is and with ``spell_numbers_below=10``,
aligns each output with its cleaned reference (numbers as single tokens keyed by value, :func:`align_tokens`) and,
for every reference number whose aligned output token holds the same number, records whether the output writes it
as digits or words. Agreement = share of those numbers written in the reference's style; the best of "ours now",
"spell_numbers_below=10" and "every number as digits" is named per dev set and context.

What counts as a number (:func:`find_numbers`):

* digits ``0``–``100`` not part of a bigger token (``3.5``, ``1,000``, ``1/2``, ``COVID-19``, ``'90s``, ``90s``,
  ``007`` and digits glued to other letters are skipped); ``3rd``-style ordinals; ``3:30`` / ``08:00`` (a clock time,
  value = the hour); ``5pm`` (time); ``5km`` (unit);
* number words zero–ninety-nine, ``one hundred`` / ``a hundred``, their ordinals (``first``, ``twenty-first``);
* never part of a bigger number: followed by hundred/thousand/million/billion/trillion/dozen or ``point``, or
  preceded by one of those scale words or a letter and hyphen (``two hundred and five``, ``F-16``); "one hundred"
  followed by (and) a number word is skipped too;
* reference only (``strict``): "one" as a pronoun (after the/this/that/which/each/every/any/no/another/other/a/an,
  a possessive, what, some, or a common adjective such as new/old/big/little/right/same/last/next; or before
  of/another/'s: "one of", "no one", "the one", "this one", "the red one"; ``someone`` is one word and never
  matched); "second" as a noun (after a/one/per/split/few/each/every/this/that: "wait a second"); a capitalized
  number word that does not open a sentence (a name: "Formula One", "the Big Four"); two numbers with only spaces
  between ("nineteen ninety", phone-style "two two", a stutter "two two"); an hour word (1–12) before a minutes
  word (10–59) with a space or hyphen between is one clock time ("seven thirty", "ten-thirty") everywhere;
* numbers a tokenizer split are joined first (:func:`rejoin_numbers`: WikiText "5: 15", DialogSum "$ 36. 78",
  "100, 000", "4 - - 6"), in references and outputs alike.

Contexts (:func:`classify_context`, the first rule that applies; "after" skips a range or alternative first:
``5-10``, ``two to three``, ``two or three``, ``two and a half``, ``five or so``):

* ``ordinal``: 1st/first, twenty-first, 3rd;
* ``time``: the number is a clock time (``3:30``, ``5pm``, "seven thirty"), or is followed by o'clock / am / pm /
  a.m. / p.m., or "past <number|noon|midnight>" follows it, or "<half|quarter|number|minutes> past" precedes it
  ("ten past six", "half past seven"; not "the past two weeks");
* ``age``: "X years old", "X-year-old", "X months old" (years/months/weeks/days), "aged X", "age X", "age of X";
* ``money``: a currency sign before it ($ £ € ¥, RMB, USD) or a currency word after it (dollars, cents, yuan, RMB,
  pounds, euros, bucks, quid, pence, yen, francs, grand);
* ``unit``: followed by a unit of measure or time span (seconds … centuries, nights, km/miles/metres/feet/inches,
  kilos/grams/lbs/ounces/tons, litres/gallons, degrees, mph, acres, percent / per cent / %, MB/GB ...) or a unit
  glued to the digits (``5km``);
* ``date`` (not in the issue's list; keeps dates out of count/standalone): a capitalized month name right before
  or after it ("May 3", "3 May");
* ``label`` (not in the issue's list): a number naming something, after room/page/number/No./#/chapter/section/
  episode/season/highway/route/gate/flight/platform/track/level/grade/... ("Room 5", "number one");
* ``time`` (weak): after at/by/until/till/around with a time word after it (tonight, tomorrow, today, morning,
  evening, a weekday, sharp ...), or 1–12 after at/until/till/around, not in a range, before the end of the
  clause or a connector ("let's meet at six.", "a class at 2 as well", "at five to seven");
* ``count``: followed by a word that is not a clause connector (and/or/but/so/because/if/then/than/to/in/on/at/
  for/with/from/by/is/are/was/were/will/would/can/could/too/as/when/...);
* ``standalone``: anything else (punctuation, the end of the text, a connector).

    python benchmarks/number_style.py --dev DEV --json OUT/number_style.json
    python benchmarks/number_style.py --dev DEV --limit 20          # every set at 20 references (a quick check)
    python benchmarks/number_style.py --dev DEV --no-model           # part 1 only

``DEV`` is the folder with dialogsum.dev.jsonl, wikitext2.test.raw and qmsum.val.jsonl.gz.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from spacy_u2tf.data import numbers as N

# name → (file under --dev, load_examples keyword arguments, default limit of part 2)
DEV_SETS: Dict[str, Tuple[str, Dict[str, int], int]] = {
    "dialogsum": ("dialogsum.dev.jsonl", {}, 200),
    "wikitext2": ("wikitext2.test.raw", {}, 100),
    "qmsum": ("qmsum.val.jsonl.gz", {"chunk_words": 100}, 100),
}
CONTEXTS = ("age", "money", "time", "unit", "ordinal", "date", "label", "count", "standalone")
BANDS = ("0-9", "10-100")
DIGITS, WORDS = "digits", "words"
# Part 1 policies: what a number of value v would be written as.
POLICIES = {"all digits": lambda v: DIGITS, "all words": lambda v: WORDS,
            "words below 10": lambda v: WORDS if v < 10 else DIGITS}
SYSTEMS = ("ours", "spell<10")  # part 2: the shipped model as it is, and with spell_numbers_below=10

# ---------------------------------------------------------------------------------------------------- number words
UNIT_WORDS = N.ONES  # zero ... nineteen
TENS_WORDS = {w: 10 * i for i, w in enumerate(N.TENS) if w}
ORDINAL_WORDS = ["zeroth"] + [" ".join(N.ordinal(i)) for i in range(1, 20)]
TENS_ORDINALS = {" ".join(N.ordinal(10 * i)): 10 * i for i in range(2, 10)}
CARDINAL_VALUE = {w: i for i, w in enumerate(UNIT_WORDS)}
ORDINAL_VALUE = {w: i for i, w in enumerate(ORDINAL_WORDS) if i}

_alt = "|".join
_TENS = _alt(TENS_WORDS)
_ONES = _alt(UNIT_WORDS[1:10])
_ONES_ORD = _alt(ORDINAL_WORDS[1:10])
# Longest alternatives first; \b keeps "seven" out of "seventeen" and "one" out of "someone".
WORD_NUMBER = re.compile(
    rf"\b(?:(?:one|a) hundred(?:th)?"
    rf"|(?:{_TENS})(?:[ -](?:{_ONES_ORD}|{_ONES}))?"
    rf"|{_alt(TENS_ORDINALS)}|{_alt(sorted(ORDINAL_WORDS[1:], key=len, reverse=True))}"
    rf"|{_alt(sorted(UNIT_WORDS, key=len, reverse=True))})\b",
    re.I)
# Digits with what is glued to them ("3.5", "1,000", "3:30", "3rd", "5km"); not after a letter/digit/./,/:/'/slash.
DIGIT_NUMBER = re.compile(r"(?<![\w.,:/'])\d+(?:[.,:]\d+)*[A-Za-z]*")
_ORDINAL_SUFFIX = {"st", "nd", "rd", "th"}
_TIME_SUFFIX = {"am", "pm"}
_UNIT_SUFFIX = {"km", "kg", "kgs", "cm", "mm", "lb", "lbs", "mph", "kph", "ml", "hr", "hrs", "min", "mins", "ft",
                "gb", "mb", "kb", "oz"}
_SCALE = r"(?:hundred|thousand|million|billion|trillion|dozen)s?"
_PART_OF_BIGGER_AFTER = re.compile(rf"^(?:[ -]+{_SCALE}\b|\s+point\s+\w|/\d)", re.I)
_HUNDRED_AND = re.compile(rf"^(?:\s+and)?[ -]+(?:{_TENS}|{_alt(UNIT_WORDS[1:])})\b", re.I)  # "one hundred and five"
_PART_OF_BIGGER_BEFORE = re.compile(rf"(?:\b{_SCALE}(?:[ -]+and)?[ -]+|\bpoint\s+|[A-Za-z]-)$", re.I)

# ---------------------------------------------------------------------------------------------------- strict rules
_ONE_PRONOUN_BEFORE = re.compile(
    r"\b(?:the|this|that|which|each|every|any|no|another|other|a|an|my|your|his|her|its|our|their|what|some|"
    r"whichever|new|old|big|small|little|good|bad|right|wrong|same|only|last|next|nice|better|best|cheaper|"
    r"bigger|smaller|different|red|blue|black|white|green|young|older|younger|latter|former|real|main|"
    r"cheap|expensive|other's|first)\s+$", re.I)
_ONE_PRONOUN_AFTER = re.compile(r"^(?:\s+(?:of|another)\b|'s\b)", re.I)
_SECOND_NOUN_BEFORE = re.compile(r"\b(?:a|one|per|split|few|each|every|this|that)\s+$", re.I)
_SENTENCE_START = re.compile(r"(?:^|[.?!:;\n\"(\[])[\s\"']*$")

# ---------------------------------------------------------------------------------------------------- context rules
_NUM = rf"(?:\$?\d+(?:[.,:]\d+)*|(?:{_TENS})(?:[ -](?:{_ONES}))?|{_alt(UNIT_WORDS)})"
_RANGE_AFTER = re.compile(rf"^\s*(?:(?:-[\s-]*|–|to|or|and)\s*{_NUM}\b|and\s+a\s+(?:half|quarter)\b|or\s+so\b)", re.I)
_RANGE_BEFORE = re.compile(rf"\b{_NUM}\s*(?:-[\s-]*|–|to|or|and)\s*$", re.I)
_TIME_AFTER = re.compile(rf"^[\s,]*(?:o'?\s?clock\b|[ap]\.?\s?m\b\.?|[ap]\.m\.)|^\s+past\s+(?:{_NUM}|noon|midnight)\b",
                         re.I)
_TIME_BEFORE = re.compile(rf"\b(?:half|quarter|{_NUM}|minutes?)\s+past\s+$", re.I)
_TIME_WORD_AFTER = re.compile(
    r"^[\s,]*(?:(?:this|in the|tomorrow|on|every|next|at)\s+)?(?:tonight|tomorrow|today|yesterday|morning|"
    r"afternoon|evening|night|sharp|noon|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", re.I)
_AT_BEFORE = re.compile(r"\b(?:at|by|until|till|til|around)\s+$", re.I)
_AT_END_BEFORE = re.compile(r"\b(?:at|until|till|til|around)\s+$", re.I)  # "by eight." is rarely a time
_CLAUSE_END_AFTER = re.compile(r"^\s*(?:[.?!;,]|$)")
_AGE_AFTER = re.compile(r"^[\s-]*(?:years?|yrs?|months?|weeks?|days?)[\s-]+olds?\b", re.I)
_AGE_BEFORE = re.compile(r"\b(?:aged|age|ages|age of)\s+$", re.I)
_MONEY_BEFORE = re.compile(r"(?:[$£€¥]|\b(?:rmb|usd|us\$|hk\$))\s*$", re.I)
_MONEY_AFTER = re.compile(r"^[\s-]*(?:dollars?|cents?|yuan|rmb|pounds?|euros?|bucks?|quid|pence|yen|francs?|"
                          r"grand)\b", re.I)
_UNITS = (r"seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?|decades?|century|centuries|"
          r"nights?|km|kms|kilomet(?:er|re)s?|miles?|met(?:er|re)s?|cm|mm|centimet(?:er|re)s?|millimet(?:er|re)s?|"
          r"feet|foot|ft|inch|inches|yards?|kilos?|kilograms?|kg|kgs|grams?|lbs?|ounces?|oz|tons?|tonnes?|"
          r"lit(?:er|re)s?|ml|gallons?|degrees?|mph|kph|acres?|hectares?|square|cubic|calories|volts?|watts?|"
          r"percent|per\s+cent|percentage\s+points?|mb|gb|kb|megabytes?|gigabytes?|storeys?")
_UNIT_AFTER = re.compile(rf"^(?:\s*[%°]|[\s-]*(?:{_UNITS})\b)", re.I)
_MONTHS = (r"January|February|March|April|May|June|July|August|September|October|November|December|"
           r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec")
_DATE_BEFORE = re.compile(rf"\b(?:{_MONTHS})\.?\s+$")
_DATE_AFTER = re.compile(rf"^\s+(?:{_MONTHS})\b")
_LABEL_BEFORE = re.compile(
    r"(?:#\s*|\bNo\.\s*|\b(?:room|page|pages|number|chapter|section|episode|season|volume|vol\.|part|highway|"
    r"route|interstate|gate|flight|platform|track|level|grade|channel|exit|seat|row|bus|line|step|item|question|"
    r"table|figure|act|scene|game|psalm|article|verse|apartment|suite|building|floor|lane|phase|stage|option|"
    r"version|division|district|ward|class|unit|tier|category|day|week|year|number)\s+)$", re.I)
_NEXT_WORD = re.compile(r"^[\s-]*([A-Za-z][A-Za-z']*)")
CONNECTORS = frozenset(
    "and or but so because if then than to in on at for with from by is are was were will would can could "
    "should too as when while where now yet i you he she we they it".split())


@dataclass(frozen=True)
class Mention:
    """A number 0–100 found in a text: characters ``[start, end)``, its value, and whether it is an ordinal or a
    clock time (``3:30``, ``5pm``, "seven thirty": value = the hour)."""

    start: int
    end: int
    text: str
    value: int
    ordinal: bool = False
    clock: bool = False
    suffix: str = ""  # letters glued to digits ("km" of "5km"), lowercased

    @property
    def style(self) -> str:
        return number_style(self.text)

    @property
    def band(self) -> str:
        return value_band(self.value)

    @property
    def key(self) -> str:
        """The alignment token: the same number in digits and words gets the same key."""
        return f"#{'O' if self.ordinal else 'N'}{self.value}"


def number_style(text: str) -> str:
    """``digits`` when the written number holds a digit ("25", "3rd", "$5", "3:30"), else ``words``."""
    return DIGITS if any(c.isdigit() for c in text) else WORDS


def value_band(value: int) -> str:
    return BANDS[0] if value < 10 else BANDS[1]


def word_value(text: str) -> Optional[Tuple[int, bool]]:
    """(value, is ordinal) of a number-word phrase matched by :data:`WORD_NUMBER` ("Twenty-five" → (25, False),
    "twenty first" → (21, True), "a hundred" → (100, False)); None when it is not one."""
    parts = re.split(r"[ -]+", text.lower())
    if parts[-1] in ("hundred", "hundredth") and len(parts) == 2:
        return 100, parts[-1] == "hundredth"
    if len(parts) == 2 and parts[0] in TENS_WORDS:
        if parts[1] in CARDINAL_VALUE:
            return TENS_WORDS[parts[0]] + CARDINAL_VALUE[parts[1]], False
        if parts[1] in ORDINAL_VALUE:
            return TENS_WORDS[parts[0]] + ORDINAL_VALUE[parts[1]], True
        return None
    if len(parts) != 1:
        return None
    word = parts[0]
    for table, ordinal in ((CARDINAL_VALUE, False), (TENS_WORDS, False), (ORDINAL_VALUE, True),
                           (TENS_ORDINALS, True)):
        if word in table:
            return table[word], ordinal
    return None


def _digit_mention(match: "re.Match[str]") -> Optional[Mention]:
    token = match.group(0)
    m = re.fullmatch(r"(\d+)((?:[.,:]\d+)*)([A-Za-z]*)", token)
    assert m is not None
    digits, groups, suffix = m.group(1), m.group(2), m.group(3).lower()
    clock = False
    if groups:
        if not re.fullmatch(r":\d\d", groups) or int(digits) > 24 or suffix not in {""} | _TIME_SUFFIX:
            return None  # decimals, digit groups, ratios
        clock = True
    elif len(digits) > 1 and digits.startswith("0"):
        return None  # "007", "05"
    value = int(digits)
    if value > 100:
        return None
    ordinal = suffix in _ORDINAL_SUFFIX
    if suffix in _TIME_SUFFIX:
        clock = True
    elif suffix and not ordinal and suffix not in _UNIT_SUFFIX:
        return None  # "90s", "3D", "4x4", "5k"
    return Mention(match.start(), match.end(), token, value, ordinal, clock, suffix if not clock else "")


def _is_pronoun_one(text: str, m: Mention) -> bool:
    if m.text.lower() != "one":
        return False
    return bool(_ONE_PRONOUN_BEFORE.search(text[max(0, m.start - 30):m.start])
                or _ONE_PRONOUN_AFTER.match(text[m.end:m.end + 12]))


def _is_second_noun(text: str, m: Mention) -> bool:
    return m.text.lower() == "second" and bool(_SECOND_NOUN_BEFORE.search(text[max(0, m.start - 12):m.start]))


def _is_name(text: str, m: Mention) -> bool:
    """A capitalized number word that does not open a sentence ("Formula One")."""
    opens = _SENTENCE_START.search(text[max(0, m.start - 6):m.start])
    return m.text[0].isupper() and not m.text[0].isdigit() and not opens


def find_numbers(text: str, strict: bool = True) -> List[Mention]:
    """Every number 0–100 of ``text`` in order (see the module docstring for what counts). ``strict`` (for
    references) also drops "one" as a pronoun, "second" as a noun, capitalized number words that are names and
    numbers with only spaces between them; without it (for outputs, where only the number aligned with a
    reference number is looked at) those stay."""
    found: List[Mention] = []
    for match in WORD_NUMBER.finditer(text):
        parsed = word_value(match.group(0))
        if parsed is not None:
            found.append(Mention(match.start(), match.end(), match.group(0), parsed[0], parsed[1]))
    found += [m for m in map(_digit_mention, DIGIT_NUMBER.finditer(text)) if m is not None]
    found.sort(key=lambda m: m.start)
    # An hour word before a minutes word, a space or hyphen between, is one clock time ("seven thirty", "ten-thirty").
    merged: List[Mention] = []
    i = 0
    while i < len(found):
        m = found[i]
        nxt = found[i + 1] if i + 1 < len(found) else None
        if (nxt is not None and text[m.end:nxt.start] in (" ", "-") and m.style == WORDS == nxt.style
                and not m.ordinal and not nxt.ordinal and 1 <= m.value <= 12 and 10 <= nxt.value <= 59
                and not _is_pronoun_one(text, m)):
            merged.append(Mention(m.start, nxt.end, text[m.start:nxt.end], m.value, clock=True))
            i += 2
            continue
        merged.append(m)
        i += 1
    merged = [m for m in merged if not _PART_OF_BIGGER_AFTER.match(text[m.end:m.end + 20])
              and not _PART_OF_BIGGER_BEFORE.search(text[max(0, m.start - 20):m.start])
              and not (m.text.lower().endswith("hundred") and _HUNDRED_AND.match(text[m.end:m.end + 20]))]
    if not strict:
        return merged
    kept = []
    for i, m in enumerate(merged):
        beside = [o for o in (merged[i - 1] if i else None, merged[i + 1] if i + 1 < len(merged) else None)
                  if o is not None and not text[min(m.end, o.end):max(m.start, o.start)].strip()]
        if beside or _is_pronoun_one(text, m) or _is_second_noun(text, m) or (m.style == WORDS and _is_name(text, m)):
            continue
        kept.append(m)
    return kept


def _skip_ranges_after(after: str) -> str:
    for _ in range(3):
        m = _RANGE_AFTER.match(after)
        if not m:
            break
        after = after[m.end():]
    return after


def classify_context(text: str, m: Mention) -> str:
    """The context of mention ``m`` in ``text``: one of :data:`CONTEXTS` (rules in the module docstring)."""
    before = text[max(0, m.start - 40):m.start]
    after = _skip_ranges_after(text[m.end:m.end + 80])
    ranged = _RANGE_BEFORE.search(before)
    before_range = before[:ranged.start()] if ranged else before  # "$5-10": the "$" of the range's first number
    if m.ordinal:
        return "ordinal"
    if m.clock or _TIME_AFTER.match(after) or _TIME_BEFORE.search(before):
        return "time"
    if _AGE_AFTER.match(after) or _AGE_BEFORE.search(before_range):
        return "age"
    if _MONEY_BEFORE.search(before_range) or _MONEY_AFTER.match(after):
        return "money"
    if m.suffix in _UNIT_SUFFIX or _UNIT_AFTER.match(after):
        return "unit"
    if _DATE_BEFORE.search(before) or _DATE_AFTER.match(after):
        return "date"
    if _LABEL_BEFORE.search(before):
        return "label"
    word = _NEXT_WORD.match(after)
    if _AT_BEFORE.search(before_range) and _TIME_WORD_AFTER.match(after):
        return "time"
    if (_AT_END_BEFORE.search(before) and not ranged and after == text[m.end:m.end + 80] and 1 <= m.value <= 12
            and (_CLAUSE_END_AFTER.match(after) or (word and word.group(1).lower() in CONNECTORS))):
        return "time"  # "let's meet at six.", "a class at 2 as well" (not a range: "at 12 – 1," is a score)
    if word and word.group(1).lower() not in CONNECTORS:
        return "count"
    return "standalone"


_REJOIN = [
    (re.compile(r"(?<=\d) ?: (?=\d\d\b)"), ":"),  # WikiText "5: 15 pm", "07: 10"
    (re.compile(r"(?<=[$£€¥]) +(?=\d)"), ""),  # DialogSum "$ 36"
    # "100, 000", "$2, 699" (a list "412, 413" stays)
    (re.compile(r"(?<=\d), (?=0\d\d\b)|(?<=[$£€¥]\d), (?=\d{3}\b)|(?<=[$£€¥]\d\d), (?=\d{3}\b)"), ","),
    (re.compile(r"(?<=[$£€¥]\d)(\d*)\. (?=\d\d\b)"), r"\1."),  # "$36. 78"
    (re.compile(r"(?<=\d) *- *- *(?=\d)"), "-"),  # "4 - - 6"
]


def rejoin_numbers(text: str) -> str:
    """Numbers a tokenizer split, joined again (WikiText "5: 15", DialogSum "$ 36. 78", "100, 000", "4 - - 6");
    applied to references and outputs before numbers are looked for."""
    for pattern, repl in _REJOIN:
        text = pattern.sub(repl, text)
    return text


def classified(text: str) -> List[Tuple[Mention, str]]:
    """The reference numbers of ``text`` (strict) with their contexts."""
    return [(m, classify_context(text, m)) for m in find_numbers(text, strict=True)]


# ---------------------------------------------------------------------------------------------------- alignment
_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)*|\d+|%")


def align_tokens(text: str) -> Tuple[List[str], Dict[int, Mention]]:
    """``text`` as alignment tokens: every number 0–100 (:func:`find_numbers`, not strict) one token keyed by value
    and kind (:attr:`Mention.key`), other words lowercased, ``%`` as "percent"; and token index → mention."""
    tokens: List[str] = []
    at: Dict[int, Mention] = {}
    pos = 0

    def words(chunk: str) -> None:
        tokens.extend("percent" if w == "%" else w.lower() for w in _WORD.findall(chunk))

    for m in find_numbers(text, strict=False):
        words(text[pos:m.start])
        at[len(tokens)] = m
        tokens.append(m.key)
        pos = m.end
    words(text[pos:])
    return tokens, at


def output_styles(reference: str, outputs: Sequence[str]) -> List[Tuple[Mention, str, List[Optional[str]]]]:
    """Each reference number of ``reference`` (strict), its context, and for each output the style it writes that
    number in (None when the aligned output token is not the same number)."""
    from spacy_u2tf.evaluation.align import align

    reference = rejoin_numbers(reference)
    ref_tokens, ref_at = align_tokens(reference)
    index = {m.start: i for i, m in ref_at.items()}
    rows = [(m, ctx, i) for m, ctx in classified(reference) if (i := index.get(m.start)) is not None]
    styles: List[List[Optional[str]]] = [[] for _ in rows]
    for output in outputs:
        hyp_tokens, hyp_at = align_tokens(rejoin_numbers(output))
        to_hyp = {r: h for r, h in align(ref_tokens, hyp_tokens) if r is not None and h is not None}
        for k, (_, _, i) in enumerate(rows):
            h = to_hyp.get(i)
            same = h is not None and hyp_tokens[h] == ref_tokens[i]
            styles[k].append(hyp_at[h].style if same else None)
    return [(m, ctx, s) for (m, ctx, _), s in zip(rows, styles)]


# ---------------------------------------------------------------------------------------------------- counting
def count_references(texts: Iterable[str]) -> Counter:
    """(context, band, style) → how many reference numbers."""
    counts: Counter = Counter()
    for text in texts:
        for m, ctx in classified(rejoin_numbers(text)):
            counts[(ctx, m.band, m.style)] += 1
    return counts


def policy_agreement(counts: Mapping[Tuple[str, str, str], int], context: Optional[str] = None,
                     band: Optional[str] = None) -> Dict[str, Optional[float]]:
    """Share of the counted reference numbers (of ``context`` / ``band``, or all) each of :data:`POLICIES` writes
    in the reference's style."""
    total = 0
    agree = Counter()
    for (ctx, b, style), n in counts.items():
        if (context and ctx != context) or (band and b != band):
            continue
        total += n
        value = 1 if b == BANDS[0] else 10  # the policies only look at the band
        for name, policy in POLICIES.items():
            agree[name] += n * (policy(value) == style)
    return {name: (agree[name] / total if total else None) for name in POLICIES}


def _pct(x: Optional[float]) -> str:
    return "-" if x is None else f"{100 * x:.0f}"


def _best(scores: Mapping[str, Optional[float]]) -> str:
    valid = {k: v for k, v in scores.items() if v is not None}
    if not valid:
        return "-"
    top = max(valid.values())
    return " = ".join(k for k, v in valid.items() if v >= top - 1e-9)


def reference_table(counts: Mapping[Tuple[str, str, str], int]) -> str:
    """Markdown: per context, digits/words per band, and the agreement (%) of each fixed policy."""
    head = ("| context | 0–9 digits | 0–9 words | 10–100 digits | 10–100 words | n | "
            + " | ".join(POLICIES) + " | best policy |")
    rows = [head, "|---" * (7 + len(POLICIES)) + "|"]
    for ctx in CONTEXTS + (None,):
        cells = [sum(counts.get((c, b, s), 0) for c in ([ctx] if ctx else CONTEXTS))
                 for b in BANDS for s in (DIGITS, WORDS)]
        if not sum(cells):
            continue
        scores = policy_agreement(counts, ctx)
        rows.append(f"| {ctx or '**all**'} | " + " | ".join(map(str, cells)) + f" | {sum(cells)} | "
                    + " | ".join(_pct(v) for v in scores.values()) + f" | {_best(scores)} |")
    return "\n".join(rows)


def count_outputs(rows: Iterable[Tuple[Mention, str, List[Optional[str]]]]) -> Counter:
    """(context, band, reference style, ours style, spell<10 style) → how many; an unmatched style is "none"."""
    counts: Counter = Counter()
    for m, ctx, styles in rows:
        counts[(ctx, m.band, m.style, *[s or "none" for s in styles])] += 1
    return counts


def output_scores(counts: Mapping[Tuple[str, ...], int], context: Optional[str] = None,
                  band: Optional[str] = None) -> Dict[str, float]:
    """Over the reference numbers both outputs matched: n, unmatched, the share written as digits by the reference
    and each system, and the agreement with the reference of each system and of "all digits"."""
    n = unmatched = 0
    digits = Counter()
    agree = Counter()
    for (ctx, b, ref, *outs), k in counts.items():
        if (context and ctx != context) or (band and b != band):
            continue
        if "none" in outs:
            unmatched += k
            continue
        n += k
        digits["reference"] += k * (ref == DIGITS)
        for name, style in zip(SYSTEMS, outs):
            digits[name] += k * (style == DIGITS)
            agree[name] += k * (style == ref)
        agree["all digits"] += k * (ref == DIGITS)
    out: Dict[str, float] = {"n": n, "unmatched": unmatched}
    for name in ("reference",) + SYSTEMS:
        out[f"digits {name}"] = digits[name] / n if n else None
    for name in SYSTEMS + ("all digits",):
        out[f"agree {name}"] = agree[name] / n if n else None
    return out


def output_table(counts: Mapping[Tuple[str, ...], int]) -> str:
    """Markdown: per context and band, the digits share (%) of reference / ours / spell<10 and the agreement (%)
    of ours, spell<10 and all-digits with the reference."""
    agree_cols = [f"agree {s}" for s in SYSTEMS + ("all digits",)]
    rows = ["| context | band | n | unmatched | % digits ref | % digits ours | % digits spell<10 | "
            + " | ".join(c.replace("agree ", "agree: ") for c in agree_cols) + " | best |",
            "|---" * (8 + len(agree_cols)) + "|"]
    for ctx in CONTEXTS + (None,):
        for band in BANDS + (None,):
            s = output_scores(counts, ctx, band)
            if not s["n"] or (ctx is None and band is not None):
                continue
            if band is None and ctx is not None and sum(bool(output_scores(counts, ctx, b)["n"]) for b in BANDS) < 2:
                continue  # one band only: its row is the context's row already
            best = _best({c.replace("agree ", ""): s[c] for c in agree_cols})
            rows.append(f"| {ctx or '**all**'} | {band or 'all'} | {s['n']} | {s['unmatched']} | "
                        + " | ".join(_pct(s[f"digits {k}"]) for k in ("reference",) + SYSTEMS) + " | "
                        + " | ".join(_pct(s[c]) for c in agree_cols) + f" | {best} |")
    return "\n".join(rows)


def decision_table(outputs: Mapping[str, Counter]) -> str:
    """Markdown: per context, the setting that agrees best with the references of each dev set (agreement %)."""
    names = list(outputs)
    rows = ["| context | " + " | ".join(names) + " |", "|---" * (1 + len(names)) + "|"]
    agree_cols = [f"agree {s}" for s in SYSTEMS + ("all digits",)]
    for ctx in CONTEXTS + (None,):
        cells = []
        for name in names:
            s = output_scores(outputs[name], ctx)
            if not s["n"]:
                cells.append("-")
                continue
            scores = {c.replace("agree ", ""): s[c] for c in agree_cols}
            best = _best(scores)
            cells.append(f"{best} ({_pct(max(v for v in scores.values() if v is not None))}, n={s['n']})")
        if any(c != "-" for c in cells):
            rows.append(f"| {ctx or '**all**'} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


# ---------------------------------------------------------------------------------------------------- running
def reference_texts(path: Path, limit: Optional[int] = None) -> List[str]:
    """The written references of a dev file as the project reads them (:func:`read_references`)."""
    from spacy_u2tf.evaluation.readers import read_references

    texts = []
    for text in read_references(path):
        if limit and len(texts) >= limit:
            break
        texts.append(text)
    return texts


def spread(items: Sequence, limit: Optional[int]) -> List:
    """``limit`` items spread evenly over ``items`` (all of them when there are no more than ``limit``)."""
    n = len(items)
    if not limit or n <= limit:
        return list(items)
    return [items[i * n // limit] for i in range(limit)]


def model_outputs(path: Path, limit: int, load_kwargs: Mapping[str, int], models: Sequence,
                  first: bool = False) -> Tuple[List, int]:
    """Examples of ``path`` (verbalizer ``own``, seed 0) and each model's formatted output of their spoken words:
    ``limit`` examples spread evenly over the file (the first ``limit`` with ``first``; QMSum's first 100
    paragraphs are one meeting). Every example is verbalized with the same ``random.Random(seed + i)`` either way."""
    from spacy_u2tf.evaluation.runner import load_examples

    examples, failed = load_examples(path, "auto", "own", limit if first else None, 0, **load_kwargs)
    examples = spread(examples, limit)
    outputs = [model.format_batch([ex.spoken for ex in examples]) for model in models]
    return [(ex.written, [o[i] for o in outputs]) for i, ex in enumerate(examples)], failed


def _key(counts: Counter) -> Dict[str, int]:
    return {"|".join(k): v for k, v in sorted(counts.items())}


def main(argv: Optional[Sequence[str]] = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dev", type=Path, required=True,
                    help="folder with dialogsum.dev.jsonl, wikitext2.test.raw, qmsum.val.jsonl.gz")
    ap.add_argument("--set", action="append", choices=sorted(DEV_SETS), default=None, help="default: all")
    ap.add_argument("--limit", type=int, default=None, help="part 2 references per set (default: per set, "
                    + ", ".join(f"{k} {v[2]}" for k, v in DEV_SETS.items()) + ")")
    for name, (_, _, default) in DEV_SETS.items():
        ap.add_argument(f"--limit-{name}", type=int, default=None, help=f"part 2 references of {name} "
                        f"(default {default}; wins over --limit)")
    ap.add_argument("--first", action="store_true", help="part 2 takes the first references of each set "
                    "(default: references spread evenly over the file)")
    ap.add_argument("--ref-limit", type=int, default=None, help="part 1 references per set (default: all)")
    ap.add_argument("--model", default=None, help="model path or name (default: the shipped model)")
    ap.add_argument("--no-model", action="store_true", help="part 1 only")
    ap.add_argument("--json", type=Path, default=None, help="also write the counts here")
    args = ap.parse_args(argv)

    names = args.set or list(DEV_SETS)
    report: Dict[str, Dict] = {}
    outputs: Dict[str, Counter] = {}
    models: List = []
    if not args.no_model:
        from spacy_u2tf import U2TF

        models = [U2TF.from_pretrained(args.model), U2TF.from_pretrained(args.model, spell_numbers_below=10)]
    print("# Number style: how references write numbers 0–100, and what the model writes\n")
    for name in names:
        file, load_kwargs, default = DEV_SETS[name]
        path = args.dev / file
        t0 = time.perf_counter()
        counts = count_references(reference_texts(path, args.ref_limit))
        report[name] = {"references": _key(counts)}
        print(f"## {name}: references ({'all' if not args.ref_limit else args.ref_limit} documents, "
              f"{time.perf_counter() - t0:.1f} s)\n\n{reference_table(counts)}\n")
        if not models:
            continue
        limit = getattr(args, f"limit_{name}") or args.limit or default
        t0 = time.perf_counter()
        pairs, failed = model_outputs(path, limit, load_kwargs, models, args.first)
        rows = [row for written, outs in pairs for row in output_styles(written, outs)]
        outputs[name] = count_outputs(rows)
        seconds = time.perf_counter() - t0
        report[name].update({"examples": len(pairs), "failed": failed, "seconds": round(seconds, 1),
                             "outputs": _key(outputs[name])})
        where = "from the start" if args.first else "spread over the file"
        print(f"## {name}: model output ({len(pairs)} references {where}, {failed} not verbalized, {seconds:.1f} s)\n\n"
              f"{output_table(outputs[name])}\n")
    if outputs:
        print("## Best setting per context (agreement with the references, %, over the numbers both outputs "
              f"matched)\n\n{decision_table(outputs)}\n")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2))
        print(f"wrote {args.json}", file=sys.stderr)


if __name__ == "__main__":
    main()
