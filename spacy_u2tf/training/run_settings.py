"""The settings every training run has, whatever it trains: where its data and run folder are, where it runs, how
often it evaluates, saves and logs, where it exports the best model, and how it starts."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional


@dataclass
class RunSettings:
    """Settings shared by the training runs (``u2tf train tagger`` and ``u2tf train converter``); each command's
    settings dataclass adds its own fields after these, and declares again those whose default differs (the
    converter's ``log_every``). ``data`` and ``out`` come first and have no default, so a subclass may give every
    field of its own a default."""

    data: Path
    out: Path
    threads: int = 0
    device: str = "cpu"
    eval_every: int = 500
    save_every: int = 200
    log_every: int = 20
    export: Optional[Path] = None
    resume: bool = False
    seed: int = 0
    quiet: bool = False
