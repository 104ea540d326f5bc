"""``u2tf data``: written text files → sharded, compressed training examples (:mod:`spacy_u2tf.data.pipeline`)."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..data.pipeline import BACKENDS, Augment, run_pipeline


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("inputs", nargs="*", type=Path, help="written text: .jsonl[.gz] (field 'text') or .txt[.gz]")
    parser.add_argument("--out", type=Path, required=True, help="output folder for shards and stats")
    parser.add_argument("--backend", choices=BACKENDS, default="own", help="verbalizer: own (fast) or nemo (WFST)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (verbalizer choices, sampling)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--max-words", type=int, default=None, help="stop each file after this many spoken words")
    parser.add_argument("--max-docs", type=int, default=None, help="stop each file after this many documents")
    parser.add_argument("--skip-docs", type=int, default=0,
                        help="leave out the first N documents of each file (a fresh sample from later on)")
    parser.add_argument("--synthetic", type=int, default=0, metavar="N",
                        help="also N generated documents with rare entities (emails, phone numbers, addresses)")
    parser.add_argument("--min-example-words", type=int, default=30, help="shortest training example, in words")
    parser.add_argument("--max-example-words", type=int, default=250, help="longest training example, in words")
    parser.add_argument("--shard-size", type=int, default=5000, help="examples per output shard file")
    parser.add_argument("--field", default="text", help="JSONL field holding the text")
    parser.add_argument("--mixed-case", type=float, default=0.0, metavar="P",
                        help="replace this share of capitalized words inside sentences with mixed-case words "
                             "(McDonald's, iPhone) from the shipped lists (default 0: none)")
    parser.add_argument("--disfluent", type=float, default=0.0, metavar="P",
                        help="label fillers for the disfluency head and insert fillers, repetitions and false "
                             "starts into this share of examples (default 0: no disfluency labels)")
    parser.add_argument("--disfluency-rate", type=float, default=0.05, metavar="R",
                        help="in a disfluent example, about this many disfluencies per spoken word (default 0.05)")
    parser.add_argument("--quiet", action="store_true", help="no progress output")


def run(args: argparse.Namespace) -> int:
    for path in args.inputs:
        if not path.exists():
            print(f"u2tf data: no such file: {path}", file=sys.stderr)
            return 2
    if not (0 <= args.mixed_case <= 1 and 0 <= args.disfluent <= 1 and 0 <= args.disfluency_rate <= 1):
        print("u2tf data: --mixed-case, --disfluent and --disfluency-rate are shares between 0 and 1", file=sys.stderr)
        return 2
    if args.skip_docs < 0 or args.synthetic < 0:
        print("u2tf data: --skip-docs and --synthetic must be 0 or more", file=sys.stderr)
        return 2
    if not args.inputs and not args.synthetic:
        print("u2tf data: give input files, --synthetic N, or both", file=sys.stderr)
        return 2
    report = run_pipeline(
        args.inputs, args.out, backend=args.backend, seed=args.seed, processes=args.processes,
        max_words=args.max_words, max_docs=args.max_docs, skip_docs=args.skip_docs,
        synthetic=args.synthetic, min_example_words=args.min_example_words,
        max_example_words=args.max_example_words, shard_size=args.shard_size, field_name=args.field,
        progress=not args.quiet, augment=Augment(args.mixed_case, args.disfluent, args.disfluency_rate),
    )
    for source, entry in report.items():
        print(f"{source}: {entry['examples']} examples, {entry['words']} words, round trip "
              f"{entry['roundtrip_rate']}, {entry['examples_per_s']} ex/s ({entry['chunks']} chunks)")
    return 0
