"""``u2tf train tagger``: train the stage-1 tagger (:func:`spacy_u2tf.training.tagger.train`)."""
from __future__ import annotations

import argparse

from ..training.tagger import TaggerTrainingConfig, train
from .settings import add_run_options, add_settings_options, settings_from


OPTIONS = {  # flag: help; type and default come from TaggerTrainingConfig
    "--data": "folder of shards from `u2tf data`",
    "--out": "run folder: checkpoint.pt, train.log, best/",
    "--init": "BERT-style encoder folder (default: packaged MiniLM-L6), or a trained tagger folder to continue from",
    "--layers": "keep only these encoder layers of --init, e.g. '0,3' (a shallower, faster tagger; default: every "
                "layer)",
    "--ffn": "keep this many feed-forward neurons per layer (the most important on training batches), e.g. 768 of "
             "1536: a faster tagger (0: keep all)",
    "--heads": "keep this many attention heads per layer (the most important on training batches; each keeps its "
               "size), e.g. 6 of 12: a faster tagger (0: keep all)",
    "--teacher": "a trained tagger folder to distil from (same tokenizer and labels), e.g. the u2tf-default tagger "
                 "for a pruned student",
    "--distill": "with --teacher: the teacher's soft labels' share of the loss (the rest is the reference labels' "
                 "cross-entropy)",
    "--distill-heads": "with --teacher: the heads that learn from its soft labels, e.g. 'itn,punct,case' to keep "
                       "the teacher's number conversion and punctuation while the other heads learn the reference "
                       "labels only (default: every head)",
    "--distill-trust": "with --teacher: labels of the references to learn where the teacher misses them, HEAD.LABEL "
                       "list, e.g. 'itn.B,itn.I' (spans the references mark and the teacher does not: there the "
                       "student learns the reference alone; the teacher's soft labels hold elsewhere)",
    "--head-teacher": "with --teacher: other teachers for single distilled heads, HEAD=FOLDER list, e.g. "
                      "'case=old/tagger' (that head learns their soft labels instead of --teacher's; a folder needs "
                      "only that head's labels, and the student's vocabulary); 'punct=a+b': the mean of several "
                      "teachers' probabilities, of which the first has all the head's labels and a later one may "
                      "lack some",
    "--mixture-windows": "with a --head-teacher mixture: 'all' windows learn the mixture, or only the 'fluent' "
                         "ones (no word labelled FILLER or REPARANDUM), where the other windows learn the mixture's "
                         "first member alone (a member that never saw disfluent text teaches only text like its "
                         "own)",
    "--temperature": "with --teacher: softmax temperature of the soft labels",
    "--weights": "source weights, e.g. 'sgd=3,qmsum=3,gutenberg=0.5' (default: 1 for every source)",
    "--loss-weights": "e.g. 'punct=1,case=1,itn=1' (default equal)",
    "--class-weights": "cross-entropy weights of single labels, HEAD.LABEL=W, e.g. 'disfl.REPARANDUM=3' (default 1 "
                       "for every label)",
    "--steps": "training steps (the LR schedule follows them)",
    "--minutes": "stop after this wall time",
    "--batch-size": "windows per step",
    "--max-len": "subwords per window incl. [CLS]/[SEP]",
    "--overlap": "window overlap at inference",
    "--lr": "peak learning rate",
    "--warmup": "learning-rate warm-up steps",
    "--bf16": "bf16 autocast: fast where bf16 is native (a CPU with AVX-512 BF16 or AMX, a CUDA GPU from Ampere); "
              "elsewhere it is emulated, many times slower, and a warning says so",
    "--freeze-embeddings": "do not train the word embeddings",
    "--train-heads": "train only these heads (e.g. 'disfl' with --disfluency-head): the encoder and the other heads "
                     "stay as --init has them (default: train everything)",
    "--disfluency-head": "add the disfluency head (O FILLER REPARANDUM) when --init has none; trained on examples "
                         "made with `u2tf data --disfluent`",
    "--dev": "dev references (e.g. DialogSum dev JSONL)",
    "--dev-limit": "dev documents scored at each evaluation",
    "--save-evals": "also keep the model of every dev evaluation (fp16, in --out/step-N)",
    "--prefetch": "make this many batches ahead in a background thread, e.g. 8 on a GPU, which would otherwise wait "
                  "for them (0: none)",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_settings_options(parser, TaggerTrainingConfig, OPTIONS,
                         metavars={"--train-heads": "HEADS", "--distill-heads": "HEADS",
                                   "--distill-trust": "LABELS",
                                   "--head-teacher": "HEAD=FOLDER[+FOLDER]"})
    add_run_options(parser, TaggerTrainingConfig)


def run(args: argparse.Namespace) -> int:
    best = train(settings_from(TaggerTrainingConfig, args))
    print(f"best model: {best}")
    return 0
