"""Assemble a model folder (tagger + converter + config + model card) from two training runs."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

from ..core.io import write_config


def export_model(tagger_dir: Path, converter_dir: Optional[Path], out: Path, *, context: int,
                 card: str = "") -> Path:
    """Write ``out`` as a u2tf model folder with fp16 weights."""
    from ..core.converter import SpanConverter
    from ..core.tagger import Tagger

    out.mkdir(parents=True, exist_ok=True)
    Tagger.load(tagger_dir).save(out / "tagger")
    if converter_dir is not None:
        SpanConverter.load(converter_dir).save(out / "converter")
    write_config(out, converter="converter" if converter_dir is not None else None, context=context)
    if card:
        (out / "MODEL_CARD.md").write_text(card)
    return out


def tiny_model(out: Path, tokenizer_file: Path, seed: int = 0) -> Path:
    """A randomly initialised, very small model folder (for tests of the plumbing, not of quality)."""
    import torch

    from ..core.converter import CharVocab, Seq2Seq, SpanConverter
    from ..core.tagger import DEFAULT_LABELS, Tagger, TaggerModel, build_encoder

    torch.manual_seed(seed)
    vocab_size = len(json.loads(Path(tokenizer_file).read_text())["model"]["vocab"])
    encoder, cfg = build_encoder({"vocab_size": vocab_size, "hidden_size": 16, "num_hidden_layers": 1,
                                  "num_attention_heads": 2, "intermediate_size": 32, "max_position_embeddings": 128})
    Tagger(TaggerModel(encoder, 16, DEFAULT_LABELS), cfg, tokenizer_file).save(out / "tagger")
    vocab = CharVocab()
    SpanConverter(Seq2Seq(len(vocab), d=16, heads=2, enc_layers=1, dec_layers=1, ff=32), vocab).save(out / "converter")
    write_config(out, context=3)
    return out
