"""``u2tf train converter``: train the stage-2 span converter (:func:`spacy_u2tf.training.converter.train`)."""
from __future__ import annotations

import argparse

from ..training.converter import ConverterTrainingConfig, export, train
from .settings import add_run_options, add_settings_options, settings_from


OPTIONS = {  # flag: help; type and default come from ConverterTrainingConfig
    "--data": "folder of shards from `u2tf data`",
    "--out": "run folder: checkpoint.pt, train.log, best/",
    "--weights": "source weights for pipeline spans, e.g. sgd=3,qmsum=2 (default: every source weighs 1)",
    "--init": "converter folder to start from (its architecture overrides --dim and the layer counts)",
    "--minutes": "time budget (the LR schedule follows it)",
    "--steps": "stop after this many steps; the LR schedule follows whichever budget ends first (0: time budget "
               "only)",
    "--batch-size": "spans per step",
    "--lr": "peak learning rate",
    "--warmup": "learning-rate warm-up steps",
    "--dim": "model width",
    "--heads": "attention heads",
    "--enc-layers": "encoder layers",
    "--dec-layers": "decoder layers",
    "--context": "most context words on each side of a span",
    "--min-context": "fewest context words in training examples",
    "--generated-share": "share of examples from generated spans (the rest from --data)",
    "--pair-share": "share of examples from generated pairs (mixed-case words, currencies after the number, "
                    "o'clock, numbers read in pairs, titles); the rest as before",
    "--hold-out-words": "share of the mixed-case list words (by word group) kept out of training, from both sources, "
                        "and scored apart, e.g. 0.15 (default 0: train on all)",
    "--dev-per-class": "dev spans per ITN class",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_settings_options(parser, ConverterTrainingConfig, OPTIONS)
    parser.add_argument("--export-only", action="store_true", help="skip training: export the best model of --out")
    add_run_options(parser, ConverterTrainingConfig, export_help="write the best model here (fp16 + model card)")


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
