"""Label-level scores when predictions are on the same spoken words as the gold labels (stage-1 evaluation)."""
from __future__ import annotations

from collections import Counter
from typing import Dict, List, Mapping, Sequence

from ..core.labels import bio_spans
from ..data.example import Example

PUNCT_MARKS = ("COMMA", "PERIOD", "QUESTION", "HYPHEN")
CASE_CLASSES = ("CAPITAL", "ACRONYM", "MIXED")
DISFL_CLASSES = ("FILLER", "REPARANDUM")


def prf(tp: int, fp: int, fn: int) -> Dict[str, float]:
    """Precision, recall, F1 and support (tp + fn) from counts."""
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return {"p": p, "r": r, "f1": 2 * p * r / (p + r) if p + r else 0.0, "support": tp + fn}


def per_label(gold: Sequence[str], pred: Sequence[str], labels: Sequence[str]) -> Dict[str, Dict[str, float]]:
    """Precision/recall/F1 per label over aligned label sequences."""
    tp, fp, fn = Counter(), Counter(), Counter()
    for g, p in zip(gold, pred):
        if g == p:
            tp[g] += 1
        else:
            fp[p] += 1
            fn[g] += 1
    return {label: prf(tp[label], fp[label], fn[label]) for label in labels}


def span_f1(gold: Sequence[Sequence[str]], pred: Sequence[Sequence[str]]) -> Dict[str, float]:
    """Exact-match F1 of BIO spans, document by document."""
    tp = fp = fn = 0
    for g, p in zip(gold, pred):
        gs, ps = set(bio_spans(g)), set(bio_spans(p))
        tp += len(gs & ps)
        fp += len(ps - gs)
        fn += len(gs - ps)
    return prf(tp, fp, fn)


def label_scores(gold: Sequence[Example], pred: Sequence[Mapping[str, Sequence[str]]]) -> Dict[str, float]:
    """Flat scores: ``punct_f1_<MARK>``, ``case_f1_<CLASS>``, ``itn_span_f1`` (+ precision/recall), and
    ``disfl_f1_<CLASS>`` over the documents with disfluency labels when the predictions have them."""
    if len(gold) != len(pred):
        raise ValueError(f"{len(gold)} gold documents but {len(pred)} predictions")
    for k, (g, p) in enumerate(zip(gold, pred)):
        if len(p["punct"]) != len(g.spoken):
            raise ValueError(f"document {k}: {len(g.spoken)} words but {len(p['punct'])} predicted labels")
    out: Dict[str, float] = {}
    flat = lambda docs, key: [x for d in docs for x in (d[key] if isinstance(d, Mapping) else getattr(d, key))]  # noqa: E731
    for mark, s in per_label(flat(gold, "punct"), flat(pred, "punct"), PUNCT_MARKS).items():
        out.update({f"punct_{k}_{mark}": v for k, v in s.items() if k != "support"})
    # Casing is scored on words outside ITN spans (span words are written by stage 2).
    g_case: List[str] = []
    p_case: List[str] = []
    for g, p in zip(gold, pred):
        for gc, pc, gi in zip(g.case, p["case"], g.itn):
            if gi == "O":
                g_case.append(gc)
                p_case.append(pc)
    for cls, s in per_label(g_case, p_case, CASE_CLASSES).items():
        out.update({f"case_{k}_{cls}": v for k, v in s.items() if k != "support"})
    s = span_f1([g.itn for g in gold], [p["itn"] for p in pred])
    out.update({"itn_span_p": s["p"], "itn_span_r": s["r"], "itn_span_f1": s["f1"]})
    labeled = [(g.disfl, p["disfl"]) for g, p in zip(gold, pred) if g.disfl is not None and "disfl" in p]
    if labeled:
        gd, pd = [x for g, _ in labeled for x in g], [x for _, p in labeled for x in p]
        for cls, s in per_label(gd, pd, DISFL_CLASSES).items():
            out.update({f"disfl_{k}_{cls}": v for k, v in s.items() if k != "support"})
    return {k: round(v, 4) for k, v in out.items()}
