"""Throughput of ``nemo_adapter.U2TFPostProcessor`` on NeMo ``Hypothesis`` objects with word timestamps.

Builds real ``Hypothesis`` objects (nemo-toolkit[asr]) from DialogSum dev turns in spoken form, each word 0.3 s
long with a 0.1 s gap (offsets in 40 ms frames), formats them in batches and checks the re-timed words.

    DEV=<folder with the dev sets>
    python benchmarks/nemo_postprocess.py --dev $DEV/dialogsum.dev.jsonl --n 1000
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from report_io import emit


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dev", type=Path, required=True, help="written references (DialogSum dev JSONL)")
    ap.add_argument("--n", type=int, default=1000, help="hypotheses")
    ap.add_argument("--words", type=int, default=20, help="words per hypothesis")
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--model", default=None)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()

    from nemo.collections.asr.parts.utils.rnnt_utils import Hypothesis

    from nemo_adapter import U2TFPostProcessor
    from spacy_u2tf.evaluation.runner import load_examples

    examples, _ = load_examples(args.dev, "auto", "own", None, 0)
    pool = [w for ex in examples for w in ex.spoken]
    hyps = []
    for i in range(args.n):
        words = pool[(i * args.words) % (len(pool) - args.words):][: args.words]
        stamps, t = [], 0.0
        for w in words:
            stamps.append({"word": w, "start_offset": int(t / 0.04), "end_offset": int((t + 0.3) / 0.04),
                           "start": round(t, 2), "end": round(t + 0.3, 2)})
            t += 0.4
        hyps.append(Hypothesis(score=0.0, y_sequence=[], text=" ".join(words), timestamp={"word": stamps}))
    post = U2TFPostProcessor(args.model, batch_size=args.batch_size)
    post(hyps[:8])  # warm-up
    t0 = time.perf_counter()
    out = post(hyps)
    seconds = time.perf_counter() - t0
    bad = sum(1 for h in out for w in h.timestamp["word"] if w["start"] > w["end"])
    result = {"hypotheses": len(out), "words": args.n * args.words, "seconds": round(seconds, 2),
              "hypotheses_per_s": round(len(out) / seconds, 1),
              "words_per_s": round(args.n * args.words / seconds, 1), "start_after_end": bad,
              "example": {"in": hyps[0].text, "out": out[0].text}}
    emit(result, args.json)


if __name__ == "__main__":
    main()
