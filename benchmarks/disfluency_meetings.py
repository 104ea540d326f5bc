"""Disfluency removal on real meeting speech: the fillers a transcript writes (um, uh, hmm...) are the gold fillers.

Reports the share of gold fillers removed with ``disfluencies="fillers"``, the share of other words removed
(with "fillers" and, as an upper bound since real reparanda are unlabeled, with "all"), split into the words of
the multi-word and lexical fillers of the generator's inventory ("you know", "i mean", "like": fillers or not by
their use, which the transcript does not mark) and all other words (removed wrongly), and punctuation F1
for "keep", "fillers" and "all" on the words every mode keeps that are not gold fillers. A gold filler's mark moves
to the word before it, the strongest mark winning ("I think, um, we" → "think" COMMA), as a reader of the cleaned
text would expect.

    python benchmarks/disfluency_meetings.py --data qmsum.val.jsonl.gz --model MODEL --chunk-words 120 \
        --limit 300 --json docs/eval/disfluency_meetings.json
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Dict, List, Sequence

MODES = ("keep", "fillers", "all")
STRENGTH = {"O": 0, "HYPHEN": 0, "COMMA": 1, "PERIOD": 2, "QUESTION": 2}


def phrase_filler_words(words: Sequence[str], phrases: Sequence[Sequence[str]]) -> List[bool]:
    """Per word: whether it is part of an occurrence of one of ``phrases`` ("you know", "like")."""
    out = [False] * len(words)
    for phrase in phrases:
        k = len(phrase)
        for i in range(len(words) - k + 1):
            if tuple(words[i:i + k]) == tuple(phrase):
                out[i:i + k] = [True] * k
    return out


def fluent_marks(punct: Sequence[str], fillers: Sequence[bool]) -> List[str]:
    """Gold marks after each word once the gold fillers are gone (a filler's mark moves to the word before)."""
    out = list(punct)
    last = None
    for i, (mark, filler) in enumerate(zip(punct, fillers)):
        if not filler:
            last = i
        elif last is not None and STRENGTH[mark] > STRENGTH[out[last]]:
            out[last] = mark
    return out


def punct_f1(gold: Sequence[str], pred: Sequence[str]) -> Dict[str, float]:
    from spacy_u2tf.evaluation.label_scores import PUNCT_MARKS, per_label

    return {mark: round(s["f1"], 4) for mark, s in per_label(gold, pred, PUNCT_MARKS).items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, required=True, help="meeting transcripts (JSONL, field 'text')")
    parser.add_argument("--model", default=None, help="model folder with a disfluency head")
    parser.add_argument("--chunk-words", type=int, default=120)
    parser.add_argument("--limit", type=int, default=300, help="pieces of about --chunk-words words")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()

    from report_io import emit

    from spacy_u2tf import U2TF
    from spacy_u2tf.data.disfluency import INSERTED_FILLERS, REAL_FILLERS
    from spacy_u2tf.evaluation.runner import load_examples

    examples, _ = load_examples(args.data, "auto", "own", args.limit, 0, chunk_words=args.chunk_words)
    docs = [ex.spoken for ex in examples]
    results = {mode: U2TF.from_pretrained(args.model, disfluencies=mode).process_batch(docs) for mode in MODES}
    gold_filler = [[w in REAL_FILLERS and t == "O" for w, t in zip(ex.spoken, ex.itn)] for ex in examples]
    phrases = [words for words, _ in INSERTED_FILLERS if not set(words) <= REAL_FILLERS]
    in_phrase = [phrase_filler_words(ex.spoken, phrases) for ex in examples]
    out: Dict[str, object] = {"model": args.model, "data": args.data.name, "pieces": len(examples),
                              "words": sum(map(len, docs)), "gold_fillers": sum(map(sum, gold_filler))}
    flat_gold = [x for gf in gold_filler for x in gf]
    flat_phrase = [x for ph in in_phrase for x in ph]
    others = len(flat_gold) - sum(flat_gold)
    keep_everywhere = [[not f for f in gf] for gf in gold_filler]
    for mode in ("fillers", "all"):
        dropped = [[False] * len(d) for d in docs]
        for d, r in enumerate(results[mode]):
            for g in r.groups:
                if not g.target:
                    for i in g.source:
                        dropped[d][i] = True
                        keep_everywhere[d][i] = False
        flat = [x for dr in dropped for x in dr]
        fillers_removed = sum(x and y for x, y in zip(flat_gold, flat))
        wrong = sum((not x) and y for x, y in zip(flat_gold, flat))
        phrase = sum((not x) and y and z for x, y, z in zip(flat_gold, flat, flat_phrase))
        out[f"{mode}_fillers_removed"] = round(fillers_removed / max(1, out["gold_fillers"]), 4)
        out[f"{mode}_other_words_removed"] = round(wrong / max(1, others), 5)
        out[f"{mode}_filler_phrase_words_removed"] = phrase
        out[f"{mode}_other_words_removed_outside_filler_phrases"] = round((wrong - phrase) / max(1, others), 5)
        out[f"{mode}_removed_words"] = sum(flat)
    for mode in MODES:
        gold: List[str] = []
        pred: List[str] = []
        for ex, gf, keep, r in zip(examples, gold_filler, keep_everywhere, results[mode]):
            marks = fluent_marks(ex.punct, gf)
            own = fluent_marks(r.punct, gf) if mode == "keep" else r.punct
            gold += [m for m, k in zip(marks, keep) if k]
            pred += [m for m, k in zip(own, keep) if k]
        out[f"punct_f1_{mode}"] = punct_f1(gold, pred)
    emit(out, args.json)


if __name__ == "__main__":
    main()
