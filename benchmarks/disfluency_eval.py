"""Disfluency head scores on held-out examples made by ``u2tf data --disfluent``: FILLER and REPARANDUM F1, and
the word error rate of the words left after removing what the tagger marks ("all") against the fluent words
(the spoken words without every gold filler and reparandum).

Make the held-out set from documents and a seed that training did not use, e.g.

    u2tf data held-out.jsonl.gz --out ~/.cache/u2tf/data/disfl-heldout --seed 99 --disfluent 1.0
    python benchmarks/disfluency_eval.py --data ~/.cache/u2tf/data/disfl-heldout --model runs/tagger/best \
        --json docs/eval/disfluency_heldout.json
"""
from __future__ import annotations

import argparse
import itertools
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

from report_io import emit

DROP = {"fillers": ("FILLER",), "all": ("FILLER", "REPARANDUM")}


def word_errors(ref: Sequence[str], hyp: Sequence[str]) -> int:
    import editdistance

    return int(editdistance.eval(list(ref), list(hyp)))


def score(examples: List, predicted: List[Dict[str, List[str]]]) -> Dict[str, object]:
    from spacy_u2tf.evaluation.label_scores import DISFL_CLASSES, per_label

    gold = [d for ex in examples for d in ex.disfl]
    pred = [d for p in predicted for d in p["disfl"]]
    out: Dict[str, object] = {"documents": len(examples), "words": len(gold),
                              "gold": {c: gold.count(c) for c in DISFL_CLASSES}}
    for cls, s in per_label(gold, pred, DISFL_CLASSES).items():
        out[cls] = {k: round(v, 4) for k, v in s.items()}
    for mode, drop in DROP.items():
        errors = words = 0
        for ex, p in zip(examples, predicted):
            fluent = [w for w, d in zip(ex.spoken, ex.disfl) if d not in drop]
            kept = [w for w, d in zip(ex.spoken, p["disfl"]) if d not in drop]
            errors += word_errors(fluent, kept)
            words += len(fluent)
        out[f"wer_after_{mode}"] = round(errors / max(1, words), 5)
    return out


def held_out_predictions(data: Path, model: Path, limit: int,
                         thresholds: Dict[str, float]) -> Tuple[List, List[Dict[str, List]]]:
    """The first ``limit`` examples with disfluency labels in the shards of ``data``, and the predictions of the
    tagger folder ``model`` for them, its disfluency labels decided with ``thresholds`` as ``U2TF`` applies a
    model's ``label_thresholds["disfl"]`` (argmax when empty)."""
    from spacy_u2tf.core.labels import split_context_thresholds, thresholded_labels
    from spacy_u2tf.core.tagger import Tagger
    from spacy_u2tf.training.shards import read_shard, shard_files

    tagger = Tagger.load(model)
    if "disfl" not in tagger.labels:
        raise SystemExit(f"{model}: this tagger has no disfluency head")
    paths = [p for group in shard_files(data).values() for p in group]
    examples = [ex for ex in itertools.islice((ex for p in paths for ex in read_shard(p)), limit)
                if ex.disfl is not None]
    predicted = tagger.predict([ex.spoken for ex in examples], batch_size=64, return_probs=bool(thresholds))
    tables, context = split_context_thresholds({"disfl": thresholds})
    for ex, p in zip(examples, predicted) if thresholds else ():
        p["disfl"] = thresholded_labels(p, tagger.labels, tables, context, ex.spoken)["disfl"]
    return examples, predicted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, required=True, help="folder of shards from `u2tf data --disfluent`")
    parser.add_argument("--model", type=Path, required=True, help="a tagger folder with a disfluency head")
    parser.add_argument("--limit", type=int, default=2000, help="examples to score")
    parser.add_argument("--threshold", action="append", default=[], metavar="LABEL=P",
                        help="a disfluency label threshold as a model config sets it, e.g. REPARANDUM=0.85 or "
                             "REPARANDUM_REPEATED=0.3")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()

    thresholds = {label: float(p) for label, _, p in (t.partition("=") for t in args.threshold)}
    examples, predicted = held_out_predictions(args.data, args.model, args.limit, thresholds)
    emit({"model": str(args.model), "data": str(args.data), "thresholds": thresholds,
          **score(examples, predicted)}, args.json)


if __name__ == "__main__":
    main()
