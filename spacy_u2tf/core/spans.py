"""Stage-2 input text: a span of spoken words with a little read-only context on each side."""
from __future__ import annotations

from typing import Sequence

SPAN_OPEN = "<span>"
SPAN_CLOSE = "</span>"
DEFAULT_CONTEXT = 4


def span_input(words: Sequence[str], start: int, end: int, context: int = DEFAULT_CONTEXT) -> str:
    """``left context <span> words </span> right context`` (spoken, lowercase) for ``words[start:end]``."""
    left = words[max(0, start - context):start]
    right = words[end:end + context]
    return " ".join([*left, SPAN_OPEN, *words[start:end], SPAN_CLOSE, *right])


def span_text(text: str) -> str:
    """The spoken span of a :func:`span_input` string: the words between ``<span>`` and ``</span>``."""
    return text.split(SPAN_OPEN, 1)[-1].split(SPAN_CLOSE, 1)[0].strip()
