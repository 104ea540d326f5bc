"""Random written entities for classes that are rare in running text (stage-2 training and held-out tests).

Each generator writes an entity the way it appears in real text, in the styles the finder
(:func:`spacy_u2tf.data.entities.find_entities`) recognizes; :func:`generate_pair` adds a spoken reading drawn by
the own verbalizer. Decades are generated under ``year``.

With ``house=True`` every generator keeps to one house style wherever the spoken form cannot tell styles apart
("seven p m" is always "7 pm" as in most of the training text, never "7pm", "7 PM" or "7 p.m."; card numbers are
grouped by spaces; street types are spelled out; units are spaced except degrees; decimals below one keep their
"0"; zip codes have five digits, since a spoken ZIP+4 is the same digit string as an SSN; times are not read like
years), and readings that drop what tells styles apart ("degrees" for °C, "five oh seven" for $5.07) are drawn
again. So a span converter trained on these pairs learns one consistent target, and held-out exact match measures
conversion, not a coin toss between equivalent spellings.
"""
from __future__ import annotations

import random
import string
from typing import Callable, Dict, List, Tuple

from ..core.ordinal_style import ordinal_suffix
from .entities import MONTHS
from .house_style import house_written
from .verbalize import CURRENCIES, verbalize

_NAMES = ("john mary info sales support alex sam kim lee anna david maria contact hello team admin jobs billing "
          "help press orders mike sarah chris laura james emily office frontdesk").split()
_DOMAINS = ("example gmail yahoo outlook acme company mysite shop travel news data cloud city school bigbank "
            "greenfarm techcorp citylibrary").split()
_TLDS = ["com"] * 5 + ["org", "net", "edu", "io", "gov", "co.uk", "info", "us"]
_PATHS = ["about", "contact", "help", "jobs", "news", "products", "support", "faq", "login"]
_STREETS = ("Main Oak Maple Pine Cedar Elm Washington Lincoln Park Lake Hill Sunset Broadway Market Church Mill "
            "River Spring Highland Jackson Franklin Madison Baker Pennsylvania Valencia Mission Grand Cherry Willow "
            "Harbor Forest Meadow Ridge Sunnyvale Stevens Creek Santa Clara").split()
_STREET_TYPES = ["Street"] * 4 + ["Avenue"] * 3 + ["Road", "Boulevard", "Drive", "Lane", "Way", "Court", "Place",
                                                   "Parkway", "Highway", "Terrace", "Plaza", "Circle"]
_STREET_ABBR = ["St.", "Ave.", "Rd.", "Blvd.", "Dr.", "Ln.", "Ct.", "Pl.", "St", "Ave", "Blvd"]
_DIRECTIONS = ["North", "South", "East", "West", "N.", "S.", "E.", "W."]
_TRAILING = ["Northwest", "Northeast", "Southwest", "Southeast", "NW", "NE", "SW", "SE"]
_CURRENCIES = "$$$$$$€€££¥"
_HOUSE_CURRENCIES = "$$$$$$€€"  # "seven pounds" is 7 lbs in the house style, and yen have no cents
_SCALES = ["thousand", "million", "million", "billion", "trillion"]
_UNITS = "kg km cm mm mi ft yd lbs oz mg ml gal mph km/h GB MB TB GHz MHz Hz kW kWh hrs Mbps".split() + ["sq ft"]
_CURRENCY_WORDS = {w for names in CURRENCIES.values() for name in names for w in name.split()} - {"u", "s"}
_DEGREE_UNITS = ["°C", "°F"]
_ATTACHED_UNITS = _DEGREE_UNITS + ["m", "g", "km", "kg", "ft", "in", "min", "ml"]
_HOUSE_SPACED_UNITS = _UNITS + _ATTACHED_UNITS[len(_DEGREE_UNITS):]  # the house style spaces all but degrees


def _digits(rng: random.Random, n: int, first_nonzero: bool = True) -> str:
    s = "".join(rng.choice(string.digits) for _ in range(n))
    return (str(rng.randint(1, 9)) + s[1:]) if first_nonzero else s


def _card(rng: random.Random, house: bool = False) -> str:
    sep = " " if house else rng.choice([" ", " ", "-"])
    if rng.random() < 0.25:  # American Express: 4-6-5
        return sep.join(["3" + rng.choice("47") + _digits(rng, 2, False), _digits(rng, 6, False),
                         _digits(rng, 5, False)])
    first = rng.choice("4455566") + _digits(rng, 3, False)
    return sep.join([first] + [_digits(rng, 4, False) for _ in range(3)])


