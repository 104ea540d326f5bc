"""Written entity → spoken words, with the variants people really use (drawn from ``rng``; ``rng=None`` gives
the most common form). Output words are lowercase letters and apostrophes only."""
from __future__ import annotations

import random
import re
import unicodedata
from typing import Callable, Dict, List, Optional

from . import numbers as N
from .entities import COMPASS, MONTH_ABBR, MONTHS, STREET_TYPES

Rng = Optional[random.Random]
CURRENCIES = {"$": ("dollar", "dollars", "cent", "cents"), "€": ("euro", "euros", "cent", "cents"),
              "£": ("pound", "pounds", "penny", "pence"), "¥": ("yen", "yen", "sen", "sen"),
              "US$": ("u s dollar", "u s dollars", "cent", "cents"), "USD": ("u s dollar", "u s dollars", "cent", "cents"),
              "EUR": ("euro", "euros", "cent", "cents"), "GBP": ("pound", "pounds", "penny", "pence")}
UNITS = {"kg": "kilograms", "km": "kilometers", "cm": "centimeters", "mm": "millimeters", "m": "meters",
         "mi": "miles", "ft": "feet", "in": "inches", "yd": "yards", "yds": "yards", "lb": "pounds", "lbs": "pounds",
         "oz": "ounces", "g": "grams", "mg": "milligrams", "ml": "milliliters", "mL": "milliliters", "l": "liters",
         "L": "liters", "gal": "gallons", "mph": "miles per hour", "kph": "kilometers per hour",
         "km/h": "kilometers per hour", "°C": "degrees celsius", "°F": "degrees fahrenheit", "°": "degrees",
         "GB": "gigabytes", "MB": "megabytes", "TB": "terabytes", "KB": "kilobytes", "GHz": "gigahertz",
         "MHz": "megahertz", "kHz": "kilohertz", "Hz": "hertz", "kW": "kilowatts", "kWh": "kilowatt hours",
         "W": "watts", "V": "volts", "hrs": "hours", "hr": "hours", "min": "minutes", "sec": "seconds",
         "ms": "milliseconds", "sq ft": "square feet", "sq mi": "square miles", "Mbps": "megabits per second",
         "Gbps": "gigabits per second", "cc": "c c", "kcal": "kilocalories", "m²": "square meters",
         "km²": "square kilometers", "ft²": "square feet"}
# Shorter readings people also use for a unit ("mm", "m", "in" as letters, as NeMo's normalizer leaves them).
UNIT_VARIANTS = {"kg": ["kilos"], "mm": ["mm"], "m": ["m"], "in": ["in"], "mph": ["m p h"], "kph": ["k p h"],
                 "GB": ["gigs", "g b"], "MB": ["megs", "m b"],
                 "°F": ["degrees"], "°C": ["degrees"], "lbs": ["pounds"], "km/h": ["k m h"], "TB": ["t b"],
                 "kWh": ["k w h"], "ml": ["mils"], "min": ["mins"]}
_SINGULAR = {"feet": "foot", "inches": "inch", "hours": "hour", "pounds": "pound", "miles": "mile",
             "kilometers": "kilometer", "yen": "yen"}
ABBREVIATIONS = {"mr": ["mister"], "mrs": ["misses"], "ms": ["miss"], "dr": ["doctor"], "prof": ["professor"],
                 "st": ["saint"], "jr": ["junior"], "sr": ["senior"], "vs": ["versus"], "v": ["versus"],
                 "etc": ["etcetera"], "mt": ["mount"], "ft": ["fort"], "gen": ["general"], "gov": ["governor"],
                 "sen": ["senator"], "rep": ["representative"], "lt": ["lieutenant"], "col": ["colonel"],
                 "capt": ["captain"], "sgt": ["sergeant"], "inc": ["incorporated"], "co": ["company"],
                 "ltd": ["limited"], "corp": ["corporation"], "ave": ["avenue"], "blvd": ["boulevard"],
                 "rd": ["road"], "bros": ["brothers"], "dept": ["department"], "univ": ["university"],
                 "approx": ["approximately"], "al": ["al"], "cf": ["compare"], "no": ["number"], "nos": ["numbers"],
                 "eg": ["for", "example"], "ie": ["that", "is"]} | {m[:3].lower(): [m.lower()] for m in MONTHS} | {
                 "sept": ["september"]}
