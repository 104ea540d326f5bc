"""What the rules between the tagger and stage 2 cost: microseconds per spoken word of each pass over the labels
(hyphens, short forms, misread forms, number spans), run on the words of real text with neutral labels. The
pipeline formats roughly 2,000 words a second on 2 cores, about 500 microseconds a word; this shows the rules'
share of that.

    python benchmarks/label_rules.py --dev dialogsum.dev.jsonl --limit 100 --repeat 5
"""
from __future__ import annotations

import argparse
import json
import re
import time
from pathlib import Path
from typing import Callable, Dict, List, Sequence


def spoken_words(texts: Sequence[str]) -> List[str]:
    """The words of ``texts`` lowercased, marks and digits dropped: a stand-in for what a recognizer says."""
    return [w for text in texts for w in re.sub(r"[^a-z' ]", " ", text.lower()).split()]


def passes(words: Sequence[str]) -> Dict[str, Callable[[], object]]:
    """Each rule pass of ``U2TF``'s labels-to-spans step over ``words``, with neutral labels."""
    from spacy_u2tf.core.labels import (address_at_cut, loose_edge_joins, scale_names, superlative_joins,
                                        whole_fraction_joins)
    from spacy_u2tf.core.misread_forms import glued_ordinals, mid_joins, slashed_pairs
    from spacy_u2tf.core.number_spans import complete_number_spans
    from spacy_u2tf.core.short_forms import short_form_labels, written_short_forms

    blank, lower = ["O"] * len(words), ["LOWER"] * len(words)
    return {
        "loose_edge_joins": lambda: loose_edge_joins(words, blank),
        "whole_fraction_joins": lambda: whole_fraction_joins(words, blank),
        "superlative_joins": lambda: superlative_joins(words, blank),
        "complete_number_spans": lambda: complete_number_spans(words, blank),
        "address_at_cut": lambda: address_at_cut(words, blank),
        "short_form_labels": lambda: short_form_labels(words, blank, lower, blank),
        "mid_joins": lambda: mid_joins(words, blank, lower, blank),
        "scale_names": lambda: scale_names(words, lower, blank),
        "glued_ordinals": lambda: glued_ordinals(words),
        "slashed_pairs": lambda: slashed_pairs(words),
        "written_short_forms": lambda: written_short_forms(words),
    }


def time_passes(words: Sequence[str], repeat: int = 3) -> Dict[str, float]:
    """Best-of-``repeat`` microseconds per word of each pass of :func:`passes`, and their ``total``."""
    out: Dict[str, float] = {}
    for name, run in passes(words).items():
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - start)
        out[name] = round(best / max(len(words), 1) * 1e6, 3)
    out["total"] = round(sum(out.values()), 3)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dev", type=Path, required=True, help="JSONL of documents (DialogSum's 'dialogue' field)")
    parser.add_argument("--field", default="dialogue")
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.dev.read_text(encoding="utf-8").splitlines() if line.strip()]
    words = spoken_words([row.get(args.field, "") for row in rows[:args.limit]])
    report = {"words": len(words), "us_per_word": time_passes(words, args.repeat)}
    print(json.dumps(report, indent=1))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
