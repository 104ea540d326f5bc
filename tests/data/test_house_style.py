"""The house style of span-converter targets: tests/data/house_cases/<class>.txt holds
``spoken~written in running text~written in the house style`` lines."""
from __future__ import annotations

import random
from pathlib import Path
from typing import List, Tuple

import pytest

from spacy_u2tf.core.guards import check_span
from spacy_u2tf.data.entities import MONTHS
from spacy_u2tf.data.generators import generate_pair
from spacy_u2tf.data.house_style import house_written

CASES = Path(__file__).parent / "house_cases"
MONTH_WORDS = {m.lower() for m in MONTHS}


def load_cases() -> List[Tuple[str, str, str, str]]:
    """``(class, spoken, written, house)`` from every ``<class>.txt`` file."""
    out = []
    for path in sorted(CASES.glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                spoken, written, house = line.split("~")
                out.append((path.stem, spoken, written, house))
    return out


@pytest.mark.parametrize("cls,spoken,written,house", load_cases(),
                         ids=[f"{c}:{w}" for c, _, w, _ in load_cases()])
def test_house_written(cls: str, spoken: str, written: str, house: str) -> None:
    assert house_written(written, cls, spoken.split()) == house, f"{cls}: {spoken!r} ({written!r})"


@pytest.mark.parametrize("cls,spoken,written,house", load_cases(),
                         ids=[f"{c}:{w}" for c, _, w, _ in load_cases()])
def test_house_form_passes_the_guards(cls: str, spoken: str, written: str, house: str) -> None:
    """A house-style target never trains the converter toward output its guards would reject."""
    assert check_span(spoken.split(), house, cls) is None


def test_generated_dates_follow_the_spoken_order() -> None:
    rng = random.Random(7)
    for _ in range(300):
        written, spoken = generate_pair("date", rng, house=True)
        assert " of " not in written and not written.startswith("the ") and not any(
            w.rstrip(",").endswith(("st", "nd", "rd", "th")) and w[0].isdigit() for w in written.split())
        # day first in writing exactly when the day is spoken first
        assert written.split()[0].isdigit() == (spoken[0] not in MONTH_WORDS), (spoken, written)
