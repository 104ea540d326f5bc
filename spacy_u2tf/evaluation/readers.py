"""Reading references: written text (plain text, JSONL, DialogSum JSONL), IWSLT word/label TSV, NeMo case files.

Written references become Examples through a verbalizer (see ``runner.load_examples``); IWSLT files become
Examples directly (lowercase words + punctuation labels), and NeMo case files give (class, spoken, written).
"""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator, Optional

if TYPE_CHECKING:
    from ..data.example import Example

_SPEAKER = re.compile(r"^\s*#\s*Person\s*\d+\s*#\s*:\s*", re.M)
_SPACED_APOSTROPHE = re.compile(r"(?<=[A-Za-z]) ' ([A-Za-z]{1,2})\b")


def fix_dialogsum(text: str) -> str:
    """DialogSum turns: drop ``#PersonN#:`` labels and join tokenizer-split contractions (``I ' Ve`` → ``I've``)."""
    text = _SPEAKER.sub("", text)
    return _SPACED_APOSTROPHE.sub(lambda m: "'" + m.group(1).lower(), text)


_WIKITEXT_RULES = [
    (re.compile(r" @([-,.])@ "), r"\1"),  # "2 @,@ 000", "guest @-@ starring"
    (re.compile(r"(?<=\d) ([:–]) (?=\d)"), r"\1"),  # a time and a range, "16 : 40", "1934 – 37"
    (re.compile(r"\b([a-z]{1,3}) / (?=[a-z0-9]{1,3}\b)"), r"\1/"),  # a unit, "km / h", "kg / cm2"
    (re.compile(r"\s+([,.;:!?%)\]])"), r"\1"),
    (re.compile(r"([(\[$£€]) "), r"\1"),
    (re.compile(r" (n't|'(?:s|re|ve|d|ll|m)\b)", re.I), r"\1"),
    (re.compile(r" (\')(?=\s|$)"), r"\1"),  # the plural possessive "players '"
]
_WIKITEXT_QUOTE = re.compile(r'" ([^"]*?) "')


def detokenize_wikitext(line: str) -> str:
    """WikiText's space-tokenized text back to written text (``@-@`` joins, no space before punctuation or
    inside quotes, none around the colon of a time, the dash of a range of numbers or the slash of a unit)."""
    text = line.strip()
    for pattern, repl in _WIKITEXT_RULES:
        text = pattern.sub(repl, text)
    return _WIKITEXT_QUOTE.sub(r'"\1"', text)


def read_wikitext(path: Path) -> Iterator[str]:
    """WikiText raw files: one document per paragraph, headings (``= Title =``) skipped, detokenized."""
    with _open(Path(path)) as fh:
        for line in fh:
            stripped = line.strip()
            if stripped and not (stripped.startswith("=") and stripped.endswith("=")):
                yield detokenize_wikitext(stripped)


FORMATS = ("text", "jsonl", "dialogsum", "wikitext", "iwslt", "nemo", "examples")


def detect_format(path: Path) -> str:
    """Guess a reference file's format from its name: a folder or ``test_cases_*`` → ``nemo``, ``*.tsv`` →
    ``iwslt``, ``*.examples.jsonl`` → ``examples`` (saved Examples), ``*dialogsum*`` → ``dialogsum``,
    ``*wikitext*`` → ``wikitext``, ``*.jsonl[.gz]`` → ``jsonl``, anything else → ``text``."""
    path = Path(path)
    if path.is_dir() or path.name.startswith("test_cases_"):
        return "nemo"
    if path.suffix == ".tsv":
        return "iwslt"
    if ".examples" in path.suffixes:
        return "examples"
    if "dialogsum" in path.name:
        return "dialogsum"
    if "wikitext" in path.name:
        return "wikitext"
    return "jsonl" if ".jsonl" in path.suffixes else "text"


def _open(path: Path):
    return gzip.open(path, "rt", encoding="utf-8") if path.suffix == ".gz" else open(path, encoding="utf-8")


