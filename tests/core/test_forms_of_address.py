"""core/forms_of_address.py: "Mr. Speaker", "Madam Chair", the sentence that goes on after them, "now, madam?"."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.forms_of_address import address_case, closing_vocatives


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


@pytest.mark.parametrize("spoken,punct,case,expected_punct,expected_case", [
    ("order now madam yes", "O QUESTION QUESTION PERIOD", "CAPITAL LOWER CAPITAL CAPITAL",
     "O COMMA QUESTION PERIOD", "CAPITAL LOWER LOWER CAPITAL"),
    ("the problem ms murphy ok", "O QUESTION O QUESTION PERIOD", "CAPITAL LOWER CAPITAL CAPITAL CAPITAL",
     "O COMMA O QUESTION PERIOD", "CAPITAL LOWER CAPITAL CAPITAL CAPITAL"),
    ("help you sir", "O QUESTION QUESTION", "CAPITAL LOWER LOWER", "O COMMA QUESTION", "CAPITAL LOWER LOWER"),
    ("are you misses brandon", "O QUESTION O QUESTION", "CAPITAL LOWER CAPITAL CAPITAL", "O COMMA O QUESTION",
     "CAPITAL LOWER CAPITAL CAPITAL"),  # "Mrs." as a normalizer says it
    # a name alone may be the answer; a vocative ending in a period may be one too
    ("who played mike", "O QUESTION QUESTION", "CAPITAL LOWER CAPITAL", "O QUESTION QUESTION", "CAPITAL LOWER CAPITAL"),
    ("who's next mrs brandon", "O QUESTION O PERIOD", "CAPITAL LOWER CAPITAL CAPITAL",
     "O QUESTION O PERIOD", "CAPITAL LOWER CAPITAL CAPITAL"),
    ("thank you sir", "O PERIOD QUESTION", "CAPITAL LOWER CAPITAL", "O PERIOD QUESTION", "CAPITAL LOWER CAPITAL"),
    ("is it mrs or the", "O QUESTION O O QUESTION", "CAPITAL LOWER CAPITAL LOWER LOWER",
     "O QUESTION O O QUESTION", "CAPITAL LOWER CAPITAL LOWER LOWER"),  # a courtesy title before no name
    ("sir", "QUESTION", "CAPITAL", "QUESTION", "CAPITAL"),  # nothing before it
])
def test_closing_vocatives(spoken: str, punct: str, case: str, expected_punct: str, expected_case: str) -> None:
    assert closing_vocatives(spoken.split(), punct.split(), case.split()) == (expected_punct.split(),
                                                                             expected_case.split())
