"""Written entity → spoken words, with the variants people really use (drawn from ``rng``; ``rng=None`` gives
the most common form). Output words are lowercase letters and apostrophes only."""
from __future__ import annotations

import random
import re
from typing import Callable, Dict, List, Optional

from . import numbers as N
from .entities import MONTH_ABBR, MONTHS

Rng = Optional[random.Random]
CURRENCIES = {"$": ("dollar", "dollars", "cent", "cents"), "€": ("euro", "euros", "cent", "cents"),
              "£": ("pound", "pounds", "penny", "pence"), "¥": ("yen", "yen", "sen", "sen")}
UNITS = {"kg": "kilograms", "km": "kilometers", "cm": "centimeters", "mm": "millimeters", "m": "meters",
         "mi": "miles", "ft": "feet", "in": "inches", "lb": "pounds", "lbs": "pounds", "oz": "ounces", "g": "grams",
         "mg": "milligrams", "ml": "milliliters", "l": "liters", "mph": "miles per hour", "kph": "kilometers per hour",
         "km/h": "kilometers per hour", "°C": "degrees celsius", "°F": "degrees fahrenheit", "°": "degrees",
         "GB": "gigabytes", "MB": "megabytes", "TB": "terabytes", "KB": "kilobytes", "GHz": "gigahertz",
         "MHz": "megahertz", "kHz": "kilohertz", "Hz": "hertz", "kW": "kilowatts", "kWh": "kilowatt hours",
         "W": "watts", "V": "volts", "hrs": "hours", "hr": "hours", "min": "minutes", "sec": "seconds",
         "ms": "milliseconds", "sq ft": "square feet", "acres": "acres"}
ABBREVIATIONS = {"Mr.": ["mister"], "Mrs.": ["missus"], "Ms.": ["miz"], "Dr.": ["doctor"], "Prof.": ["professor"],
                 "St.": ["saint"], "Jr.": ["junior"], "Sr.": ["senior"], "vs.": ["versus"], "etc.": ["et", "cetera"],
                 "Mt.": ["mount"], "Ft.": ["fort"], "Gen.": ["general"], "Gov.": ["governor"], "Sen.": ["senator"],
                 "Rep.": ["representative"], "Lt.": ["lieutenant"], "Col.": ["colonel"], "Capt.": ["captain"],
                 "Sgt.": ["sergeant"], "e.g.": ["for", "example"], "i.e.": ["that", "is"]}
SYMBOLS = {"&": "and", "+": "plus", "=": "equals", "%": "percent", "#": "number", "@": "at", "/": "slash",
           "*": "star", "-": "dash", "_": "underscore", ".": "dot", ":": "colon", "$": "dollars", "€": "euros",
           "£": "pounds", "°": "degrees", "~": "tilde", "^": "caret", "<": "less", ">": "greater", "|": "bar"}
_DIGITS = re.compile(r"\d+")
_TOKEN = re.compile(r"\d+|[A-Za-z]+(?:'[a-z]+)?|\S")


def _num(s: str, rng: Rng) -> List[str]:
    s = s.replace(",", "")
    if len(s) > 1 and s.startswith("0"):
        return N.digits(s, rng)
    return N.cardinal(int(s), rng) if len(s) <= 15 else N.digits(s, rng)


def _decimal(s: str, rng: Rng) -> List[str]:
    neg = s.startswith("-")
    s = s.lstrip("-")
    whole, _, frac = s.partition(".")
    words = (["minus"] if neg else []) + (_num(whole, rng) if whole else ([] if rng and rng.random() < 0.5 else ["zero"]))
    return words + ["point"] + N.digits(frac, rng, zero="zero" if not rng or rng.random() < 0.7 else "oh")


def _number(s: str, rng: Rng) -> List[str]:
    """A cardinal or decimal with an optional scale word (``12.3 million``)."""
    parts = s.split()
    words = _decimal(parts[0], rng) if "." in parts[0] else _num(parts[0].lstrip("-"), rng)
    if parts[0].startswith("-") and "." not in parts[0]:
        words = [rng.choice(["minus", "negative"]) if rng else "minus"] + words
    return words + parts[1:]


def cardinal(w: str, rng: Rng) -> List[str]:
    return _number(w, rng)


def ordinal(w: str, rng: Rng) -> List[str]:
    return N.ordinal(int(w[:-2]))


def year(w: str, rng: Rng) -> List[str]:
    if w.endswith("s"):
        core = w.rstrip("s").rstrip("'")
        if len(core.lstrip("'")) == 2:
            return N.plural(N.cardinal(int(core.lstrip("'"))))
        return N.plural(N.year(int(core), rng))
    return N.year(int(w), rng)