# Other readings of some abbreviations (drawn with rng).
ABBREVIATION_VARIANTS = {"eg": [["e", "g"]], "ie": [["i", "e"]], "vs": [["v", "s"], ["verses"]],
                         "v": [["v"]], "etc": [["et", "cetera"]], "ms": [["miz"], ["m", "s"]],
                         "mrs": [["missus"]], "no": [["no"]]}
# (The first readings of "Ms.", "Mrs.", "etc." and the variant "no" are NeMo's normalizer's: "miss", "misses",
# "etcetera", "no"; speech recognizers trained on its output write them so.)
SYMBOLS = {"&": "and", "+": "plus", "=": "equals", "%": "percent", "#": "number", "@": "at", "/": "slash",
           "*": "star", "-": "dash", "_": "underscore", ".": "dot", ":": "colon", "$": "dollars", "€": "euros",
           "£": "pounds", "¥": "yen", "°": "degrees", "~": "tilde", "^": "caret", "<": "less than",
           ">": "greater than", "|": "bar", "§": "section", "?": "question mark", ",": "comma", "\\": "backslash",
           "'": "apostrophe", "²": "squared", "³": "cubed"}
_DIGITS = re.compile(r"\d+")
_JOINERS = frozenset("-/,:;?'")
_ALNUM_TOKEN = re.compile(r"\d+(?:st|nd|rd|th)(?![^\W\d_])|\d+(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|[^\W\d_]+(?:'[^\W\d_]+)*|\S")
_URL_TOKEN = re.compile(r"\d+|[^\W\d_]+|\S")
_VOWELS = re.compile(r"[aeiouy]")
_MONEY = re.compile(r"(-?)([$€£¥]|US\$|USD|EUR|GBP) ?([\d,]+)(?:\.(\d+))?((?: [a-z]+)|k|K|M|bn|B)?(?:-(.*))?")
_SUFFIX_SCALE = {"k": "thousand", "K": "thousand", "M": "million", "bn": "billion", "B": "billion"}
_MEASURE = re.compile(r"(-?[\d,]*(?:\.\d+)?) ?(.+)")
_NUMERIC_DATE = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{2,4})|(\d{4})-(\d\d)-(\d\d)")
_DAY_TOKEN = re.compile(r"\d{1,2}(?:st|nd|rd|th)?")
_TIME = re.compile(r"(\d{1,2})(?::(\d\d))?(?::(\d\d))? ?([apAP]\.?[mM]\.?|o'clock)?")
_YEARLIKE = re.compile(r"1\d\d\d|20\d\d")
_HOUSE = re.compile(r"(\d+)([A-Za-z]?)(?:-(\d+))?")


def _pick(rng: Rng, p: float) -> bool:
    """True with probability ``p`` when sampling; False for the canonical reading."""
    return bool(rng) and rng.random() < p


def _num(s: str, rng: Rng) -> List[str]:
    s = s.replace(",", "")
    if len(s) > 1 and s.startswith("0"):
        return N.digits(s, rng)
    return N.cardinal(int(s), rng) if len(s) <= 15 else N.digits(s, rng)


def _decimal(s: str, rng: Rng) -> List[str]:
    neg = s.startswith("-")
    whole, _, frac = s.lstrip("-").partition(".")
    words = ["minus"] if neg else []
    if whole:
        words += _num(whole, rng)
    elif not _pick(rng, 0.5):
        words.append("zero")
    return words + ["point"] + N.digits(frac, rng, zero="oh" if _pick(rng, 0.3) else "zero")


