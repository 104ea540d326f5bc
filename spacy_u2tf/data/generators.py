"""Random written entities for classes that are rare in running text (stage-2 training and held-out tests)."""
from __future__ import annotations

import random
import string
from typing import Callable, Dict, List, Tuple

from .entities import MONTHS
from .verbalize import UNITS, verbalize

_FIRST = "john mary info sales support alex sam kim lee anna david maria contact hello team admin jobs".split()
_DOMAINS = "example gmail yahoo outlook acme company mysite shop travel news data cloud city school".split()
_TLDS = ["com", "com", "com", "org", "net", "edu", "io", "gov"]
_STREETS = ("Main Oak Maple Pine Cedar Elm Washington Lincoln Park Lake Hill Sunset Broadway Market Church Mill "
            "River Spring Highland Jackson Franklin Madison").split()
_STREET_TYPES = ["Street", "Avenue", "Road", "Boulevard", "Drive", "Lane", "Way", "Court", "Place"]
_DIRECTIONS = ["", "", "", "North ", "South ", "East ", "West "]
_STATES = ["CA", "NY", "TX", "WA", "IL", "FL", "MA", "OR"]


def _digits(rng: random.Random, n: int, first_nonzero: bool = True) -> str:
    s = "".join(rng.choice(string.digits) for _ in range(n))
    return (str(rng.randint(1, 9)) + s[1:]) if first_nonzero else s


def _card(rng: random.Random) -> str:
    sep = rng.choice([" ", "-"])
    if rng.random() < 0.3:
        return sep.join([_digits(rng, 4), _digits(rng, 6, False), _digits(rng, 5, False)])
    return sep.join([_digits(rng, 4)] + [_digits(rng, 4, False) for _ in range(3)])


def _phone(rng: random.Random) -> str:
    area = rng.choice(["800", "888", "877", _digits(rng, 3)])
    body = f"{_digits(rng, 3)}-{_digits(rng, 4, False)}"
    r = rng.random()
    if r < 0.2:
        return f"1-{area}-{body}"
    if r < 0.3:
        return body
    return f"{area}-{body}"


def _email(rng: random.Random) -> str:
    user = rng.choice(_FIRST) + rng.choice(["", ".", "_"]) * (rng.random() < 0.4) + (
        rng.choice(_FIRST) if rng.random() < 0.4 else str(rng.randint(1, 99)) if rng.random() < 0.3 else "")
    return f"{user.strip('._')}@{rng.choice(_DOMAINS)}.{rng.choice(_TLDS)}"


def _url(rng: random.Random) -> str:
    host = f"{rng.choice(_DOMAINS)}{rng.choice(['', '', 'online', 'hub'])}.{rng.choice(_TLDS)}"
    r = rng.random()
    path = f"/{rng.choice(_FIRST)}" if rng.random() < 0.2 else ""
    return (f"www.{host}" if r < 0.5 else f"https://{host}" if r < 0.6 else host) + path


def _money(rng: random.Random) -> str:
    sym = rng.choice("$$$$€£")
    r = rng.random()
    if r < 0.3:
        return f"{sym}{rng.randint(0, 999)}.{rng.randint(1, 99):02d}"
    if r < 0.55:
        return f"{sym}{rng.randint(1, 999)}{'.' + str(rng.randint(1, 9)) if rng.random() < 0.5 else ''} " + rng.choice(
            ["million", "billion", "thousand", "trillion"])
    return f"{sym}{rng.randint(1, 99999):,}"


def _time(rng: random.Random) -> str:
    h, m = rng.randint(1, 12), rng.choice([0, 15, 30, 45, rng.randint(0, 59)])
    r = rng.random()
    suffix = rng.choice([" a.m.", " p.m.", " am", " pm", " AM", " PM"])
    if r < 0.4:
        return f"{h}:{m:02d}{suffix}"
    if r < 0.6:
        return f"{h}{suffix}"
    if r < 0.8:
        return f"{h}:{m:02d}"
    return f"{rng.randint(13, 23)}:{m:02d}"


def _date(rng: random.Random) -> str:
    mo, d, y = rng.randint(1, 12), rng.randint(1, 28), rng.randint(1900, 2030)
    month = MONTHS[mo - 1]
    suf = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd"}.get(d, "th")
    return rng.choice([f"{month} {d}, {y}", f"{month} {d}", f"{month} {d}{suf}", f"{d} {month} {y}",
                       f"{d}{suf} of {month}", f"{month} {y}", f"{mo}/{d}/{y}", f"{y}-{mo:02d}-{d:02d}"])


def _address(rng: random.Random) -> str:
    street = f"{rng.randint(1, 9999)} {rng.choice(_DIRECTIONS)}{rng.choice(_STREETS)} {rng.choice(_STREET_TYPES)}"
    return street


def _measure(rng: random.Random) -> str:
    unit = rng.choice([u for u in UNITS if u not in ("°", "min", "sec", "hr", "hrs", "ms", "V", "W", "l", "g", "m", "in")])
    num = str(rng.randint(1, 999)) if rng.random() < 0.7 else f"{rng.randint(0, 99)}.{rng.randint(1, 9)}"
    return f"{num}{'' if unit.startswith('°') else ' '}{unit}"


GENERATORS: Dict[str, Callable[[random.Random], str]] = {
    "card": _card,
    "telephone": _phone,
    "ssn": lambda r: f"{_digits(r, 3)}-{_digits(r, 2, False)}-{_digits(r, 4, False)}",
    "electronic": lambda r: _email(r) if r.random() < 0.6 else _url(r),
    "address": _address,
    "zip": lambda r: _digits(r, 5, False),
    "time": _time,
    "money": _money,
    "percent": lambda r: f"{r.randint(0, 100)}{'.' + str(r.randint(1, 9)) if r.random() < 0.3 else ''}%",
    "measure": _measure,
    "date": _date,
    "ordinal": lambda r: (lambda n: f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}")(
        r.choice([r.randint(1, 31), r.randint(1, 200)])),
    "fraction": lambda r: r.choice(["1/2", "1/3", "2/3", "1/4", "3/4", f"{r.randint(1, 9)}/{r.randint(2, 16)}",
                                    f"{r.randint(1, 9)} 1/2"]),
    "year": lambda r: r.choice([str(r.randint(1100, 2035)), f"{r.randint(180, 202)}0s", f"'{r.randint(2, 9)}0s"]),
    "range": lambda r: (lambda a: f"{a}-{a + r.randint(1, 30)}")(r.choice([r.randint(1, 100), r.randint(1800, 2000)])),
    "cardinal": lambda r: f"{r.choice([r.randint(0, 100), r.randint(100, 9999), r.randint(10000, 10 ** 7)]):,}",
    "decimal": lambda r: f"{r.randint(0, 999)}.{r.randint(0, 99)}",
}
GENERATED_CLASSES: Tuple[str, ...] = tuple(GENERATORS)
# Which verbalizer class reads each generated class (addresses read their house number and words).
_VERBALIZE_AS = {"address": "alnum", "zip": "zip"}


def generate_entity(cls: str, rng: random.Random) -> str:
    """A random written entity of class ``cls`` (one of :data:`GENERATED_CLASSES`)."""
    return GENERATORS[cls](rng)


def generate_pair(cls: str, rng: random.Random) -> Tuple[str, List[str]]:
    """``(written, spoken words)`` for a random entity of class ``cls``."""
    written = generate_entity(cls, rng)
    return written, verbalize(written, _VERBALIZE_AS.get(cls, cls), rng)
