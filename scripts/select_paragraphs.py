"""Select the paragraphs of written text that hold rare forms, as a focused source for ``u2tf data``.

Some written forms are too rare in the training corpora for the tagger to learn their spans: the titles and
abbreviations a normalizer expands ("Ms." said "miss", "Mrs." said "misses", "etc." said "etcetera") and slashes
("and/or"). This script keeps the paragraphs (lines) of the given corpora that match a pattern, leaving out the
documents kept back for evaluation, shuffles them and writes them as JSONL with a ``text`` field:

    python scripts/select_paragraphs.py CORPORA/gutenberg.jsonl.gz CORPORA/scotus.jsonl.gz ... \
        --skip gutenberg:200-201 --skip gutenberg:230-231 --skip scotus:1650-1654 --out titles.jsonl
    u2tf data titles.jsonl --out DATA --seed 13 --mixed-case 0.08 --disfluent 0.5

The source is named after the output file ("titles"); give it a weight in ``u2tf train tagger --weights``.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path
from typing import Dict, Iterator, List, Set

from spacy_u2tf.data.pipeline import read_documents, source_name

DEFAULT_PATTERN = r"\b(?:Mrs|Ms)\. [A-Z]|\betc\.|\band/or\b"


def matching_paragraphs(path: Path, pattern: re.Pattern, skip: Set[int], min_words: int,
                        max_words: int) -> Iterator[str]:
    """The lines of each document of ``path`` (but the documents numbered in ``skip``) that match ``pattern``
    and have ``min_words`` to ``max_words`` words."""
    for i, doc in enumerate(read_documents(path)):
        if i in skip:
            continue
        for line in doc.splitlines():
            if min_words <= len(line.split()) <= max_words and pattern.search(line):
                yield line.strip()


def parse_skips(specs: List[str]) -> Dict[str, Set[int]]:
    """``name:first-last`` (or ``name:n``) → the document numbers of each source to leave out."""
    skips: Dict[str, Set[int]] = {}
    for spec in specs:
        name, _, numbers = spec.partition(":")
        first, _, last = numbers.partition("-")
        skips.setdefault(name, set()).update(range(int(first), int(last or first) + 1))
    return skips


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", nargs="+", type=Path, help="written text, as `u2tf data` reads it")
    parser.add_argument("--out", type=Path, required=True, help="JSONL to write")
    parser.add_argument("--pattern", default=DEFAULT_PATTERN, help="regular expression a paragraph must match")
    parser.add_argument("--skip", action="append", default=[], metavar="SOURCE:FIRST-LAST",
                        help="documents of a source to leave out (held-out ranges); repeatable")
    parser.add_argument("--min-words", type=int, default=20)
    parser.add_argument("--max-words", type=int, default=200)
    parser.add_argument("--limit", type=int, default=6000, help="paragraphs to keep (after shuffling)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    pattern = re.compile(args.pattern)
    skips = parse_skips(args.skip)
    kept: List[str] = []
    for path in args.inputs:
        found = list(matching_paragraphs(path, pattern, skips.get(source_name(path), set()), args.min_words,
                                         args.max_words))
        print(f"{source_name(path)}: {len(found)} paragraphs", file=sys.stderr)
        kept += found
    random.Random(args.seed).shuffle(kept)
    with open(args.out, "w", encoding="utf-8") as fh:
        for paragraph in kept[:args.limit]:
            fh.write(json.dumps({"text": paragraph}) + "\n")
    print(f"wrote {min(len(kept), args.limit)} of {len(kept)} paragraphs to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
