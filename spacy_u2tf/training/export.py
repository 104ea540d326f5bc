"""Assemble a model folder (tagger + converter + config + model card) from two training runs."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

from ..core.io import write_config


def export_model(tagger_dir: Path, converter_dir: Optional[Path], out: Path, *, context: int,
                 card: str = "", label_thresholds: Optional[dict] = None) -> Path:
    """Write ``out`` as a u2tf model folder with fp16 weights (and calibrated ``label_thresholds``, if any)."""
    from ..core.converter import SpanConverter
    from ..core.tagger import Tagger

    out.mkdir(parents=True, exist_ok=True)
    Tagger.load(tagger_dir).save(out / "tagger")
    if converter_dir is not None:
        SpanConverter.load(converter_dir).save(out / "converter")
    extra = {"label_thresholds": label_thresholds} if label_thresholds else {}
    write_config(out, converter="converter" if converter_dir is not None else None, context=context, **extra)
    if card:
        (out / "MODEL_CARD.md").write_text(card)
    return out