def money(w: str, rng: Rng) -> List[str]:
    m = re.fullmatch(r"(-?)([$€£¥])([\d,]+)(?:\.(\d+))?((?: \w+)?)(?:-(.*))?", w)
    if not m:
        parts = w.split()
        return _number(parts[0], rng) + parts[1:]
    neg, sym, whole, frac, scale, upper = m.groups()
    one, many, cent, cents = CURRENCIES[sym]
    words = ["minus"] if neg else []
    whole_n = int(whole.replace(",", ""))
    if scale:
        words += _number(f"{whole}.{frac}" if frac else whole, rng) + [scale.strip(), many]
    elif frac and len(frac) == 2:
        c = int(frac)
        if rng and whole_n and rng.random() < 0.3:
            words += _num(whole, rng) + (N.digits(frac, rng) if c < 10 else N.cardinal(c))
        else:
            words += _num(whole, rng) + [one if whole_n == 1 else many] if whole_n else []
            if c:
                words += (["and"] if words and (not rng or rng.random() < 0.6) else []) + N.cardinal(c) + [
                    cent if c == 1 else cents]
            elif not whole_n:
                words += ["zero", many]
    else:
        words += _number(f"{whole}.{frac}" if frac else whole, rng) + [one if whole_n == 1 and not frac else many]
    if upper:
        words += ["to"] + money(upper if upper[0] in CURRENCIES else sym + upper, rng)
        if words.count(many) > 1 and (not rng or rng.random() < 0.6):
            words.remove(many)
    return words


def percent(w: str, rng: Rng) -> List[str]:
    core = w.replace("%", "").replace(" percent", "")
    return (_number(core, rng) if core else []) + ["percent"]


def measure(w: str, rng: Rng) -> List[str]:
    m = re.fullmatch(r"(-?[\d,]*(?:\.\d+)?) ?(.+)", w)
    num, unit = m.groups() if m else (w, "")
    words = _number(num, rng)
    unit_words = UNITS.get(unit, unit.lower()).split()
    if words == ["one"] and unit_words[-1] not in ("celsius", "fahrenheit"):
        singular = {"feet": "foot", "inches": "inch"}
        last = unit_words[-1]
        unit_words[-1] = singular.get(last, last[:-1] if last.endswith("s") else last)
    return words + unit_words


def _day(d: int, rng: Rng) -> List[str]:
    return N.ordinal(d) if not rng or rng.random() < 0.8 else N.cardinal(d)


