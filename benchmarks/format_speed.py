"""Words per second of ``U2TF.format_batch`` on saved examples: the whole path (tagger, rules, stage 2), one model.

Uses only the public API, so the same script times an older checkout: run it once with
``PYTHONPATH=/path/to/old/checkout`` and once without, alternating, on the same machine.

    python benchmarks/format_speed.py --examples dialogsum.200.own.examples.jsonl --model u2tf-default --dtype fp32
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path


def measure(examples: Path, model: str, dtype: str, repeats: int) -> dict:
    from spacy_u2tf import U2TF

    with open(examples, encoding="utf-8") as fh:
        texts = [" ".join(json.loads(line)["spoken"]) for line in fh if line.strip()]
    words = sum(len(t.split()) for t in texts)
    formatter = U2TF.from_pretrained(model, dtype=dtype)
    formatter.format_batch(texts[:20])  # warm-up: lazy imports, first allocations
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        formatter.format_batch(texts)
        rates.append(round(words / (time.perf_counter() - start), 1))
    return {"documents": len(texts), "words": words, "dtype": dtype, "words_per_s": rates, "best": max(rates)}


def main() -> None:
    from report_io import emit

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--examples", type=Path, required=True, help="examples saved by `u2tf eval --save-examples`")
    ap.add_argument("--model", default="u2tf-default", help="model folder or name (default: u2tf-default)")
    ap.add_argument("--dtype", default="fp32", help="tagger precision (default: fp32)")
    ap.add_argument("--repeats", type=int, default=3, help="timed passes (default: 3)")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = ap.parse_args()
    emit(measure(args.examples, args.model, args.dtype, args.repeats), args.json)


if __name__ == "__main__":
    main()
