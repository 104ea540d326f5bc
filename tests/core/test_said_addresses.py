from __future__ import annotations

import pytest

from spacy_u2tf.core.said_addresses import said_address


@pytest.mark.parametrize("spoken,address", [
    ("minneapolismn dot gov slash recovery email", (5, "minneapolismn.gov/recovery")),
    ("smallbiz at minneapolismn dot gov", (5, "smallbiz@minneapolismn.gov")),
    ("john dot smith at gmail dot com today", (7, "john.smith@gmail.com")),
    ("bbc dot co dot uk slash news", (7, "bbc.co.uk/news")),
    ("shop dash online dot com", (5, "shop-online.com")),
    ("john dot smith", None),  # no top-level domain: a name said with "dot"?
    ("three dot menu", None), ("at gmail dot com", None),  # "at" starts no address
    ("info at at dot com", (5, "info@at.com")), ("", None), ("dot com", None),
])
def test_an_address_said_in_words_is_written_from_them(spoken: str, address) -> None:
    assert said_address(spoken.split()) == address
