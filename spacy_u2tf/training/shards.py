"""Reading the data pipeline's shards: weighted, shuffled, endless streams of examples per source."""
from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Sequence

from ..data.example import Example


def shard_files(folder: Path) -> Dict[str, List[Path]]:
    """Shards grouped by source: ``{source}.{backend}-{n}.jsonl.gz`` → ``{source: [paths]}``."""
    groups: Dict[str, List[Path]] = {}
    for path in sorted(Path(folder).glob("*.jsonl.gz")):
        source = path.name.split(".")[0]
        groups.setdefault(source, []).append(path)
    if not groups:
        raise FileNotFoundError(f"no *.jsonl.gz shards in {folder} (make them with `u2tf data`)")
    return groups


def read_shard(path: Path) -> Iterator[Example]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            yield Example.from_dict(json.loads(line))


def endless(paths: Sequence[Path], rng: random.Random, buffer: int = 2000) -> Iterator[Example]:
    """Examples from ``paths`` forever: shard order reshuffled each pass, examples through a shuffle buffer."""
    pool: List[Example] = []
    while True:
        order = list(paths)
        rng.shuffle(order)
        for path in order:
            for ex in read_shard(path):
                if len(pool) < buffer:
                    pool.append(ex)
                    continue
                k = rng.randrange(len(pool))
                yield pool[k]
                pool[k] = ex
        rng.shuffle(pool)  # end of a pass: drain, so a corpus smaller than the buffer still flows
        yield from pool
        pool = []


def parse_weights(spec: Optional[str]) -> Dict[str, float]:
    """``"sgd=3,qmsum=2"`` → ``{"sgd": 3.0, "qmsum": 2.0}``."""
    weights: Dict[str, float] = {}
    for item in (spec or "").split(","):
        if item.strip():
            name, _, value = item.partition("=")
            weights[name.strip()] = float(value or 1)
    return weights


def mixture(folder: Path, weights: Dict[str, float], rng: random.Random,
            exclude: Sequence[str] = ()) -> Iterator[Example]:
    """Examples drawn from each source with probability proportional to its weight (default 1)."""
    groups = {s: p for s, p in shard_files(folder).items() if s not in exclude and weights.get(s, 1.0) > 0}
    streams = {s: endless(p, random.Random(rng.random())) for s, p in groups.items()}
    names = sorted(streams)
    probs = [weights.get(s, 1.0) for s in names]
    while True:
        yield next(streams[rng.choices(names, probs)[0]])
