"""Exact match per entity class of a span converter on the generated held-out set (the training dev set).

The held-out entities come from their own seed (``DEV_SEED``), in the house style, placed in spoken context drawn
from the data pipeline's output, exactly as ``u2tf train converter`` validates. Reports the raw model output
and, under ``with_digit_retry``, the output as the formatter uses it (a span whose digits came out wrong is
decoded again with its spoken digits imposed). Also reports spans/s.

    python benchmarks/converter_classes.py --data ~/.cache/u2tf/data/train-own \
        --converter spacy_u2tf/assets/u2tf-default/converter --per-class 200 --json docs/eval/converter_classes.json

``--pairs`` adds the classes of :mod:`spacy_u2tf.data.converter_pairs` (mixed-case words seen in training and held
out from it, currencies said after the number, "o'clock", numbers read in pairs, titles).
"""
from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from report_io import emit


def main() -> None:
    import torch

    from spacy_u2tf.core.converter import SpanConverter
    from spacy_u2tf.training.converter import DEV_SEED, dev_set, pair_dev_set, score, score_outputs
    from spacy_u2tf.training.shards import mixture, parse_weights

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True, help="folder of shards from `u2tf data` (context hosts)")
    ap.add_argument("--converter", type=Path, required=True)
    ap.add_argument("--weights", default="sgd=3,qmsum=2,speeches=1,scotus=1")
    ap.add_argument("--per-class", type=int, default=200)
    ap.add_argument("--context", type=int, default=3)
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--failures", type=int, default=0, help="print this many failures per class")
    ap.add_argument("--pairs", action="store_true",
                    help="also the generated pair classes (spacy_u2tf.data.converter_pairs), as `u2tf train "
                         "converter --pair-share` validates them")
    ap.add_argument("--hold-out-words", type=float, default=0.15,
                    help="with --pairs: the held-out share of the mixed-case list words (as in training)")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    hosts = [ex.spoken for ex, _ in zip(mixture(args.data, parse_weights(args.weights), random.Random(DEV_SEED)),
                                        range(200))]
    pairs = dev_set(hosts, args.context, args.per_class)
    if args.pairs:
        pairs += pair_dev_set(hosts, args.context, args.hold_out_words, args.per_class)
    converter = SpanConverter.load(args.converter)
    start = time.perf_counter()
    outputs = converter.convert([p[0] for p in pairs])
    elapsed = time.perf_counter() - start
    result = score_outputs(pairs, outputs)
    result.update({"spans": len(pairs), "spans_per_s": round(len(pairs) / elapsed, 1),
                   "threads": torch.get_num_threads(), "converter": str(args.converter)})
    result["with_digit_retry"] = score(converter, pairs, digit_retry=True)
    if args.failures:
        shown: dict = {}
        for (text, want, cls), got in zip(pairs, outputs):
            if got != want and shown.get(cls, 0) < args.failures:
                shown[cls] = shown.get(cls, 0) + 1
                print(f"[{cls}] {text!r}\n    want {want!r}\n    got  {got!r}")
    emit(result, args.json)


if __name__ == "__main__":
    main()
