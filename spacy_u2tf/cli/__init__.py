"""``u2tf`` command line: format | data | train {tagger,converter} | eval | bench.

Each subcommand lives in its own module exposing ``add_arguments(parser)`` and ``run(args) -> int``; modules are
imported only when their subcommand runs, so ``u2tf --help`` stays fast.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from typing import Dict, List, Optional, Tuple

# subcommand → (module, help)
COMMANDS: Dict[str, Tuple[str, str]] = {
    "format": ("spacy_u2tf.cli.format", "format spoken-form transcripts (arguments, stdin, a file, or JSONL)"),
    "data": ("spacy_u2tf.cli.data", "turn written text into training examples"),
    "eval": ("spacy_u2tf.cli.eval", "score systems on written references"),
    "bench": ("spacy_u2tf.cli.bench", "speed, scale and accuracy benchmarks with a markdown report"),
}
TRAIN_COMMANDS: Dict[str, Tuple[str, str]] = {
    "tagger": ("spacy_u2tf.cli.train_tagger", "train the stage-1 tagger"),
    "converter": ("spacy_u2tf.cli.train_converter", "train the stage-2 span converter"),
}


DESCRIPTION = ("Format spoken-form speech recognition output (punctuation, truecasing, inverse text normalization), "
               "make training data, train, evaluate and benchmark. 'u2tf COMMAND --help' lists a command's options.")


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Shows an option's default after its help, unless the help already says it or there is nothing to show (a
    flag, or no default)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if ("default" in text or action.default is None or isinstance(action.default, bool)
                or action.default in (argparse.SUPPRESS, [])):
            return text
        return super()._get_help_string(action)


def _build_parser(argv: List[str]) -> argparse.ArgumentParser:
    from .. import __version__

    parser = argparse.ArgumentParser(prog="u2tf", description=DESCRIPTION, formatter_class=HelpFormatter)
    parser.add_argument("--version", action="version", version=f"spacy-u2tf {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    chosen = argv[0] if argv else None
    for name, (module, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text, formatter_class=HelpFormatter)
        if name == chosen:
            mod = importlib.import_module(module)
            mod.add_arguments(p)
            p.set_defaults(_run=mod.run)
    train = sub.add_parser("train", help="train a stage", description="train a stage", formatter_class=HelpFormatter)
    train_sub = train.add_subparsers(dest="stage", metavar="STAGE")
    train_sub.required = True
    for name, (module, help_text) in TRAIN_COMMANDS.items():
        p = train_sub.add_parser(name, help=help_text, description=help_text, formatter_class=HelpFormatter)
        if chosen == "train" and len(argv) > 1 and argv[1] == name:
            mod = importlib.import_module(module)
            mod.add_arguments(p)
            p.set_defaults(_run=mod.run)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of the ``u2tf`` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _build_parser(argv)
    args = parser.parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        print("u2tf: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
