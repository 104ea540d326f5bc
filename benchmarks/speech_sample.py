"""Paper-protocol scores on a seeded sample of your own written text, spoken by NeMo's normalizer.

The dev sets are few and small; this takes any JSONL(.gz) of documents with a ``text`` field (transcripts of
speeches, dialogues, court hearings, meetings...), cuts each document into units of at most ``--max-words`` words
(a line, or whole sentences of a longer line), keeps the units with something to normalize (:data:`TRIGGER`: a
digit, a currency, percent or ampersand sign, a hyphenated word, a title such as "Mr."), draws ``N`` of them per
file with a fixed seed, makes their spoken form with NeMo's text normalizer (as the paper and the held-out
evaluation do) and scores each ``--model`` with :func:`spacy_u2tf.evaluation.metrics.evaluate`: I-WER over the
words the normalizer changed, per file and over all. NeMo's grammars must be installed (extra ``dev``); the first
call compiles or loads them.

    python benchmarks/speech_sample.py --data speeches.jsonl.gz:160 --data dialogues.jsonl.gz:150:3000 \\
        --model spacy_u2tf/assets/u2tf-default --json OUT.json
"""
from __future__ import annotations

import argparse
import gzip
import itertools
import json
import random
import re
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

TRIGGER = re.compile(r"\d|[$£€¥%&]|\b\w+-\w+|\b(?:Mr|Dr|Mrs|Ms|St|No)\.")
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[A-Z\"“])")


def units(text: str, max_words: int = 60) -> Iterator[str]:
    """The lines of ``text``, a line longer than ``max_words`` words cut between sentences into pieces of at most
    that many (a single longer sentence stays whole)."""
    for line in (line.strip() for line in text.split("\n")):
        if not line:
            continue
        if len(line.split()) <= max_words:
            yield line
            continue
        piece: List[str] = []
        for sentence in _SENTENCE_END.split(line):
            if piece and len(" ".join(piece + [sentence]).split()) > max_words:
                yield " ".join(piece)
                piece = []
            piece.append(sentence)
        if piece:
            yield " ".join(piece)


def sample_units(texts: Sequence[str], n: int, seed: int, max_words: int = 60, min_words: int = 5) -> List[str]:
    """``n`` distinct units of ``texts`` with something to normalize, drawn with ``seed``."""
    found = sorted({u for text in texts for u in units(text, max_words)
                    if min_words <= len(u.split()) <= max_words and TRIGGER.search(u)})
    random.Random(seed).shuffle(found)
    return found[:n]


def _documents(path: Path, limit: int) -> List[str]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:  # type: ignore[operator]
        return [json.loads(line)["text"] for line in itertools.islice(f, limit) if line.strip()]


def _parse_data(spec: str) -> Tuple[Path, int, Optional[int]]:
    """``FILE:N`` or ``FILE:N:DOCS`` (draw from the first DOCS documents only) → (path, N, DOCS or None)."""
    parts = spec.split(":")
    counts = parts[1:] if len(parts) <= 3 else []
    if not parts[0] or not counts or not all(c.isdigit() for c in counts):
        raise argparse.ArgumentTypeError(f"--data takes FILE:N or FILE:N:DOCS, got {spec!r}")
    return Path(parts[0]), int(counts[0]), int(counts[1]) if len(counts) == 2 else None


_KEYS = ("I-WER", "itn_words", "itn_substituted", "itn_deleted", "itn_inserted", "punct_f1_PERIOD",
         "punct_f1_COMMA", "case_f1_CAPITAL")


def main(argv: Sequence[str] = ()) -> Dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=_parse_data, action="append", required=True, metavar="FILE:N[:DOCS]",
                        help="JSONL(.gz) of documents with a 'text' field, how many units to draw from it, and from "
                             "how many of its first documents (default --documents)")
    parser.add_argument("--model", action="append", default=None, help="model folder or name (repeatable)")
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--max-words", type=int, default=60)
    parser.add_argument("--documents", type=int, default=3000, help="documents read per file at most (default 3000)")
    parser.add_argument("--json", type=Path, help="write the scores here")
    args = parser.parse_args(list(argv) or None)

    from spacy_u2tf import U2TF
    from spacy_u2tf.data.clean import clean_text
    from spacy_u2tf.data.nemo_backend import make_example_nemo
    from spacy_u2tf.evaluation.metrics import evaluate

    examples: Dict[str, list] = {}
    for path, n, docs in args.data:
        cleaned = (clean_text(u) for u in sample_units(_documents(path, docs or args.documents), n, args.seed,
                                                       args.max_words))
        made = (make_example_nemo(text) for text in cleaned if text)
        examples[path.name] = [ex for ex in made if ex is not None]
    report: Dict[str, Dict] = {}
    for model in args.model or [None]:
        tf = U2TF.from_pretrained(model, dtype="fp32")
        scores, every, hyps = {}, [], []
        for name, exs in examples.items():
            texts = [r.text for r in tf.process_batch([ex.spoken for ex in exs])]
            scores[name] = {k: evaluate(exs, texts).get(k) for k in _KEYS}
            every += exs
            hyps += texts
        scores["all"] = {k: evaluate(every, hyps).get(k) for k in _KEYS}
        report[model or "default"] = scores
    print(json.dumps(report, indent=1))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return report


if __name__ == "__main__":
    main()
