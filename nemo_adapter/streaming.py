"""A stand-in for NeMo's ``AlignmentPreservingInverseNormalizer`` in streaming inference pipelines."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from spacy_u2tf.core.api import U2TF

Alignment = List[Tuple[List[int], List[int], str]]


class U2TFInverseNormalizer:
    """NeMo's alignment-preserving ITN interface, backed by the two-stage formatter."""

    def __init__(self, model: Union[str, U2TF, None] = None, *, device: str = "cpu", batch_size: int = 64,
                 **options: Any) -> None:
        self.u2tf = model if isinstance(model, U2TF) else U2TF.from_pretrained(
            model, device=device, batch_size=batch_size, written_input="ignore", **options)

    def get_word_alignment(self, text: str, sep: str = " ") -> Tuple[List[str], List[str], Alignment]:
        """(input words, output words, [(input indices, output indices, class)]) for one text."""
        words = [w for w in text.split(sep) if w.strip()] if sep != " " else text.split()
        result = self.u2tf.process(words)
        alignment = [(list(g.source), list(g.target), g.cls) for g in result.groups]
        return result.spoken, result.words, alignment

    def inverse_normalize_list(self, texts: Sequence[str], params: Optional[Dict[str, Any]] = None) -> List[str]:
        """Formatted texts (``params`` is accepted for interface compatibility; ``batch_size`` is honoured)."""
        batch_size = (params or {}).get("batch_size")
        return [r.text for r in self.u2tf.process_batch(list(texts), batch_size=batch_size)]

    def inverse_normalize(self, text: str, verbose: bool = False) -> str:
        return self.u2tf.format(text)