def _number(s: str, rng: Rng) -> List[str]:
    """A cardinal or decimal with an optional scale word (``12.3 million``)."""
    parts = s.split()
    head = parts[0]
    if "." in head:
        words = _decimal(head, rng)
    else:
        words = _num(head.lstrip("-"), rng)
        if head.startswith("-"):
            words = [rng.choice(["minus", "negative"]) if rng else "minus"] + words
    return words + parts[1:]


def cardinal(w: str, rng: Rng) -> List[str]:
    words = _number(w, rng)
    if words[:2] == ["one", "hundred"] and _pick(rng, 0.15):
        words[0] = "a"
    return words


def ordinal(w: str, rng: Rng) -> List[str]:
    return N.ordinal(int(w[:-2].replace(",", "")))


def year(w: str, rng: Rng) -> List[str]:
    if w.endswith("s"):
        core = w[:-1].rstrip("'").lstrip("'")
        return N.plural(N.cardinal(int(core)) if len(core) == 2 else N.year(int(core), rng))
    return N.year(int(w), rng)


def money(w: str, rng: Rng) -> List[str]:
    m = _MONEY.fullmatch(w)
    if not m:
        parts = w.split()
        return _number(" ".join(parts[:-1]), rng) + parts[-1:]
    neg, sym, whole, frac, scale, upper = m.groups()
    one, many, cent, cents = CURRENCIES[sym]
    words = ["minus"] if neg else []
    whole_n = int(whole.replace(",", ""))
    if scale:
        scale = scale.strip()
        amount = _number(f"{whole}.{frac}" if frac else whole, rng)
        if scale in _SUFFIX_SCALE and _pick(rng, 0.3):
            words += amount + [scale.lower()]
        else:
            words += amount + [_SUFFIX_SCALE.get(scale, scale)] + many.split()
    elif frac and len(frac) == 2:
        c = int(frac)
        if whole_n and c and _pick(rng, 0.3):  # "five ninety nine", "five dollars ninety nine"
            unit = many.split() if _pick(rng, 0.4) else []
            words += _num(whole, rng) + unit + (N.digits(frac, rng) if c < 10 else N.cardinal(c))
        else:
            if whole_n:
                words += _num(whole, rng) + (one if whole_n == 1 else many).split()
            if c:
                words += (["and"] if whole_n and not _pick(rng, 0.4) else []) + N.cardinal(c) + [
                    cent if c == 1 else cents]
            elif not whole_n:
                words += ["zero"] + many.split()
    else:
        words += _number(f"{whole}.{frac}" if frac else whole, rng) + (
            one if whole_n == 1 and not frac else many).split()
    if upper:
        upper_words = money(upper if upper[0] in CURRENCIES else sym + upper, rng)
        if words[-1:] == many.split()[-1:] and not _pick(rng, 0.4):
            words = words[:-len(many.split())]  # "five to ten dollars"
        words += ["to"] + upper_words
    return words


def percent(w: str, rng: Rng) -> List[str]:
    core = w.replace("%", "").replace(" percent", "")
    return (_number(core, rng) if core else []) + ["percent"]


def measure(w: str, rng: Rng) -> List[str]:
    m = _MEASURE.fullmatch(w)
    num, unit = m.groups() if m else (w, "")
    words = _number(num, rng)
    variants = UNIT_VARIANTS.get(unit)
    reading = rng.choice(variants) if variants and _pick(rng, 0.25) else UNITS.get(unit, unit.lower())
    unit_words = reading.split()
    if words == ["one"]:
        i = unit_words.index("per") - 1 if "per" in unit_words else len(unit_words) - 1
        plural = unit_words[i]
        if plural not in ("celsius", "fahrenheit"):
            unit_words[i] = _SINGULAR.get(plural, plural[:-1] if plural.endswith("s") else plural)
    return words + unit_words


def _day(d: int, rng: Rng) -> List[str]:
    return N.cardinal(d) if _pick(rng, 0.2) else N.ordinal(d)


