"""Store a tagger's weights compactly for moving them to and from a training machine: per-row int8, either of the
weights themselves or of their difference from a base tagger that both machines have.

A device call carries at most 64 MiB and brings back files of at most 16 MiB; one fp16 tagger is 45 MB. A tagger
continued from a base moves little, so its difference from the base fits int8 with an error far below the
difference itself; a tagger stored without a base (as int8 weights) is meant to serve as a teacher. Tensors that
the base lacks or holds in another shape (a new head), and one-dimensional or small ones, are kept whole in fp16.
Decode with exactly the base the encoding used (for a base that was itself decoded, the decoded copy):

    python scripts/tagger_delta.py encode OLD/tagger P1                      # int8 weights
    python scripts/tagger_delta.py decode P1 OLD_Q                           # what the other machine will have
    python scripts/tagger_delta.py encode SHIPPED/tagger P2 --base OLD_Q     # int8 difference from OLD_Q
    python scripts/tagger_delta.py decode P2 SHIPPED_Q --base OLD_Q
    python scripts/tagger_delta.py encode RUN/export P3 --base SHIPPED_Q     # a run continued from SHIPPED_Q, back
"""
from __future__ import annotations

import argparse
import shutil
from pathlib import Path
from typing import Dict, List, Optional

import numpy as np

FILES = ("config.json", "tokenizer.json")
WEIGHTS = "delta.safetensors"
MIN_ROWS = 64  # tensors with fewer rows (heads, biases, norms) are kept whole


def _rows(x: np.ndarray) -> np.ndarray:
    return x.reshape(x.shape[0], -1)


def encode(new: Dict[str, np.ndarray], base: Optional[Dict[str, np.ndarray]] = None) -> Dict[str, np.ndarray]:
    """``new`` as flat arrays: ``NAME.q`` (int8) and ``NAME.scale`` (fp32 per row) for ``new - base`` (or ``new``
    without a base), ``NAME.whole`` (fp16) for tensors kept whole."""
    out: Dict[str, np.ndarray] = {}
    for name, value in new.items():
        x = value.astype(np.float32)
        ref = None if base is None else base.get(name)
        if x.ndim < 2 or x.shape[0] < MIN_ROWS or (base is not None and (ref is None or ref.shape != x.shape)):
            out[f"{name}.whole"] = x.astype(np.float16)
            continue
        diff = _rows(x - (0.0 if ref is None else ref.astype(np.float32)))
        scale = np.abs(diff).max(axis=1, keepdims=True) / 127.0
        scale[scale == 0] = 1.0
        out[f"{name}.q"] = np.round(diff / scale).astype(np.int8)
        out[f"{name}.scale"] = scale.astype(np.float32)
    return out


def decode(packed: Dict[str, np.ndarray], base: Optional[Dict[str, np.ndarray]] = None) -> Dict[str, np.ndarray]:
    """The fp32 weights that :func:`encode` stored; ``base`` must be the one it was given."""
    out: Dict[str, np.ndarray] = {}
    for key, value in packed.items():
        name, kind = key.rsplit(".", 1)
        if kind == "whole":
            out[name] = value.astype(np.float32)
        elif kind == "q":
            diff = value.astype(np.float32) * packed[f"{name}.scale"]
            if base is None:
                out[name] = diff
                continue
            if name not in base or base[name].size != diff.size:
                raise ValueError(f"{name}: the base tagger lacks it or holds another shape; decode with the base "
                                 "the encoding used")
            out[name] = base[name].astype(np.float32) + diff.reshape(base[name].shape)
        elif kind != "scale":
            raise ValueError(f"{key}: not written by tagger_delta.encode")
    return out


def _load(folder: Path) -> Dict[str, np.ndarray]:
    from safetensors.numpy import load_file

    return load_file(str(folder / "model.safetensors"))


def encode_folder(tagger: Path, out: Path, base: Optional[Path] = None) -> int:
    """Write ``out/delta.safetensors`` with the tagger's config and tokenizer; returns its size in bytes."""
    from safetensors.numpy import save_file

    out.mkdir(parents=True, exist_ok=True)
    save_file(encode(_load(tagger), None if base is None else _load(base)), str(out / WEIGHTS))
    for name in FILES:
        shutil.copy(tagger / name, out / name)
    return (out / WEIGHTS).stat().st_size


def decode_folder(packed: Path, out: Path, base: Optional[Path] = None) -> None:
    """Write the tagger folder (fp16 weights, config, tokenizer) that ``packed`` holds."""
    from safetensors.numpy import load_file, save_file

    weights = decode(load_file(str(packed / WEIGHTS)), None if base is None else _load(base))
    out.mkdir(parents=True, exist_ok=True)
    save_file({k: v.astype(np.float16) for k, v in weights.items()}, str(out / "model.safetensors"))
    for name in FILES:
        shutil.copy(packed / name, out / name)


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("action", choices=("encode", "decode"))
    ap.add_argument("src", type=Path, help="encode: a tagger folder; decode: a folder written by encode")
    ap.add_argument("out", type=Path)
    ap.add_argument("--base", type=Path, help="tagger folder the difference is taken from (none: int8 weights)")
    args = ap.parse_args(argv)
    if args.action == "encode":
        print(f"{args.out / WEIGHTS}: {encode_folder(args.src, args.out, args.base):,} bytes")
    else:
        decode_folder(args.src, args.out, args.base)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
