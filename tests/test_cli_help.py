"""``u2tf --help`` and every subcommand's help: plain text, a help line for every option, defaults shown."""
from __future__ import annotations

import argparse
from typing import List

import pytest

from spacy_u2tf.cli import COMMANDS, TRAIN_COMMANDS, _build_parser, main

COMMAND_LINES = [[name] for name in COMMANDS] + [["train", name] for name in TRAIN_COMMANDS]


def _subparser(argv: List[str]) -> argparse.ArgumentParser:
    parser = _build_parser(argv)
    for name in argv:
        parser = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[name]
    return parser


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=" ".join)
def test_every_option_has_a_plain_text_help_line(argv: List[str]) -> None:
    parser = _subparser(argv)
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help and action.help != argparse.SUPPRESS, f"u2tf {' '.join(argv)}: {action.dest} has no help"
    text = parser.format_help()
    assert "``" not in text and ":class:" not in text and ":func:" not in text


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=" ".join)
def test_defaults_are_shown(argv: List[str]) -> None:
    parser = _subparser(argv)
    text = " ".join(parser.format_help().split())
    for action in parser._actions:
        if action.option_strings and action.default not in (None, argparse.SUPPRESS) \
                and not isinstance(action.default, bool) and action.default != []:
            assert f"default: {action.default}" in text or "default" in (action.help or ""), action.dest


def test_top_level_help_is_plain_text(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "``" not in out and "format" in out and "COMMAND --help" in out
