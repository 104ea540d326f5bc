"""One training example: spoken words, their stage-1 labels, and the span pairs for stage 2."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from ..core.assemble import Assembled, SpanRewrite, assemble


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
    ``"mixed"``. ``disfl`` (optional) labels fillers and reparanda; words inserted into the spoken side only
    (:mod:`.disfluency`) have the label ``"-"`` (no target) in ``punct``, ``case`` and ``itn``.
    """

    written: str
    spoken: List[str]
    punct: List[str]
    case: List[str]
    itn: List[str]
    spans: List[SpanPair] = field(default_factory=list)
    source: str = ""
    disfl: Optional[List[str]] = None  # disfluency labels (O FILLER REPARANDUM); None: not annotated

    def rewrites(self) -> List[SpanRewrite]:
        return [SpanRewrite(s.start, s.end, s.cls, s.written) for s in self.spans]

    def assemble(self) -> Assembled:
        """Apply this example's own labels and span pairs to its spoken words."""
        return assemble(self.spoken, self.punct, self.case, self.rewrites())

    def round_trips(self) -> bool:
        return self.assemble().text == self.written

    def to_dict(self) -> Dict[str, Any]:
        return {
            "written": self.written,
            "spoken": self.spoken,
            "punct": self.punct,
            "case": self.case,
            "itn": self.itn,
            "spans": [[s.start, s.end, s.cls, s.written] for s in self.spans],
            "source": self.source,
            **({"disfl": self.disfl} if self.disfl is not None else {}),
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
            disfl=list(d["disfl"]) if d.get("disfl") is not None else None,
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, line: str) -> "Example":
        return cls.from_dict(json.loads(line))
