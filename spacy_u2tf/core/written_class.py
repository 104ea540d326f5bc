"""The ITN class of a converted span, read from its written form by pattern (for per-class ITN switches)."""
from __future__ import annotations

import re


def classify_written(written: str) -> str:
    """A coarse ITN class for a converted span's written form (used by per-class ITN switches)."""
    w = written.strip()
    if "@" in w or re.search(r"\b(?:www\.|https?://)|\.(?:com|org|net|edu|gov|io)\b", w):
        return "electronic"
    if re.search(r"[$€£¥]|\bcents?\b", w):
        return "money"
    if "%" in w:
        return "percent"
    if re.search(r"\d:\d\d|\b[ap]\.m\.", w):
        return "time"
    if re.fullmatch(r"\+?1?[- ]?\(?\d{3}\)?[- ]?\d{3}-\d{4}|\d{3}-\d{4}", w):
        return "telephone"
    if re.search(r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d", w) or re.fullmatch(
            r"\d{1,2}/\d{1,2}/\d{2,4}|\d{4}-\d\d-\d\d", w):
        return "date"
    if re.fullmatch(r"\d+(?:st|nd|rd|th)", w):
        return "ordinal"
    if re.fullmatch(r"(?:1[0-9]|20)\d\d|(?:1[0-9]|20)\d0'?s|'\d0s", w):
        return "year"
    if re.fullmatch(r"-?[\d,]+", w):
        return "cardinal"
    if re.fullmatch(r"-?[\d,]*\.\d+(?: (?:million|billion|trillion|thousand))?", w):
        return "decimal"
    if re.fullmatch(r"\d+/\d+", w):
        return "fraction"
    if re.search(r"\d", w):
        return "measure" if re.search(r"\d\s?[a-zA-Z°]", w) else "alnum"
    return "abbreviation" if w.endswith(".") else "acronym" if w.isupper() else "word"
