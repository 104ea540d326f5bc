"""Cleaning written text into what the formatter can reproduce (after the Universal-2-TF appendix).

The cleaned text has tokens separated by single spaces; a token may end with one of ``,`` ``.`` ``?`` (the
punctuation the model predicts); quotes, brackets, speaker labels, HTML and emoji are gone; ``!`` became ``.``;
``;`` ``:`` and dashes became ``,`` (a hyphen inside a compound, "well-known", stays); honorifics and OK are standardized; underscores at word edges and marks left
alone as tokens (``-``, ``:``) are gone; numbers and abbreviations that a tokenizer split (``$ 24``, ``2, 000``,
``U. S.``) are joined again. Every rule counts what it touched.
"""
from __future__ import annotations

import html
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterator, List, Optional, Sequence

_TRANSLATE = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "`": "'", "\u00b4": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2013": "-", "\u2012": "-", "\u2212": "-", "\u2014": " -- ", "\u2015": " -- ",
    "\u2026": "...", "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u200b": "", "\ufeff": "",
    "\u00ad": "", "\t": " ",
})

# "That;s" is a typo for "That's"; "details:Booking" lost the space after its colon.
_INNER_SEMICOLON_COLON = re.compile(r"(?<=[A-Za-z])(?:;((?:s|m|t|d|ll|ve|re)\b)|[;:](?=[A-Za-z]))")
# "2, 000" / "$2, 100": digit groups a tokenizer split. Only joined when unambiguous (see _join_thousands).
_SPLIT_THOUSANDS = re.compile(r"(?<![\w.,])([$€£¥]?)(\d{1,3})((?:, \d{3})+)(?!\w|,\d)")


def _inner_semicolon_colon(m: "re.Match[str]") -> str:
    return "'" + m.group(1) if m.group(1) else ", "


def _join_thousands(m: "re.Match[str]") -> str:
    """Join ``d, ddd`` groups while each next group starts with 0 or the number carries a currency sign.

    "412, 413" or "page 221, 222" are lists (common in books and court transcripts), so a 3-digit group alone is
    not enough: a list item never starts with 0, and money is written "$500, $505" when it is a list.
    """
    currency, first, rest = m.groups()
    groups = rest[2:].split(", ")
    n = 0
    while n < len(groups) and (currency or groups[n][0] == "0"):
        n += 1
    joined = currency + ",".join([first] + groups[:n])
    return ", ".join([joined] + groups[n:])