def _phone(rng: random.Random, house: bool = False) -> str:
    area = rng.choice(["800", "888", "877", "866", _digits(rng, 3), _digits(rng, 3)])
    exchange, line = _digits(rng, 3), _digits(rng, 4, False)
    r = rng.random()
    if r < 0.15:
        return f"1-{area}-{exchange}-{line}"
    if r < 0.3:
        return f"{exchange}-{line}"
    if r < 0.4:
        return f"+1 {area} {exchange} {line}"
    if r < 0.5 and not house:
        return f"{area}.{exchange}.{line}"
    if r < 0.6 and not house:
        return f"{area} {exchange}-{line}"  # "(408) 971-8523" once brackets are cleaned away
    if r < 0.65:
        return f"+{rng.choice(['44', '33', '49', '61'])} {_digits(rng, 2)} {_digits(rng, 4)} {_digits(rng, 4, False)}"
    return f"{area}-{exchange}-{line}"


def _email(rng: random.Random, house: bool = False) -> str:
    user = rng.choice(_NAMES)
    r = rng.random()
    if r < 0.3:
        user += rng.choice([".", "_", ""]) + rng.choice(_NAMES)
    elif r < 0.5:
        user += str(rng.randint(1, 2025))
    return f"{user}@{rng.choice(_DOMAINS)}.{rng.choice(_TLDS)}"


def _url(rng: random.Random, house: bool = False) -> str:
    host = f"{rng.choice(_DOMAINS)}{rng.choice(['', '', '', 'online', 'hub', '24'])}.{rng.choice(_TLDS)}"
    if rng.random() < 0.15:
        host = f"{rng.choice(['shop', 'blog', 'mail', 'docs'])}.{host}"
    path = f"/{rng.choice(_PATHS)}" if rng.random() < 0.25 else ""
    r = rng.random()
    prefix = "www." if r < 0.5 else "https://" if r < 0.6 else "http://www." if r < 0.65 else ""
    return prefix + host + path


def _money(rng: random.Random, house: bool = False) -> str:
    sym = rng.choice(_HOUSE_CURRENCIES if house else _CURRENCIES)
    r = rng.random()
    if house and 0.35 <= r < 0.65 and not 0.42 <= r < 0.56:
        r = 0.7  # "$5K", "USD 5", "5 dollars": said like "$5,000" / "$5"
    if r < 0.2:
        return f"{sym}{rng.randint(1 if house else 0, 999)}.{rng.randint(1, 99):02d}"
    if r < 0.35:
        decimals = f".{rng.randint(1, 9)}" if rng.random() < 0.4 else ""
        return f"{sym}{rng.randint(1, 999)}{decimals} {rng.choice(_SCALES)}"
    if r < 0.42:
        return f"${rng.randint(1, 999)}{rng.choice(['k', 'K', 'M', 'bn'])}"
    if r < 0.5:
        return f"{rng.randint(1, 99)} cents"
    if r < 0.56:
        low = rng.randint(1, 50)
        return f"${low}-${low + rng.randint(1, 50)}"
    if r < 0.6:
        return f"{rng.choice(['USD', 'EUR', 'GBP'])} {rng.randint(1, 9999):,}"
    if r < 0.65:
        return f"{rng.randint(2, 999)} {rng.choice(['dollars', 'euros', 'bucks'])}"
    return f"{sym}{rng.choice([rng.randint(1, 100), rng.randint(1, 9999), rng.randint(1, 10 ** 7)]):,}"


def _percent(rng: random.Random, house: bool = False) -> str:
    num = str(rng.randint(0, 100)) if rng.random() < 0.7 else f"{rng.randint(0, 99)}.{rng.randint(1, 99)}"
    sign = "-" if rng.random() < 0.05 else ""
    return f"{sign}{num}{'%' if house or rng.random() < 0.85 else ' percent'}"


def _measure(rng: random.Random, house: bool = False) -> str:
    r = rng.random()
    num = str(rng.randint(1, 999)) if r < 0.6 else f"{rng.randint(0, 99)}.{rng.randint(1, 9)}" if r < 0.85 else \
        f"{rng.randint(1000, 99999):,}"
    if rng.random() < 0.25:
        unit = rng.choice(_DEGREE_UNITS if house else _ATTACHED_UNITS)
        return f"{'-' if unit[0] == '°' and rng.random() < 0.2 else ''}{num}{unit}"
    return f"{num} {rng.choice(_HOUSE_SPACED_UNITS if house else _UNITS)}"


