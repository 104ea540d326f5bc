"""The ITN class of a converted span, read from its written form by pattern (for per-class ITN switches)."""
from __future__ import annotations

import re
from typing import Callable, List, Optional, Tuple

MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?"
         r"|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b")

# (class, test) in order: the first test that matches the stripped written form gives its class. A test searches
# the form (the pattern anywhere in it) or matches the whole form.
RULES: List[Tuple[str, Callable[[str], Optional[re.Match]]]] = [
    ("electronic", re.compile(r"@|\b(?:www\.|https?://)|\.(?:com|org|net|edu|gov|io)\b").search),
    ("money", re.compile(r"[$€£¥]|\bcents?\b").search),
    ("percent", re.compile(r"%").search),
    # "3:30 pm", "5 p.m.", "10 am", "5 o'clock"
    ("time", re.compile(r"\d:\d\d|\b[ap]\.m\.|\d ?(?:[ap]m|[AP]M)\b|\bo['’]clock\b").search),
    ("telephone", re.compile(r"\+?1?[- ]?\(?\d{3}\)?[- ]?\d{3}-\d{4}|\d{3}-\d{4}").fullmatch),
    ("date", re.compile(MONTH + r"\.? \d|\b\d{1,2} " + MONTH).search),  # "March 15, 2024", "23 July"
    ("date", re.compile(r"\d{1,2}/\d{1,2}/\d{2,4}|\d{4}-\d\d-\d\d").fullmatch),
    ("ordinal", re.compile(r"\d+(?:st|nd|rd|th)").fullmatch),
    ("year", re.compile(r"(?:1[0-9]|20)\d\d|(?:1[0-9]|20)\d0'?s|'\d0s").fullmatch),
    ("cardinal", re.compile(r"-?[\d,]+").fullmatch),
    ("decimal", re.compile(r"-?[\d,]*\.\d+(?: (?:million|billion|trillion|thousand))?").fullmatch),
    ("fraction", re.compile(r"\d+/\d+").fullmatch),
    ("measure", re.compile(r"\d\s?[a-zA-Z°]").search),
    ("alnum", re.compile(r"\d").search),
]


def classify_written(written: str) -> str:
    """A coarse ITN class for a converted span's written form (used by per-class ITN switches): the class of the
    first of :data:`RULES` that matches it, else ``abbreviation`` (ending in a dot), ``acronym`` (upper case) or
    ``word``."""
    w = written.strip()
    for cls, test in RULES:
        if test(w):
            return cls
    return "abbreviation" if w.endswith(".") else "acronym" if w.isupper() else "word"
