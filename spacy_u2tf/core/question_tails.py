"""What the tagger splits off the end of a question: "would you like to order now madam" is "...now, madam?", not
"...now? Madam?", and "do you go hiking often" "...hiking often?", not "...hiking? Often?".

The tagger sometimes ends a question one word early and makes the word after it a question of its own. Where that
word can only finish the sentence before it, the two are one: a term that only addresses the listener ("sir",
"madam", "honey"), or a courtesy title and a name, is the question's vocative, after a comma; an adverb or a
reflexive that ends clauses ("often", "yourself", "exactly") goes on the question with no mark.
:func:`question_tails` changes the punctuation and case labels so.
"""
from __future__ import annotations

from typing import List, Sequence, Tuple

from .labels import SENTENCE_END

# Words that only address the listener: said alone after a question, they are its vocative, never an answer.
_ADDRESS_TERMS = frozenset("sir madam ma'am maam miss honey darling sweetheart sweetie".split())
_COURTESY = frozenset("mister mr mr. mrs mrs. misses missus ms ms. miss".split())
# Words that end a clause and never ask a question alone: "Often?" after a question is the question's own last word.
_CLAUSE_ENDS = frozenset("""
often best yourself myself himself herself itself ourselves yourselves themselves though too either anyway instead
lately recently yet already ago together alone exactly again
""".split())
_TAILS = _ADDRESS_TERMS | _CLAUSE_ENDS


def question_tails(words: Sequence[str], punct: Sequence[str], case: Sequence[str]) -> Tuple[List[str], List[str]]:
    """``punct`` and ``case`` with a question and the sentence of one word (or a courtesy title and a name) the
    tagger made of its end joined again: the tagger's "order now? Madam?" is "order now, madam?", "what's the
    problem? Ms. Murphy?" "what's the problem, Ms. Murphy?", "do you go hiking? Often?" "do you go hiking often?".

    Only words that never answer a question qualify: a name alone after a question is as often its answer ("Who
    were you playing? Mike."), and so is "Now?" or "Really?".
    """
    out_punct, out_case = list(punct), list(case)
    lowered = [w.lower() for w in words]
    ends = [i for i, label in enumerate(punct) if label in SENTENCE_END]
    for before, end in zip(ends, ends[1:]):
        if punct[before] != "QUESTION" or punct[end] != "QUESTION":
            continue
        said = lowered[before + 1:end + 1]
        if len(said) == 1 and said[0] in _TAILS:
            out_punct[before] = "COMMA" if said[0] in _ADDRESS_TERMS else "O"
            out_case[end] = "LOWER"
        elif (1 < len(said) <= 3 and said[0] in _COURTESY
              and all(case[k] != "LOWER" for k in range(before + 2, end + 1))):
            out_punct[before] = "COMMA"
    return out_punct, out_case
