"""Formatting metrics (as in the Universal-2-TF paper), computed from written reference and hypothesis text.

Both texts are split into words on whitespace; each word is (core text, mark after it among COMMA/PERIOD/QUESTION
or O). Other marks a system may print are mapped: ``!`` → PERIOD, ``;`` ``:`` → COMMA; quotes and brackets are
dropped; a token made only of marks gives its mark to the word before it; dotted acronyms (``U.S.``) keep their
dots. Hypothesis words are aligned to reference words by Levenshtein on lowercased cores. Then:

- punctuation P/R/F1 per mark over aligned word pairs (matches and substitutions; a deleted reference word's mark
  is missed, an inserted hypothesis word's mark is a false positive); PER = (substituted + deleted + inserted
  marks) / reference marks, over the same alignment;
- CER: character edit distance between the texts with marks removed and whitespace normalized, case-sensitive,
  divided by the reference's characters;
- M-WER: share of reference words whose case label is MIXED (``McDonald's``) not reproduced exactly (core text
  without edge quotes, case-sensitive) by their aligned hypothesis word; a token that is two sentences run together
  by a missing space (``days.Yes``) is not a mixed-case word;
- false-MIXED rate (``false_mixed``): hypothesis words written in mixed case (not lower, Capitalized or
  ALLCAPS) whose aligned reference word is not mixed-case, or that are inserted, over all reference words;
- I-WER, the headline ITN figure, by the paper's protocol (:mod:`.itn_words`): over the reference words the
  verbalizer changed (the spoken input does not reproduce them), substitutions and deletions of those words plus
  hypothesis words inserted inside or right after such a region, compared lowercased and punctuation-stripped
  (``itn_words``, and the error kinds ``itn_substituted``/``itn_deleted``/``itn_inserted``);
- ``iwer_spans``, a diagnostic: substituted or deleted reference words inside the reference's own ITN spans
  (``itn_span_words``; exact core text). Those words come from ``Example.assemble()``: each alignment group of
  an ITN class (not ``plain``/``mixed``) names its written words;
- per-ITN-class exact match: a span is right when all its written words are reproduced exactly at their aligned
  positions, in order, with no hypothesis word inserted between them;
- content preservation: share of reference words in ``plain`` groups whose aligned word equals them ignoring case
  and punctuation (a deleted word counts as not kept);
- written case P/R/F1 per class (``case_f1_CAPITAL``, ``case_f1_ACRONYM``, ``case_f1_MIXED``): the case class
  (:func:`~spacy_u2tf.core.labels.case_label`, edge quotes aside) of each reference word outside ITN spans against
  that of its aligned hypothesis word, a deleted word missing its class. Unlike the tagger's label F1 it scores what
  a reader sees: a word the tagger labels MIXED and writes ``IJN`` is an acronym here.

A reference whose labels do not rebuild its written text is scored as all ``plain`` (counted in
``references_without_groups``).
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Dict, List, Optional, Sequence, Tuple

from ..core.labels import MIXED_CLASS, PLAIN_CLASS, case_label
from ..data.example import Example
from .align import align, edit_distance
from .itn_words import EDGE_PUNCT, ERROR_KINDS, GLUED, itn_errors
from .label_scores import prf

MARKS = ("COMMA", "PERIOD", "QUESTION")
CASE_CLASSES = ("CAPITAL", "ACRONYM", "MIXED")
_MARK_OF = {",": "COMMA", ";": "COMMA", ":": "COMMA", ".": "PERIOD", "!": "PERIOD", "?": "QUESTION"}
_DROP = re.compile(r"[\"“”()\[\]{}]")
_DOTTED = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]")


def split_words(text: str) -> List[Tuple[str, str]]:
    """``"Hi, Bob!"`` → ``[("Hi", "COMMA"), ("Bob", "PERIOD")]``; a word that is only marks attaches them to
    the word before it."""
    return [(core, mark) for core, mark, _ in _split_tokens(_DROP.sub(" ", text).split())]


def _split_tokens(tokens: Sequence[str]) -> List[Tuple[str, str, int]]:
    """(core, mark, index of the token it came from) for whitespace tokens with quotes/brackets removed."""
    out: List[Tuple[str, str, int]] = []
    for k, token in enumerate(tokens):
        core = token.rstrip(",;:.!?")
        tail = token[len(core):]
        if tail.startswith(".") and _DOTTED.fullmatch(core):
            core, tail = core + ".", tail[1:]  # "U.S." keeps its dots
        mark = _MARK_OF.get(tail[-1], "O") if tail else "O"
        if not core:
            if out and mark != "O":
                out[-1] = (out[-1][0], mark, out[-1][2])
            continue
        out.append((core, mark, k))
    return out


def _strip_marks(text: str) -> str:
    return " ".join(core for core, _ in split_words(text))


def reference_words(ref: Example) -> Tuple[List[Tuple[str, str]], List[str], List[int]]:
    """The reference's words (core, mark), the class of the alignment group each belongs to (``plain``,
    ``mixed`` or an ITN class) and the index of that group (-1 when unknown).

    Groups come from ``ref.assemble()``; a reference whose labels do not rebuild its written text gets class
    ``plain`` everywhere, so only its punctuation, CER and content scores are meaningful.
    """
    assembled = ref.assemble()
    if assembled.text != ref.written:
        words = split_words(ref.written)
        return words, [PLAIN_CLASS] * len(words), [-1] * len(words)
    group_of = [0] * len(assembled.words)
    for k, g in enumerate(assembled.groups):
        for t in g.target:
            group_of[t] = k
    tokens: List[str] = []
    owner: List[int] = []  # written word index of each token
    for w, word in enumerate(assembled.words):
        for token in _DROP.sub(" ", word).split():
            tokens.append(token)
            owner.append(w)
    split = _split_tokens(tokens)
    groups = [group_of[owner[k]] for _, _, k in split]
    return [(c, m) for c, m, _ in split], [assembled.groups[g].cls for g in groups], groups


def _is_mixed(core: str) -> bool:
    """Whether a word (edge quotes aside) is written in mixed case: ``McDonald's``, ``iPhone``, not ``NASA's``
    nor two sentences run together (``days.Yes``)."""
    bare = core.strip(EDGE_PUNCT)
    return case_label(bare) == "MIXED" and any(ch.isalpha() for ch in bare) and not GLUED.search(bare)


def _prf(key: str, tp: int, fp: int, fn: int) -> Dict[str, float]:
    """``{key.format("f1"): F1, key.format("p"): precision, key.format("r"): recall}``, rounded."""
    scores = prf(tp, fp, fn)
    return {key.format(k): round(scores[k], 4) for k in ("f1", "p", "r")}


class Scorer:
    """Accumulates counts over documents; :meth:`result` gives the metrics."""

    def __init__(self) -> None:
        self.tp, self.fp, self.fn = Counter(), Counter(), Counter()
        self.mark_errors = 0
        self.ref_marks = 0
        self.char_edits = 0
        self.ref_chars = 0
        self.mixed = [0, 0]  # errors, total
        self.false_mixed = 0  # hypothesis words written mixed-case where the reference is not
        self.ref_words = 0
        self.itn_paper: Counter = Counter()
        self.itn = [0, 0]  # inside the reference's ITN spans: errors, total
        self.plain = [0, 0]  # kept, total
        self.case_tp, self.case_fp, self.case_fn = Counter(), Counter(), Counter()
        self.cls_spans: Dict[str, List[int]] = defaultdict(lambda: [0, 0])  # correct, total
        self.docs = 0
        self.unlabelled = 0  # references whose labels do not rebuild their text

    def add(self, ref: Example, hyp_text: str) -> None:
        hyp_words = split_words(hyp_text)
        ref_words, classes, group_ids = reference_words(ref)
        self.unlabelled += bool(group_ids) and group_ids[0] < 0
        pairs = align([c.lower() for c, _ in ref_words], [c.lower() for c, _ in hyp_words])
        self.docs += 1
        self.ref_words += len(ref_words)
        self.itn_paper.update(itn_errors(ref.written.split(), ref.spoken, hyp_text.split()))
        span_ok: Dict[int, bool] = {}
        span_cls: Dict[int, str] = {}
        last_group, inserted = -1, False  # group of the previous reference word; hyp words inserted since
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
            ref_mixed = r is not None and _is_mixed(ref_words[r][0])
            if h is not None and not ref_mixed and _is_mixed(hyp_words[h][0]):
                self.false_mixed += 1
            if r is None:
                inserted = True
                continue
            core = ref_words[r][0]
            got = hyp_words[h][0] if h is not None else None
            exact = got == core
            cls = classes[r]
            if ref_mixed:
                self.mixed[0] += got is None or got.strip(EDGE_PUNCT) != core.strip(EDGE_PUNCT)
                self.mixed[1] += 1
            if cls not in (PLAIN_CLASS, MIXED_CLASS):
                self.itn[0] += not exact
                self.itn[1] += 1
                sid = group_ids[r]
                split_by_insertion = inserted and sid == last_group
                span_ok[sid] = span_ok.get(sid, True) and exact and not split_by_insertion
                span_cls[sid] = cls
            else:
                self._count_case(core, got)
                if cls == PLAIN_CLASS:
                    self.plain[0] += got is not None and got.lower() == core.lower()
                    self.plain[1] += 1
            last_group, inserted = group_ids[r], False
        for sid, ok in span_ok.items():
            self.cls_spans[span_cls[sid]][0] += ok
            self.cls_spans[span_cls[sid]][1] += 1
        ref_plain, hyp_plain = _strip_marks(ref.written), _strip_marks(hyp_text)
        self.char_edits += edit_distance(ref_plain, hyp_plain)
        self.ref_chars += len(ref_plain)

    def _count_case(self, core: str, got: Optional[str]) -> None:
        gold = case_label(core.strip(EDGE_PUNCT))
        pred = case_label(got.strip(EDGE_PUNCT)) if got is not None else None
        if pred == gold:
            self.case_tp[gold] += 1
            return
        self.case_fn[gold] += 1
        if pred is not None:
            self.case_fp[pred] += 1

    def result(self) -> Dict[str, float]:
        out: Dict[str, float] = {"documents": self.docs}
        for mark in MARKS:
            out.update(_prf(f"punct_{{}}_{mark}", self.tp[mark], self.fp[mark], self.fn[mark]))
        out["PER"] = round(self.mark_errors / max(1, self.ref_marks), 4)
        out["CER"] = round(self.char_edits / max(1, self.ref_chars), 4)
        out["M-WER"] = round(self.mixed[0] / self.mixed[1], 4) if self.mixed[1] else None  # type: ignore[assignment]
        out["mixed_words"] = self.mixed[1]
        out["false_mixed"] = round(self.false_mixed / max(1, self.ref_words), 6)
        out["false_mixed_words"] = self.false_mixed
        itn_words, errors = self.itn_paper["itn_words"], sum(self.itn_paper[k] for k in ERROR_KINDS)
        out["I-WER"] = round(errors / itn_words, 4) if itn_words else None  # type: ignore[assignment]
        out["itn_words"] = itn_words
        out.update({f"itn_{kind}": self.itn_paper[kind] for kind in ERROR_KINDS})
        out["iwer_spans"] = round(self.itn[0] / self.itn[1], 4) if self.itn[1] else None  # type: ignore[assignment]
        out["itn_span_words"] = self.itn[1]
        out["content_preservation"] = round(self.plain[0] / max(1, self.plain[1]), 4)
        for cls in CASE_CLASSES:
            out.update(_prf(f"case_{{}}_{cls}", self.case_tp[cls], self.case_fp[cls], self.case_fn[cls]))
        for cls, (ok, total) in sorted(self.cls_spans.items()):
            out[f"exact_{cls}"] = round(ok / total, 4)
            out[f"spans_{cls}"] = total
        if self.unlabelled:
            out["references_without_groups"] = self.unlabelled
        return out


def evaluate(references: Sequence[Example], hypotheses: Sequence[str]) -> Dict[str, float]:
    """All metrics for hypotheses (written text) against reference Examples."""
    if len(references) != len(hypotheses):
        raise ValueError(f"{len(references)} references but {len(hypotheses)} hypotheses")
    scorer = Scorer()
    for ref, hyp in zip(references, hypotheses):
        scorer.add(ref, hyp)
    return scorer.result()
