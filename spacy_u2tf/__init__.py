"""spacy-u2tf: two-stage neural text formatting for ASR output (punctuation, truecasing, ITN).

Importing this package is cheap: torch and transformers load only when a model is built or loaded.
"""
from __future__ import annotations

from typing import Any

__version__ = "0.1.0"
__all__ = ["U2TF", "Result", "__version__"]


def __getattr__(name: str) -> Any:
    if name in ("U2TF", "Result"):
        from .core import api

        return getattr(api, name)
    raise AttributeError(name)