# Each rule: (name, compiled pattern, replacement). Applied in order; the counter records texts each one changed.
_RULES = [
    ("html_tag", re.compile(r"<[^<>]{1,200}>"), " "),
    # "days.Yes", "Hmm.I think", "Yes,I'm" (not "Ph.D." or "U.S.A.": two letters before, a word after)
    ("missing_space", re.compile(r"(?<=[A-Za-z]{2})(?<!www)([.?,])(?=[A-Z](?:[a-z]|'[a-z]|\s))"), r"\1 "),
    ("contraction_case", re.compile(r"(?:(?<=[a-z])|(?<=\bI))'(Ve|Ll|Re|S|M|D|T)\b"), lambda m: "'" + m.group(1).lower()),
    ("ampersand_word", re.compile(r"(?<=\s)&(?=\s)"), "and"),
    ("shift_typo", re.compile(r"\b([A-Z])([A-Z])([a-z]{2,})\b"), lambda m: m.group(1) + m.group(2).lower() + m.group(3)),
    ("speaker_label", re.compile(r"(?m)^\s*(?:#\s*[A-Za-z]+\s*\d*\s*#|[A-Z][A-Za-z]*(?: [A-Z][A-Za-z.]*){0,2}|[A-Z]{2,}(?: [A-Z]{2,})*)\s*:\s+(?=\S)"), ""),
    ("bracketed", re.compile(r"\([^()]{0,300}\)|\[[^\[\]]{0,300}\]|\{[^{}]{0,300}\}"), " "),
    ("stray_bracket", re.compile(r"[()\[\]{}<>]"), " "),
    # _italics_, F_, __ but not snake_case. Rules that start with their mark rather than a lookbehind scan faster.
    ("underscore_edge", re.compile(r"_(?:(?<![^\W_]_)_*|_*(?![^\W_]))"), ""),
    ("spaced_apostrophe", re.compile(r"(?<=[A-Za-z]) ' ((?:[stdm]|ll|ve|re)\b)", re.I), lambda m: "'" + m.group(1).lower()),
    ("quote", re.compile(r'"|(?<![A-Za-z0-9])\'(?![0-9]{2}s\b)|\'(?![A-Za-z0-9])'), " "),
    ("dash", re.compile(r"\s*--+\s*|\s+-\s+|(?<=[A-Za-z])-(?=\s)|(?<=\s)-(?=[A-Za-z])"), ", "),
    ("ellipsis", re.compile(r"\.{2,}|(?:\. ){2,}\.?"), "."),
    ("exclamation", re.compile(r"!+"), "."),
    ("inner_semicolon_colon", _INNER_SEMICOLON_COLON, _inner_semicolon_colon),
    ("semicolon_colon", re.compile(r"\s*[;:]+(?=[\s,.?]|$)"), ","),
    ("lone_mark", re.compile(r"[-:;](?<!\S.)[-:;]*(?=[,.?]*(?:\s|$))"), ""),  # a token of only - : ;
    ("other_marks", re.compile(r"[|~^\\]|(?<!\w)[*_=+](?!\w)"), " "),
    ("currency_space", re.compile(r"(?<=[$€£¥]) +(?=\d)"), ""),
    ("percent_space", re.compile(r"(?<=\d) +(?=%)"), ""),
    ("split_thousands", _SPLIT_THOUSANDS, _join_thousands),
    ("split_initials", re.compile(r"[A-Z](?<![\w.'][A-Z])\.(?:[A-Z]\.)*(?: [A-Z]\.(?:[A-Z]\.)*)+(?!\w)"),
     lambda m: m.group(0).replace(" ", "")),
    ("space_before_punct", re.compile(r"\s+(?=[,.?](?:\s|$))"), ""),
    ("repeated_punct", re.compile(r"[,.?]{2,}(?=\s|$)"), None),
    ("leading_punct", re.compile(r"(?:(?<=\s)|^)[,.?]+(?=\s|$)|(?:(?<=\s)|^)[,.?]+(?=[A-Za-z])"), " "),
]
_ABBREV = [
    (re.compile(r"\b(Mr|Mrs|Ms|Dr|Prof|Jr|Sr|St)(?=\s)(?!\.)"), r"\1."),
    (re.compile(r"\b(?:O\.K\.|o\.k\.|Ok|ok|O\.K|Okey)(?=[\s,.?]|$)"), "OK"),
]
_MULTISPACE = re.compile(r"\s+")
_SENT_END = re.compile(r"(?<=[.?])\s+(?=\S)")
_NO_SPLIT_BEFORE = re.compile(r"(?:\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|No|Nos|Inc|Co|Ltd|U\.S|a\.m|p\.m|e\.g|i\.e|[A-Z])\.)$")


def _repeated(m: "re.Match[str]") -> str:
    marks = m.group(0)
    return "?" if "?" in marks else marks[-1] if marks[-1] != "," else ","


def _is_emoji_or_symbol(ch: str) -> bool:
    cat = unicodedata.category(ch)
    return cat in ("So", "Cs", "Co", "Cn") or (cat.startswith("C") and ch not in "\n")


@dataclass
class CleanStats:
    """How many texts each cleaning rule changed, and how many chunks each filter dropped."""

    changed: Counter = field(default_factory=Counter)
    dropped: Counter = field(default_factory=Counter)
    kept: int = 0

    def merge(self, other: "CleanStats") -> None:
        self.changed.update(other.changed)
        self.dropped.update(other.dropped)
        self.kept += other.kept

    def to_dict(self) -> dict:
        return {"changed": dict(self.changed), "dropped": dict(self.dropped), "kept": self.kept}


