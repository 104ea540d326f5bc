"""Calibrate stage-1 label thresholds (``U2TF(label_thresholds=...)``) on dev examples: label F1 per threshold.

The tagger runs once (with probabilities); each threshold of the grid is scored with the same label F1 as
``u2tf eval``. The chosen threshold is the one with the best F1 summed over the files, and only when it beats the
plain argmax there; pass the printed ``chosen`` table to ``export_model(label_thresholds=...)``. Calibrate on
dev sets other than the one you report (WikiText-2, QMSum validation, IWSLT dev2012), never on training data,
whose probabilities are overconfident. ``combined`` scores all chosen thresholds together against the argmax.
The context thresholds, ``punct:HYPHEN_NAMES`` (what a hyphen between two capitalized words needs) and
``disfl:REPARANDUM_REPEATED`` (what a word said again right after needs to be a reparandum), are scored on top of
the model's own thresholds, against those alone; ``combined`` leaves them out. With ``--on-own`` every
label is scored that way: within the model's table, e.g. HYPHEN with HYPHEN_NAMES in force.

    DEV=<folder with the dev sets>
    python benchmarks/calibrate_thresholds.py --data ~/.cache/u2tf/eval/wikitext2.300.own.examples.jsonl \
        --data ~/.cache/u2tf/eval/qmsum.4.own.examples.jsonl --data $DEV/iwslt2011.dev2012.tsv \
        --label punct:PERIOD --label punct:QUESTION --label punct:COMMA --label case:MIXED \
        --json docs/eval/thresholds.json
"""
from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence

GRID = (0.03, 0.05, 0.08, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4)


def report_names(paths: Sequence[Path]) -> List[str]:
    """A distinct name per file for the report: its file name, with its folder where another file has that name."""
    counts = Counter(p.name for p in paths)
    names = [p.name if counts[p.name] == 1 else f"{p.parent.name}/{p.name}" for p in paths]
    if len(set(names)) < len(names):
        raise ValueError(f"--data: a file is given twice ({[str(p) for p in paths]})")
    return names


def relabel(p: Dict, labels: Mapping[str, Sequence[str]], own: Mapping[str, Mapping[str, float]], head: str,
            label: str, threshold: Optional[float], on_own: bool = False,
            words: Optional[Sequence[str]] = None) -> List[str]:
    """The labels of ``head`` in one prediction ``p`` (argmax labels and ``{head}_probs``; its spoken ``words``
    for the context thresholds) with ``label`` at ``threshold``; ``None`` gives the baseline that ``threshold`` is
    scored against: the argmax, or with ``on_own`` or for a context threshold (``HYPHEN_NAMES``,
    ``REPARANDUM_REPEATED``), the model's own table ``own`` (the context threshold itself off), applied as ``U2TF``
    applies it (:func:`spacy_u2tf.core.labels.thresholded_labels`)."""
    from spacy_u2tf.core.labels import (CONTEXT_KEYS, apply_label_thresholds, split_context_thresholds,
                                        thresholded_labels)

    contextual = (head, label) in CONTEXT_KEYS
    if not contextual and not on_own:
        return p[head] if threshold is None else apply_label_thresholds(p[f"{head}_probs"], labels[head], p[head],
                                                                      {label: threshold})
    tables, context = split_context_thresholds(own)
    if contextual:
        context = replace(context, **{CONTEXT_KEYS[head, label]: threshold})
    elif threshold is not None:
        tables[head] = {**tables.get(head, {}), label: threshold}
    used = {h: tables.get(h, {}) for h in (head, "case") if h in p}  # the names' rule reads the case labels
    return thresholded_labels(p, labels, used, context, words)[head]


def main() -> None:
    from report_io import emit

    from spacy_u2tf import U2TF
    from spacy_u2tf.core.labels import CONTEXT_LABEL, apply_label_thresholds, split_context_thresholds
    from spacy_u2tf.evaluation.label_scores import label_scores
    from spacy_u2tf.evaluation.runner import load_examples

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, action="append", required=True, help="saved examples (*.examples.jsonl)")
    ap.add_argument("--model", default=None, help="model folder (default: the shipped model)")
    ap.add_argument("--label", action="append", required=True, help="HEAD:LABEL, e.g. case:MIXED")
    ap.add_argument("--grid", type=float, nargs="+", default=list(GRID))
    ap.add_argument("--on-own", action="store_true",
                    help="score each threshold within the model's own table (its other thresholds of the head and, "
                         "for punctuation, HYPHEN_NAMES), against that table alone rather than the argmax")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    model = U2TF.from_pretrained(args.model)
    tagger = model.tagger  # its predict gives argmax labels: each threshold is scored against them
    own = model.label_thresholds  # the model's calibrated table, for HYPHEN_NAMES and --on-own

    files = {}
    try:
        names = report_names(args.data)
    except ValueError as err:
        ap.error(str(err))
    for name, path in zip(names, args.data):
        examples, _ = load_examples(path, "auto", "own", None, 0)
        files[name] = (examples, tagger.predict([ex.spoken for ex in examples], return_probs=True))
    result: Dict[str, Dict] = {"files": {name: len(ex) for name, (ex, _) in files.items()}, "labels": {}}
    chosen: Dict[str, Dict[str, float]] = {}
    for spec in args.label:
        head, label = spec.split(":")
        scored = CONTEXT_LABEL.get(label, label)
        key = f"{head}_f1_{scored}" if head != "itn" else "itn_span_f1"
        rows: List[Dict] = []
        for threshold in [None] + list(args.grid):
            row: Dict = {"threshold": threshold}
            for name, (examples, preds) in files.items():
                adjusted = [dict(p, **{head: relabel(p, tagger.labels, own, head, label, threshold, args.on_own,
                                                     ex.spoken)}) for ex, p in zip(examples, preds)]
                scores = label_scores(examples, adjusted)
                row[name] = {"p": scores.get(key.replace("_f1", "_p")), "r": scores.get(key.replace("_f1", "_r")),
                             "f1": scores[key]}
            row["f1_sum"] = round(sum(row[n]["f1"] for n in files), 4)
            rows.append(row)
        best = max(rows[1:], key=lambda r: r["f1_sum"])
        if best["f1_sum"] > rows[0]["f1_sum"]:
            chosen.setdefault(head, {})[label] = best["threshold"]
        result["labels"][spec] = rows
    result["chosen"] = chosen
    # Thresholds of one head act together (the likeliest label past its threshold wins): score them jointly.
    result["combined"] = {}
    alone, _ = split_context_thresholds(chosen)
    for name, (examples, preds) in files.items():
        joint = [dict(p, **{head: apply_label_thresholds(p[f"{head}_probs"], tagger.labels[head], p[head], table)
                            for head, table in alone.items() if table}) for p in preds]
        before, after = label_scores(examples, preds), label_scores(examples, joint)
        result["combined"][name] = {k: {"argmax": before[k], "chosen": after[k]} for k in sorted(after)
                                    if "_f1" in k}
    emit(result, args.json)


if __name__ == "__main__":
    main()
