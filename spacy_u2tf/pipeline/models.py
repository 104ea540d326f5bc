"""Registered loaders for the ``u2tf`` component's ``model`` setting, versioned like spaCy's own::

    [components.u2tf.model]
    @misc = "spacy-u2tf.PackagedModel.v1"
    name = "u2tf-fast"

Each returns what :meth:`spacy_u2tf.U2TF.from_pretrained` takes; nothing is read until the component loads its
weights, so a saved pipeline loads even where the original folder is gone (``from_disk`` reads its own copy).
A plain string (a packaged name or a folder) is accepted too.
"""
from __future__ import annotations

from pathlib import Path

from spacy.util import registry

from ..core.io import DEFAULT_MODEL, PACKAGED_MODELS

PACKAGED_MODEL = "spacy-u2tf.PackagedModel.v1"
MODEL_FOLDER = "spacy-u2tf.ModelFolder.v1"


@registry.misc(PACKAGED_MODEL)
def packaged_model(name: str = DEFAULT_MODEL) -> str:
    """A model shipped inside the package: ``u2tf-default`` or ``u2tf-fast``."""
    if name not in PACKAGED_MODELS:
        raise ValueError(f"{PACKAGED_MODEL}: name must be one of {PACKAGED_MODELS}, got {name!r}")
    return name


@registry.misc(MODEL_FOLDER)
def model_folder(path: str) -> str:
    """A model folder on disk (as ``u2tf train`` writes it)."""
    return str(Path(path).expanduser())


__all__ = ["MODEL_FOLDER", "PACKAGED_MODEL", "model_folder", "packaged_model"]
