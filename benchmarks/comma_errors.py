"""Where the tagger's comma errors are: gold and predicted commas by the context of the word they follow.

Contexts (the first that applies): ``before_conjunction`` (the next word is and/but/or/so/because...),
``after_discourse_marker`` (a marker such as well/oh/yes/ok/so among the first two words of a sentence),
``vocative`` (the next word is a capitalized name that ends the sentence, or the word is a name opening it),
``list`` (within four words before "and"/"or" in a run of commas), ``before_clause`` (the next word is a pronoun or
wh-word: a clause boundary), ``other``. Labels are the model's as the API applies them (its label thresholds).

    python benchmarks/comma_errors.py --data ../path/to/dialogsum.dev.jsonl --limit 200 --json docs/eval/commas.json
"""
from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Dict, List, Sequence

from report_io import emit

CONJUNCTIONS = frozenset({"and", "but", "or", "so", "because", "though", "although", "while", "then", "if"})
MARKERS = frozenset({"well", "oh", "yes", "yeah", "no", "ok", "okay", "so", "now", "um", "uh", "sure", "right",
                     "actually", "anyway", "alright", "hey", "hi", "hello", "sorry", "thanks", "please", "look"})
CLAUSE_STARTS = frozenset({"i", "you", "he", "she", "we", "they", "it", "that", "this", "there", "what", "which",
                           "who", "where", "when", "how", "why", "let's"})
SENTENCE_END = frozenset({"PERIOD", "QUESTION"})


def context(words: Sequence[str], punct: Sequence[str], case: Sequence[str], i: int) -> str:
    """The context class of the position after word ``i`` (gold labels give sentence bounds and names)."""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    if nxt in CONJUNCTIONS:
        return "before_conjunction"
    start = i
    while start > 0 and punct[start - 1] not in SENTENCE_END:
        start -= 1
    if i - start < 2 and words[i] in MARKERS:
        return "after_discourse_marker"
    name_next = i + 1 < len(words) and case[i + 1] == "CAPITAL" and punct[i + 1] in SENTENCE_END
    if name_next or (i == start and case[i] == "CAPITAL" and words[i] not in MARKERS and words[i] != "i"):
        return "vocative"
    ahead = words[i + 1:i + 5]
    if ("and" in ahead or "or" in ahead) and "COMMA" in punct[max(0, i - 4):i] + punct[i + 1:i + 4]:
        return "list"
    if nxt in CLAUSE_STARTS:
        return "before_clause"
    return "other"


def table(examples: List, predicted: List[Dict[str, List[str]]]) -> Dict[str, Dict[str, float]]:
    tp, fp, fn = Counter(), Counter(), Counter()
    for ex, pred in zip(examples, predicted):
        for i, (g, p) in enumerate(zip(ex.punct, pred["punct"])):
            if g != "COMMA" and p != "COMMA":
                continue
            ctx = context(ex.spoken, ex.punct, ex.case, i)
            if g == p:
                tp[ctx] += 1
            elif p == "COMMA":
                fp[ctx] += 1
            else:
                fn[ctx] += 1
    rows: Dict[str, Dict[str, float]] = {}
    for ctx in sorted(set(tp) | set(fp) | set(fn), key=lambda c: -(tp[c] + fn[c])):
        p = tp[ctx] / (tp[ctx] + fp[ctx]) if tp[ctx] + fp[ctx] else 0.0
        r = tp[ctx] / (tp[ctx] + fn[ctx]) if tp[ctx] + fn[ctx] else 0.0
        rows[ctx] = {"gold": tp[ctx] + fn[ctx], "tp": tp[ctx], "fp": fp[ctx], "fn": fn[ctx],
                     "p": round(p, 3), "r": round(r, 3), "f1": round(2 * p * r / (p + r) if p + r else 0.0, 3)}
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, required=True, help="dev references (any format `u2tf eval` reads)")
    parser.add_argument("--model", default=None, help="model folder or name (default: the shipped model)")
    parser.add_argument("--limit", type=int, default=200)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()

    from spacy_u2tf import U2TF
    from spacy_u2tf.evaluation.runner import load_examples

    tf = U2TF.from_pretrained(args.model)
    examples, _ = load_examples(args.data, "auto", "own", args.limit, 0)
    predicted = tf._labels([ex.spoken for ex in examples], 64)
    emit({"model": args.model or "u2tf-default", "data": args.data.name, "documents": len(examples),
          "contexts": table(examples, predicted)}, args.json)


if __name__ == "__main__":
    main()
