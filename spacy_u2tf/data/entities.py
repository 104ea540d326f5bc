"""Finding the written entities that need verbalizing (ITN spans) in cleaned text, in one regex pass.

Every token holding a digit or a symbol ends up inside an entity: the recognized classes first, then a generic
``alnum`` fallback, so nothing reaches the spoken side unverbalized.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List

MONTHS = ("January February March April May June July August September October November December").split()
MONTH_ABBR = {m[:3]: m for m in MONTHS} | {"Sept": "September"}
_MONTH = r"(?:" + "|".join(MONTHS) + r"|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.)"
_NUM = r"\d{1,3}(?:,\d{3})+|\d+"
_SCALE = r"(?: (?:thousand|million|billion|trillion))"
# Units that are also words ("in", "m", "g") count only when written against the number ("2g", "5m").
_UNITS_SPACED = r"kg|km|cm|mm|mi|ft|lbs?|oz|mg|ml|mph|kph|km/h|°C|°F|GB|MB|TB|KB|GHz|MHz|kHz|Hz|kW|kWh|hrs|sq ft"
_UNITS_ATTACHED = r"m|in|g|l|W|V|hr|min|sec|ms|°"
SPELLED_ACRONYMS = frozenset(
    "FBI CIA CEO CFO CTO USA UK US EU UN TV DVD CD PC NBA NFL NHL MLB BBC CNN ATM ID IT HR PR DJ DC LA NYC IRS DNA "
    "HIV MRI ICU ER PhD MBA MD BA BS MA UPS USB GPS ABC CBS NBC HBO AT IBM HP BMW VIP FAQ PDF URL API SUV RV ATV EPA "
    "FDA FCC SEC DOJ DMV NYPD LAPD IQ TB JFK FDR GOP BC AD".split())
_END = r"(?=[,.?]?(?:\s|$))"

_PATTERNS = [
    ("electronic", r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://[^\s]+?|www\.[\w-]+(?:\.[\w-]+)+(?:/[^\s]*?)?|"
                   r"[\w-]+\.(?:com|org|net|edu|gov|io|co\.uk|ai)(?:/[^\s]*?)?"),
    ("card", r"\d{4}(?:[ -]\d{4}){3}|\d{4}[ -]\d{6}[ -]\d{5}"),
    ("ssn", r"\d{3}-\d{2}-\d{4}"),
    ("telephone", r"(?:\+?1[ -])?(?:\(\d{3}\) ?|\d{3}[ -])\d{3}-\d{4}|\d{3}-\d{4}"),
    ("time", r"\d{1,2}:\d\d(?::\d\d)?(?: ?(?:[ap]\.m\.|[AP]M|[ap]m))?|\d{1,2} ?(?:[ap]\.m\.|[AP]M|[ap]m)|"
             r"\d{1,2} o'clock"),
    ("date", rf"{_MONTH} \d{{1,2}}(?:st|nd|rd|th)?(?:, \d{{4}}| \d{{4}})?|\d{{1,2}}(?:st|nd|rd|th)? (?:of )?{_MONTH}"
             rf"(?:,? \d{{4}})?|{_MONTH},? \d{{4}}|\d{{1,2}}/\d{{1,2}}/(?:\d{{4}}|\d\d)|\d{{4}}-\d\d-\d\d"),
    ("money", rf"-?[$€£¥](?:{_NUM})(?:\.\d+)?{_SCALE}?(?:-[$€£¥]?(?:{_NUM})(?:\.\d+)?{_SCALE}?)?|"
              rf"(?:{_NUM})(?:\.\d+)? (?:cents|dollars|euros|pounds|bucks)"),
    ("percent", rf"-?(?:{_NUM})?(?:\.\d+)?%|(?:{_NUM})(?:\.\d+)? percent"),
    ("measure", rf"-?(?:{_NUM})(?:\.\d+)?(?: ?(?:{_UNITS_SPACED})|(?:{_UNITS_ATTACHED}))(?![\w/])"),
    ("range", r"[1-9]\d*(?:\.\d+)?-\d+(?:\.\d+)?"),
    ("fraction", r"(?:\d+ )?\d+/\d+"),
    ("ordinal", r"\d+(?:st|nd|rd|th)"),
    ("year", r"(?:1[0-9]|20)\d0'?s|'?\d0'?s|(?:1[1-9]|20)\d\d(?!,\d)"),
    ("decimal", rf"-?(?:{_NUM})?\.\d+{_SCALE}?"),
    ("cardinal", rf"-?(?:{_NUM}){_SCALE}?"),
    ("abbreviation", r"(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|Mt|Ft|Gen|Gov|Sen|Rep|Lt|Col|Capt|Sgt)\.|e\.g\.|i\.e\."),
    ("acronym", r"(?:[A-Z]\.){2,}|[A-Z]{2,5}(?:'s)?"),
    ("alnum", r"[^\s]*?(?:[^\sA-Za-z',.?]|[,.?](?=[^\s,.?]))[^\s]*?"),
]
_MASTER = re.compile(
    r"(?<!\S)(?:" + "|".join(f"(?P<{name}>{pat})" for name, pat in _PATTERNS) + r")" + _END)
_ACRONYM_VOWELS = re.compile(r"[AEIOU]")


@dataclass(frozen=True)
class Entity:
    """A written entity: characters ``[start, end)`` of the cleaned text, and its ITN class."""

    start: int
    end: int
    cls: str


def _spelled(token: str) -> bool:
    core = token[:-2] if token.endswith("'s") else token
    return "." in core or core in SPELLED_ACRONYMS or (len(core) <= 4 and not _ACRONYM_VOWELS.search(core))


def find_entities(text: str) -> List[Entity]:
    """Entities in cleaned text, sorted and non-overlapping; each starts at a token start and ends at a token
    end or just before that token's trailing ``,`` ``.`` ``?``."""
    out: List[Entity] = []
    for m in _MASTER.finditer(text):
        cls = m.lastgroup or "alnum"
        start, end = m.span()
        if cls == "acronym" and not _spelled(m.group()):
            continue
        if cls == "alnum" and end > start and text[end - 1] in ",.?" and (end == len(text) or text[end] == " "):
            end -= 1
        if end > start:
            out.append(Entity(start, end, cls))
    return out
