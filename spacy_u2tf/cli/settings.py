"""Option handling the subcommands share: parsed options → the settings dataclass a library function takes, and the
``--dtype``-style options checked by the one dtype check of the library."""
from __future__ import annotations

import argparse
from dataclasses import fields
from typing import Type, TypeVar

from ..core.precision import DTYPES, check_dtype

T = TypeVar("T")
DTYPE_METAVAR = "{" + ",".join(DTYPES) + "}"


def settings_from(cls: Type[T], args: argparse.Namespace) -> T:
    """``cls`` (a dataclass) with each field taken from the option of the same name in ``args``."""
    return cls(**{f.name: getattr(args, f.name) for f in fields(cls)})


def dtype_option(value: str) -> str:
    """An option's dtype as :func:`~spacy_u2tf.core.precision.check_dtype` reads it (aliases such as ``bfloat16``
    accepted, its message for anything else)."""
    try:
        return check_dtype(value)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
