"""One written form per spoken reading, for the span converter's targets.

Running text writes the same spoken entity in several ways ("March 15th", "March 15", "the 15th of March",
"#24", "154 thousand"). A converter trained on all of them learns a coin toss; :func:`house_written` maps a
pipeline span's written form to the house style, chosen to match formal written English (Wikipedia, news) and
the inverse of NeMo's normalizer, which reads "7 January 2013" as "the seventh of january twenty thirteen" and
"December 8, 2013" as "december eighth, twenty thirteen":

- dates keep the spoken order and drop ordinal suffixes, "the" and "of": "the seventh of january twenty
  thirteen" → "7 January 2013", "december eighth twenty thirteen" → "December 8, 2013", "march fifteenth" →
  "March 15";
- "number twenty four" → "number 24" (not "#24");
- "one hundred fifty four thousand" → "154,000", also in money and measures ("$81,000"; million and larger stay
  words: "$12 million"), and numbers read in full are grouped ("1,323 in").
"""
from __future__ import annotations

import re
from typing import Optional, Sequence

from .entities import MONTH_ABBR, MONTHS

_MONTH_WORDS = {m.lower() for m in MONTHS}
_DAY_MONTH = re.compile(r"(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+([A-Z][a-z]+\.?),?(?:\s+(\d{4}))?",
                        re.IGNORECASE)
_MONTH_DAY = re.compile(r"([A-Z][a-z]+\.?)\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?", re.IGNORECASE)
_NUMERIC = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})|(\d{4})-(\d{2})-(\d{2})")
_HASH_NUMBER = re.compile(r"#(\d[\d,]*)")
_THOUSANDS = re.compile(r"(?<![\d.,])(\d{1,3}) thousand")
_PLAIN_INT = re.compile(r"-?\d{4,}")


def _month(token: str) -> Optional[str]:
    token = token.rstrip(".").capitalize()
    return token if token in MONTHS else MONTH_ABBR.get(token)


def house_date(written: str, spoken: Sequence[str]) -> str:
    """A day-and-month date in the house style, in the order the spoken words give (unchanged if no day)."""
    day = month = year = None
    m = _DAY_MONTH.fullmatch(written.strip())
    if m and _month(m.group(2)):
        day, month, year = int(m.group(1)), _month(m.group(2)), m.group(3)
    m = _MONTH_DAY.fullmatch(written.strip())
    if m and _month(m.group(1)):
        day, month, year = int(m.group(2)), _month(m.group(1)), m.group(3)
    m = _NUMERIC.fullmatch(written.strip())
    if m:
        mo, d, year = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(5), m.group(6), m.group(4))
        if 1 <= int(mo) <= 12:
            day, month = int(d), MONTHS[int(mo) - 1]
    if day is None or month is None:
        return written
    words = [w.lower() for w in spoken]
    month_at = next((i for i, w in enumerate(words) if w in _MONTH_WORDS), None)
    if month_at is None:
        return written
    if month_at == 0:  # spoken month first: "december eighth twenty thirteen"
        return f"{month} {day}, {year}" if year else f"{month} {day}"
    return f"{day} {month} {year}" if year else f"{day} {month}"


def _group_digits(m: "re.Match[str]") -> str:
    value = int(m.group(0))
    return m.group(0) if 2000 <= value < 2100 else f"{value:,}"  # "two thousand four" reads like the year 2004


def house_written(written: str, cls: str, spoken: Sequence[str]) -> str:
    """``written`` in the house style for a span of class ``cls`` read as ``spoken`` (see the module docstring)."""
    if cls == "date":
        return house_date(written, spoken)
    if "#" in written and "number" in (w.lower() for w in spoken):
        written = _HASH_NUMBER.sub(r"number \1", written)
    if cls in ("cardinal", "money", "measure"):
        written = _THOUSANDS.sub(lambda m: f"{int(m.group(1)) * 1000:,}", written)
        if "thousand" in spoken or "million" in spoken:  # a number read in full is grouped: "7500" → "7,500"
            written = _PLAIN_INT.sub(_group_digits, written)
    return written
