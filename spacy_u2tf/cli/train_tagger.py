"""``u2tf train tagger``: train the stage-1 tagger (:func:`spacy_u2tf.training.tagger.train`)."""
from __future__ import annotations

import argparse
from pathlib import Path

from ..training.tagger import TaggerTrainingConfig, train
from .settings import settings_from

DEFAULTS = TaggerTrainingConfig(data=Path(), out=Path())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, required=True, help="folder of shards from `u2tf data`")
    parser.add_argument("--out", type=Path, required=True, help="run folder: checkpoint.pt, train.log, best/")
    parser.add_argument("--init", type=Path, default=DEFAULTS.init,
                        help="BERT-style encoder folder (default: packaged MiniLM-L6), "
                        "or a trained tagger folder to continue from")
    parser.add_argument("--layers", default=DEFAULTS.layers,
                        help="keep only these encoder layers of --init, e.g. '0,3' "
                        "(a shallower, faster tagger; default: every layer)")
    parser.add_argument("--ffn", type=int, default=DEFAULTS.ffn,
                        help="keep this many feed-forward neurons per layer (the most "
                        "important on training batches), e.g. 768 of 1536: a faster tagger (0: keep all)")
    parser.add_argument("--heads", type=int, default=DEFAULTS.heads,
                        help="keep this many attention heads per layer (the most "
                        "important on training batches; each keeps its size), e.g. 6 of 12: a faster tagger (0: keep all)")
    parser.add_argument("--teacher", type=Path, default=DEFAULTS.teacher,
                        help="a trained tagger folder to distil from (same "
                        "tokenizer and labels), e.g. the u2tf-default tagger for a pruned student")
    parser.add_argument("--distill", type=float, default=DEFAULTS.distill,
                        help="with --teacher: the teacher's soft labels' share "
                        "of the loss (the rest is the reference labels' cross-entropy)")
    parser.add_argument("--temperature", type=float, default=DEFAULTS.temperature,
                        help="with --teacher: softmax temperature of the "
                        "soft labels")
    parser.add_argument("--weights", default=DEFAULTS.weights,
                        help="source weights, e.g. 'sgd=3,qmsum=3,gutenberg=0.5' (default: 1 for every source)")
    parser.add_argument("--loss-weights", default=DEFAULTS.loss_weights,
                        help="e.g. 'punct=1,case=1,itn=1' (default equal)")
    parser.add_argument("--class-weights", default=DEFAULTS.class_weights,
                        help="cross-entropy weights of single labels, HEAD.LABEL=W, e.g. 'disfl.REPARANDUM=3' "
                        "(default 1 for every label)")
    parser.add_argument("--steps", type=int, default=DEFAULTS.steps,
                        help="training steps (the LR schedule follows them)")
    parser.add_argument("--minutes", type=float, default=DEFAULTS.minutes, help="stop after this wall time")
    parser.add_argument("--batch-size", type=int, default=DEFAULTS.batch_size, help="windows per step")
    parser.add_argument("--max-len", type=int, default=DEFAULTS.max_len, help="subwords per window incl. [CLS]/[SEP]")
    parser.add_argument("--overlap", type=int, default=DEFAULTS.overlap, help="window overlap at inference")
    parser.add_argument("--lr", type=float, default=DEFAULTS.lr, help="peak learning rate")
    parser.add_argument("--warmup", type=int, default=DEFAULTS.warmup, help="learning-rate warm-up steps")
    parser.add_argument("--bf16", action="store_true", help="bf16 autocast (CPU AVX-512 bf16 or CUDA)")
    parser.add_argument("--freeze-embeddings", action="store_true", help="do not train the word embeddings")
    parser.add_argument("--train-heads", default="", metavar="HEADS",
                        help="train only these heads (e.g. 'disfl' with --disfluency-head): the encoder and the other "
                             "heads stay as --init has them (default: train everything)")
    parser.add_argument("--disfluency-head", action="store_true",
                        help="add the disfluency head (O FILLER REPARANDUM) when --init has none; trained on "
                             "examples made with `u2tf data --disfluent`")
    parser.add_argument("--threads", type=int, default=DEFAULTS.threads, help="torch threads (default 0: torch's default)")
    parser.add_argument("--device", default=DEFAULTS.device, help="cpu, cuda or cuda:N")
    parser.add_argument("--dev", type=Path, default=DEFAULTS.dev, help="dev references (e.g. DialogSum dev JSONL)")
    parser.add_argument("--dev-limit", type=int, default=DEFAULTS.dev_limit,
                        help="dev documents scored at each evaluation")
    parser.add_argument("--eval-every", type=int, default=DEFAULTS.eval_every, help="steps between dev evaluations")
    parser.add_argument("--save-every", type=int, default=DEFAULTS.save_every, help="steps between checkpoints")
    parser.add_argument("--save-evals", action="store_true",
                        help="also keep the model of every dev evaluation (fp16, in --out/step-N)")
    parser.add_argument("--log-every", type=int, default=DEFAULTS.log_every, help="steps between log lines")
    parser.add_argument("--export", type=Path, default=DEFAULTS.export,
                        help="write the best model here as fp16 at the end")
    parser.add_argument("--resume", action="store_true", help="continue from the checkpoint in --out")
    parser.add_argument("--seed", type=int, default=DEFAULTS.seed, help="random seed")
    parser.add_argument("--quiet", action="store_true", help="no progress output")


def run(args: argparse.Namespace) -> int:
    best = train(settings_from(TaggerTrainingConfig, args))
    print(f"best model: {best}")
    return 0
