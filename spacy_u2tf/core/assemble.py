"""Labels + converted spans → written words and alignment groups.

This is the one place where alignment is made. The data pipeline's round-trip check, the API, the spaCy
written Doc and the NeMo timestamp re-timing all read the groups built here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, NamedTuple, Optional, Sequence, Tuple

from .labels import JOIN, MIXED_CLASS, PLAIN_CLASS, PUNCT_MARKS, SENTENCE_END, apply_case


@dataclass(frozen=True)
class SpanRewrite:
    """A span of spoken words ``[start, end)`` and its written form (``None``: not converted, fall back).

    ``verbatim``: the written form keeps its exact spelling (a lexicon value), even at a sentence start.
    """

    start: int
    end: int
    cls: str
    written: Optional[str]
    verbatim: bool = False


class AlignmentGroup(NamedTuple):
    """Spoken word indices ``source`` became written word indices ``target``.

    ``cls`` is ``"plain"`` for a word kept 1:1, ``"mixed"`` for a stage-2 mixed-case word, or the ITN class.
    ``fallback`` is true when a span's conversion was rejected and its spoken words were kept. (A named tuple:
    one is made per written word, and a tuple is cheaper to build than a frozen dataclass.)
    """

    source: Tuple[int, ...]
    target: Tuple[int, ...]
    cls: str
    fallback: bool = False


@dataclass
class Assembled:
    """Written words and how they came from the spoken ones."""

    words: List[str]
    groups: List[AlignmentGroup] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join(self.words)


_OWN_END = ("!", "?", "…")


def _attach(word: str, punct: str) -> str:
    mark = PUNCT_MARKS[punct] if punct != JOIN else ""
    if not mark or word.endswith(mark) or word.endswith(_OWN_END):  # "works!" takes no "." after it
        return word
    return word + mark


def _capitalize_first(text: str) -> str:
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def assemble(
    spoken: Sequence[str],
    punct: Sequence[str],
    case: Sequence[str],
    rewrites: Sequence[SpanRewrite] = (),
) -> Assembled:
    """Apply per-word labels and span rewrites to spoken words.

    Plain words get their case label and the punctuation after them. A rewritten span is replaced by its
    written form; the span's last word's punctuation is attached after it, and a ``CAPITAL`` label on the span's
    first word capitalizes the written form's first letter (sentence starts) unless the rewrite is ``verbatim`` or
    an email or web address (class ``electronic``) inside a sentence ("Yes, bookings@acme.com").
    A span whose ``written`` is
    ``None`` falls back to its spoken words with their own case and punctuation. A ``HYPHEN`` label joins a word
    to the next one ("well" + "known" → "well-known"): one written word, one alignment group for both.
    """
    n = len(spoken)
    if not (len(punct) == len(case) == n):
        raise ValueError(f"label lengths differ: {n} words, {len(punct)} punct, {len(case)} case labels")
    by_start = {}
    covered_until = 0
    for rw in sorted(rewrites, key=lambda r: r.start):
        if not (0 <= rw.start < rw.end <= n) or rw.start < covered_until:
            raise ValueError(f"bad or overlapping span [{rw.start}, {rw.end}) over {n} words")
        by_start[rw.start] = rw
        covered_until = rw.end

    words: List[str] = []
    groups: List[AlignmentGroup] = []
    joining = False  # the previous word's label was HYPHEN: the next piece joins it with "-"

    def emit(pieces: List[str], source: Tuple[int, ...], cls: str, fallback: bool = False) -> None:
        nonlocal joining
        if joining and words:
            words[-1] = words[-1] + "-" + pieces[0]
            last = groups.pop()
            cls = last.cls if cls == PLAIN_CLASS else cls
            first, pieces = len(words) - 1, pieces[1:]
            source, fallback = last.source + source, last.fallback or fallback
        else:
            first = len(words)
        words.extend(pieces)
        groups.append(AlignmentGroup(source, tuple(range(first, len(words))), cls, fallback))
        joining = punct[source[-1]] == JOIN and source[-1] < n - 1

    i = 0
    while i < n:
        rw = by_start.get(i)
        if rw is None:  # a plain word (most of them)
            emit([_attach(apply_case(spoken[i], case[i]), punct[i])], (i,), PLAIN_CLASS)
            i += 1
            continue
        if rw.written is not None and rw.written.strip():
            pieces = rw.written.split()
            if case[i] == "CAPITAL" and not rw.verbatim and (rw.cls != "electronic" or i == 0
                                                              or punct[i - 1] in SENTENCE_END):
                pieces[0] = _capitalize_first(pieces[0])  # an address only at a sentence's start
            pieces[-1] = _attach(pieces[-1], punct[rw.end - 1])
            emit(pieces, tuple(range(rw.start, rw.end)), rw.cls)
            i = rw.end
            continue
        for j in range(i, rw.end):  # a span that fell back: its spoken words, each with its own labels
            label = "CAPITAL" if case[j] == "MIXED" else case[j]  # a rejected mixed-case word is at least capitalized
            emit([_attach(apply_case(spoken[j], label), punct[j])], (j,), rw.cls, fallback=True)
        i = rw.end
    return Assembled(words, groups)


def kept_groups(n: int) -> List[AlignmentGroup]:
    """The alignment of ``n`` words written as they were said: spoken word k is written word k."""
    return [AlignmentGroup((k,), (k,), PLAIN_CLASS) for k in range(n)]


def whole_group(spoken: int, written: int, cls: str) -> AlignmentGroup:
    """One group for words rewritten as a whole: all ``spoken`` words became all ``written`` words."""
    return AlignmentGroup(tuple(range(spoken)), tuple(range(written)), cls)


def sentence_starts(punct: Sequence[str]) -> List[bool]:
    """True for each word that starts a sentence (the first word, or one after PERIOD/QUESTION)."""
    return [i == 0 or punct[i - 1] in SENTENCE_END for i in range(len(punct))]


__all__ = ["SpanRewrite", "AlignmentGroup", "Assembled", "assemble", "kept_groups", "whole_group", "sentence_starts",
           "MIXED_CLASS"]
