from __future__ import annotations

import pytest

from spacy_u2tf.core.said_addresses import said_address, said_ip_address, uk_postcodes


@pytest.mark.parametrize("spoken,address", [
    ("minneapolismn dot gov slash recovery email", (5, "minneapolismn.gov/recovery")),
    ("info at example dot com thousand", (5, "info@example.com")),  # no digits after a top-level domain
    ("smallbiz at minneapolismn dot gov", (5, "smallbiz@minneapolismn.gov")),
    ("john dot smith at gmail dot com today", (7, "john.smith@gmail.com")),
    ("bbc dot co dot uk slash news", (7, "bbc.co.uk/news")),
    ("shop dash online dot com", (5, "shop-online.com")),
    ("john dot smith", None),  # no top-level domain: a name said with "dot"?
    ("three dot menu", None), ("at gmail dot com", None),  # "at" starts no address
    ("info at at dot com", (5, "info@at.com")), ("", None), ("dot com", None),
    # number words after a part are its digits
    ("r dot hughes eight seven at btinternet dot com", (9, "r.hughes87@btinternet.com")),
    ("jamie dot ortega eighty eight at outlook dot com", (9, "jamie.ortega88@outlook.com")),
    ("site two dot com today", (4, "site2.com")), ("smith oh seven at aol dot com", (7, "smith07@aol.com")),
    ("smith first at aol dot com", None),  # an ordinal is no digit
    ("two one at example dot com", (6, "21@example.com")),  # a part of number words alone
    # countries' domains; a domain word before "at" is a part of the name
    ("lettings at casalisboa dot pt or call", (5, "lettings@casalisboa.pt")),
    ("anna dot kowalczyk at mailbox dot pl", (7, "anna.kowalczyk@mailbox.pl")),
    ("claims dot uk at sixt dot com", (7, "claims.uk@sixt.com")),
    ("info at example dot it", None),  # "it" is a word a sentence says after "dot"
])
def test_an_address_said_in_words_is_written_from_them(spoken: str, address) -> None:
    assert said_address(spoken.split()) == address


@pytest.mark.parametrize("spoken,address", [
    ("one nine two dot one six eight dot one dot four seven", "192.168.1.47"),
    ("ten dot zero dot zero dot one", "10.0.0.1"),
    ("one hundred ninety two dot one sixty eight dot zero dot one", "192.168.0.1"),
    ("one dot two dot three", None),  # three numbers
    ("three hundred dot one dot one dot one", None),  # over 255
    ("zero one dot one dot one dot one", None),  # a leading zero
    ("john dot smith dot a dot b", None),
    ("one dot two dot dot three", None),  # an empty part
])
def test_an_ip_address_is_written_from_its_said_numbers(spoken: str, address) -> None:
    assert said_ip_address(spoken.split()) == address


@pytest.mark.parametrize("spoken,found", [
    ("leeds ls six two qt within", [(1, 5, "LS6 2QT")]), ("the postcode m fourteen five rg is", [(2, 6, "M14 5RG")]),
    ("high holborn wc one v seven en", [(2, 7, "WC1V 7EN")]), ("bs twenty one three pl", [(0, 5, "BS21 3PL")]),
    ("n r two three d d", [(0, 6, "NR2 3DD")]),  # letters said one by one
    ("she is me one two at", []), ("my postcode is me one two at", [(3, 7, "ME1 2AT")]),  # words need the cue
    ("b twelve three cd", []),  # "c" is no letter of a postcode's last part
    ("berlin postcode one zero one one five", []), ("ls zero two qt", []), ("xx six two qt", []),
])
def test_uk_postcodes_said_in_words(spoken: str, found) -> None:
    assert uk_postcodes(spoken.split()) == found
