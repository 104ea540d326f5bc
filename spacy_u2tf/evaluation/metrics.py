"""Formatting metrics (as in the Universal-2-TF paper), computed from written reference and hypothesis text.

Both texts are split into words; each word is (core text, mark after it among COMMA/PERIOD/QUESTION or O).
Other marks a system may print are mapped: ``!`` → PERIOD, ``;`` ``:`` → COMMA; quotes and brackets dropped.
Hypothesis words are aligned to reference words by Levenshtein on lowercased cores. Then:

- punctuation P/R/F1 per mark over aligned word pairs (a deleted reference word's mark is missed, an inserted
  hypothesis word's mark is a false positive); PER = (substituted + deleted + inserted marks) / reference marks;
- CER: character edit distance with punctuation marks removed (case-sensitive) / reference characters;
- M-WER: share of mixed-case reference words (case label MIXED) not reproduced exactly by the aligned word;
- I-WER: the same over reference words inside ITN spans (written side of the reference Example's spans);
- per-ITN-class exact match: a reference span is right when all its written words come back exactly, in order;
- content preservation: share of plain reference words whose aligned word equals them ignoring case/punctuation.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Dict, List, Optional, Sequence, Tuple

from ..core.labels import MIXED_CLASS, PLAIN_CLASS, case_label
from ..data.example import Example
from .align import align, edit_distance

MARKS = ("COMMA", "PERIOD", "QUESTION")
_MARK_OF = {",": "COMMA", ";": "COMMA", ":": "COMMA", ".": "PERIOD", "!": "PERIOD", "?": "QUESTION"}
_DROP = re.compile(r"[\"“”()\[\]{}]")


def split_words(text: str) -> List[Tuple[str, str]]:
    """``"Hi, Bob!"`` → ``[("Hi", "COMMA"), ("Bob", "PERIOD")]``; a word that is only marks attaches them to
    the word before it."""
    out: List[Tuple[str, str]] = []
    for token in _DROP.sub(" ", text).split():
        core = token.rstrip(",;:.!?")
        tail = token[len(core):]
        if core.endswith(".") is False and tail.startswith(".") and re.fullmatch(r"(?:[A-Za-z]\.)+[A-Za-z]", core):
            core, tail = core + ".", tail[1:]  # "U.S." keeps its dots
        mark = _MARK_OF.get(tail[-1], "O") if tail else "O"
        if not core:
            if out and mark != "O":
                out[-1] = (out[-1][0], mark)
            continue
        out.append((core, mark))
    return out


def _strip_marks(text: str) -> str:
    return " ".join(core for core, _ in split_words(text))


def _written_groups(ref: Example) -> Tuple[List[str], List[str]]:
    """For each written reference word: the class of the group it belongs to, and the span id (or "")."""
    assembled = ref.assemble()
    classes = [PLAIN_CLASS] * len(assembled.words)
    span_ids = [""] * len(assembled.words)
    for k, g in enumerate(assembled.groups):
        for t in g.target:
            classes[t] = g.cls
            span_ids[t] = f"{k}" if g.cls != PLAIN_CLASS else ""
    return classes, span_ids


class Scorer:
    """Accumulates counts over documents; :meth:`result` gives the metrics."""

    def __init__(self) -> None:
        self.tp, self.fp, self.fn = Counter(), Counter(), Counter()
        self.mark_errors = 0
        self.ref_marks = 0
        self.char_edits = 0
        self.ref_chars = 0
        self.mixed = [0, 0]  # errors, total
        self.itn = [0, 0]
        self.plain = [0, 0]  # kept, total
        self.cls_spans: Dict[str, List[int]] = defaultdict(lambda: [0, 0])  # correct, total
        self.docs = 0

    def add(self, ref: Example, hyp_text: str) -> None:
        ref_words = split_words(ref.written)
        hyp_words = split_words(hyp_text)
        classes, span_ids = _written_groups(ref)
        if len(classes) != len(ref_words):  # reference text with marks inside words: score marks only
            classes, span_ids = [PLAIN_CLASS] * len(ref_words), [""] * len(ref_words)
        pairs = align([c.lower() for c, _ in ref_words], [c.lower() for c, _ in hyp_words])
        self.docs += 1
        span_ok: Dict[str, bool] = {}
        span_cls: Dict[str, str] = {}
        for r, h in pairs:
            rm = ref_words[r][1] if r is not None else "O"
            hm = hyp_words[h][1] if h is not None else "O"
            if rm != "O":
                self.ref_marks += 1
            if rm == hm:
                if rm != "O":
                    self.tp[rm] += 1
            else:
                self.mark_errors += 1
                if hm != "O":
                    self.fp[hm] += 1
                if rm != "O":
                    self.fn[rm] += 1
            if r is None:
                continue
            core = ref_words[r][0]
            got = hyp_words[h][0] if h is not None else None
            exact = got == core
            cls = classes[r]
            if case_label(core) == "MIXED" and any(ch.isalpha() for ch in core):
                self.mixed[0] += not exact
                self.mixed[1] += 1
            if cls not in (PLAIN_CLASS, MIXED_CLASS):
                self.itn[0] += not exact
                self.itn[1] += 1
                sid = span_ids[r]
                span_ok[sid] = span_ok.get(sid, True) and exact
                span_cls[sid] = cls
            elif cls == PLAIN_CLASS:
                self.plain[0] += got is not None and got.lower() == core.lower()
                self.plain[1] += 1
        for sid, ok in span_ok.items():
            self.cls_spans[span_cls[sid]][0] += ok
            self.cls_spans[span_cls[sid]][1] += 1
        ref_plain, hyp_plain = _strip_marks(ref.written), _strip_marks(hyp_text)
        self.char_edits += edit_distance(ref_plain, hyp_plain)
        self.ref_chars += len(ref_plain)

    def result(self) -> Dict[str, float]:
        out: Dict[str, float] = {"documents": self.docs}
        for mark in MARKS:
            tp, fp, fn = self.tp[mark], self.fp[mark], self.fn[mark]
            p = tp / (tp + fp) if tp + fp else 0.0
            r = tp / (tp + fn) if tp + fn else 0.0
            out[f"punct_f1_{mark}"] = round(2 * p * r / (p + r) if p + r else 0.0, 4)
            out[f"punct_p_{mark}"] = round(p, 4)
            out[f"punct_r_{mark}"] = round(r, 4)
        out["PER"] = round(self.mark_errors / max(1, self.ref_marks), 4)
        out["CER"] = round(self.char_edits / max(1, self.ref_chars), 4)
        out["M-WER"] = round(self.mixed[0] / self.mixed[1], 4) if self.mixed[1] else None  # type: ignore[assignment]
        out["mixed_words"] = self.mixed[1]
        out["I-WER"] = round(self.itn[0] / self.itn[1], 4) if self.itn[1] else None  # type: ignore[assignment]
        out["itn_words"] = self.itn[1]
        out["content_preservation"] = round(self.plain[0] / max(1, self.plain[1]), 4)
        for cls, (ok, total) in sorted(self.cls_spans.items()):
            out[f"exact_{cls}"] = round(ok / total, 4)
            out[f"spans_{cls}"] = total
        return out


def evaluate(references: Sequence[Example], hypotheses: Sequence[str]) -> Dict[str, float]:
    """All metrics for hypotheses (written text) against reference Examples."""
    if len(references) != len(hypotheses):
        raise ValueError(f"{len(references)} references but {len(hypotheses)} hypotheses")
    scorer = Scorer()
    for ref, hyp in zip(references, hypotheses):
        scorer.add(ref, hyp)
    return scorer.result()
