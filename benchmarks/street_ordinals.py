"""Street names with ordinals ("42nd Street"): how many come out right with and without the guard that keeps an
ordinal's ending before a street word (``core.guards.ordinal_dropped``), on generated sentences spoken by our
verbalizer.

    python benchmarks/street_ordinals.py --n 300 --json OUT.json
"""
from __future__ import annotations

import argparse
import random
from collections import Counter
from pathlib import Path
from typing import Dict, List, Optional, Tuple

TEMPLATES = ("Our office is on {x} {s}.", "Take the bus to {x} {s}.", "I live at {n} West {x} {s}.",
             "Meet me on {x} {s} at noon.", "The shop on {x} {s} closed.", "Turn left on {x} {s} and keep going.")
STREETS = ("Street", "Avenue", "Road", "Place")


def street_cases(n: int, seed: int = 11) -> List[Tuple[str, str]]:
    """``n`` pairs (written street name, spoken sentence)."""
    from spacy_u2tf.data.examples import make_example
    from spacy_u2tf.data.generators import ordinal_suffix

    rng = random.Random(seed)
    cases: List[Tuple[str, str]] = []
    while len(cases) < n:
        k = rng.choice(range(1, 10)) if rng.random() < 0.4 else rng.randint(10, 130)
        street = f"{k}{ordinal_suffix(k)} {rng.choice(STREETS)}"
        number, kind = street.split()
        ex = make_example(rng.choice(TEMPLATES).format(x=number, s=kind, n=rng.randint(10, 999)),
                          random.Random(len(cases)))
        if ex is not None:
            cases.append((street, " ".join(ex.spoken)))
    return cases


def outcome(street: str, spoken: str, written: str) -> str:
    """How ``written`` renders ``street``: right, lowercase street word, ending dropped, spoken words kept, other."""
    number, kind = street.split()
    if street in written:
        return "right"
    if f"{number} {kind.lower()}" in written:
        return "street word lowercase"
    if f"{number.rstrip('stndrh')} {kind}" in written:
        return "ending dropped"
    said = spoken.split()
    if said[said.index(kind.lower()) - 1] in written.lower():
        return "spoken words kept"
    return "other"


def score(cases: List[Tuple[str, str]], model: Optional[str]) -> Dict[str, int]:
    from spacy_u2tf import U2TF

    u2tf = U2TF.from_pretrained(model, dtype="fp32")
    outputs = u2tf.format_batch([spoken for _, spoken in cases])
    return dict(Counter(outcome(street, spoken, out) for (street, spoken), out in zip(cases, outputs)))


def main() -> None:
    import spacy_u2tf.core.guards as guards
    from report_io import emit

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default=None, help="model folder (default: the shipped model)")
    ap.add_argument("--n", type=int, default=300, help="sentences (default: 300)")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    cases = street_cases(args.n)
    result = {"sentences": len(cases), "with guard": score(cases, args.model)}
    kept = guards.ordinal_dropped
    guards.ordinal_dropped = lambda *_: None  # the guard off: what the converter and the other guards give
    try:
        result["without guard"] = score(cases, args.model)
    finally:
        guards.ordinal_dropped = kept
    emit(result, args.json)


if __name__ == "__main__":
    main()