def _short_year(y: str, rng: Rng) -> List[str]:
    """A year written with 2 or 4 digits."""
    if len(y) == 4:
        return N.year(int(y), rng)
    return ["oh", N.ONES[int(y[1])]] if y[0] == "0" else N.cardinal(int(y))


def date(w: str, rng: Rng) -> List[str]:
    m = _NUMERIC_DATE.fullmatch(w)
    if m:
        if m.group(1):
            mo, d, y = int(m.group(1)), int(m.group(2)), m.group(3)
        else:
            y, mo, d = m.group(4), int(m.group(5)), int(m.group(6))
        if not 1 <= mo <= 12:
            return alnum(w, rng)
        if _pick(rng, 0.15):
            return ["the"] + N.ordinal(d) + ["of", MONTHS[mo - 1].lower()] + _short_year(y, rng)
        return [MONTHS[mo - 1].lower()] + _day(d, rng) + _short_year(y, rng)
    tokens = w.replace(",", "").split()
    has_the = tokens[0].lower() == "the"
    if has_the:
        tokens = tokens[1:]
    month = next(t for t in tokens if t.rstrip(".") in MONTH_ABBR or t in MONTHS)
    month_word = MONTH_ABBR.get(month.rstrip("."), month).lower()
    day = next((t for t in tokens if _DAY_TOKEN.fullmatch(t)), None)
    yr = next((t for t in tokens if len(t) == 4 and t.isdigit()), None)
    y_words = N.year(int(yr), rng) if yr else []
    if day is None:
        return [month_word] + y_words
    d = int(day.rstrip("stndrh"))
    month_first = tokens[0] == month
    if month_first and not _pick(rng, 0.15):
        return [month_word] + _day(d, rng) + y_words
    if not month_first and _pick(rng, 0.2) and not has_the:  # "fifteen march" as written
        return N.ordinal(d) + [month_word] + y_words
    the = ["the"] if has_the or not _pick(rng, 0.3) else []
    return the + N.ordinal(d) + ["of", month_word] + y_words


def time(w: str, rng: Rng) -> List[str]:
    m = _TIME.fullmatch(w)
    if not m:
        return alnum(w, rng)
    h, mi, sec, suffix = m.groups()
    hour = int(h)
    words = N.cardinal(hour)
    minutes = int(mi) if mi else 0
    if minutes:
        words += N.digits(mi, rng, zero="oh") if minutes < 10 else N.cardinal(minutes)
    elif mi and not suffix:
        if hour > 12 or hour == 0:
            words += ["hundred"]
        elif not _pick(rng, 0.4):
            words.append("o'clock")
    elif mi and _pick(rng, 0.2):
        words += ["o'clock"] if suffix == "o'clock" else ["oh", "oh"]
    if sec and int(sec):
        words += ["and"] + N.cardinal(int(sec)) + ["seconds"]
    if suffix:
        if suffix == "o'clock":
            words.append("o'clock")
        else:
            letters = suffix.replace(".", "").lower()
            words += [letters] if _pick(rng, 0.35) else list(letters)
    return words


def telephone(w: str, rng: Rng) -> List[str]:
    words = ["plus"] if w.startswith("+") else []
    for g in _DIGITS.findall(w):
        words += N.group_digits(g, rng)
    return words


def digit_groups(w: str, rng: Rng) -> List[str]:
    """Card numbers, SSNs, zip codes: digit by digit."""
    zero = "oh" if _pick(rng, 0.4) else "zero"
    words: List[str] = []
    for i, g in enumerate(_DIGITS.findall(w)):
        if i and _pick(rng, 0.1):
            words.append("dash")
        words += N.digits(g, rng, zero=zero)
    return words


def range_(w: str, rng: Rng) -> List[str]:
    a, _, b = w.partition("-")
    if _YEARLIKE.fullmatch(a) and (_YEARLIKE.fullmatch(b) or len(b) <= 2):
        lo = N.year(int(a), rng)
        hi = N.year(int(b), rng) if len(b) == 4 else _short_year(b, rng) if len(b) == 2 else N.cardinal(int(b))
    else:
        lo, hi = _number(a, rng), _number(b, rng)
    return lo + [rng.choice(["to", "to", "to", "through"]) if rng else "to"] + hi


