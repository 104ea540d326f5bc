"""core/forms_of_address.py: "Mr. Speaker", "Madam Chair" and the sentence that goes on after them."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.forms_of_address import address_case


@pytest.mark.parametrize("spoken,punct,case,expected", [
    ("madam speaker over three", "O COMMA O O", "CAPITAL LOWER LOWER LOWER", "CAPITAL CAPITAL LOWER LOWER"),
    ("mister speaker the rent", "O COMMA O O", "CAPITAL CAPITAL CAPITAL LOWER", "CAPITAL CAPITAL LOWER LOWER"),
    ("mister deputy speaker i rise", "O O COMMA O O", "CAPITAL LOWER LOWER CAPITAL LOWER",
     "CAPITAL CAPITAL CAPITAL CAPITAL LOWER"),  # "I" keeps its capital
    ("madam chair john said", "O COMMA O O", "CAPITAL LOWER CAPITAL LOWER", "CAPITAL CAPITAL CAPITAL LOWER"),
    ("the speaker said", "O O O", "CAPITAL LOWER LOWER", "CAPITAL LOWER LOWER"),  # no title: no address
    ("mister, speaker the", "COMMA COMMA O", "CAPITAL LOWER CAPITAL", "CAPITAL LOWER CAPITAL"),
])
def test_address_case(spoken: str, punct: str, case: str, expected: str) -> None:
    assert address_case(spoken.split(), punct.split(), case.split()) == expected.split()
