"""Format stdin lines (one spoken document each) with a model whose heads' probabilities are averaged with other
taggers': the ensemble that ``u2tf train tagger --head-teacher punct=A+B`` teaches, to see what such a teacher knows
before a run learns from it. Score it as a command system:

    python benchmarks/eval_all.py --dev $DEV --out OUT --no-nemo-itn --set wikitext2 --set dialogsum \\
        --system "cmd:python benchmarks/ensemble_tagger.py --model MODEL --with OTHER/tagger --heads punct,case"
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Dict, List, Sequence


def ensemble_model(first, others: Sequence, heads: Sequence[str]):
    """A module with ``first``'s forward whose ``heads`` give the log of the members' mean probabilities
    (:func:`spacy_u2tf.training.distill.mixed_head_logits`; ``first`` has every label)."""
    import torch

    from spacy_u2tf.training.distill import mixed_head_logits

    class Ensemble(torch.nn.Module):
        labels = first.labels

        def __init__(self) -> None:
            super().__init__()
            self.members = torch.nn.ModuleList([first, *others])

        def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> Dict[str, torch.Tensor]:
            outputs = [m(input_ids, attention_mask) for m in self.members]
            mixed = dict(outputs[0])
            for head in heads:
                mixed[head] = mixed_head_logits([(o[head], m.labels[head]) for o, m in zip(outputs, self.members)],
                                                first.labels[head])
            return mixed

    return Ensemble().eval()


def main() -> None:
    from spacy_u2tf import U2TF
    from spacy_u2tf.core.tagger import Tagger

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default=None, help="model folder (default: the shipped model)")
    ap.add_argument("--with", dest="others", type=Path, action="append", required=True,
                    help="tagger folder whose probabilities join the model's (repeatable)")
    ap.add_argument("--heads", default="punct,case", help="heads to average (default: punct,case)")
    args = ap.parse_args()
    u2tf = U2TF.from_pretrained(args.model, dtype="fp32")
    heads = [h.strip() for h in args.heads.split(",") if h.strip()]
    others = [Tagger.load(folder).model for folder in args.others]
    for folder, model in zip(args.others, others):
        missing = [h for h in heads if h not in model.labels]
        if missing:
            ap.error(f"--with {folder}: no {missing} head")
    u2tf.tagger.model = ensemble_model(u2tf.tagger.model, others, heads)
    docs: List[str] = sys.stdin.read().split("\n")
    if docs and not docs[-1]:
        docs.pop()
    for text in u2tf.format_batch(docs):
        print(text)


if __name__ == "__main__":
    main()
