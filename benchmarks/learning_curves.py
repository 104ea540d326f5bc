"""Plot the dev learning curves of a tagger run and a converter run from their ``train.log`` files.

    python benchmarks/learning_curves.py --tagger ~/.cache/u2tf/runs/tagger1 --converter ~/.cache/u2tf/runs/conv3 \
        --out docs/learning_curves.png
"""
from __future__ import annotations

import argparse
from pathlib import Path

from spacy_u2tf.training.run_log import read_log, run_args

TAGGER_KEYS = ("punct_f1_PERIOD", "punct_f1_COMMA", "punct_f1_QUESTION", "case_f1_CAPITAL", "case_f1_ACRONYM",
               "itn_span_f1")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tagger", type=Path, action="append", default=[], help="tagger run folder (repeatable)")
    ap.add_argument("--converter", type=Path, action="append", default=[], help="converter run folder (repeatable)")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if not (args.tagger or args.converter):
        ap.error("give --tagger and/or --converter")
    panels = int(bool(args.tagger)) + int(bool(args.converter))  # one panel per stage that has runs
    fig, axes = plt.subplots(1, panels, figsize=(5.5 * panels, 3.8), squeeze=False)
    free = iter(axes[0])
    if args.tagger:
        ax = next(free)
        tagger = [e for run in args.tagger for e in read_log(run) if "dev" in e]
        for key in TAGGER_KEYS:
            points = sorted({e["step"]: e["dev"][key] for e in tagger if key in e["dev"]}.items())
            ax.plot([p[0] for p in points], [p[1] for p in points], "o-", label=key.replace("_f1", ""), ms=3)
        settings = run_args(args.tagger[0])
        ax.set(xlabel=f"step ({settings.get('batch_size', 32)} windows of {settings.get('max_len', 64)} subwords)",
               ylabel="dev F1", title="stage 1: DialogSum dev, first 200 dialogues (labels)")
        ax.legend(fontsize=7)
    if args.converter:
        ax = next(free)
        for run in args.converter:
            points = [(e["step"], e["dev"]["mean"]) for e in read_log(run) if "exact" in e.get("dev", {})]
            ax.plot([p[0] for p in points], [p[1] for p in points], "o-", label=run.name, ms=3)
        ax.set(xlabel="step (64 spans)", ylabel="mean exact match", title="stage 2: held-out generated spans")
        ax.legend(fontsize=7)
    fig.tight_layout()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.out, dpi=110)
    print(args.out)


if __name__ == "__main__":
    main()
