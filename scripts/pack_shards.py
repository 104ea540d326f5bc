"""Pack the data pipeline's shards into a compact form for moving them to a training machine, and unpack them there.

The tagger learns from the spoken words and their per-word labels only, so a packed shard keeps just those: the
words as one string and each head's labels as one character per word, xz-compressed. Unpacking writes ordinary
shards (``{source}.{folder}-{n}.jsonl.gz``) that ``u2tf train tagger --data`` reads; their examples have no
written text and no span pairs, so they serve the tagger, not the converter.

    python scripts/pack_shards.py pack ~/.cache/u2tf/data/train OUT_FOLDER
    python scripts/pack_shards.py unpack OUT_FOLDER ~/.cache/u2tf/data/train-unpacked
"""
from __future__ import annotations

import argparse
import gzip
import json
import lzma
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple

from spacy_u2tf.data.example import Example
from spacy_u2tf.training.shards import read_shard, shard_files

HEADS = ("punct", "case", "itn", "disfl")
ALPHABET = "".join(chr(c) for c in range(ord("!"), ord("~") + 1))  # one printable character per label


def _encode(labels: List[str], table: Dict[str, str]) -> str:
    out = []
    for label in labels:
        if label not in table:
            if len(table) == len(ALPHABET):
                raise ValueError(f"more than {len(ALPHABET)} labels in one head")
            table[label] = ALPHABET[len(table)]
        out.append(table[label])
    return "".join(out)


def pack(src: Path, dst: Path) -> Dict[str, int]:
    """Pack every source of ``src`` into ``dst/{source}.{src folder name}.jsonl.xz`` (several data folders can be
    packed into one ``dst``); returns the examples per source."""
    dst.mkdir(parents=True, exist_ok=True)
    counts: Dict[str, int] = {}
    for source, paths in shard_files(src).items():
        tables: Dict[str, Dict[str, str]] = {h: {} for h in HEADS}
        lines: List[str] = []
        for path in paths:
            for ex in read_shard(path):
                if any(" " in w or not w for w in ex.spoken):
                    raise ValueError(f"{path}: a spoken word that is empty or holds a space: {ex.spoken}")
                row = {"w": " ".join(ex.spoken)}
                for head in HEADS:
                    labels = getattr(ex, head)
                    if labels is not None:
                        row[head[0]] = _encode(labels, tables[head])
                lines.append(json.dumps(row, ensure_ascii=False))
        header = {"source": source, "labels": {h: list(t) for h, t in tables.items()}}
        with lzma.open(dst / f"{source}.{src.name}.jsonl.xz", "wt", encoding="utf-8", preset=9) as fh:
            fh.write(json.dumps(header) + "\n")
            fh.writelines(line + "\n" for line in lines)
        counts[f"{source}.{src.name}"] = len(lines)
    return counts


def read_packed(path: Path) -> Iterator[Example]:
    """The examples of one packed file, with empty written text and no span pairs."""
    with lzma.open(path, "rt", encoding="utf-8") as fh:
        header = json.loads(next(fh))
        labels = header["labels"]
        for line in fh:
            row = json.loads(line)
            words = row["w"].split(" ")

            def decode(head: str) -> Optional[List[str]]:
                code = row.get(head[0])
                return None if code is None else [labels[head][ALPHABET.index(c)] for c in code]

            yield Example("", words, decode("punct"), decode("case"), decode("itn"), [], header["source"],
                          decode("disfl"))


def _unpack_file(path: Path, dst: Path, per_shard: int) -> Tuple[str, int]:
    source, folder = path.name.split(".")[:2]
    n, fh = 0, None
    for n, ex in enumerate(read_packed(path)):
        if n % per_shard == 0:
            if fh:
                fh.close()
            fh = gzip.open(dst / f"{source}.{folder}-{n // per_shard}.jsonl.gz", "wt", encoding="utf-8",
                           compresslevel=1)
        fh.write(ex.to_json() + "\n")
    if fh is None:
        return f"{source}.{folder}", 0
    fh.close()
    return f"{source}.{folder}", n + 1


def unpack(src: Path, dst: Path, per_shard: int = 5000, processes: int = 1) -> Dict[str, int]:
    """Write ``dst/{source}.{folder}-{n}.jsonl.gz`` shards from the packed files of ``src``, ``processes`` files
    at a time."""
    from concurrent.futures import ProcessPoolExecutor

    dst.mkdir(parents=True, exist_ok=True)
    paths = sorted(src.glob("*.jsonl.xz"))
    with ProcessPoolExecutor(max_workers=max(1, processes)) as pool:
        done = pool.map(_unpack_file, paths, [dst] * len(paths), [per_shard] * len(paths))
        return {name: n for name, n in done if n}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("pack", "unpack"))
    parser.add_argument("src", type=Path)
    parser.add_argument("dst", type=Path)
    parser.add_argument("--processes", type=int, default=1, help="unpack: files unpacked at a time")
    args = parser.parse_args()
    counts = pack(args.src, args.dst) if args.action == "pack" else unpack(args.src, args.dst,
                                                                             processes=args.processes)
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
