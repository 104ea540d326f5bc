"""spaCy extension attributes (all prefixed ``u2tf_``), installed idempotently."""
from __future__ import annotations

from spacy.tokens import Doc, Span, Token

TOKEN_ATTRS = ("u2tf_punct", "u2tf_case", "u2tf_itn", "u2tf_disfluency")
DOC_ATTRS = ("u2tf_written", "u2tf_spoken", "u2tf_alignment", "u2tf_error")
SPAN_ATTRS = ("u2tf_written",)
SPANS_KEY = "u2tf"


def install_extensions() -> None:
    """Register the ``u2tf_`` extensions on Token, Doc and Span (safe to call many times)."""
    for cls, names in ((Token, TOKEN_ATTRS), (Doc, DOC_ATTRS), (Span, SPAN_ATTRS)):
        for name in names:
            if not cls.has_extension(name):
                cls.set_extension(name, default=None)
