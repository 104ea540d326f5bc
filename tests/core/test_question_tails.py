"""core/question_tails.py: "order now, madam?", "do you go hiking often?"."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.question_tails import question_tails


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
    ("go hiking often i do", "O QUESTION QUESTION O PERIOD", "CAPITAL LOWER CAPITAL CAPITAL LOWER",
     "O O QUESTION O PERIOD", "CAPITAL LOWER LOWER CAPITAL LOWER"),  # a word that ends a clause
    ("can we go now", "O O QUESTION QUESTION", "CAPITAL LOWER LOWER CAPITAL", "O O QUESTION QUESTION",
     "CAPITAL LOWER LOWER CAPITAL"),  # "Now?" may ask again
])
def test_question_tails(spoken: str, punct: str, case: str, expected_punct: str, expected_case: str) -> None:
    assert question_tails(spoken.split(), punct.split(), case.split()) == (expected_punct.split(),
                                                                             expected_case.split())
