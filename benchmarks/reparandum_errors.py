"""Where the disfluency head's reparandum errors are, on held-out examples made by ``u2tf data --disfluent``.

Each gold reparandum (a run of REPARANDUM words) is classed by how it relates to the words after it: a
``repetition`` (the same words again), a ``replacement`` (as many words, one of them different), or a ``restart``
(anything else), and by origin: ``generated`` (inserted into the spoken side: its words have no punctuation
target) or ``transcript`` (words a transcript says twice). The repair is compared after any fillers that follow the
run (an editing term: "we should uh we should go"); runs with one are also counted under ``.../editing_term``.
Reported: word recall per class and length (1, 2, 3+), and the predicted runs that are exact, that overlap a gold
run with a wrong boundary, or that are spurious, with their false-positive words.

    python benchmarks/reparandum_errors.py --data ~/.cache/u2tf/data/disfl-heldout-c --model TAGGER \
        --threshold 0.7 --limit 600 --json docs/eval/reparandum_errors.json
"""
from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from spacy_u2tf.core.labels import REPEATED
from spacy_u2tf.data.disfluency import UNLABELED

REPARANDUM = "REPARANDUM"
FILLER = "FILLER"


def runs(labels: Sequence[str], label: str = REPARANDUM) -> List[Tuple[int, int]]:
    """``[start, end)`` of each maximal run of ``label``."""
    out: List[Tuple[int, int]] = []
    i = 0
    while i < len(labels):
        if labels[i] != label:
            i += 1
            continue
        j = i
        while j < len(labels) and labels[j] == label:
            j += 1
        out.append((i, j))
        i = j
    return out


def event_kind(words: Sequence[str], start: int, end: int, repair: Optional[int] = None) -> str:
    """``repetition``, ``replacement`` or ``restart``: how the run ``words[start:end]`` relates to the repair that
    starts at ``repair`` (default: right after the run)."""
    k = end - start
    repair = end if repair is None else repair
    said, after = list(words[start:end]), list(words[repair:repair + k])
    if said == after:
        return "repetition"
    if len(after) == k and sum(a != b for a, b in zip(said, after)) == 1:
        return "replacement"
    return "restart"


def breakdown(examples: Sequence, predicted: Sequence[Sequence[str]]) -> Dict[str, object]:
    """Recall per gold reparandum class and the kinds of predicted runs (``examples``: ``spoken``, ``punct``,
    ``disfl``; ``predicted``: a disfluency label per spoken word)."""
    gold_words: Counter = Counter()
    found: Counter = Counter()
    runs_seen: Counter = Counter()
    total = 0  # gold reparandum words (a word under an editing term is also in a class: counted once here)
    for ex, pred in zip(examples, predicted):
        gold = ex.disfl
        for start, end in runs(gold):
            origin = "generated" if ex.punct[start] == UNLABELED else "transcript"
            repair = end
            while repair < len(gold) and gold[repair] == FILLER:
                repair += 1
            keys = [f"{origin}/{event_kind(ex.spoken, start, end, repair)}/{min(end - start, 3)}"]
            if repair > end:
                keys.append(f"{origin}/editing_term")
            total += end - start
            for key in keys:
                gold_words[key] += end - start
                found[key] += sum(pred[i] == REPARANDUM for i in range(start, end))
        for start, end in runs(pred):
            hits = sum(gold[i] == REPARANDUM for i in range(start, end))
            closed = (start == 0 or gold[start - 1] != REPARANDUM) and (end == len(gold) or gold[end] != REPARANDUM)
            kind = "exact" if hits == end - start and closed else "boundary" if hits else "spurious"
            runs_seen[kind] += 1
            runs_seen[f"{kind}_false_positive_words"] += end - start - hits
    recall = {key: {"words": n, "recall": round(found[key] / n, 3)} for key, n in sorted(gold_words.items())}
    return {"gold_words": total, "recall": recall, "predicted_runs": dict(runs_seen)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, required=True, help="folder of shards from `u2tf data --disfluent`")
    parser.add_argument("--model", type=Path, required=True, help="a tagger folder with a disfluency head")
    parser.add_argument("--threshold", type=float, default=None, help="REPARANDUM threshold (default: argmax)")
    parser.add_argument("--repeated", type=float, default=None,
                        help="REPARANDUM_REPEATED threshold: what a word said again right after needs")
    parser.add_argument("--limit", type=int, default=2000, help="examples to score")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()

    from disfluency_eval import held_out_predictions
    from report_io import emit

    thresholds = {key: value for key, value in ((REPARANDUM, args.threshold), (REPEATED, args.repeated))
                  if value is not None}
    examples, predicted = held_out_predictions(args.data, args.model, args.limit, thresholds)
    labels = [p["disfl"] for p in predicted]
    emit({"model": str(args.model), "data": str(args.data), "thresholds": thresholds,
          **breakdown(examples, labels)}, args.json)


if __name__ == "__main__":
    main()
