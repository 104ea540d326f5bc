"""Checks on a converted span before it replaces the spoken words.

A span fails (and falls back to its spoken words) when its output is empty, far too long, changes a number's
value, holds a word the spoken span does not license (or repeats one), writes a symbol or a digit its spoken words
do not license (:data:`SYMBOL_LICENSES`), or leaves out a spoken word that cannot vanish into a symbol or a
number. A word is a run of letters of any script with their combining marks, and a digit is a digit of any script
(:func:`digit_string`). ``check_span`` returns ``None`` or the reason.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import AbstractSet, Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from .labels import MIXED_CLASS, case_label, has_vowel, mixed_case_shaped

_UNITS = {"zero": 0, "oh": 0, "o": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
          "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
# Each digit said alone, as codes and addresses say them ("oh seven" is 07).
DIGIT_WORDS = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine".split())}
DIGIT_WORDS["oh"] = "0"
_SCALES = {"thousand": 10 ** 3, "million": 10 ** 6, "billion": 10 ** 9, "trillion": 10 ** 12}
SCALE_NAMES = frozenset(_SCALES)
_ORDINALS = {"first": "one", "second": "two", "third": "three", "fifth": "five", "eighth": "eight", "ninth": "nine",
             "twelfth": "twelve"}
# Written words that stand for spoken ones (symbols, abbreviations, month and unit spellings).
_LICENSED = set("""
st nd rd th s mr mrs ms dr prof jr sr vs etc mt ft gen gov sen rep lt col capt sgt e g i a m p am pm www http
https com org net edu gov io co uk kg km cm mm mi in lb lbs oz g mg ml l mph kph h c f gb mb tb kb ghz mhz khz hz
kw kwh w v hrs hr min sec ms sq
""".split())
MONTHS = tuple("january february march april may june july august september october november december".split())
MONTH_ABBREVIATIONS = tuple(m[:3] for m in MONTHS if len(m) > 3) + ("sept",)  # "jan" ... "dec", and "sept"
_LICENSED |= set(MONTH_ABBREVIATIONS)
_MONTH_NUMBER = {m: i + 1 for i, m in enumerate(MONTHS)}
_MONTHS = set(_MONTH_NUMBER)
_ASCII_WORD = re.compile(r"[A-Za-z]+")


def word_runs(text: str) -> List[str]:
    """The words in ``text``: runs of letters of any script with their combining marks (``"o'keefe"`` → ``o``,
    ``keefe``; ``"привет!"`` → ``привет``)."""
    if text.isascii():
        return _ASCII_WORD.findall(text)
    runs: List[str] = []
    start = None
    for i, ch in enumerate(text):
        if unicodedata.category(ch)[0] in "LM":
            if start is None:
                start = i
        elif start is not None:
            runs.append(text[start:i])
            start = None
    if start is not None:
        runs.append(text[start:])
    return runs


def _digit_value(ch: str) -> Optional[int]:
    """A character's digit value in any script ("٣", "፩", "⓻" are digits); super- and subscripts are not digits
    (the "²" of "m²" is a unit's power)."""
    value = unicodedata.digit(ch, None)
    if value is None or unicodedata.decomposition(ch).startswith(("<super>", "<sub>")):
        return None
    return value


def digit_string(text: str) -> str:
    """The digits of ``text`` as ASCII digits, read from any script (``"⓻0"`` → ``"70"``)."""
    if text.isascii():
        return "".join(ch for ch in text if "0" <= ch <= "9")
    return "".join(str(d) for d in map(_digit_value, text) if d is not None)


def _digit_groups(text: str) -> List[str]:
    """Runs of digits of ``text`` (any script), as ASCII."""
    groups: List[str] = []
    current = ""
    for ch in text:
        d = _digit_value(ch)
        if d is not None:
            current += str(d)
        elif current:
            groups.append(current)
            current = ""
    return groups + [current] if current else groups


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


_LARGEST_NUMBER = 10 ** 100  # a value of more digits is read as no number (Python refuses to write 4,300 digits)


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
    ordinal = False  # whether the word before was an ordinal

    def flush() -> None:
        nonlocal current, total, last_kind
        if current is not None or total:
            value = total + (current or 0)
            out.append(str(value) if value < _LARGEST_NUMBER else "")  # "hundred" said 2,400 times is no number
        current, total, last_kind = None, 0, ""

    for i, raw in enumerate(words):
        typed = digit_string(raw)
        if typed:  # a written number in the spoken input ("20", "1,034", "20th") stays that number
            flush()
            out.append(typed)
            continue
        w = _ordinal_base(_singular(raw.lower()))
        after_ordinal, ordinal = ordinal, w != _singular(raw.lower())
        if w in ("a", "an") and _counts_one(words, i):
            w = "one"  # "a hundred and one" is 101
        if _o_of_clock(words, i):
            flush()  # "one o clock" is 1 o'clock, not 10
            continue
        if w in ("double", "triple"):
            flush()
            repeat = 2 if w == "double" else 3
            continue
        if repeat > 1 and w not in _UNITS:  # "triple twenty five" is a word and 25, not 2 and 555
            repeat = 1
        if w in _UNITS and (w not in ("oh", "o") or current is not None or out or last_kind or repeat > 1):
            value = _UNITS[w]
            if repeat > 1:
                flush()
                out.append(str(value) * repeat)
                repeat = 1
                continue
            if current is None:
                current, last_kind = value, "unit"
            elif last_kind == "tens" and current % 10 == 0 and 0 < value < 10:  # "fifty zero" is 50, 0
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
        elif after_ordinal and (w == "hundred" or w in _SCALES):  # "the first hundred days" is no 100
            flush()
        elif w == "hundred" and current is not None:
            current, last_kind = current * 100, "hundred"
        elif w in _SCALES and w not in keep_scales and (current is not None or total):
            total, current, last_kind = total + (current or 0) * _SCALES[w], None, "hundred"
        elif _bare_scale(words, i) and w not in keep_scales:  # "hundred and fifty" is 150, never 50
            flush()
            current, last_kind = (100, "hundred") if w == "hundred" else (_SCALES[w], "hundred")
        elif w == "and" and last_kind in ("hundred",):
            continue
        else:
            flush()
    flush()
    return out


_SCALE_WORDS = frozenset(_SCALES) | {"hundred"}
# Money said with a number: "a million dollars", "five dollars and fifty cents", "$3.05".
_MONEY_WORDS = frozenset("dollar dollars buck bucks pound pounds pence euro euros rupee rupees yen cent cents".split())
_AMOUNT_WORDS = _MONEY_WORDS | {"percent"}


def _o_of_clock(words: Sequence[str], i: int) -> bool:
    """Whether ``words[i]`` is the "o" of "o clock" said as two words, no zero."""
    return words[i].lower() in ("o", "oh") and i + 1 < len(words) and words[i + 1].lower() == "clock"


def _bare_scale(words: Sequence[str], i: int) -> bool:
    """Whether ``words[i]`` is a scale word that opens the span ("hundred and fifty", its "a" left outside), which
    stands for one of it; plurals ("hundreds of") and one after other words ("the hundred days") count nothing."""
    return i == 0 and words[i].lower() in _SCALE_WORDS


def _counts_one(words: Sequence[str], i: int) -> bool:
    """Whether the article at ``words[i]`` is the number one of a scale word after it that a written number may
    take: with more number words ("a hundred and fifty" is 150), money or a percentage ("a million dollars" is $1
    million, "a hundred percent" 100%); "a thousand years" stays words, and in "a hundred dollar bill" the "a" is
    the bill's."""
    said = [w.lower() for w in words[i + 1:]]
    if not said or _singular(said[0]) not in _SCALE_WORDS:
        return False
    rest = [w for w in said[1:] if w != "and"]
    return bool(rest) and (rest[0] in _UNITS or rest[0] in _TENS or rest[0] in _SCALE_WORDS) or any(
        w in _AMOUNT_WORDS and (w.endswith("s") or w == "percent") for w in said)


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
    allowed |= {run for w in spoken for run in word_runs(w.lower())}  # "o'keefe" licenses "o" and "keefe"
    allowed |= {short for short in _NUMBER_SIGNS if _ABBREVIATION_OF[short] in allowed}  # "number two" → "No. 2"
    letters = [w for w in spoken if len(w) == 1 or (len(w) == 3 and w.endswith("'s"))]
    if letters:
        allowed.add("".join(w[0] for w in letters).lower())
    return allowed


# Abbreviations of "number(s)" (from Latin "numero"), licensed by their spoken word though its letters differ.
_NUMBER_SIGNS = ("no", "nos")


# Spoken words that a written form may leave out or turn into a digit's neighbour: number glue, scale, unit, time
# and date words. A word said for a symbol ("dollars", "dot", "slash") vanishes only where its symbol is written
# (:data:`_SYMBOLS_SAID_AS`).
_VANISHING = set("""
minus negative oh o double triple hundred hundreds thousand thousands a an the of to
million millions billion billions trillion trillions
percent per pence sen
at
o'clock am pm degree degrees half halves quarter quarters
square cubic megs gigs kilos number
""".split())

# Words that vanish only into a written form that stands for them: an hour into a clock time or the "h" of a rate
# ("18:00", "mph", "km/h", "kWh"), miles into "mph" ("one and a half hours" is no "1 1/2").
_HOUR_WRITTEN = re.compile(r"\d:\d\d|(?<![^\W\d_])(?:m\.?p\.?h|k\.?p\.?h|[a-z]*/h|k?wh|h|hrs?)(?![^\W\d_])")
_MILES_WRITTEN = re.compile(r"m\.?p\.?h\b")
# Words said for a symbol or a short form that vanish only where it is written, besides the symbols of
# SYMBOL_LICENSES (:func:`_written_as_symbol`: "#" for "sharp", "=" for "equals"): "john sharp at gmail dot com" is
# no "john@gmail.com", "x five dollars" no "$5". Each pattern (searched in lowercase) → the words it stands for.
AMOUNT_WITH_CENTS = r"[$€£¥₹]\s?[\d,]*\.\d\d\b"  # an amount with its hundredths: "£124.99"
_WRITTEN_FOR = {r"♯": "sharp", r"♭|\b[a-g]b\b": "flat", r"[♯♭♮]": "music", r"[x×*]": "x by times",
                r"\?": "question mark", r"[\"“”'‘’]": "quote", rf"[¢%]|{AMOUNT_WITH_CENTS}": "cent",
                rf"¢|{AMOUNT_WITH_CENTS}": "cents", r"\bm(?:r|i)?s\b": "miz misses missus",
                r"[–—-]|\bto\b|\bthru\b": "through", r"\betc\b": "et cetera", r"\be\.?g\b": "for example",
                r"[^\w\s]": "sign", r"\$|\bus\b|\bu\.s\b": "us"}
_VANISHING_INTO: Dict[str, "re.Pattern[str]"] = {"hour": _HOUR_WRITTEN, "hours": _HOUR_WRITTEN, "mile": _MILES_WRITTEN,
                                                 "miles": _MILES_WRITTEN,
                                                 **{word: re.compile(pattern) for pattern, words in _WRITTEN_FOR.items()
                                                    for word in words.split()},
                                                 # "two hundredth" is 200th, never 200
                                                 **{scale: re.compile(r"\dth\b") for scale in
                                                    ("hundredth", "thousandth", "millionth", "billionth")}}

_CURRENCY_WORDS = frozenset("dollar dollars buck bucks cent cents".split())
# Words after which "and" is number glue that a written number drops ("two thousand and five", "five dollars and
# fifty cents"); elsewhere it joins two things that stay two ("one and two" is not "1 2").
_AND_GLUE_AFTER = (frozenset("hundreds thousands millions billions trillions".split()) | _SCALE_WORDS
                   | (_MONEY_WORDS - {"cent", "cents", "pence"}))
# What a converted span may write besides letters: each symbol needs one of its words in the spoken span (or the
# symbol itself typed there). Digits need a number (:func:`spoken_digits`), "@" an email ("at" and "dot"), ":"
# between digits a time or ratio, currency symbols a digit to stand by. Symbols not listed (emoji, arrows...) are
# only ever copied from the spoken span; ``- . , ' ( ) "`` are free (dates, abbreviations, numbers).
SYMBOL_LICENSES: Dict[str, FrozenSet[str]] = {
    "@": frozenset({"at"}),
    "/": frozenset("slash over per out of half halves quarter quarters".split()) | frozenset(_MONTHS),
    ":": frozenset({"colon"}),
    "$": _CURRENCY_WORDS, "¢": _CURRENCY_WORDS, "€": frozenset("euro euros cent cents".split()),
    "£": frozenset("pound pounds penny pence quid".split()), "¥": frozenset({"yen"}), "₹": frozenset({"rupee", "rupees"}),
    "%": frozenset({"percent", "per"}), "‰": frozenset({"mille"}), "#": frozenset("hash hashtag number pound sharp".split()),
    "&": frozenset({"and", "ampersand"}), "+": frozenset({"plus"}), "=": frozenset({"equals", "equal"}),
    "°": frozenset({"degree", "degrees"}), "_": frozenset({"underscore"}), "~": frozenset({"tilde"}),
    "*": frozenset({"star", "asterisk", "times"}), "×": frozenset({"times", "by", "x"}), "\\": frozenset({"backslash"}),
    "^": frozenset({"caret"}), "<": frozenset({"less"}), ">": frozenset({"greater"}), "|": frozenset({"bar", "pipe"}),
    "§": frozenset({"section"}), "²": frozenset({"square", "squared"}), "³": frozenset({"cubic", "cubed"}),
}
# each word of SYMBOL_LICENSES → the symbols it is said for
_SYMBOLS_SAID_AS: Dict[str, Tuple[str, ...]] = {
    word: tuple(symbol for symbol, words in SYMBOL_LICENSES.items() if word in words)
    for word in set().union(*SYMBOL_LICENSES.values())}
# words said for a mark that needs no license of its own; each vanishes only where its mark is written
_SYMBOLS_SAID_AS.update({"dot": (".",), "dash": ("-", "–", "—"), "hyphen": ("-",), "pound": ("£", "lb"),
                         "pounds": ("£", "lb")})
_FREE_SYMBOLS = frozenset("-.,'()\"")
_CURRENCY = frozenset("$¢€£¥₹")
_JOINING = frozenset("@._#/:")  # a token with one of these may run spoken words together ("johnsmith@...")
SYMBOL_WORDS = frozenset(w for words in SYMBOL_LICENSES.values() for w in words if w not in _MONTHS) | frozenset(
    "dot point dash hyphen".split())
_FRACTION_WORDS = {"half": 2, "halves": 2, "quarter": 4, "quarters": 4, "third": 3, "thirds": 3}


def _denominators(spoken: Sequence[str]) -> List[int]:
    """The denominators a spoken fraction names ("three quarters" → 4, "five eighths" → 8)."""
    out = []
    for w in spoken:
        w = w.lower()
        if w in _FRACTION_WORDS:
            out.append(_FRACTION_WORDS[w])
        elif w.endswith(("th", "ths")):
            number = spoken_numbers([w[:-1] if w.endswith("s") else w])
            out.extend(int(n) for n in number)
    return out


def _symbol_licensed(ch: str, spoken: Sequence[str], said: AbstractSet[str], text: str, at: int) -> bool:
    if ch in _CURRENCY and not digit_string(text):
        return False
    if ch == ":" and "colon" not in said:  # "5:30", "3:1": a colon between digits
        return bool(spoken_digits(spoken)) and _digit_value(text[at - 1:at] or "x") is not None and \
            _digit_value(text[at + 1:at + 2] or "x") is not None
    if ch == "@" and not ("at" in said and "dot" in said):
        return False
    if ch == "/" and not (said & SYMBOL_LICENSES["/"]) and _denominators(spoken):
        return True
    months = said & _MONTHS if ch == "/" else frozenset()
    if months and said.isdisjoint(SYMBOL_LICENSES["/"] - months):
        return bool(re.search(r"\d/\d", text[max(at - 1, 0):at + 2]))  # a month's "/" is a date's: "9/15"
    return bool(said & SYMBOL_LICENSES[ch])


def _email_letters(spoken: Sequence[str], token: str) -> bool:
    """Whether an ``@`` token's letters before and after the ``@`` are the words said before and after an "at"
    (so "at ai two one dot labs dot com" cannot become "ai21.labs@dotcom")."""
    local, _, domain = token.partition("@")
    local_letters, domain_letters = "".join(word_runs(local.lower())), "".join(word_runs(domain.lower()))
    pieces = ["" if w.lower() in SYMBOL_WORDS or spoken_digits([w]) else "".join(word_runs(w.lower()))
              for w in spoken]
    for i, w in enumerate(spoken):
        if w.lower() != "at":
            continue
        before, after = pieces[:i], pieces[i + 1:]
        if (any("".join(before[k:]) == local_letters for k in range(len(before) + 1))
                and any("".join(after[:k]) == domain_letters for k in range(len(after) + 1))):
            return True
    return False


def unlicensed_symbol(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """Why ``written`` may not stand for ``spoken_span`` by the symbols and digits it writes
    (:data:`SYMBOL_LICENSES`), or ``None``. Digits of any script count as digits."""
    spoken_text = " ".join(spoken_span)
    said = {w.lower() for w in spoken_span}
    if digit_string(written) and not spoken_digits(spoken_span):
        return "unlicensed digits"
    if re.search(r"(?:^|\s|\$)[-−]\d", written) and not said & {"minus", "negative", "dash", "hyphen"} \
            and not re.search(r"(?:^|\s)-\d", spoken_text):
        return "unlicensed symbol: - (no minus said)"
    for at, ch in enumerate(written):
        if ch.isspace() or ch in _FREE_SYMBOLS or ch in spoken_text or unicodedata.category(ch)[0] in "LMN":
            continue
        if ch not in SYMBOL_LICENSES or not _symbol_licensed(ch, spoken_span, said, written, at):
            return f"unlicensed symbol: {ch}"
    for token in written.split():
        if "@" in token and "@" not in spoken_text and not _email_letters(spoken_span, token):
            return "unlicensed symbol: @ (not the words said around 'at')"
    if "@" not in written and "at" in said and "dot" in said and " at " not in f" {written.lower()} " \
            and "." in written and len(written.split()) == 1:
        return "dropped word: at"
    return None


# Abbreviations of titles and company words stand only for their own words ("Co." is not "computer").
_ABBREVIATION_OF = {"mr": "mister", "mrs": "missus misses", "ms": "miz miss", "dr": "doctor drive", "prof": "professor",
                    "jr": "junior", "sr": "senior", "vs": "versus", "st": "saint street", "mt": "mount mountain",
                    "ft": "fort feet foot", "gen": "general", "gov": "governor government", "sen": "senator",
                    "rep": "representative", "lt": "lieutenant", "col": "colonel", "capt": "captain",
                    "sgt": "sergeant", "co": "company county", "inc": "incorporated", "ltd": "limited",
                    "corp": "corporation", "no": "number", "nos": "numbers"}


# Words a single letter may stand for: units, scales and compass points ("5 m", "3 s", "$2B", "10 N"), not any word
# that starts with the letter ("ai" is no "A").
_ONE_LETTER_WORDS = frozenset("""
meter meters metre metres mile miles minute minutes million millions second seconds hour hours gram grams
liter liters litre litres thousand thousands kilo kilos billion billions byte bytes bit bits ton tons tonne tonnes
trillion trillions pence penny cent cents celsius centigrade fahrenheit feet foot volt volts watt watts amp amps
ampere amperes ohm ohms newton newtons joule joules kelvin pascal day days year years week weeks quarter quarters
north south east west times by versus
""".split())


# Units written short that a span may write only for a word of that unit ("5 kg" for "five kilograms" or "five
# kilos", not "10 kb" for "ten k"); most abbreviate their word letter by letter (:func:`_abbreviates`), these from
# the start of the words below.
_UNIT_SHORT_FOR = {"kg": "kilo", "lb": "pound", "lbs": "pound", "oz": "ounce", "gb": "gig", "mb": "meg",
                   "mph": "mile", "kph": "kilomet kilometr", "kwh": "kilowatt"}
_UNIT_ABBREVIATIONS = frozenset("km cm mm mi mg ml tb kb ghz mhz khz hz kw hrs hr sq".split()) | set(_UNIT_SHORT_FOR)


def _unit_said(short: str, pieces: Sequence[str]) -> bool:
    """Whether a written unit ``short`` stands for a spoken word of ``pieces``, or for its letters said one by one
    ("k g")."""
    starts = tuple(_UNIT_SHORT_FOR.get(short, "").split())
    letters = "".join(p for p in pieces if len(p) == 1)
    return (short in pieces or (len(letters) > 1 and short in letters)
            or any(p and (_abbreviates(short, p) or p.startswith(starts)) for p in pieces))


def _abbreviates(short: str, word: str) -> bool:
    """Whether written ``short`` can stand for spoken ``word``: same first letter, its letters in order
    ("st" street, "mr" mister, "kg" kilograms, "ave" avenue); a title's abbreviation only for its own words, a
    single letter only for a unit, a scale or a compass point (:data:`_ONE_LETTER_WORDS`)."""
    if not short or short[0] != word[0]:
        return False
    if short in _ABBREVIATION_OF:
        return word in _ABBREVIATION_OF[short].split()
    if len(short) == 1 < len(word):
        return word in _ONE_LETTER_WORDS
    rest = iter(word)
    return all(ch in rest for ch in short)


# Words that end or start a cardinal number: an "of" between two of them is said between two counts.
_COUNTS = (set(_UNITS) | set(_TENS) | _SCALE_WORDS) - {"oh", "o"}
# Words of arithmetic written as a sign only between the numbers they join, in the same span ("2 + 2").
_OPERATOR_WORDS = frozenset("plus minus times equals".split())

# "to" may vanish into a range ("27-30", "$27-$30") or a time ("ten to five" → "4:50"), nowhere else.
_RANGE_OR_CLOCK = re.compile(r"\d\s*[-–]\s*[$€£]?\d|\d:\d\d")


def _and_is_glue(said: Sequence[str], i: int) -> bool:
    """Whether the "and" at ``said[i]`` is glue inside one number: after a scale or currency word ("hundred and
    five", "five dollars and fifty cents") or before a fraction ("one and a half", "two and three quarters")."""
    if i and said[i - 1] in _AND_GLUE_AFTER and i + 1 < len(said):  # "$100 and up" keeps its "and"
        return True
    after = said[i + 1:i + 3]
    if after and after[0] not in _NUMERATORS and after[0] != "half":
        return False  # "the twenty second and twenty third" are two ordinals, "second and third" too
    return any(w in _FRACTION_WORDS or (w.endswith("s") and _ordinal_base(w[:-1]) != w[:-1]) for w in after)


# What a fraction after "and" starts with: "one and a half", "two and three quarters".
_NUMERATORS = frozenset("a an one two three four five six seven eight nine".split())


# A typed token's brackets are written with it: "four (b)" is "4(b)" or stays apart, never "4b".
_BRACKET_CATEGORIES = ("Ps", "Pe")


def _only_word_marks(word: str) -> bool:
    """Whether ``word`` is letters with at most the marks that end or join words ("dollars," "a-"), so that it
    may vanish as its letters would; "(a)" is a typed item label, not the article."""
    return all(unicodedata.category(ch)[0] in "LM" or ch in "'.,;:!?-" for ch in word)


def _written_as_symbol(word: str, written: str) -> bool:
    """Whether ``word`` is said for a symbol that ``written`` has ("plus" for "+", "equals" for "=")."""
    return any(symbol in written for symbol in _SYMBOLS_SAID_AS.get(word, ()))


def dropped_word(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """The first spoken word that ``written`` leaves out, or ``None``: each word must be written as itself (or
    run into a longer token, "john.smith@gmail.com"), be a number or a month, be a word that may vanish into a
    symbol (:data:`_VANISHING`, or a symbol of :data:`SYMBOL_LICENSES` that ``written`` has: "plus" for "+"), or
    be abbreviated by a written word ("mister" → "Mr."). A typed token keeps its digits and each of its words
    ("jane.doe@example.com" its "doe", "⓻0" its 70), a month its name unless the date is numeric, and a letter
    said n times is written n times. "and" vanishes only as number glue (:func:`_and_is_glue`); otherwise each
    one is written, as itself or "&" ("one and two" is not "1 2")."""
    lower = written.lower()
    runs = word_runs(lower)
    numeric_date = re.search(r"\d[/.-]\d", written) is not None
    letter_counts = Counter(lower)
    said_letters = Counter(w.lower() for w in spoken_span if len(w) == 1 and w.isalpha())
    said = [w.lower() for w in spoken_span]
    ands_written = runs.count("and") + written.count("&")  # each "and" that is no number glue is one of these
    for i, raw in enumerate(spoken_span):
        word = said[i]
        word_letters = word_runs(word)
        letters = "".join(word_letters)
        typed = digit_string(word)
        if not letters:  # digits are the number check's; a symbol or an emoji must be written as it is
            if typed or word in lower:
                continue
            return raw
        if word == "and":
            if _and_is_glue(said, i):
                continue
            if ands_written:
                ands_written -= 1
                continue
            return raw
        if word == "to" and "to" not in runs and not _RANGE_OR_CLOCK.search(written):
            return raw  # "five to midnight" is not "5 midnight"
        if (word == "of" and "of" not in runs and 0 < i < len(said) - 1 and said[i - 1] in _COUNTS
                and said[i + 1] in _COUNTS):
            return raw  # "twenty eight of thirty two" is "28 of 32", not "2832"
        if _o_of_clock(said, i):
            if re.search(r"o['’ ]?clock", lower):
                continue
            return raw  # "eleven o clock" is no "11 clock"
        if word == "point":  # a decimal point needs digits said after it: "an eleven point lead" is no "11.00"
            if "point" in runs or (i + 1 < len(said) and (said[i + 1] in _UNITS or said[i + 1] in _TENS
                                                          or said[i + 1] in ("double", "triple"))
                                   and re.search(r"\.\d", written)):
                continue
            return raw
        if len(word) == 1 and word.isalpha() and any(len(said[j]) == 1 and said[j].isalpha()
                                                     for j in (i - 1, i + 1) if 0 <= j < len(said)):
            # a letter said among letters ("b a seven one"), never an article
            if letter_counts[letters] >= said_letters[letters]:
                continue
            return raw
        if ((letters in _VANISHING and _only_word_marks(word)) or word in _VANISHING
                or _written_as_symbol(word, written)):
            continue
        if word in _VANISHING_INTO and _VANISHING_INTO[word].search(lower):
            continue
        if typed or not all(unicodedata.category(ch)[0] in "LM" or ch == "'" for ch in word):
            # a typed token ("jane.doe@example.com", "➌/f"): each of its words must be there, and each symbol
            # ("gmail👍" is no "gmail")
            if all(any(piece in run for run in runs) for piece in word_letters) and all(
                    ch in written for ch in raw if unicodedata.category(ch)[0] == "S"
                    or unicodedata.category(ch) in _BRACKET_CATEGORIES):
                continue
            return raw
        if word in _MONTHS:
            if numeric_date or any(len(run) >= 3 and word.startswith(run) for run in runs):
                continue
            return raw
        if len(letters) == 1:
            if letter_counts[letters] >= said_letters[letters]:
                continue
            return raw
        if (spoken_digits([word])
                or (word.endswith("'s") and letters[:-1] in runs)
                or any(_abbreviates(run, letters) for run in runs)
                or any(letters in run for run in runs)  # itself, or inside a token
                or (len(word_letters) > 1 and all(piece in runs for piece in word_letters))):  # "o'connell"
            continue
        return raw
    return None


def _joins_spoken_words(word: str, pieces: Sequence[str]) -> bool:
    """Whether ``word`` is a run of whole consecutive spoken words (``pieces``: their letters) run together
    ("john smith" → "johnsmith"), not just any substring of them ("billion dollars" does not license "billiond"),
    nor a word said for a symbol ("dot com" does not license "dotcom")."""
    for i in range(len(pieces)):
        joined = ""
        for piece in pieces[i:]:
            if piece in SYMBOL_WORDS:
                break
            joined += piece
            if joined == word:
                return True
            if len(joined) >= len(word) or not word.startswith(joined):
                break
    return False


def check_span(spoken_span: Sequence[str], written: str, cls: Optional[str] = None) -> Optional[str]:
    """``None`` when ``written`` may replace ``spoken_span``; otherwise the reason it may not.

    ``cls="mixed"`` (a mixed-case word) requires the same letters as the spoken word, and may add the apostrophe
    of a possessive that the spoken word lacks ("mcdonalds" → "McDonald's"); the casing must have the shape of a
    mixed-case name (:func:`.labels.mixed_case_shaped`: "McCoy", not "HeIsman", "KOCH" or "petoskey").
    """
    text = written.strip()
    if not text:
        return "empty"
    spoken_chars = sum(len(w) for w in spoken_span) + len(spoken_span)
    if len(text) > 2 * spoken_chars + 16:
        return "too long"
    if cls == "mixed":
        said, lower = " ".join(spoken_span).lower(), text.lower()
        if not (lower == said or (lower.endswith("'s") and lower[:-2] + "s" == said)):
            return "mixed: letters changed"
        return None if mixed_case_shaped(text) else "mixed: not a mixed-case shape"
    allowed = _licensed_words(spoken_span)
    pieces = ["".join(word_runs(w.lower())) for w in spoken_span]
    for token in text.split():
        # words run together only in addresses and handles, which have the mark inside ("Athousand." has none)
        joins = any(ch in _JOINING for ch in token.strip(".,:"))
        for word in word_runs(token):
            lw = word.lower()
            if lw not in allowed and not (joins and _joins_spoken_words(lw, pieces)):
                return f"invented word: {word}"
            if (lw in _ABBREVIATION_OF and lw not in pieces and not any(_abbreviates(lw, p) for p in pieces if p)
                    and not re.search(rf"\d{lw}", token.lower())):  # "1st" is an ordinal, not "saint"
                return f"invented word: {word}"
            if lw in _UNIT_ABBREVIATIONS and not _unit_said(lw, pieces):
                return f"invented unit: {word}"
    said = Counter(pieces)
    written_runs = Counter(run.lower() for run in word_runs(text))
    for word, count in written_runs.items():
        if 0 < said[word] < count:
            return f"repeated word: {word}"
    for word, count in said.items():  # a word written in full beside its abbreviation: "0.44 sq square"
        if len(word) > 2 and written_runs[word] and written_runs[word] + sum(
                n for run, n in written_runs.items()
                if len(run) > 1 and run not in said and _abbreviates(run, word)) > count:
            return f"repeated word: {word}"
    missing = dropped_word(spoken_span, text)
    if missing is not None:
        return f"dropped word: {missing}"
    if len(spoken_span) == 1 and spoken_span[0].lower() in _OPERATOR_WORDS and not any(ch.isalnum() for ch in text):
        return f"a sign alone: {text}"  # "£4,324.50 plus underlay" is no "£4,324.50 + underlay"
    if text.startswith("&") or text.endswith("&"):
        return f"a sign alone: {text}"  # "&" joins two names ("R&D", "Marks & Spencer"), never opens or ends one
    return (dangling_hyphen(spoken_span, text) or unlicensed_symbol(spoken_span, text)
            or invented_initials(spoken_span, text) or number_words_beside_digits(text)
            or glued_to_digits(spoken_span, text) or odd_case(spoken_span, text) or invented_dot(spoken_span, text)
            or comma_in_word(text) or sign_without_amount(spoken_span, text)
            or malformed_time(text) or invented_decimal_point(spoken_span, text) or split_decimal(text)
            or lost_decimal_point(spoken_span, text) or decimal_digits_changed(spoken_span, text)
            or unsaid_leading_zero(spoken_span, text) or lost_leading_zero(spoken_span, text)
            or digits_said_one_by_one(spoken_span, text)
            or ordinal_dropped(spoken_span, text)
            or ordinal_added(spoken_span, text) or _number_check(spoken_span, text))


def dangling_hyphen(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"dangling hyphen: m-"`` when ``written`` ends in a hyphen that the spoken span neither says ("dash") nor
    types, else ``None``: "m" is not "m-"."""
    last = spoken_span[-1].lower()
    if written.endswith("-") and not last.endswith("-") and last not in ("dash", "hyphen"):
        return f"dangling hyphen: {written}"
    return None


# Small words and words said for symbols that a number never absorbs as letters ("and 20", not "AND20"; "I 95",
# not "IN95"; "152-" or "152 dash", not "152Dash").
_GLUE_WORDS = "and|or|the|of|to|in|on|at|for|us|dash|hyphen|slash|point|dot|minus|plus"
_WORD_DOT_WORD = re.compile(r"[^\W\d_]{2,}\.[^\W\d_]{2,}")
_CAPITALS_INTO_LOWER = re.compile(r"[A-Z]{2,}[a-z]{2,}|[A-Z]{5,}s")  # "POUNds", "HUNDREDs"; not "GPUs"
_LETTERS_BY_DIGIT = re.compile(r"(?<=\d)[^\W\d_]{4,}|[^\W\d_]{4,}(?=\d)")
_WORD_AFTER_DIGITS = re.compile(r"(?<=\d)[^\W\d_]{3}(?![^\W\d_])")  # "14elm"; a unit's abbreviation has no vowel
_SHORT_UNITS = frozenset("min sec hrs yrs gal lbs ozs".split())
# Top-level domains a point after a digit may come before ("3.com"); `said_addresses` knows more of them.
TOP_LEVEL_DOMAINS = frozenset("com org net edu gov info biz".split())
_DIGIT_DOT_WORD = re.compile(rf"\d\.(?!(?:{'|'.join(sorted(TOP_LEVEL_DOMAINS))})\b)([^\W\d_]{{3,}})")  # "3.menu"
_GLUED = re.compile(rf"(?<![^\W\d_])(?:{_GLUE_WORDS})-?\d|\d-?(?:{_GLUE_WORDS})(?![^\W\d_])", re.IGNORECASE)
_DOMAIN_THEN_DIGITS = re.compile(r"\.(?:com|org|net|edu|gov|io|co|uk)\d", re.IGNORECASE)  # "example.com1000"
# A scale word may touch an amount ("$77.5million", "NZ dollar 173billion"), not a count ("555123 4thousand") nor
# come before digits ("Billion1800").
_AMOUNT_BEFORE = re.compile(r"\d$")
_DECIMAL_BEFORE = re.compile(r"\d\.\d+$")
_ZERO_WORDS = frozenset("zero oh o nought naught double triple".split())
_UNIT_THEN_DIGITS = re.compile(r"(?:lbs?|oz|ozs|ft|st|yds?|mi|mph)\d", re.IGNORECASE)
_LEADING_ZERO = re.compile(r"(?<![\d.:])(?<!\d,)0\d")  # not inside a number ("1,030", "3.05", "9:05")


_BROKEN_CLOCK = re.compile(r"(?<![\d:])(?:\d{1,2}:(?:\d(?!\d)|\d{3})|\d{3,}:\d\d(?![\d:]))")
# A point before a digit after a digit, a lowercase word or nothing ("7.8", "minus.3", ".5"); not an abbreviation's
# ("U.S.2" is a missing space, not a decimal).
_DECIMAL_POINT = re.compile(r"(?:\d|[a-z]{2}|(?<!\S))\.\d")
SUBUNIT_WORDS = frozenset("cent cents pence penny p".split())  # hundredths of money: "twelve dollars fifty cents"


def malformed_time(written: str) -> Optional[str]:
    """``"number changed: malformed time ..."`` when ``written`` has a clock reading without two digits of minutes
    ("1:0", "1:000") or with more than two of hours ("1111:30" for "eleven eleven thirty"), else ``None``."""
    match = _BROKEN_CLOCK.search(written)
    return f"number changed: malformed time {match.group(0)}" if match else None


def invented_decimal_point(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"number changed: a decimal point nobody said ..."`` when ``written`` puts a point before a digit ("7.8"
    for "seven eight", "minus.3") with no "point", "dot" or fraction said, nor money with its cents ("five dollars
    fifty", "two euros and five cents", or no cents: "$208.00"; "one twenty five dollars" is $125, not "$12.5"),
    else ``None``."""
    if not _DECIMAL_POINT.search(written):
        return None
    said_words = [w.lower() for w in spoken_span]
    said = set(said_words)
    if said & ({"point", "dot"} | set(_FRACTION_WORDS)) or any("." in w and digit_string(w) for w in spoken_span):
        return None
    money = [i for i, w in enumerate(said_words) if w in _MONEY_WORDS]
    if money and (said & SUBUNIT_WORDS or any(spoken_digits([w]) for w in said_words[money[0] + 1:])
                  or not re.search(r"\.0*[1-9]", written)):  # "$208.00" is $208
        return None
    return f"number changed: a decimal point nobody said in {written}"


def lost_decimal_point(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"number changed: a decimal point lost in ..."`` when the span says "point" more times than ``written`` has
    points beside a digit ("one forty two point one six zero point three eight" written "142.160-38"), else
    ``None``."""
    said = sum(w.lower() == "point" for w in spoken_span)
    if said > 1 and len(re.findall(r"\.\d|\d\.", written)) < said:
        return f"number changed: a decimal point lost in {written.strip()}"
    return None


def decimal_digits_changed(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"number changed: ..."`` when the digits said after a number's "point" are not the digits ``written`` puts
    after a decimal point, zeros counted ("zero point zero zero zero four" is 0.0004, not 0.004; "two point five
    zero" is 2.50), else ``None``."""
    said = [w.lower() for w in spoken_span]
    written_fractions = re.findall(r"\.(\d+)", written)
    for i, word in enumerate(said[1:-1], start=1):
        if word != "point" or (said[i - 1] not in _COUNTS and not digit_string(said[i - 1])):
            continue
        digits = ""
        for after in said[i + 1:]:
            if after not in DIGIT_WORDS:
                break
            digits += DIGIT_WORDS[after]
        if digits and digits not in written_fractions:
            return f"number changed: point {digits} written {written.strip()}"
    return None


_SPLIT_DECIMAL = re.compile(r"\d\.\d+ \d|\d \.\d")


def split_decimal(written: str) -> Optional[str]:
    """``"number changed: a decimal split in 2.3 6"`` when a space cuts the digits after a decimal point from a
    digit after it ("two point three six billion euros" written "€2.3 6 billion") or a decimal point from the digits
    before it ("8,848 .86"), else ``None``."""
    if _SPLIT_DECIMAL.search(written):
        return f"number changed: a decimal split in {written.strip()}"
    return None


_DOTTED = re.compile(r"(?<![A-Za-z])(?:[A-Za-z]\.)+[A-Za-z](?![A-Za-z])\.?")
# Dotted abbreviations whose letters are not the spoken words' initials: what each stands for.
_DOTTED_FOR = {"am": ("am", "a m"), "pm": ("pm", "p m"), "eg": ("eg", "e g", "for example"),
               "ie": ("ie", "i e", "that is")}


def invented_initials(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"invented word: D.C."`` when ``written`` has a dotted abbreviation ("D.C.", "X.M.") whose letters are
    neither letters said one by one ("d c"), nor the initials of words said in a row ("united states" → "U.S."),
    nor "a.m.", "p.m.", "e.g." or "i.e." said as such; else ``None``. Single letters pass the word check on their
    own, as units ("5 m", "20 C"), so a spoken "d" could come out "D.C."."""
    said = [w.lower() for w in spoken_span]
    phrase = " ".join(said)
    letters = "".join(w for w in said if len(w) == 1)
    for match in _DOTTED.finditer(written):
        initials = match.group(0).replace(".", "").lower()
        if (initials in letters or initials in said
                or any("".join(w[0] for w in run) == initials and all(len(w) > 1 for w in run)
                       for run in (said[i:i + len(initials)] for i in range(len(said) - len(initials) + 1)))
                or any(form in phrase for form in _DOTTED_FOR.get(initials, ()))):
            continue
        return f"invented word: {match.group(0)}"
    return None


_UNFINISHED_INITIALS = re.compile(r"(?<![\w.])(?:[A-Z]\.)+[A-Z](?![\w.])")


def finish_initials(written: str) -> str:
    """``written`` with a point after the last of capitals written with points between them ("N.K" is "N.K.")."""
    return _UNFINISHED_INITIALS.sub(lambda m: m.group(0) + ".", written)


def split_said_word(spoken_span: Sequence[str], written: str) -> str:
    """``written`` with a space between digits and a said word of three letters run into them, capitalized where
    the word after it is ("fourteen elm road" written "14elm Road" is "14 Elm Road"); a unit's abbreviation without
    a vowel stays ("5km")."""
    said = {w.lower() for w in spoken_span}
    tokens = written.split(" ")
    for k, token in enumerate(tokens):
        match = _WORD_AFTER_DIGITS.search(token)
        word = match.group(0) if match else ""
        if not word or word.lower() not in said or not has_vowel(word) or word.lower() in _SHORT_UNITS:
            continue
        if k + 1 < len(tokens) and tokens[k + 1][:1].isupper():
            word = word.capitalize()
        tokens[k] = f"{token[:match.start()]} {word}{token[match.end():]}"
    return " ".join(tokens)


def glued_to_digits(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"glued to digits: AND20"`` when a small word is run into a number ("AND20", "ANd-62") or a said word of
    four letters or more touches one ("9month", "6Figure", "10,000square"), or one of three or more after a point
    ("3.menu" for "three dot menu", not an address's "3.com"), or digits touch an address's domain
    ("info@example.com1000"), else ``None``. A unit's abbreviation may ("5km"), and so may a scale word after an
    amount, as parliamentary transcripts write it ("$77.5million"; not "4thousand", "Billion1800"), but a
    number may not run on after one that takes no power ("7 lbs8" for "seven pounds eight ounces")."""
    said = {w.lower() for w in spoken_span}
    for token in written.split():
        runs = [(m.group(0), m.start()) for m in _LETTERS_BY_DIGIT.finditer(token)]
        runs += [(run, -1) for run in _DIGIT_DOT_WORD.findall(token)]
        if _GLUED.search(token) or _DOMAIN_THEN_DIGITS.search(token) or _UNIT_THEN_DIGITS.match(token) or any(
                run.lower() in said and not (run.lower() in _SCALE_WORDS and _AMOUNT_BEFORE.search(token[:at])
                                             and (said & _MONEY_WORDS or not token[:1].isdigit()
                                                  or _DECIMAL_BEFORE.search(token[:at])))
                for run, at in runs):
            return f"glued to digits: {token}"
    return None


_COMMA_IN_WORD = re.compile(r"[^\W\d_],[^\W\d_]")


def comma_in_word(written: str) -> Optional[str]:
    """``"invented mark: per,hour"`` when a comma stands between two letters with no space after it (a comma in a
    number, "1,500", is fine), else ``None``."""
    for token in written.split():
        if _COMMA_IN_WORD.search(token):
            return f"invented mark: {token}"
    return None


_SIGN_WITHOUT_AMOUNT = re.compile(r"[$£€¥₹₩](?!\d)")
_AMOUNT_CENTS = re.compile(r"[$£€]\d[\d,]*(\.\d+)?")  # the group: the amount's hundredths, if written
_CENTS_WRITTEN = re.compile(r"\d\s*(?:cents?|pence|p)\b|¢")


def sign_without_amount(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"sign without an amount: $99.$"`` when a currency sign in a writing with digits stands before no digit,
    as no amount is written ("$99.$" for "us dollars ninety nine"), or when the amount is whole though cents or
    pence were said and are written nowhere ("$99" for "dollars ninety nine cents" is 100 times too much); else
    ``None``."""
    text = written.strip()
    if any(ch.isdigit() for ch in text) and _SIGN_WITHOUT_AMOUNT.search(text):
        return f"sign without an amount: {text}"
    cents = any(w.lower() in ("cents", "cent", "pence", "penny") for w in spoken_span)
    whole = any(not hundredths for hundredths in _AMOUNT_CENTS.findall(text))
    if cents and whole and not _CENTS_WRITTEN.search(text):
        return f"sign without an amount: {text}"
    return None


def invented_dot(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"invented dot: million.dollars"`` when a point joins two words though nobody said "dot" (an address or
    handle has it said: "john dot smith"), else ``None``."""
    if "dot" in (w.lower() for w in spoken_span):
        return None
    for token in written.split():
        if _WORD_DOT_WORD.search(token):
            return f"invented dot: {token}"
    return None


def odd_case(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"odd case: POUNds"`` when a said word is written in a case that is neither lower, capitalized, upper nor
    a mixed-case name's ("THe"), or as capitals run into lowercase letters ("POUNds", "HUNDREDs"; a short plural
    acronym, "GPUs", is fine), else ``None``."""
    said = {w.lower() for w in spoken_span}
    for word in word_runs(written):
        lower = word.lower()
        if lower in said and word not in (lower, lower.capitalize(), word.upper()) and (
                not mixed_case_shaped(word) or _CAPITALS_INTO_LOWER.fullmatch(word)):
            return f"odd case: {word}"
    return None


def unsaid_leading_zero(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"number changed: ..."`` when ``written`` starts a number with a zero ("030", "And,030", "1/00") that
    nobody said ("thirty"), else ``None``: the number check reads past leading zeros, for cents and times ("$3.05",
    "9:05"). A zero before a decimal point ("0.5") needs no word, nor does a date said with its month
    ("05/03/2020"); typed digits keep their own zeros."""
    if any(w.lower() in _MONTHS for w in spoken_span):
        return None
    match = _LEADING_ZERO.search(written)
    if match and not any(w.lower() in _ZERO_WORDS or "0" in digit_string(w) for w in spoken_span):
        return f"number changed: a zero nobody said in {written}"
    return None


def lost_leading_zero(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"number changed: ..."`` when the span opens with a zero said before more digits ("oh one eight one ...",
    "zero seven seven ...") and ``written`` has no zero before its first other digit ("181 945"), else ``None``:
    the number check reads past leading zeros."""
    said = [w.lower() for w in spoken_span]
    if len(said) < 2 or said[0] not in ("zero", "oh") or said[1] not in DIGIT_WORDS:
        return None
    digits = digit_string(written)
    return f"number changed: the zero said first lost in {written.strip()}" if digits[:1] not in ("0", "") else None


def digits_said_one_by_one(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"number changed: ..."`` when a span said digit by digit ("zero zero zero", "double oh seven"), after a
    code's letters or not ("f zero five"), is written with other digits ("0000", "F005"), else ``None``: the number
    check reads past leading zeros, which a code keeps."""
    said: List[str] = []
    repeat = 1
    for word in (w.lower() for w in spoken_span):
        if not said and repeat == 1 and len(word) == 1 and word.isascii() and word.isalpha():
            continue  # a code's letters before its digits
        if word in ("double", "triple"):
            repeat = 2 if word == "double" else 3
            continue
        if word not in DIGIT_WORDS:
            return None
        said.append(DIGIT_WORDS[word] * repeat)
        repeat = 1
    digits = digit_string(written)
    if len(said) > 1 and repeat == 1 and digits and digits != "".join(said):
        return f"number changed: {''.join(said)} said one by one → {digits}"
    return None


_HALF_NUMBER_WORDS = (set(_UNITS) - {"oh", "o"}) | set(_TENS) | {"hundred"}
# Nouns an ordinal said before keeps its ending for: streets ("42nd Street"), centuries, amendments, anniversaries.
_ORDINAL_NOUNS = frozenset("street avenue road boulevard drive lane place court terrace parkway st ave rd blvd "
                          "century centuries amendment anniversary birthday".split())
_NUMBER_BEFORE_WORD = re.compile(r"(\d+)(st|nd|rd|th)?\.?[\s-]*([A-Za-z]+)")


def ordinal_dropped(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"ordinal dropped: 42 Street"`` when a number said as an ordinal right before a street word or another noun
    of :data:`_ORDINAL_NOUNS` ("forty second street", "twenty first century") is written without its ordinal ending
    ("42 Street", "42-Street" or "42Street", not "42nd Street"), or
    in digits none of which is an ordinal, with no ordinal word either ("41 F Street", not "123 Third Street"), else
    ``None``."""
    said = [w.lower() for w in spoken_span]
    if not any(_ordinal_base(w) != w and nxt in _ORDINAL_NOUNS for w, nxt in zip(said, said[1:])):
        return None
    for match in _NUMBER_BEFORE_WORD.finditer(written):
        if match.group(3).lower() in _ORDINAL_NOUNS and not match.group(2):
            return f"ordinal dropped: {match.group(0)}"
    kept_as_word = any(_ordinal_base(w.lower()) != w.lower() for w in word_runs(written))  # "123 Third Street"
    if re.search(r"\d", written) and not re.search(r"\d(st|nd|rd|th)\b", written) and not kept_as_word:
        return f"ordinal dropped: {written}"  # "41 F Street"
    return None


_DIGIT_ORDINAL = re.compile(r"\d(?:st|nd|rd|th)\b", re.IGNORECASE)


def ordinal_added(spoken_span: Sequence[str], written: str) -> Optional[str]:
    """``"ordinal added: 14th"`` when ``written`` has a digit ordinal but ``spoken_span`` says none ("fourteen to"
    is not "14th"), else ``None``. A typed ordinal ("20th") counts as said."""
    match = _DIGIT_ORDINAL.search(written)
    if match is None:
        return None
    said = [w.lower() for w in spoken_span]
    if any(_ordinal_base(w) != w or _DIGIT_ORDINAL.search(w) for w in said):
        return None
    return f"ordinal added: {written}"


def number_words_beside_digits(written: str) -> Optional[str]:
    """``"number words beside digits: ..."`` when a converted span writes part of a number in digits and leaves
    the rest as words ("6 hundred", "60 five", "twenty 5"), else ``None``. The reason starts with "number", so
    :func:`convert_checked` tries the span again with its spoken digits imposed, and falls back if that fails too.
    A scale word after digits ("12.3 million", "5 thousand") is a written style, not half a number."""
    tokens = [token.strip(",.;:!?()\"'") for token in written.split()]
    for left, right in zip(tokens, tokens[1:]):
        digits = [bool(re.match(r"[^\w\s]?\d", t)) for t in (left, right)]  # "6", "$6", "60th"
        if digits[0] != digits[1] and (right if digits[0] else left).lower() in _HALF_NUMBER_WORDS:
            return f"number words beside digits: {left} {right}"
    return None


_DECIMAL_FRACTIONS = {("a", "half"): ["five"], ("a", "quarter"): ["two", "five"], ("one", "half"): ["five"],
                      ("three", "quarters"): ["seven", "five"]}


def _fraction_as_decimal(spoken: Sequence[str]) -> List[str]:
    """``spoken`` with "and a half" read as "point five" ("one and a half million" → "$1.5 million"), "and a
    quarter" and "and three quarters" likewise."""
    said = [w.lower() for w in spoken]
    for i in range(len(said) - 2):
        decimals = _DECIMAL_FRACTIONS.get((said[i + 1], said[i + 2])) if said[i] == "and" else None
        if decimals:
            return said[:i] + ["point"] + decimals + said[i + 3:]
    return said


def _number_check(spoken: Sequence[str], text: str) -> Optional[str]:
    """Lenient where readings are ambiguous (times "18:00", cents "$3.05", numeric dates), strict on digits."""
    lower = text.lower()
    # Written variants whose digits may match the spoken reading: as is, ":00"/".00" dropped, cents "05" → "5".
    variants = {digit_string(v).lstrip("0") for v in (text, re.sub(r"[.:]00\b", "", text),
                                                      re.sub(r"\.0(\d)\b", r".\1", text))}
    digits = digit_string(text)
    if not digits:
        if any(digit_string(w) for w in spoken):  # digits typed among the words: "12.3 million" is no "-million"
            return "number dropped"
        if not spoken_digits(spoken):
            return None
        # Number words kept as words ("underscore one" → "_one") are fine; a number that vanished is not.
        kept = any(spoken_digits([w]) and w.lower() in lower for w in spoken)
        return None if kept else "number dropped"
    keep = frozenset(s for s in _SCALES if s in lower)
    readings = [spoken_numbers(said, keep, joins) for said in (spoken, _fraction_as_decimal(spoken))
                for joins in (True, False)]
    flat = {"".join(r).lstrip("0") for r in readings}
    if variants & flat:
        return None
    if "/" in text:  # fractions and slashed dates have too many readings: each written number must be said
        denominators = _denominators(spoken)
        said = {g.lstrip("0") for r in readings for g in r} | {str(n) for n in denominators}
        said |= {"1"} if denominators else set()  # "a half" → "1/2"
        said |= {str(_MONTH_NUMBER[w.lower()]) for w in spoken if w.lower() in _MONTH_NUMBER}
        said |= {"".join(r).lstrip("0") for r in readings}
        typed = [digit_string(w).lstrip("0") for w in spoken if digit_string(w)]
        if any(t not in digits for t in typed):  # "⓻0 three quarters" is not "3/4"
            return f"number dropped: {typed}"
        if not any(all(g.lstrip("0") in digits for g in r) for r in readings):  # nor "7/0"
            return f"number dropped: {'/'.join(sorted(flat))} → {digits}"
        if all(g.lstrip("0") in said or any(g.lstrip("0") in x for x in said) for g in _digit_groups(text)):
            return None
    first_digit = next((i for i, ch in enumerate(lower) if _digit_value(ch) is not None), len(lower))
    before_digits = lower[:first_digit]
    counts = 0  # a count kept as a word before a number in digits: "three triple twenty five" → "three triple 25"
    while (counts < len(spoken) and spoken_digits([spoken[counts]])
           and re.search(rf"(?<![\w-]){re.escape(spoken[counts].lower())}(?![\w-])", before_digits)):
        counts += 1
    if counts and variants & {"".join(spoken_numbers(spoken[counts:], keep, joins)).lstrip("0")
                              for joins in (True, False)}:
        return None
    months = [str(_MONTH_NUMBER[w.lower()]) for w in spoken if w.lower() in _MONTH_NUMBER]
    if months:  # numeric dates reorder day, month and year: same digits, any order
        written = sorted("".join(g.lstrip("0") or "0" for g in _digit_groups(text)))
        if any(sorted("".join(g.lstrip("0") or "0" for g in r + months)) == written for r in readings):
            return None
    return f"number changed: {'/'.join(sorted(flat)) or '-'} → {digits}"


def _alnum(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


_MILES = re.compile(r"(\d)(\s|-)?(sq )?mi\b")


def miles_in_full(spoken_span: Sequence[str], written: str) -> str:
    """``written`` with the miles it abbreviates written as said ("forty five miles" written "45 mi" is "45 miles",
    "a five mile walk" "a 5-mile walk", "three point three square miles" "3.3 square miles"): edited text writes
    miles in full beside a number."""
    said = {w.lower() for w in spoken_span}
    unit = "miles" if "miles" in said else "mile" if "mile" in said else None
    if unit is None:
        return written

    def full(match: "re.Match[str]") -> str:
        square = "square " if match.group(3) and "square" in said else match.group(3) or ""
        return f"{match.group(1)}{'-' if match.group(2) == '-' else ' '}{square}{unit}"

    return _MILES.sub(full, written)


_GLUED_G = re.compile(r"(\d[\d,]*(?:\.\d+)?)G")


def grams_apart(spoken_span: Sequence[str], written: str) -> str:
    """``written`` with grams said as the letter that the conversion glued to the number in capitals ("two hundred
    g" written "200G") as "200 g": only ten and more, since "five g" and "four g" are networks (5G, 4G)."""
    match = _GLUED_G.fullmatch(written.strip())
    if match is None or not spoken_span or spoken_span[-1].lower() != "g":
        return written
    return f"{match.group(1)} g" if float(match.group(1).replace(",", "")) >= 10 else written


_US_AFTER_DIGITS = re.compile(r"(?<=\d) us\b")  # "68 us cents": the country's money, never the pronoun
_NUMBER_SIGN_GLUED = re.compile(r"\bNo\.(?=\d)")  # "No.4" is "No. 4"


def _repaired(spoken_span: Sequence[str], written: str) -> str:
    """A converter's output with the slips that have one right fix fixed: initials' last point, a word's space,
    miles abbreviated, "us" in lowercase after a number ("68 US cents"), "No." run into its number ("No. 4"), grams
    glued in capitals ("200 g")."""
    written = grams_apart(spoken_span, miles_in_full(spoken_span, split_said_word(spoken_span,
                                                                                  finish_initials(written))))
    return _NUMBER_SIGN_GLUED.sub("No. ", _US_AFTER_DIGITS.sub(" US", written))


ALTERNATIVES = 4  # outputs of the beam a rejected span may choose from, its best (already rejected) included
ALTERNATIVE_SLACK = 8  # characters an alternative may have beyond the rejected output
ALTERNATIVE_MAX_CHARS = 64


def convert_checked(converter: Any, inputs: Sequence[str], spoken: Sequence[Sequence[str]],
                    mixed: Sequence[bool],
                    width: int = ALTERNATIVES) -> Tuple[List[str], List[Optional[str]], int, int]:
    """Convert ``inputs`` and check each output against its spoken span: ``(outputs, reasons, retries,
    alternatives)``.

    Initials written with points get the point after the last ("N.K" is "N.K."), and a short word run into digits
    its space ("14elm" is "14 Elm"). A span whose digits came out wrong gets a second try with its spoken digits
    imposed (``convert(..., digits=...)``); ``retries`` counts the second tries that passed. A span still rejected
    then takes the likeliest of the converter's next ``width - 1`` outputs (``converter.nbest``, beam search) that
    the guards accept: for "miss" the converter's best is "Mrs.", an invented word there, and "Ms." is among its
    next. Mixed-case words keep their own fallback; an alternative that only re-cases or re-marks the spoken words
    ("MIss", "us-"), or writes a word of mixed case ("JianGsu"; also "kHz", which a rescue may pass up), is passed
    over; so is a span whose output was too long, and an alternative is at most 8 characters longer than the
    rejected output.
    ``alternatives`` counts the spans saved so.
    ``reasons[i]`` is ``None`` for a span that may be used, else why it falls back.
    """
    raw = converter.convert(inputs)
    outputs = [_repaired(words, written) for words, written in zip(spoken, raw)]
    reasons = [check_span(words, written, MIXED_CLASS if m else None)
               for words, written, m in zip(spoken, outputs, mixed)]
    retry = [j for j, reason in enumerate(reasons) if reason and reason.startswith("number")]
    retries = 0
    if retry:
        digits = [expected_digits(spoken[j], outputs[j]) for j in retry]
        for j, written in zip(retry, converter.convert([inputs[j] for j in retry], digits=digits)):
            written = _repaired(spoken[j], written)
            if check_span(spoken[j], written) is None:
                outputs[j], reasons[j] = written, None
                retries += 1
    alternatives = 0
    nbest = getattr(converter, "nbest", None)  # converters without beam search keep the fallback alone
    rejected = [j for j, reason in enumerate(reasons) if reason and reason != "too long" and not mixed[j]] \
        if nbest and width > 1 else []
    # the search takes one batched step per character: alternatives stay near the rejected output's length
    bounds = [min(len(raw[j]) + ALTERNATIVE_SLACK, ALTERNATIVE_MAX_CHARS) for j in rejected]
    for j, ranked in zip(rejected, nbest([inputs[j] for j in rejected], width, bounds) if rejected else []):
        said = _alnum("".join(spoken[j]))
        for written in ranked[1:]:
            written = _repaired(spoken[j], written)
            if _alnum(written) == said or any(case_label(w) == "MIXED" for w in word_runs(written)):
                continue  # the spoken words re-cased or re-marked ("MIss", "us-"), or an odd case ("JianGsu")
            if check_span(spoken[j], written) is None:
                outputs[j], reasons[j] = written, None
                alternatives += 1
                break
    return outputs, reasons, retries, alternatives
