"""Average the weights of two taggers that share an architecture: ``(1 - alpha) * A + alpha * B``.

Interpolating a fine-tuned model with the model it was continued from (WiSE-FT, Wortsman et al., 2022; model soups)
keeps much of what the continuation learned while staying close to the original where the continuation drifted.
Both folders must be tagger folders with the same config (encoder shape and label sets) and tokenizer:

    python scripts/average_taggers.py spacy_u2tf/assets/u2tf-default/tagger runs/tagger-r8/step-4500 \
        --alpha 0.5 --out runs/soup/tagger

The result is saved in A's dtype with A's config and tokenizer; put it in a model folder (a copy of u2tf-default
with its ``tagger/`` replaced) and calibrate its thresholds before comparing it.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path
from typing import Dict

FILES = ("config.json", "tokenizer.json")


def average_weights(a: Dict, b: Dict, alpha: float) -> Dict:
    """``(1 - alpha) * a + alpha * b`` for every tensor, computed in fp32 and returned in ``a``'s dtypes."""
    if a.keys() != b.keys():
        raise SystemExit(f"the taggers differ in their weights: {sorted(set(a) ^ set(b))[:5]}")
    out = {}
    for name, x in a.items():
        if x.shape != b[name].shape:
            raise SystemExit(f"{name}: shape {tuple(x.shape)} against {tuple(b[name].shape)}")
        out[name] = ((1.0 - alpha) * x.float() + alpha * b[name].float()).to(x.dtype)
    return out


def average_taggers(a: Path, b: Path, alpha: float, out: Path) -> Path:
    """Write the averaged tagger of folders ``a`` and ``b`` to ``out`` (with ``a``'s config and tokenizer)."""
    from safetensors.torch import load_file, save_file

    if not 0.0 <= alpha <= 1.0:
        raise SystemExit(f"--alpha {alpha}: B's share, in [0, 1]")
    for name in FILES:
        if json.loads((a / name).read_text()) != json.loads((b / name).read_text()):
            raise SystemExit(f"{a} and {b} differ in {name}")
    weights = average_weights(load_file(str(a / "model.safetensors")), load_file(str(b / "model.safetensors")), alpha)
    out.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        shutil.copy(a / name, out / name)
    save_file(weights, str(out / "model.safetensors"))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", type=Path, help="tagger folder A (e.g. the shipped tagger)")
    parser.add_argument("b", type=Path, help="tagger folder B (e.g. a run continued from A)")
    parser.add_argument("--alpha", type=float, default=0.5, help="B's share of the average")
    parser.add_argument("--out", type=Path, required=True, help="folder of the averaged tagger")
    args = parser.parse_args(argv)
    print(average_taggers(args.a, args.b, args.alpha, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
