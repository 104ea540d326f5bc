"""core/regnal_numbers.py: a monarch's or pope's number said as "the" + ordinal is a Roman numeral."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.regnal_numbers import close_regnal_name, regnal_numbers, roman_numeral


@pytest.mark.parametrize("n,numeral", [(1, "I"), (2, "II"), (4, "IV"), (8, "VIII"), (9, "IX"), (14, "XIV"),
                                       (23, "XXIII"), (39, "XXXIX"), (1994, "MCMXCIV")])
def test_roman_numeral(n: int, numeral: str) -> None:
    assert roman_numeral(n) == numeral


@pytest.mark.parametrize("n", [0, -3, 4000])
def test_roman_numeral_out_of_range(n: int) -> None:
    with pytest.raises(ValueError, match=str(n)):
        roman_numeral(n)


@pytest.mark.parametrize("spoken,found", [
    ("queen elizabeth the second visited", [(2, 4, "II")]),
    ("henry the eighth had six wives", [(1, 3, "VIII")]),
    ("pope john the twenty third opened it", [(2, 5, "XXIII")]),
    ("henry the eighth's wives", [(1, 3, "VIII's")]),
    ("louis the fourteenth", [(1, 3, "XIV")]),
    ("charles the second of spain", [(1, 3, "II")]),
    # the ordinal counts something, or no regnal name comes before it
    ("charles the second son of james", []), ("mary the third child", []), ("henry the second largest", []),
    ("it was the second time", []), ("smith the second", []), ("the second", []), ("henry the", []),
    ("louis the fortieth", []), ("george the twenty", []),
    # the numeral itself, as NeMo's normalizer leaves it
    ("charles iii was proclaimed", [(1, 2, "III")]), ("alfonso xiii was born", [(1, 2, "XIII")]),
    ("pope benedict xvi resigned", [(2, 3, "XVI")]), ("henry v's army", [(1, 2, "V's")]),
    ("john i think", []), ("henry vx", []), ("smith iii", []),
])
def test_regnal_numbers(spoken: str, found) -> None:
    assert [tuple(r) for r in regnal_numbers(spoken.split())] == found


@pytest.mark.parametrize("spoken,punct,closed", [
    ("king henry the eighth had", "COMMA COMMA O COMMA O", "O O O O O"),
    ("henry the eighth the king", "O O COMMA O O", "O O COMMA O O"),  # an appositive keeps its comma
    ("charles iii was proclaimed", "O COMMA O O", "O O O O"),
    ("and henry the eighth", "COMMA O O PERIOD", "COMMA O O PERIOD"),  # "and" is no title
])
def test_close_regnal_name_takes_the_commas_out_of_the_name(spoken: str, punct: str, closed: str) -> None:
    words, labels = spoken.split(), punct.split()
    found = regnal_numbers(words)[0]
    close_regnal_name(words, labels, found.start, found.end)
    assert labels == closed.split()
