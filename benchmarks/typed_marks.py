"""Marks typed among spoken words: whether each ``,`` ``.`` ``?`` typed after a word is still after what it is written as.

Saved examples' spoken words get a mark after one word in ``--every`` (drawn with ``--seed``); each text is formatted
with the public API, and a mark counts as lost where the written words of its word's alignment group do not end
with it, or where the group runs on past the word (a span over the mark). Texts that read as written
(``looks_written``: here, digits and marks together) are counted apart: ``written_input="normalize"`` predicts a
plain word's mark again there, by design.

    python benchmarks/typed_marks.py --examples blind13.examples.jsonl --limit 150 --seed 1
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Dict, List, Sequence, Tuple


def typed_texts(spoken: Sequence[Sequence[str]], every: int, seed: int) -> Tuple[List[str], List[Dict[int, str]]]:
    """Each word list with a mark typed after ``len // every`` of its words (never the last): the texts and, per
    text, the marks by word index."""
    rng = random.Random(seed)
    texts, marks = [], []
    for words in spoken:
        choices = range(len(words) - 1)
        typed = {i: rng.choice(",.?") for i in rng.sample(choices, min(max(1, len(words) // every), len(choices)))}
        texts.append(" ".join(word + typed.get(i, "") for i, word in enumerate(words)))
        marks.append(typed)
    return texts, marks


def lost_marks(result, typed: Dict[int, str]) -> List[int]:
    """The indices of the words in ``typed`` whose mark ``result`` (a :class:`Result`) does not write after them."""
    group_of = {i: group for group in result.groups for i in group.source}
    lost = []
    for i, mark in typed.items():
        group = group_of.get(i)
        if group is None or not group.target:
            continue  # a word removed (a disfluency), with its mark
        if max(group.source) != i or not result.words[max(group.target)].endswith(mark):
            lost.append(i)
    return lost


def measure(examples: Path, model: str, limit: int, every: int, seed: int) -> dict:
    from spacy_u2tf import U2TF
    from spacy_u2tf.core.written_input import looks_written

    with open(examples, encoding="utf-8") as fh:
        spoken = [json.loads(line)["spoken"] for line in fh if line.strip()][:limit]
    texts, marks = typed_texts(spoken, every, seed)
    formatter = U2TF.from_pretrained(model, dtype="fp32")
    report = {"documents": len(texts), "marks": 0, "lost": 0, "written_documents": 0, "written_marks": 0,
              "written_lost": 0, "words_lost": 0, "examples": []}
    for text, typed, result in zip(texts, marks, formatter.process_batch(texts)):
        written = looks_written(text.split())
        prefix = "written_" if written else ""
        lost = lost_marks(result, typed)
        report["written_documents"] += written
        report[prefix + "marks"] += len(typed)
        report[prefix + "lost"] += len(lost)
        report["words_lost"] += abs(len(text.split()) - len(result.spoken))
        for i in lost[:2] if not written and len(report["examples"]) < 20 else ():
            words = text.split()
            report["examples"].append({"in": " ".join(words[max(0, i - 4):i + 3]), "out": result.text})
    return report


def main() -> None:
    from report_io import emit

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--examples", type=Path, required=True, help="examples saved by `u2tf eval --save-examples`")
    ap.add_argument("--model", default="u2tf-default", help="model folder or name (default: u2tf-default)")
    ap.add_argument("--limit", type=int, default=150, help="documents (default: 150)")
    ap.add_argument("--every", type=int, default=12, help="one word in this many gets a mark (default: 12)")
    ap.add_argument("--seed", type=int, default=1, help="random seed of the marks (default: 1)")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = ap.parse_args()
    emit(measure(args.examples, args.model, args.limit, args.every, args.seed), args.json)


if __name__ == "__main__":
    main()
