"""The own verbalizer's canonical reading (``rng=None``) of each case in tests/data/itn_cases/<class>.txt."""
from __future__ import annotations

import random
from pathlib import Path
from typing import List, Tuple

import pytest

from spacy_u2tf.data.entities import find_entities
from spacy_u2tf.data.verbalize import verbalize

CASES = Path(__file__).parent / "itn_cases"


def load_cases() -> List[Tuple[str, str, str]]:
    """``(class, spoken, written)`` from every ``<class>.txt`` file of ``spoken~written`` lines."""
    out = []
    for path in sorted(CASES.glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                spoken, written = line.split("~")[:2]
                out.append((path.stem, spoken, written))
    return out


ALL = load_cases()


@pytest.mark.parametrize("cls,spoken,written", ALL, ids=[f"{c}:{w}" for c, _, w in ALL])
def test_finder_finds_the_whole_entity(cls: str, spoken: str, written: str) -> None:
    text = f"we said {written} here."
    found = [(text[e.start:e.end], e.cls) for e in find_entities(text)]
    assert found == [(written, cls)], f"{written!r} in {text!r}: found {found}"


# The case files hold one reading per line; the verbalizer's canonical reading is the first line of each written
# form (later lines give alternatives the model must also understand).
CANONICAL = {w: (c, s) for c, s, w in reversed(ALL)}


@pytest.mark.parametrize("written", sorted(CANONICAL))
def test_canonical_reading(written: str) -> None:
    cls, spoken = CANONICAL[written]
    got = " ".join(verbalize(written, cls, None))
    assert got == spoken, f"verbalize({written!r}, {cls!r}) gave {got!r}, expected {spoken!r}"


@pytest.mark.parametrize("cls,spoken,written", ALL, ids=[f"{c}:{w}" for c, _, w in ALL])
def test_random_readings_are_spoken_words(cls: str, spoken: str, written: str) -> None:
    rng = random.Random(7)
    for _ in range(20):
        words = verbalize(written, cls, rng)
        assert words, written
        assert all(w and all(ch.isalpha() or ch == "'" for ch in w) and w == w.lower() for w in words), (written, words)