def clean_line(line: str, stats: Optional[CleanStats] = None) -> str:
    """Clean one paragraph or speaker turn into formatter-reproducible written text ('' when nothing is left)."""
    stats = stats if stats is not None else CleanStats()
    text = unicodedata.normalize("NFKC", line).translate(_TRANSLATE)
    if "&" in text and ";" in text:
        unescaped = html.unescape(text)
        if unescaped != text:
            stats.changed["html_entity"] += 1
            text = unescaped
    stripped = "".join(ch for ch in text if not _is_emoji_or_symbol(ch))
    if stripped != text:
        stats.changed["emoji_control"] += 1
        text = stripped
    for name, pattern, repl in _RULES:
        new = pattern.sub(_repeated if repl is None else repl, text)  # type: ignore[arg-type]
        if new != text:
            stats.changed[name] += 1
            text = new
    for pattern, repl in _ABBREV:
        new = pattern.sub(repl, text)
        if new != text:
            stats.changed["standardize_abbrev"] += 1
            text = new
    text = _MULTISPACE.sub(" ", text).strip()
    # Punctuation left alone by the rules above (", ," after a dropped token) collapses here.
    text = re.sub(r"(?<=[,.?]) [,.?](?=\s|$)", "", text)
    text = re.sub(r"^[,.?\s]+", "", text)
    if text and text[-1] == ",":
        text = text[:-1] + "."
    if text and text[-1] not in ".?":
        stats.changed["turn_end_period"] += 1
        text += "."
    return text


def split_sentences(text: str) -> List[str]:
    """Split cleaned text after ``.``/``?`` tokens that end sentences (not after Mr. or initials)."""
    sentences: List[str] = []
    start = 0
    for m in _SENT_END.finditer(text):
        if _NO_SPLIT_BEFORE.search(text, 0, m.start()):
            continue
        sentences.append(text[start:m.start()])
        start = m.end()
    sentences.append(text[start:])
    return [s for s in sentences if s]


def _abnormal(words: Sequence[str], stats: CleanStats) -> bool:
    letters = sum(ch.isalpha() for w in words for ch in w)
    upper = sum(ch.isupper() for w in words for ch in w)
    if letters == 0:
        stats.dropped["no_letters"] += 1
        return True
    if letters >= 20 and upper / letters > 0.3:
        stats.dropped["uppercase_ratio"] += 1
        return True
    marks = sum(w[-1] in ",.?" for w in words)
    if len(words) >= 8 and marks / len(words) > 0.4:
        stats.dropped["punct_ratio"] += 1
        return True
    if len(words) >= 60 and marks == 0:
        stats.dropped["no_punct"] += 1
        return True
    return False


def chunk_document(
    text: str,
    *,
    min_words: int = 30,
    max_words: int = 250,
    stats: Optional[CleanStats] = None,
    target_words: Optional[int] = None,
) -> Iterator[str]:
    """Clean a document (turns/paragraphs separated by newlines) and cut it into chunks at sentence ends.

    Chunks grow sentence by sentence until they reach ``target_words`` (default ``min_words``); a sentence longer
    than ``max_words`` is dropped (counted). The last chunk of a document may be shorter than ``min_words`` when
    it has at least 5 words.
    """
    stats = stats if stats is not None else CleanStats()
    target = target_words or min_words
    chunk: List[str] = []
    n = 0
    for line in text.split("\n"):
        cleaned = clean_line(line, stats) if line.strip() else ""
        if not cleaned:
            continue
        for sentence in split_sentences(cleaned):
            words = sentence.split(" ")
            if len(words) > max_words:
                stats.dropped["sentence_too_long"] += 1
                continue
            if n + len(words) > max_words and chunk:
                yield from _emit(chunk, stats)
                chunk, n = [], 0
            chunk.append(sentence)
            n += len(words)
            if n >= target:
                yield from _emit(chunk, stats)
                chunk, n = [], 0
    if chunk:
        if n >= 5:
            yield from _emit(chunk, stats)
        else:
            stats.dropped["too_short"] += 1


def _emit(sentences: List[str], stats: CleanStats) -> Iterator[str]:
    text = " ".join(sentences)
    if not _abnormal(text.split(" "), stats):
        stats.kept += 1
        yield text


def clean_text(text: str, stats: Optional[CleanStats] = None) -> str:
    """Clean a whole document into one line of cleaned text (turns joined by spaces), no filtering."""
    stats = stats if stats is not None else CleanStats()
    return " ".join(c for c in (clean_line(line, stats) for line in text.split("\n") if line.strip()) if c)
