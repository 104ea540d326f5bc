"""Option handling the subcommands share: parsed options → the settings dataclass a library function takes, options
made from a settings dataclass's fields, and the ``--dtype``-style options checked by the one dtype check of the
library."""
from __future__ import annotations

import argparse
from dataclasses import MISSING, fields
from typing import TYPE_CHECKING, Mapping, Optional, Type, TypeVar, Union, get_args, get_origin, get_type_hints

from ..core.precision import DTYPES, check_dtype

if TYPE_CHECKING:
    from ..training.run_settings import RunSettings

T = TypeVar("T")
DTYPE_METAVAR = "{" + ",".join(DTYPES) + "}"


def settings_from(cls: Type[T], args: argparse.Namespace) -> T:
    """``cls`` (a dataclass) with each field taken from the option of the same name in ``args``."""
    return cls(**{f.name: getattr(args, f.name) for f in fields(cls)})


def add_settings_options(parser: argparse.ArgumentParser, cls: type, helps: Mapping[str, str],
                         metavars: Optional[Mapping[str, str]] = None) -> None:
    """Add to ``parser`` an option for each flag of ``helps`` (e.g. ``--batch-size``), with its help text, for the
    field of the same name (``batch_size``) of the settings dataclass ``cls``, typed and defaulted as that field is:
    an ``Optional[X]`` field reads an X, a field without a default is a required option, and a ``bool`` field
    (default ``False``) is a flag that sets it. ``metavars`` names the value of the flags that need another name."""
    hints = get_type_hints(cls)
    metavars = metavars or {}
    by_name = {f.name: f for f in fields(cls)}
    for flag, text in helps.items():
        field = by_name[flag.lstrip("-").replace("-", "_")]
        kind = hints[field.name]
        if kind is bool:
            parser.add_argument(flag, action="store_true", help=text)
            continue
        if get_origin(kind) is Union:  # Optional[X]
            kind = next(arg for arg in get_args(kind) if arg is not type(None))
        default = {"required": True} if field.default is MISSING else {"default": field.default}
        parser.add_argument(flag, type=kind, metavar=metavars.get(flag), help=text, **default)


RUN_OPTIONS = {  # the options of the fields every training run has, after --data and --out
    "--threads": "torch threads (default 0: torch's default)",
    "--device": "cpu, cuda or cuda:N",
    "--eval-every": "steps between dev evaluations",
    "--save-every": "steps between checkpoints",
    "--log-every": "steps between log lines",
    "--export": "write the best model here as fp16 at the end",
    "--resume": "continue from the checkpoint in --out",
    "--seed": "random seed",
    "--quiet": "no progress output",
}


def add_run_options(parser: argparse.ArgumentParser, cls: "Type[RunSettings]",
                    export_help: Optional[str] = None) -> None:
    """Add the options of the settings every training run has (:data:`RUN_OPTIONS`: the fields of
    :class:`~spacy_u2tf.training.run_settings.RunSettings` after ``data`` and ``out``), with the defaults of the
    settings dataclass ``cls``; ``export_help``, where given, says what ``--export`` writes instead."""
    add_settings_options(parser, cls, {**RUN_OPTIONS, "--export": export_help or RUN_OPTIONS["--export"]})


def dtype_option(value: str) -> str:
    """An option's dtype as :func:`~spacy_u2tf.core.precision.check_dtype` reads it (aliases such as ``bfloat16``
    accepted, its message for anything else)."""
    try:
        return check_dtype(value)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
