"""``u2tf bench``: speed, scale and accuracy next to NeMo's WFST ITN, in one run; a markdown report with plots
(:mod:`spacy_u2tf.bench`)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..bench import BenchSettings, Targets, run_bench, write_report
from .settings import DTYPE_METAVAR, dtype_option, settings_from

DEFAULTS = BenchSettings(dev=[])

def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", default=DEFAULTS.model, help="model folder or name (default: the shipped model)")
    parser.add_argument("--compare", nargs="+", default=DEFAULTS.compare, metavar="MODEL",
                        help="more models (folders or names, e.g. u2tf-fast) timed and scored beside --model in the "
                             "latency, two-stage, precision and accuracy tables")
    parser.add_argument("--dev", type=Path, action="append", required=True,
                        help="written references, e.g. DialogSum dev JSONL or IWSLT TSV (repeatable; the first one "
                             "is also timed)")
    parser.add_argument("--limit", type=int, default=DEFAULTS.limit, help="dev documents used per --dev")
    parser.add_argument("--sizes", type=int, nargs="+", default=DEFAULTS.sizes, help="transcript lengths for scaling")
    parser.add_argument("--variants", nargs="+", default=DEFAULTS.variants, type=dtype_option,
                        metavar=DTYPE_METAVAR,
                        help="tagger precisions / runtimes to compare (onnx, onnx-int8: ONNX Runtime, extra onnx)")
    parser.add_argument("--precision-limit", type=int, default=DEFAULTS.precision_limit,
                        help="dev documents scored for each precision variant")
    parser.add_argument("--utterances", type=int, default=DEFAULTS.utterances, help="utterances timed at batch 1")
    parser.add_argument("--out", type=Path, default=Path("docs"), help="report folder")
    parser.add_argument("--no-nemo", action="store_true", help="skip the NeMo WFST baseline")
    parser.add_argument("--target-words-per-s", type=float, default=None, metavar="N",
                        help="report whether the full pipeline reaches N words/s at batch 64")
    parser.add_argument("--target-x-nemo", type=float, default=None, metavar="X",
                        help="report whether a variant more accurate than NeMo WFST ITN is X times its words/s")
    parser.add_argument("--target-x-full-seq2seq", type=float, default=None, metavar="X",
                        help="report whether the two-stage run is X times faster than the full seq2seq run")


def run(args: argparse.Namespace) -> int:
    settings = settings_from(BenchSettings, args)
    goals = Targets(args.target_words_per_s, args.target_x_nemo, args.target_x_full_seq2seq)
    result = run_bench(settings)
    path = write_report(result, args.out, "u2tf bench " + " ".join(sys.argv[2:]), goals)
    print(f"report: {path}")
    return 0
