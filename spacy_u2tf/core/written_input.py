"""Input that is already written: how it is recognised, and what ``written_input="normalize"`` may change.

Normalizing reads already-written text as words to format again, one spoken word per written word, and may change
only what the model predicts about a *plain* word: its case and the ``,`` ``.`` ``?`` after it. A plain word is
letters (any script, with their combining marks and inner apostrophes), lowercase or capitalized, with at most one
of those marks at its end. Every other token (digits, symbols, brackets, emails, fractions, emoji, all-caps and
mixed-case words, a word ending in ``!``, ``;`` or ``:``) is kept verbatim, its own punctuation included, and
never goes to stage 2, so no character but a plain word's case and marks can change.

Spoken words with too few marks to read as written may still carry a ``,`` ``.`` or ``?`` typed after a word
(:func:`typed_marks`): the mark is kept where it was typed, and the word is read as spoken.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from .labels import MARK_TO_PUNCT, case_label

WRITTEN_INPUT_MODES = ("normalize", "passthrough", "ignore")
WRITTEN_CLASS = "written"  # a kept written token: a verbatim span, never converted
_WRITTEN_MARKS = re.compile(r"[A-Z0-9$€£%@]|[,.?!;:](?:\s|$)")


def looks_written(words: Sequence[str]) -> bool:
    """True when text already looks formatted: capitals, digits, symbols or punctuation on many words."""
    if not words:
        return False
    marked = sum(1 for w in words if _WRITTEN_MARKS.search(w))
    return marked >= max(2, 0.15 * len(words)) or (len(words) <= 3 and marked > 0)


def all_capitals(words: Sequence[str]) -> bool:
    """True for a transcript written all in capitals ("HELLO HOW ARE YOU", as some recognizers write): at least
    three words of two letters or more, and no lowercase letter anywhere. Such text is read as spoken."""
    if any(ch.islower() for word in words for ch in word):
        return False
    return sum(1 for word in words if sum(ch.isalpha() for ch in word) >= 2) >= 3


def typed_case(words: Sequence[str]) -> bool:
    """True when a token was typed with capitals no case label of a plain word gives ("U.S.", "NASA", "iPhone"):
    such a token is kept as typed, as in written input, rather than cased again."""
    return any(word != word.lower() and plain_word(word) is None for word in words)


def _letters(text: str) -> bool:
    """Letters of any script with their combining marks and inner apostrophes (``don't``, ``नमस्ते``)."""
    if not text or not unicodedata.category(text[0]).startswith("L"):
        return False
    return all(unicodedata.category(ch)[0] in "LM" or (ch == "'" and i + 1 < len(text))
               for i, ch in enumerate(text))


def plain_word(word: str) -> Optional[str]:
    """The spoken form of a plain written word (``"Hello,"`` → ``"hello"``), or ``None`` for a token to keep."""
    core = word[:-1] if word[-1:] in MARK_TO_PUNCT else word
    if not _letters(core) or case_label(core) not in ("LOWER", "CAPITAL"):
        return None
    return core.lower()


@dataclass
class SpokenForm:
    """Written words read for the tagger: ``words`` (one per written word) and the tokens ``kept`` verbatim,
    by word index."""

    words: List[str]
    kept: Dict[int, str] = field(default_factory=dict)


def spoken_form(words: Sequence[str]) -> SpokenForm:
    """Plain words lowercased without their final mark; every other token kept (the tagger reads it lowercased)."""
    form = SpokenForm([])
    for i, word in enumerate(words):
        spoken = plain_word(word)
        if spoken is None:
            form.kept[i] = word
            spoken = word.lower()
        form.words.append(spoken)
    return form


class TypedToken(str):
    """A token typed among spoken words ("we met at NASA we built"): kept as typed, but with no punctuation typed
    around it, the mark after it is the tagger's."""


def typed_tokens(words: Sequence[str]) -> SpokenForm:
    """:func:`spoken_form` of spoken words among which some were typed (:func:`typed_case`), their kept tokens
    :class:`TypedToken`."""
    form = spoken_form(words)
    form.kept = {i: TypedToken(token) for i, token in form.kept.items()}
    return form


def kept_punct(token: str, predicted: str) -> str:
    """The punctuation label a kept token already carries (its own final ``,`` ``.`` ``?``), so none is added;
    a :class:`TypedToken` without one takes the tagger's ``predicted`` label. The dot of an abbreviation ("U.S.",
    "p.m.") ends a sentence only where the tagger predicted one."""
    if token.endswith(".") and "." in token[:-1].strip("."):
        return "PERIOD" if predicted in ("PERIOD", "QUESTION") else "O"
    own = MARK_TO_PUNCT.get(token[-1:])
    return own or (predicted if isinstance(token, TypedToken) else "O")


class TypedMark(str):
    """A ``,`` ``.`` or ``?`` typed right after a spoken word ("nine," in "nineteen ninety nine, then lost"), kept by
    the word's index: the word is read without it and may be converted with the words before it, the mark follows
    whatever they are written as, and no number phrase runs on past it."""


def typed_marks(words: Sequence[str], kept: Optional[Mapping[int, str]] = None) -> Tuple[List[str], Dict[int, str]]:
    """``words`` without the final mark typed after letters or digits, and those marks by word index
    (:class:`TypedMark`); a token of ``kept`` and one such as "p.m." or "example.com." stay as they are."""
    kept = kept or {}
    spoken: List[str] = []
    marks: Dict[int, str] = {}
    for i, word in enumerate(words):
        core = word[:-1]
        if i not in kept and word[-1:] in MARK_TO_PUNCT and (_letters(core) or core.isdigit()):
            spoken.append(core)
            marks[i] = TypedMark(word[-1])
        else:
            spoken.append(word)
    return spoken, marks


__all__ = ["WRITTEN_INPUT_MODES", "WRITTEN_CLASS", "looks_written", "plain_word", "spoken_form", "SpokenForm",
           "kept_punct", "all_capitals", "typed_case", "typed_tokens", "TypedToken", "typed_marks", "TypedMark"]
