"""core/nationality_compounds.py: "a French-Spanish singer", "English-language films"."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.nationality_compounds import nationality_joins


@pytest.mark.parametrize("spoken,punct,case,joined", [
    ("a french spanish singer", "O O O O", "LOWER CAPITAL CAPITAL LOWER", "O HYPHEN O O"),
    ("a ghanaian british actor", "O COMMA O O", "LOWER CAPITAL CAPITAL LOWER", "O HYPHEN O O"),  # the tagger's comma
    ("an irish american writer", "O O O O", "LOWER CAPITAL CAPITAL LOWER", "O HYPHEN O O"),
    ("an irish language newspaper", "O O O O", "LOWER CAPITAL LOWER LOWER", "O HYPHEN O O"),
    ("in english speaking countries", "O O O O", "LOWER CAPITAL LOWER LOWER", "O HYPHEN O O"),
    ("asian language department", "O O O", "CAPITAL CAPITAL CAPITAL", "O O O"),  # a name's words
    # a list goes on, a variety of a language, a language that is no compound's
    ("french spanish and italian food", "O O O O O", "CAPITAL CAPITAL LOWER CAPITAL LOWER", "O O O O O"),
    ("french, spanish, italian food", "COMMA COMMA O O", "CAPITAL CAPITAL CAPITAL LOWER", "COMMA COMMA O O"),
    ("american english spelling", "O O O", "CAPITAL CAPITAL LOWER", "O O O"),
    ("the english language is hard", "O O O O O", "LOWER CAPITAL LOWER LOWER LOWER", "O O O O O"),
    ("the english language.", "O O PERIOD", "LOWER CAPITAL LOWER", "O O PERIOD"),
    # not capitalized by the tagger: no nationality ("polish" the verb), a sentence's end between them
    ("polish american cars", "O O O", "LOWER CAPITAL LOWER", "O O O"),
    ("he is irish. american fans", "O O PERIOD O O", "CAPITAL LOWER CAPITAL CAPITAL LOWER", "O O PERIOD O O"),
])
def test_nationality_joins(spoken: str, punct: str, case: str, joined: str) -> None:
    words = spoken.replace(",", "").replace(".", "").split()
    assert nationality_joins(words, punct.split(), case.split()) == joined.split()
