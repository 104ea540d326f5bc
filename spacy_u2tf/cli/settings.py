"""Parsed command-line options → the settings dataclass a library function takes."""
from __future__ import annotations

import argparse
from dataclasses import fields
from typing import Type, TypeVar

T = TypeVar("T")


def settings_from(cls: Type[T], args: argparse.Namespace) -> T:
    """``cls`` (a dataclass) with each field taken from the option of the same name in ``args``."""
    return cls(**{f.name: getattr(args, f.name) for f in fields(cls)})
