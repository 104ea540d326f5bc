"""A training run folder's records: ``train.log`` (JSON lines) and ``args.json`` (the run's settings)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Optional, TextIO


def read_log(run: Path) -> List[Dict[str, Any]]:
    """The entries of ``run/train.log`` in order (empty if there is none)."""
    path = Path(run) / "train.log"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run_args(run: Path) -> Dict[str, Any]:
    """The command-line settings a training run recorded in ``args.json`` (empty if it has none)."""
    path = Path(run) / "args.json"
    return json.loads(path.read_text()) if path.exists() else {}


def open_log(run: Path) -> TextIO:
    """``run/train.log`` opened for appending (``run`` created first)."""
    run = Path(run)
    run.mkdir(parents=True, exist_ok=True)
    return open(run / "train.log", "a", encoding="utf-8")


def kept_converter_eval(entries: List[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    """The converter dev evaluation whose model a run kept: the last one marked ``best`` (the run's own choice),
    else the one with the best mean exact match; ``None`` without any."""
    evals = [e for e in entries if "exact" in e.get("dev", {})]
    kept = [e for e in evals if e.get("best")]
    return kept[-1] if kept else max(evals, key=lambda e: e["dev"]["mean"]) if evals else None
