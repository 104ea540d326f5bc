"""NeMo's WFST inverse normalizer as a baseline system (ITN only: no punctuation, no casing)."""
from __future__ import annotations

from typing import Any, List, Sequence

_ITN: Any = None


def inverse_normalizer() -> Any:
    """The process's NeMo English InverseNormalizer (grammars compiled once, cached on disk)."""
    global _ITN
    if _ITN is None:
        from nemo_text_processing.inverse_text_normalization.inverse_normalize import InverseNormalizer

        from ..data.nemo_backend import cache_dir

        cache_dir().mkdir(parents=True, exist_ok=True)
        _ITN = InverseNormalizer(lang="en", cache_dir=str(cache_dir()))
    return _ITN


class NemoITN:
    """``format_batch`` runs NeMo ITN on each spoken document."""

    name = "nemo-itn"

    def format_batch(self, spoken_docs: Sequence[Sequence[str]]) -> List[str]:
        itn = inverse_normalizer()
        return [itn.inverse_normalize(" ".join(words), verbose=False) if words else "" for words in spoken_docs]
