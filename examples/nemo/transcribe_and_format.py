"""Transcribe audio with a NeMo ASR model and format the output with spacy-u2tf, keeping word timestamps.

In the style of NeMo's examples/asr/transcribe_speech.py::

    python examples/nemo/transcribe_and_format.py \
        model_path=/path/to/model.nemo audio_dir=/path/to/wavs output_filename=out.json \
        formatter.device=cpu formatter.written_input=passthrough

The formatter's config is this script's own (``formatter`` below, instantiated with Hydra): NeMo's model configs
refuse foreign ``_target_`` classes, so the post-processor is wired here, after ``transcribe()``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

from nemo_adapter import U2TFPostProcessorConfig


@dataclass
class TranscribeAndFormatConfig:
    model_path: Optional[str] = None  # a local .nemo file (nothing is downloaded)
    audio_dir: Optional[str] = None
    audio_glob: str = "*.wav"
    output_filename: str = "transcripts_formatted.json"
    batch_size: int = 8
    timestamps: bool = True
    formatter: U2TFPostProcessorConfig = field(default_factory=U2TFPostProcessorConfig)


def main(cfg: TranscribeAndFormatConfig) -> List[dict]:
    import hydra.utils
    from nemo.collections.asr.models import ASRModel

    if not cfg.model_path or not cfg.audio_dir:
        raise SystemExit("model_path=... and audio_dir=... are required")
    asr = ASRModel.restore_from(cfg.model_path, map_location="cpu")
    files = sorted(str(p) for p in Path(cfg.audio_dir).glob(cfg.audio_glob))
    hyps = asr.transcribe(files, batch_size=cfg.batch_size, timestamps=cfg.timestamps)
    if isinstance(hyps, tuple):  # RNNT models return (best, all)
        hyps = hyps[0]
    post = hydra.utils.instantiate(cfg.formatter)
    formatted = post(hyps)
    rows = []
    with open(cfg.output_filename, "w", encoding="utf-8") as out:
        for path, hyp in zip(files, formatted):
            row = {"audio_filepath": path, "pred_text": hyp.text,
                   "words": (getattr(hyp, "timestamp", None) or {}).get("word", [])}
            out.write(json.dumps(row, default=float) + "\n")
            rows.append(row)
    return rows


if __name__ == "__main__":
    from omegaconf import OmegaConf
    import sys

    base = OmegaConf.structured(TranscribeAndFormatConfig)
    cfg = OmegaConf.merge(base, OmegaConf.from_dotlist(sys.argv[1:]))
    main(OmegaConf.to_object(cfg))  # type: ignore[arg-type]