def fraction(w: str, rng: Rng) -> List[str]:
    parts = w.split()
    words = N.cardinal(int(parts[0])) + ["and"] if len(parts) == 2 else []
    num, den = (int(x) for x in parts[-1].split("/"))
    if den == 0 or den > 100:
        return words + N.cardinal(num) + ["over"] + N.cardinal(den)
    if num == 1:
        head = ["a"] if words or _pick(rng, 0.4) else ["one"]
    else:
        head = N.cardinal(num)
    if den == 2:
        return words + head + (["half"] if num == 1 else ["halves"])
    if den == 4 and not _pick(rng, 0.3):
        den_words = ["quarter" if num == 1 else "quarters"]
    else:
        den_words = N.ordinal(den)
        if num != 1:
            den_words[-1] += "s"
    if den_words[0] == "one" and num == 1:
        den_words = den_words[1:]  # "one hundredth", not "one one hundredth"
    return words + head + den_words


def _spell_or_say(tok: str) -> List[str]:
    """A word as people read it in an address or domain: short or vowel-less ones letter by letter."""
    low = tok.lower()
    if len(low) <= 2 or not _VOWELS.search(low) or (tok.isupper() and len(tok) <= 3):
        return list(low)
    return [low]


def electronic(w: str, rng: Rng) -> List[str]:
    words: List[str] = []
    low = w.lower()
    for scheme in ("https://", "http://"):
        if low.startswith(scheme):
            words += list(scheme[:-3]) + ["colon", "slash", "slash"]
            low = low[len(scheme):]
    for tok in _URL_TOKEN.findall(low):
        if tok.isdigit():
            words += N.digits(tok, rng) if len(tok) > 2 else N.cardinal(int(tok))
        elif tok == "www":
            r = rng.random() if rng else 1.0  # "www" as one word: how NeMo's normalizer writes it
            words += ["triple", "w"] if r < 0.15 else ["www"] if r < 0.4 else ["w", "w", "w"]
        elif tok.isalpha():
            words += [tok] if tok in ("com", "org", "net", "edu", "gov", "info", "biz") else _spell_or_say(tok)
        elif tok in SYMBOLS:
            words += SYMBOLS[tok].split()
    return words


def acronym(w: str, rng: Rng) -> List[str]:
    possessive = w.endswith("'s")
    core = w[:-2] if possessive else w
    letters = [ch.lower() for ch in core if ch.isalpha()]
    if possessive:
        letters[-1] += "'s"
    return letters


def abbreviation(w: str, rng: Rng) -> List[str]:
    key = w.replace(".", "").lower()
    variants = ABBREVIATION_VARIANTS.get(key)
    if variants and _pick(rng, 0.2):
        return list(rng.choice(variants))
    return list(ABBREVIATIONS.get(key, [key]))


def address(w: str, rng: Rng) -> List[str]:
    tokens = w.split()
    m = _HOUSE.fullmatch(tokens[0])
    words: List[str] = []
    if m:
        number, letter, second = m.groups()
        words += N.pairs(number, rng) + ([letter.lower()] if letter else []) + (N.pairs(second, rng) if second else [])
    else:
        words += alnum(tokens[0], rng)
    last = len(tokens) - 1
    for i, tok in enumerate(tokens[1:], 1):
        bare = tok.rstrip(".")
        street = bare if bare in STREET_TYPES else bare.capitalize()
        if i >= last - 1 and street in STREET_TYPES and (i == last or tokens[last].rstrip(".") in COMPASS):
            words.append(STREET_TYPES[street])
        elif bare in COMPASS and (i == 1 or i == last):
            words += COMPASS[bare].split()
        elif bare[:1].isdigit():
            words += ordinal(bare, rng) if bare[-2:].isalpha() else N.pairs(bare, rng)
        else:
            words += _spell_or_say(bare) if bare.isupper() else [bare.lower()]
    return words