def _time(rng: random.Random, house: bool = False) -> str:
    h, m = rng.randint(1, 12), rng.choice([0, 15, 30, 45, rng.randint(0, 59)])
    suffix = rng.choice([" am", " pm"] if house else [" a.m.", " p.m.", " am", " pm", " AM", " PM", "am", "pm"])
    r = rng.random()
    if r < 0.35 and not (house and m == 0):
        return f"{h}:{m:02d}{suffix}"
    if r < 0.55 or (house and r < 0.75 and m == 0):
        return f"{h}{suffix}"
    if r < 0.75:
        return f"{h}:{m:02d}"
    if r < 0.8:
        return f"{h} o'clock"
    if house:  # "thirteen thirty" is read like the year 1330: 24-hour times only with a suffix-free minute form
        return f"{h}:{m:02d}{suffix}" if m else f"{h}{suffix}"
    if rng.random() >= 0.3:
        return f"{rng.randint(13, 23)}:{m:02d}"
    return f"{rng.randint(0, 23):02d}:{m:02d}"


def _date(rng: random.Random, house: bool = False) -> str:
    mo, d, y = rng.randint(1, 12), rng.randint(1, 28), rng.randint(1900, 2030)
    month = MONTHS[mo - 1]
    abbr = month[:3] + "." if month not in ("May", "June", "July") else month
    suf = ordinal_suffix(d)
    if house:  # see house_style: "March 15", "March 15, 2024", "15 March 2024"; numeric dates are not spoken
        return rng.choice([f"{month} {d}", f"{month} {d}, {y}", f"{month} {y}", f"{d} {month}", f"{d} {month} {y}"])
    return rng.choice([
        f"{month} {d}, {y}", f"{month} {d}", f"{month} {d}{suf}", f"{month} {d}{suf}, {y}", f"{d} {month} {y}",
        f"{d}{suf} of {month}", f"the {d}{suf} of {month}", f"the {d}{suf} of {month} {y}", f"{month} {y}",
        f"{abbr} {d}", f"{abbr} {d}, {y}", f"{mo}/{d}/{y}", f"{mo}/{d}/{y % 100:02d}", f"{y}-{mo:02d}-{d:02d}",
    ])


def _address(rng: random.Random, house: bool = False) -> str:
    r = rng.random()
    number = str(rng.randint(1, 99999) if r < 0.1 else rng.randint(1, 9999) if r < 0.7 else rng.randint(1, 999))
    if rng.random() < 0.05:
        number += rng.choice("ABCD")
    elif rng.random() < 0.03:
        number = f"{rng.randint(100, 199)}-{rng.randint(1, 99):02d}"  # Queens: "123-01 Roosevelt Avenue"
    words = [number]
    if rng.random() < 0.25:
        words.append(rng.choice(_DIRECTIONS[:4] if house else _DIRECTIONS))
    if rng.random() < 0.15:
        n = rng.randint(1, 99)
        words.append(f"{n}{ordinal_suffix(n)}")
    else:
        words += [rng.choice(_STREETS) for _ in range(1 if rng.random() < 0.8 else 2)]
    words.append(rng.choice(_STREET_TYPES) if house or rng.random() < 0.75 else rng.choice(_STREET_ABBR))
    if rng.random() < 0.1:
        words.append(rng.choice(_TRAILING[4:] if house else _TRAILING))
    return " ".join(words)


def _fraction(rng: random.Random, house: bool = False) -> str:
    den = rng.choice([2, 3, 4, 4, 8, rng.randint(2, 16), rng.randint(2, 100)])
    frac = f"{rng.randint(1, den - 1)}/{den}"
    return f"{rng.randint(1, 20)} {frac}" if rng.random() < 0.3 else frac


def _year(rng: random.Random, house: bool = False) -> str:
    r = rng.random()
    if r < 0.7:
        return str(rng.choice([rng.randint(1900, 2030), rng.randint(1300 if house else 1000, 2099)]))
    if r < 0.85:
        return f"{rng.randint(100, 202)}0{'s' if house else rng.choice(['s', 's', 's', chr(39) + 's'])}"  # 1990's
    return f"{chr(39) if house else rng.choice(['', chr(39)])}{rng.randint(2, 9)}0s"  # '90s, 90s


