"""Compounds of two nationalities: "a french spanish singer" is "a French-Spanish singer", "an irish language
newspaper" "an Irish-language newspaper".

A normalizer reads the hyphen of "Japanese-American" or "Irish-language" as a space, and a tagger that has seen
few such compounds writes the two adjectives apart, or with a comma between them as if they were a list ("a
French, Spanish singer"). Two nationalities side by side that the tagger capitalizes are one compound unless a
list goes on after them ("French, Spanish and Italian food") or the second is a language the first names a
variety of ("American English", "Swiss German"); a nationality or language before "language" or "speaking" and
the noun they describe is one too ("English-language films", "French-speaking countries").
:func:`nationality_joins` changes the punctuation labels so.
"""
from __future__ import annotations

from typing import List, Sequence

from .labels import JOIN, NO_NOUN_AFTER, SENTENCE_END

NATIONALITIES = frozenset("""
afghan albanian algerian american andorran angolan argentine argentinian armenian australian austrian azerbaijani
bahamian bahraini bangladeshi barbadian belarusian belgian belizean beninese bhutanese bolivian bosnian botswanan
brazilian british bruneian bulgarian burkinabe burmese burundian cambodian cameroonian canadian chadian chilean
chinese colombian congolese croatian cuban cypriot czech danish djiboutian dominican dutch ecuadorian egyptian
emirati english eritrean estonian ethiopian fijian filipino finnish french gabonese gambian georgian german
ghanaian greek grenadian guatemalan guinean guyanese haitian honduran hungarian icelandic indian indonesian iranian
iraqi irish israeli italian ivorian jamaican japanese jordanian kazakh kenyan korean kosovar kuwaiti kyrgyz laotian
latvian lebanese liberian libyan lithuanian luxembourgish macedonian malagasy malawian malaysian maldivian malian
maltese mauritanian mauritian mexican moldovan monegasque mongolian montenegrin moroccan mozambican namibian
nepalese nepali nicaraguan nigerian nigerien norwegian omani pakistani palestinian panamanian paraguayan persian
peruvian polish portuguese qatari romanian russian rwandan salvadoran samoan saudi scottish senegalese serbian
singaporean slovak slovenian somali spanish sudanese surinamese swedish swiss syrian taiwanese tajik
tanzanian thai togolese tongan trinidadian tunisian turkish turkmen ugandan ukrainian uruguayan uzbek venezuelan
vietnamese welsh yemeni zambian zimbabwean african asian european hispanic latino arab jewish cornish basque
catalan flemish breton kurdish tamil punjabi bengali gujarati sikh maori aboriginal hawaiian quebecois texan
""".split())
# Languages a nationality before them may name a variety of ("American English", "Brazilian Portuguese"); not
# another of them ("French-Spanish").
_LANGUAGES = frozenset("english french german spanish portuguese arabic chinese dutch".split())
# Words after which a list of nationalities goes on: no compound ("French, Spanish and Italian food").
_LIST_GOES_ON = frozenset("and or nor".split())
# Words that take a nationality or a language before them into a compound before a noun.
_COMPOUND_ENDS = frozenset("language speaking".split())


def nationality_joins(words: Sequence[str], punct: Sequence[str], case: Sequence[str]) -> List[str]:
    """``punct`` with a hyphen between two nationalities that the tagger capitalizes ("French-Spanish",
    "Japanese-American"; also over a comma the tagger put between them), and between a nationality or language
    and "language" or "speaking" before the noun they describe ("English-language films")."""
    out = list(punct)
    lowered = [w.lower() for w in words]
    n = len(words)
    for i in range(n - 2):
        first, second, after = lowered[i], lowered[i + 1], lowered[i + 2]
        if first not in NATIONALITIES or out[i] not in ("O", "COMMA", JOIN) or case[i] != "CAPITAL":
            continue
        if i and lowered[i - 1] in NATIONALITIES and punct[i - 1] == "COMMA":
            continue  # a list of them: "French, Spanish, Italian food"
        if second in _COMPOUND_ENDS:
            if (out[i] != "COMMA" and out[i + 1] == "O" and case[i + 1] == "LOWER" and after.isalpha()
                    and after not in NO_NOUN_AFTER):  # not in a name: "the Asian Language Department"
                out[i] = JOIN
        elif (second in NATIONALITIES and second != first and case[i + 1] == "CAPITAL"
              and (second not in _LANGUAGES or first in _LANGUAGES) and out[i + 1] not in SENTENCE_END
              and out[i + 1] != "COMMA" and after not in _LIST_GOES_ON):
            out[i] = JOIN
    return out