def _symbol_words(ch: str) -> List[str]:
    if ch in SYMBOLS:
        return SYMBOLS[ch].split()
    name = unicodedata.name(ch, "symbol").lower().replace("-", " ").split()
    return [x for x in name if x.isalpha() and x != "sign"] or ["symbol"]


def alnum(w: str, rng: Rng) -> List[str]:
    """Any other token: numbers, words and letters read in order; joining marks (``-`` ``/`` ``,``) silent."""
    tokens = _ALNUM_TOKEN.findall(w)
    words: List[str] = []
    decade = False  # the "s" of a decade or century read as a plural ("mid-1990s", "1800s-era")
    for i, tok in enumerate(tokens):
        if decade:
            decade = False
            continue
        if tok[0].isdigit():
            decade = tokens[i + 1:i + 2] == ["s"] and tok.isdigit() and tok.endswith("0") and len(tok) in (2, 4)
            if decade:
                words += year(tok + "s", rng)
            elif tok[-1].isalpha():
                words += N.ordinal(int(tok[:-2]))
            elif "," in tok or "." in tok:
                words += _number(tok, rng)
            elif len(tok) <= 3 and not (len(tok) > 1 and tok[0] == "0"):
                words += N.cardinal(int(tok), rng)
            else:
                words += N.pairs(tok, rng)
        elif tok[0].isalpha():
            if tok.isupper() and (len(tok) <= 3 or not _VOWELS.search(tok.lower())):
                words += list(tok.lower())
            else:
                words.append(tok.lower())
        else:
            prev = tokens[i - 1] if i else ""
            nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
            if tok in _JOINERS and len(tokens) > 1:
                # Joining marks are not said: "30-year", "and/or", "COVID-19", a cut-off word ("th-"), or typos
                # with a missing space ("Sorry,there", "events?I"); now and then a dash or slash is said.
                if tok in "-/" and prev and nxt and _pick(rng, 0.1):
                    words += _symbol_words(tok)
                continue
            if tok == "." and (prev[:1].isalpha() or nxt[:1].isalpha()) and not _pick(rng, 0.1):
                if prev.lower() == "no" and nxt[:1].isdigit():
                    words[-1] = "number"  # "No.1"
                continue  # "P.f", "1.We", a missing space
            if tok == "#" and nxt[:1].isdigit():
                words.append("number")
            elif tok == "#":
                words.append("hashtag")
            else:
                words += _symbol_words(tok)
    return words


VERBALIZERS: Dict[str, Callable[[str, Rng], List[str]]] = {
    "cardinal": cardinal, "ordinal": ordinal, "decimal": cardinal, "fraction": fraction, "money": money,
    "percent": percent, "measure": measure, "date": date, "year": year, "time": time, "telephone": telephone,
    "card": digit_groups, "ssn": digit_groups, "zip": digit_groups, "address": address, "electronic": electronic,
    "range": range_, "acronym": acronym, "abbreviation": abbreviation, "alnum": alnum,
}


def _spoken(word: str) -> bool:
    return bool(word) and word == word.lower() and all(ch.isalpha() or ch == "'" for ch in word)


def verbalize(written: str, cls: str, rng: Rng = None) -> List[str]:
    """Spoken words for a written entity of class ``cls`` (``rng=None``: the canonical reading).

    Always a non-empty list of lowercase words made of letters and apostrophes; a class reader that fails on an
    odd entity falls back to reading it token by token (``alnum``).
    """
    try:
        words = VERBALIZERS[cls](written, rng)
    except (ValueError, StopIteration, KeyError, IndexError):
        words = []
    if not words or not all(_spoken(x) for x in words):
        words = [x for x in alnum(written, rng) if _spoken(x)]
    return words or [x for ch in written if not ch.isspace() for x in _symbol_words(ch)]