def date(w: str, rng: Rng) -> List[str]:
    m = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{2,4})|(\d{4})-(\d\d)-(\d\d)", w)
    if m:
        if m.group(1):
            mo, d, y = int(m.group(1)), int(m.group(2)), m.group(3)
        else:
            y, mo, d = m.group(4), int(m.group(5)), int(m.group(6))
        if not 1 <= mo <= 12:
            return alnum(w, rng)
        y_words = N.year(int(y), rng) if len(y) == 4 else N.digits(y, rng) if y[0] == "0" else N.cardinal(int(y))
        return [MONTHS[mo - 1].lower()] + _day(d, rng) + y_words
    tokens = w.replace(",", "").split()
    month = next(t for t in tokens if t.rstrip(".") in MONTH_ABBR or t in MONTHS)
    month_word = MONTH_ABBR.get(month.rstrip("."), month).lower()
    day = next((t for t in tokens if re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)?", t)), None)
    yr = next((t for t in tokens if re.fullmatch(r"\d{4}", t)), None)
    y_words = N.year(int(yr), rng) if yr else []
    if day is None:
        return [month_word] + y_words
    d = int(re.sub(r"\D", "", day))
    if tokens[0] == month and (not rng or rng.random() < 0.85):
        return [month_word] + _day(d, rng) + y_words
    if tokens[0] == month:
        return ["the"] + N.ordinal(d) + ["of", month_word] + y_words
    return (["the"] if not rng or rng.random() < 0.7 else []) + N.ordinal(d) + ["of", month_word] + y_words


def time(w: str, rng: Rng) -> List[str]:
    m = re.fullmatch(r"(\d{1,2})(?::(\d\d))?(?::(\d\d))? ?([apAP]\.?[mM]\.?|o'clock)?", w)
    if not m:
        return alnum(w, rng)
    h, mi, _, suffix = m.groups()
    words = N.cardinal(int(h))
    minutes = int(mi) if mi else 0
    if minutes:
        words += N.digits(mi, rng, zero="oh") if minutes < 10 else N.cardinal(minutes)
    elif mi and not suffix:
        if int(h) > 12 or (rng and rng.random() < 0.3):
            words += ["hundred"] if int(h) > 12 else []
        else:
            words += ["o'clock"] if not rng or rng.random() < 0.6 else []
    if suffix:
        if suffix == "o'clock":
            words.append("o'clock")
        else:
            letters = suffix.replace(".", "").lower()
            words += [letters] if rng and rng.random() < 0.35 else list(letters)
    return words


def telephone(w: str, rng: Rng) -> List[str]:
    words: List[str] = []
    groups = _DIGITS.findall(w)
    if w.startswith("+"):
        words.append("plus")
    for g in groups:
        words += N.group_digits(g, rng)
    return words


def digit_groups(w: str, rng: Rng) -> List[str]:
    """Card numbers, SSNs, zip codes: digit by digit."""
    return [x for g in _DIGITS.findall(w) for x in N.digits(g, rng, zero="zero" if not rng or rng.random() < 0.6 else "oh")]


def range_(w: str, rng: Rng) -> List[str]:
    a, _, b = w.partition("-")
    conv = year if re.fullmatch(r"1[0-9]\d\d|20\d\d", a) and re.fullmatch(r"1[0-9]\d\d|20\d\d", b) else cardinal
    return conv(a, rng) + [rng.choice(["to", "to", "through"]) if rng else "to"] + conv(b, rng)


def fraction(w: str, rng: Rng) -> List[str]:
    parts = w.split()
    words: List[str] = []
    if len(parts) == 2:
        words += N.cardinal(int(parts[0])) + ["and"]
    num, den = (int(x) for x in parts[-1].split("/"))
    if den == 0 or den > 100:
        return words + N.cardinal(num) + ["slash"] + N.cardinal(den)
    if den == 2:
        return words + ([("a" if not rng or rng.random() < 0.5 else "one") if len(parts) == 2 or num == 1 else ""]
                        if num == 1 else N.cardinal(num)) + (["half"] if num == 1 else ["halves"])
    if den == 4 and (not rng or rng.random() < 0.6):
        den_words = ["quarter" if num == 1 else "quarters"]
    else:
        den_words = N.ordinal(den)
        if num != 1:
            den_words[-1] += "s"
    return [x for x in words + (["a"] if num == 1 and len(parts) == 2 else N.cardinal(num)) + den_words if x]


def electronic(w: str, rng: Rng) -> List[str]:
    words: List[str] = []
    for tok in _TOKEN.findall(w.lower()):
        if tok.isdigit():
            words += N.digits(tok, rng) if len(tok) > 2 else N.cardinal(int(tok))
        elif tok == "www":
            words += ["w", "w", "w"] if not rng or rng.random() < 0.8 else ["triple", "w"]
        elif tok.isalpha() or "'" in tok:
            words.append(tok.replace("'", ""))
        elif tok == ":" and words and words[-1] in ("http", "https"):
            words.pop()
            continue
        elif tok in SYMBOLS:
            words.append(SYMBOLS[tok])
    return [x for x in words if x] or ["dot"]


def acronym(w: str, rng: Rng) -> List[str]:
    core = w[:-2] if w.endswith("'s") else w
    letters = [ch.lower() for ch in core if ch.isalpha()]
    if w.endswith("'s"):
        letters[-1] += "'s"
    return letters


def abbreviation(w: str, rng: Rng) -> List[str]:
    return list(ABBREVIATIONS.get(w, [w.replace(".", "").lower()]))


def alnum(w: str, rng: Rng) -> List[str]:
    words: List[str] = []
    for tok in _TOKEN.findall(w):
        if tok.isdigit():
            words += _num(tok, rng) if len(tok) <= 4 else N.digits(tok, rng)
        elif tok[0].isalpha():
            words += list(tok.lower()) if tok.isupper() and len(tok) <= 3 else [tok.lower()]
        elif tok in SYMBOLS:
            words.append(SYMBOLS[tok])
        elif tok.isalpha():
            words.append(tok.lower())
    return [x for x in words if x and all(ch.isalpha() or ch == "'" for ch in x)]


VERBALIZERS: Dict[str, Callable[[str, Rng], List[str]]] = {
    "cardinal": cardinal, "ordinal": ordinal, "decimal": cardinal, "fraction": fraction, "money": money,
    "percent": percent, "measure": measure, "date": date, "year": year, "time": time, "telephone": telephone,
    "card": digit_groups, "ssn": digit_groups, "zip": digit_groups, "address": alnum, "electronic": electronic,
    "range": range_, "acronym": acronym, "abbreviation": abbreviation, "alnum": alnum,
}


def verbalize(written: str, cls: str, rng: Rng = None) -> List[str]:
    """Spoken words for a written entity of class ``cls`` (``rng=None``: the canonical reading)."""
    try:
        words = VERBALIZERS[cls](written, rng)
    except (ValueError, StopIteration, KeyError, IndexError):
        words = alnum(written, rng) if cls != "alnum" else []
    return [x for x in words if x]
