"""What the guards on stage 2 did, counted over a formatter's calls: spans sent to the converter, fallbacks by
reason, spans saved by a second try with their spoken digits imposed and spans saved by one of the converter's
next-likeliest outputs (:func:`.guards.convert_checked`) and spans saved by converting them without a word at
their edge (:func:`.number_spans.narrower_spans`)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

CLASS_DISABLED = "class disabled"  # the reason of a span whose class the caller switched off, not a guard's


@dataclass
class GuardStats:
    """Running counts; :meth:`since` gives one call's share, :meth:`add` adds a worker's."""

    fallbacks: Counter = field(default_factory=Counter)  # spans that kept their spoken words, by reason
    spans_converted: int = 0  # spans sent to the converter
    digit_retries: int = 0  # spans saved by a second try with their spoken digits imposed
    alternatives: int = 0  # spans saved by one of the converter's next-likeliest outputs
    narrowed: int = 0  # spans saved by converting them without a word at their edge

    def copy(self) -> "GuardStats":
        return GuardStats(Counter(self.fallbacks), self.spans_converted, self.digit_retries, self.alternatives,
                          self.narrowed)

    def since(self, before: "GuardStats") -> "GuardStats":
        """The counts added after ``before`` (a :meth:`copy` taken earlier)."""
        return GuardStats(self.fallbacks - before.fallbacks, self.spans_converted - before.spans_converted,
                          self.digit_retries - before.digit_retries, self.alternatives - before.alternatives,
                          self.narrowed - before.narrowed)

    def add(self, other: "GuardStats") -> None:
        self.fallbacks.update(other.fallbacks)
        self.spans_converted += other.spans_converted
        self.digit_retries += other.digit_retries
        self.alternatives += other.alternatives
        self.narrowed += other.narrowed

    def guard_fallbacks(self) -> int:
        """Fallbacks a guard caused (spans of switched-off classes left out)."""
        return sum(n for reason, n in self.fallbacks.items() if reason != CLASS_DISABLED)
