"""``u2tf train converter``: train the stage-2 span converter (:func:`spacy_u2tf.training.converter.train`)."""
from __future__ import annotations

import argparse
from pathlib import Path

from ..training.converter import ConverterTrainingConfig, export, train
from .settings import settings_from

DEFAULTS = ConverterTrainingConfig(data=Path(), out=Path())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, required=True, help="folder of shards from `u2tf data`")
    parser.add_argument("--out", type=Path, required=True, help="run folder: checkpoint, best/, train.log")
    parser.add_argument("--weights", default=DEFAULTS.weights,
                        help="source weights for pipeline spans, e.g. sgd=3,qmsum=2 (default: every source weighs 1)")
    parser.add_argument("--init", type=Path, default=DEFAULTS.init,
                        help="converter folder to start from (its architecture overrides --dim and the layer counts)")
    parser.add_argument("--minutes", type=float, default=DEFAULTS.minutes,
                        help="time budget (the LR schedule follows it)")
    parser.add_argument("--steps", type=int, default=DEFAULTS.steps,
                        help="stop after this many steps; the LR schedule follows whichever budget ends first "
                             "(0: time budget only)")
    parser.add_argument("--batch-size", type=int, default=DEFAULTS.batch_size, help="spans per step")
    parser.add_argument("--lr", type=float, default=DEFAULTS.lr, help="peak learning rate")
    parser.add_argument("--warmup", type=int, default=DEFAULTS.warmup, help="learning-rate warm-up steps")
    parser.add_argument("--dim", type=int, default=DEFAULTS.dim, help="model width")
    parser.add_argument("--heads", type=int, default=DEFAULTS.heads, help="attention heads")
    parser.add_argument("--enc-layers", type=int, default=DEFAULTS.enc_layers, help="encoder layers")
    parser.add_argument("--dec-layers", type=int, default=DEFAULTS.dec_layers, help="decoder layers")
    parser.add_argument("--context", type=int, default=DEFAULTS.context,
                        help="most context words on each side of a span")
    parser.add_argument("--min-context", type=int, default=DEFAULTS.min_context,
                        help="fewest context words in training examples")
    parser.add_argument("--generated-share", type=float, default=DEFAULTS.generated_share,
                        help="share of examples from generated spans (the rest from --data)")
    parser.add_argument("--pair-share", type=float, default=DEFAULTS.pair_share,
                        help="share of examples from generated pairs (mixed-case words, currencies after the "
                             "number, o'clock, numbers read in pairs, titles); the rest as before")
    parser.add_argument("--hold-out-words", type=float, default=DEFAULTS.hold_out_words,
                        help="share of the mixed-case list words (by word group) kept out of training, from both "
                             "sources, and scored apart, e.g. 0.15 (default 0: train on all)")
    parser.add_argument("--dev-per-class", type=int, default=DEFAULTS.dev_per_class, help="dev spans per ITN class")
    parser.add_argument("--threads", type=int, default=DEFAULTS.threads, help="torch threads (0: torch's default)")
    parser.add_argument("--device", default=DEFAULTS.device, help="cpu, cuda or cuda:N")
    parser.add_argument("--eval-every", type=int, default=DEFAULTS.eval_every, help="steps between dev evaluations")
    parser.add_argument("--save-every", type=int, default=DEFAULTS.save_every, help="steps between checkpoints")
    parser.add_argument("--log-every", type=int, default=DEFAULTS.log_every, help="steps between log lines")
    parser.add_argument("--export", type=Path, default=DEFAULTS.export,
                        help="write the best model here (fp16 + model card)")
    parser.add_argument("--export-only", action="store_true", help="skip training: export the best model of --out")
    parser.add_argument("--resume", action="store_true", help="continue from the checkpoint in --out")
    parser.add_argument("--seed", type=int, default=DEFAULTS.seed, help="random seed")
    parser.add_argument("--quiet", action="store_true", help="no progress output")


def run(args: argparse.Namespace) -> int:
    config = settings_from(ConverterTrainingConfig, args)
    if not args.export_only:
        print(f"best model: {train(config)}")
    if args.export:
        print(f"exported: {export(config)}")
    elif args.export_only:
        print("--export-only needs --export")
        return 2
    return 0