def read_references(path: Path, fmt: str = "auto", field: Optional[str] = None) -> Iterator[str]:
    """Written reference documents from ``path``: ``text`` (one per line), ``jsonl`` (``field``, default
    ``text``) or ``dialogsum`` (``dialogue`` field, one document per dialogue, speaker labels dropped, turns on
    their own lines: ``clean_text`` cleans each line and joins them with a space) or ``wikitext`` (paragraphs,
    detokenized); ``.gz`` files are read too."""
    path = Path(path)
    if fmt == "auto":
        fmt = detect_format(path)
    if fmt == "wikitext":
        yield from read_wikitext(path)
        return
    if fmt not in ("text", "jsonl", "dialogsum"):
        raise ValueError(f"{path}: {fmt!r} is not a written-reference format (text, jsonl, dialogsum, wikitext)")
    with _open(path) as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            if fmt == "text":
                yield line.rstrip("\n")
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as err:
                raise ValueError(f"{path}:{lineno}: not valid JSON ({err.msg})") from None
            key = field or ("dialogue" if fmt == "dialogsum" else "text")
            value = obj.get(key)
            if not isinstance(value, str):
                raise ValueError(f"{path}:{lineno}: no string field {key!r}")
            yield fix_dialogsum(value) if fmt == "dialogsum" else value


# A mixed-case word: a lowercase letter followed by an uppercase one (iPhone, YouTube, McDonald, MacBook) or an
# O' name (O'Brien).
MIXED_CASE_WORD = re.compile(r"[a-z][A-Z]|\bO'[A-Z]")


def mixed_case_sentences(documents: Iterable[str]) -> Iterator[str]:
    """The cleaned sentences of ``documents`` (turns/paragraphs on their own lines) that hold a mixed-case word
    (:data:`MIXED_CASE_WORD`), each once: a mixed-case dev set from any written reference file."""
    from ..data.clean import clean_line, split_sentences

    seen = set()
    for doc in documents:
        for line in doc.split("\n"):
            for sentence in split_sentences(clean_line(line)) if line.strip() else ():
                if MIXED_CASE_WORD.search(sentence) and sentence not in seen:
                    seen.add(sentence)
                    yield sentence


def chunked(documents: Iterable[str], words: int) -> Iterator[str]:
    """Documents cut at sentence ends into pieces of about ``words`` words (long meetings into paragraphs)."""
    from ..data.clean import chunk_document

    for doc in documents:
        yield from chunk_document(doc, min_words=min(30, words), max_words=max(250, 2 * words), target_words=words)


def read_iwslt(path: Path, doc_words: int = 100) -> Iterator["Example"]:
    """IWSLT ``word<TAB>label`` files as Examples (lowercase: only punctuation is scored), cut into documents of
    about ``doc_words`` words at sentence ends."""
    from ..data.example import Example
    from ..core.labels import PUNCT_MARKS

    words: list = []
    labels: list = []

    def emit() -> "Example":
        written = " ".join(w + PUNCT_MARKS[l] for w, l in zip(words, labels))
        return Example(written, list(words), list(labels), ["LOWER"] * len(words), ["O"] * len(words), [], "iwslt")

    with _open(Path(path)) as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            word, sep, label = line.rstrip("\n").partition("\t")
            if not sep or label not in PUNCT_MARKS:
                raise ValueError(f"{path}:{lineno}: expected 'word<TAB>label', label one of {list(PUNCT_MARKS)}")
            words.append(word)
            labels.append(label)
            if len(words) >= doc_words and label in ("PERIOD", "QUESTION"):
                yield emit()
                words, labels = [], []
    if words:
        yield emit()


def read_nemo_cases(path: Path, cased: bool = False) -> Iterator[tuple]:
    """``(class, spoken, written)`` from NeMo ``spoken~written`` ITN test-case files: one file, or every
    ``test_cases_<class>.txt`` under a folder except those under ``data_text_normalization*`` folders (NeMo's
    TN cases run the other way, ``written~spoken``). ``_cased`` files are read only with ``cased``; lines with an
    empty side are skipped."""
    path = Path(path)
    if path.is_dir():
        files = [f for f in sorted(path.rglob("test_cases_*.txt"))
                 if not any(part.startswith("data_text_normalization") for part in f.relative_to(path).parts)]
    else:
        files = [path]
    for file in files:
        stem = file.stem.replace("test_cases_", "")
        if stem.endswith("_cased") != cased:
            continue
        cls = stem.replace("_cased", "")
        for line in file.read_text(encoding="utf-8").splitlines():
            if "~" in line:
                spoken, written = (side.strip() for side in line.split("~")[:2])
                if spoken and written:
                    yield cls, spoken, written