def _range(rng: random.Random, house: bool = False) -> str:
    r = rng.random()
    if r < 0.4:
        a = rng.randint(1, 100)
        return f"{a}-{a + rng.randint(1, 50)}"
    if r < 0.7:
        a = rng.randint(1800, 2020)
        return f"{a}-{a + rng.randint(1, 30)}"
    if r < 0.85:
        a = rng.randint(1800, 2015)
        return f"{a}-{(a + rng.randint(1, 9)) % 100:02d}"
    a = rng.randint(100, 900)
    return f"{a}-{a + rng.randint(1, 99)}"


def _cardinal(rng: random.Random, house: bool = False) -> str:
    r = rng.random()
    if r < 0.3:
        return str(rng.randint(0, 999))
    if r < 0.4:
        return f"-{rng.randint(1, 999)}"
    if r < 0.5:
        return f"{rng.randint(1, 999)} {rng.choice(_SCALES)}"
    if r < 0.6 and not house:
        return str(rng.randint(2100, 9999))
    n = rng.choice([rng.randint(1000, 99999), rng.randint(10 ** 5, 10 ** 10)])
    return f"{n + 1100 if house and n < 2100 else n:,}"  # "two thousand four" is the year 2004 in the house style


def _decimal(rng: random.Random, house: bool = False) -> str:
    r = rng.random()
    if r < 0.15:
        return f"{'0' if house else ''}.{rng.randint(1, 99)}"
    if r < 0.3:
        return f"{rng.randint(1, 999)}.{rng.randint(1, 9)} {rng.choice(_SCALES)}"
    if r < 0.35:
        return f"-{rng.randint(0, 99)}.{rng.randint(1, 99)}"
    return f"{rng.choice([0, rng.randint(0, 9), rng.randint(0, 999)])}.{_digits(rng, rng.randint(1, 3), False)}"


GENERATORS: Dict[str, Callable[[random.Random, bool], str]] = {
    "card": _card,
    "telephone": _phone,
    "ssn": lambda r, house=False: f"{r.randint(1, 899):03d}-{r.randint(1, 99):02d}-{r.randint(1, 9999):04d}",
    "electronic": lambda r, house=False: _email(r) if r.random() < 0.5 else _url(r),
    "address": _address,
    "zip": lambda r, house=False: _digits(r, 5, False) + (f"-{_digits(r, 4, False)}" if not house and r.random() < 0.25
                                                          else ""),
    "time": _time,
    "money": _money,
    "percent": _percent,
    "measure": _measure,
    "date": _date,
    "ordinal": lambda r, house=False: (lambda n: f"{n}{ordinal_suffix(n)}")(r.choice([r.randint(1, 31), r.randint(1, 200),
                                                                          r.randint(1, 2000)])),
    "fraction": _fraction,
    "year": _year,
    "range": _range,
    "cardinal": _cardinal,
    "decimal": _decimal,
}
GENERATED_CLASSES: Tuple[str, ...] = tuple(GENERATORS)
# A bare 5-digit zip code is only recognized after a state or "zip code": the context that finds each class.
FINDER_CONTEXT: Dict[str, str] = {"zip": "CA "}


def generate_entity(cls: str, rng: random.Random, *, house: bool = False) -> str:
    """A random written entity of class ``cls`` (one of :data:`GENERATED_CLASSES`), in the house style if asked."""
    return GENERATORS[cls](rng, house)


def _house_reading(written: str, spoken: List[str]) -> bool:
    """Readings that keep the house style recoverable: "$5.07" keeps its currency words, and "45°C" keeps its
    "celsius" (a bare "degrees" cannot tell °C from °F)."""
    if written[:1] in CURRENCIES and not _CURRENCY_WORDS & set(spoken):  # "five oh seven" for "$5.07"
        return False
    return not ("°" in written and not {"celsius", "centigrade", "fahrenheit"} & set(spoken))


def generate_pair(cls: str, rng: random.Random, *, house: bool = False) -> Tuple[str, List[str]]:
    """``(written, spoken words)`` for a random entity of class ``cls``, read by the own verbalizer; in the house
    style a reading is drawn again (a few times) until the written form is the one it implies."""
    written = generate_entity(cls, rng, house=house)
    spoken = verbalize(written, cls, rng)
    for _ in range(20):
        if not house or _house_reading(written, spoken):
            break
        spoken = verbalize(written, cls, rng)
    return (house_written(written, cls, spoken) if house else written), spoken
