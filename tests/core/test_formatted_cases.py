"""The shipped default model on the cases of tests/core/data/formatted/<class>.txt (``spoken~written``, one per
line, ``#`` comments): each case is a test that names its input."""
from __future__ import annotations

from pathlib import Path
from typing import List

import pytest

CASES = Path(__file__).parent / "data" / "formatted"


def _cases() -> List:
    out = []
    for path in sorted(CASES.glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                spoken, written = line.split("~")
                out.append(pytest.param(spoken, written, id=f"{path.stem}: {spoken}"))
    return out


@pytest.mark.parametrize("spoken,written", _cases())
def test_shipped_model_formats_case(shipped_model, spoken: str, written: str) -> None:
    assert shipped_model.format(spoken) == written, spoken
