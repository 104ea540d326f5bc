"""NeMo adapter: format NeMo ASR ``transcribe()`` output with spacy-u2tf and keep word timestamps right.

NeMo itself is optional and imported lazily; everything here also works on plain strings and on any object
with ``text`` and ``timestamp`` attributes shaped like NeMo's ``Hypothesis``.
"""
from __future__ import annotations

from typing import Any

__all__ = ["U2TFPostProcessor", "U2TFPostProcessorConfig", "U2TFInverseNormalizer", "U2TFStreamingPostProcessor",
           "retime_words", "rebuild_segments", "format_manifest"]


def __getattr__(name: str) -> Any:
    if name in ("U2TFPostProcessor", "U2TFPostProcessorConfig", "format_manifest"):
        from . import postprocessor

        return getattr(postprocessor, name)
    if name == "U2TFInverseNormalizer":
        from .streaming import U2TFInverseNormalizer

        return U2TFInverseNormalizer
    if name == "U2TFStreamingPostProcessor":
        from .hypothesis_stream import U2TFStreamingPostProcessor

        return U2TFStreamingPostProcessor
    if name in ("retime_words", "rebuild_segments"):
        from . import timestamps

        return getattr(timestamps, name)
    raise AttributeError(name)
