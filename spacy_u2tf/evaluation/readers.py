"""Reading written references: plain text, JSONL, DialogSum JSONL."""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Optional

if TYPE_CHECKING:
    from ..data.example import Example

_SPEAKER = re.compile(r"^\s*#\s*Person\s*\d+\s*#\s*:\s*", re.M)
_SPACED_APOSTROPHE = re.compile(r"(?<=[A-Za-z]) ' ([A-Za-z]{1,2})\b")


def fix_dialogsum(text: str) -> str:
    """DialogSum turns: drop ``#PersonN#:`` labels and join tokenizer-split contractions (``I ' Ve`` → ``I've``)."""
    text = _SPEAKER.sub("", text)
    return _SPACED_APOSTROPHE.sub(lambda m: "'" + m.group(1).lower(), text)


def _open(path: Path):
    return gzip.open(path, "rt", encoding="utf-8") if path.suffix == ".gz" else open(path, encoding="utf-8")


def read_references(path: Path, fmt: str = "auto", field: Optional[str] = None) -> Iterator[str]:
    """Written reference documents from ``path``: ``text`` (one per line), ``jsonl`` (``field``, default
    ``text``) or ``dialogsum`` (``dialogue`` field, one document per dialogue, turns on their own lines)."""
    path = Path(path)
    if fmt == "auto":
        fmt = "dialogsum" if "dialogsum" in path.name else "jsonl" if ".jsonl" in path.suffixes else "text"
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
    """``(class, spoken, written)`` from NeMo ``spoken~written`` test-case files (a file or a folder of
    ``test_cases_<class>.txt``; ``_cased`` files only with ``cased``)."""
    path = Path(path)
    files = sorted(path.rglob("test_cases_*.txt")) if path.is_dir() else [path]
    for file in files:
        stem = file.stem.replace("test_cases_", "")
        if stem.endswith("_cased") != cased:
            continue
        cls = stem.replace("_cased", "")
        for line in file.read_text(encoding="utf-8").splitlines():
            if "~" in line:
                spoken, written = line.split("~")[:2]
                yield cls, spoken.strip(), written.strip()
