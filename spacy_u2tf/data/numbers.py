"""Numbers as people say them: cardinals, ordinals, years, digit strings, with spoken variants."""
from __future__ import annotations

import random
from typing import List, Optional

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
SCALES = [(10 ** 12, "trillion"), (10 ** 9, "billion"), (10 ** 6, "million"), (1000, "thousand")]
_ORD_IRREGULAR = {"one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth",
                  "nine": "ninth", "twelve": "twelfth"}


def _under_100(n: int) -> List[str]:
    if n < 20:
        return [ONES[n]]
    tens, ones = divmod(n, 10)
    return [TENS[tens]] + ([ONES[ones]] if ones else [])


def _under_1000(n: int, use_and: bool) -> List[str]:
    hundreds, rest = divmod(n, 100)
    words: List[str] = []
    if hundreds:
        words += [ONES[hundreds], "hundred"]
        if rest and use_and:
            words.append("and")
    if rest or not hundreds:
        words += _under_100(rest)
    return words


def cardinal(n: int, rng: Optional[random.Random] = None) -> List[str]:
    """``1500`` → ``one thousand five hundred`` (variants: ``fifteen hundred``, British ``and``)."""
    if n < 0:
        return [rng.choice(["minus", "negative"]) if rng else "minus"] + cardinal(-n, rng)
    use_and = bool(rng and rng.random() < 0.15)
    if rng and 1100 <= n < 10000 and n % 100 == 0 and n % 1000 and rng.random() < 0.5:
        return _under_100(n // 100) + ["hundred"]
    if n < 1000:
        return _under_1000(n, use_and)
    words: List[str] = []
    for value, name in SCALES:
        if n >= value:
            head, n = divmod(n, value)
            words += cardinal(head) + [name]
    if n:
        if use_and and n < 100:
            words.append("and")
        words += _under_1000(n, use_and)
    return words


def ordinal(n: int) -> List[str]:
    """``21`` → ``twenty first``."""
    words = cardinal(n)
    last = words[-1]
    if last in _ORD_IRREGULAR:
        words[-1] = _ORD_IRREGULAR[last]
    elif last.endswith("y"):
        words[-1] = last[:-1] + "ieth"
    else:
        words[-1] = last + "th"
    return words


def year(n: int, rng: Optional[random.Random] = None) -> List[str]:
    """``2024`` → ``twenty twenty four`` / ``two thousand twenty four``; ``1905`` → ``nineteen oh five``."""
    hi, lo = divmod(n, 100)
    if 2000 <= n < 2010 or (n >= 2010 and rng and rng.random() < 0.4) or n % 1000 == 0:
        words = cardinal(n)
        if rng and n > 2000 and rng.random() < 0.2:
            words.insert(2, "and")
        return words
    if lo == 0:
        return _under_100(hi) + ["hundred"]
    if lo < 10:
        return _under_100(hi) + [rng.choice(["oh", "oh", "o"]) if rng else "oh"] + [ONES[lo]]
    return _under_100(hi) + _under_100(lo)


def plural(words: List[str]) -> List[str]:
    """``nineteen ninety`` → ``nineteen nineties`` (decades)."""
    last = words[-1]
    words = list(words)
    words[-1] = last[:-1] + "ies" if last.endswith("y") else last + "s" if not last.endswith("x") else last + "es"
    return words


def digits(s: str, rng: Optional[random.Random] = None, zero: Optional[str] = None) -> List[str]:
    """Digit by digit: ``"4085"`` → ``four oh eight five``; sometimes ``double five``, ``triple``."""
    words: List[str] = []
    zero_word = zero or (rng.choice(["oh", "zero"]) if rng else "oh")
    i = 0
    while i < len(s):
        d = s[i]
        run = 1
        while i + run < len(s) and s[i + run] == d:
            run += 1
        word = zero_word if d == "0" else ONES[int(d)]
        if rng and run in (2, 3) and rng.random() < 0.3:
            words += ["double" if run == 2 else "triple", word]
        else:
            words += [word] * run
        i += run
    return words


def group_digits(s: str, rng: Optional[random.Random] = None) -> List[str]:
    """A digit group read as people read phone parts: ``"800"`` → ``eight hundred``, ``"1213"`` →
    ``twelve thirteen`` or digit by digit."""
    if rng and len(s) == 3 and s[0] != "0" and s.endswith("00") and rng.random() < 0.7:
        return [ONES[int(s[0])], "hundred"]
    if rng and len(s) == 4 and s[0] != "0" and s[2] != "0" and rng.random() < 0.25:
        return _under_100(int(s[:2])) + _under_100(int(s[2:]))
    return digits(s, rng)


def pairs(s: str, rng: Optional[random.Random] = None) -> List[str]:
    """A number read in pairs, as people read house and room numbers: ``"235"`` → ``two thirty five``,
    ``"1600"`` → ``sixteen hundred``, ``"71"`` → ``seventy one``; long or zero-led strings digit by digit."""
    if s[0] == "0" and len(s) > 1 or len(s) > 4:
        return digits(s, rng)
    if len(s) <= 2:
        return cardinal(int(s))
    if len(s) == 4:
        return year(int(s), rng)
    head, rest = s[0], s[1:]
    if rest == "00" or (rng and rng.random() < 0.3):
        return cardinal(int(s), rng)
    if rest[0] == "0":
        return [ONES[int(head)], "oh", ONES[int(rest[1])]]
    return [ONES[int(head)]] + _under_100(int(rest))
