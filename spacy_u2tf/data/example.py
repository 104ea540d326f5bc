"""One training example: spoken words, their stage-1 labels, and the span pairs for stage 2."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List

from ..core.assemble import Assembled, SpanRewrite, assemble
from ..core.labels import MIXED_CLASS
from ..core.spans import DEFAULT_CONTEXT, span_input


@dataclass
class SpanPair:
    """Spoken words ``[start, end)`` written as ``written``; ``cls`` is an ITN class or ``"mixed"``."""

    start: int
    end: int
    cls: str
    written: str


@dataclass
class Example:
    """Cleaned written text and its spoken form with per-word labels.

    ``itn`` is BIO over ITN spans; mixed-case words have case ``MIXED``, ITN ``O`` and a span pair of class
    ``"mixed"``.
    """

    written: str
    spoken: List[str]
    punct: List[str]
    case: List[str]
    itn: List[str]
    spans: List[SpanPair] = field(default_factory=list)
    source: str = ""

    def rewrites(self) -> List[SpanRewrite]:
        return [SpanRewrite(s.start, s.end, s.cls, s.written) for s in self.spans]

    def assemble(self) -> Assembled:
        """Apply this example's own labels and span pairs to its spoken words."""
        return assemble(self.spoken, self.punct, self.case, self.rewrites())

    def round_trips(self) -> bool:
        return self.assemble().text == self.written

    def span_pairs(self, context: int = DEFAULT_CONTEXT) -> List[Dict[str, str]]:
        """Stage-2 pairs: spoken span with context → written span."""
        return [
            {"input": span_input(self.spoken, s.start, s.end, context), "output": s.written, "cls": s.cls}
            for s in self.spans
        ]

    @property
    def itn_spans(self) -> List[SpanPair]:
        return [s for s in self.spans if s.cls != MIXED_CLASS]

    def to_dict(self) -> Dict[str, Any]:
        return {
            "written": self.written,
            "spoken": self.spoken,
            "punct": self.punct,
            "case": self.case,
            "itn": self.itn,
            "spans": [[s.start, s.end, s.cls, s.written] for s in self.spans],
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Example":
        return cls(
            written=d["written"],
            spoken=list(d["spoken"]),
            punct=list(d["punct"]),
            case=list(d["case"]),
            itn=list(d["itn"]),
            spans=[SpanPair(*s) for s in d.get("spans", [])],
            source=d.get("source", ""),
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, line: str) -> "Example":
        return cls.from_dict(json.loads(line))
