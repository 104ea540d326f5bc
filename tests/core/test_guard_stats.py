"""Guard counters: one call's share, a worker's counts added, guard fallbacks told from switched-off classes."""
from __future__ import annotations

from collections import Counter

from spacy_u2tf.core.guard_stats import CLASS_DISABLED, GuardStats


def test_since_add_and_guard_fallbacks() -> None:
    stats = GuardStats(Counter({"number changed": 2}), spans_converted=5, digit_retries=1, alternatives=1)
    before = stats.copy()
    stats.fallbacks.update({"number changed": 1, CLASS_DISABLED: 3})
    stats.spans_converted += 4
    stats.alternatives += 2
    stats.narrowed += 1
    call = stats.since(before)
    assert call == GuardStats(Counter({"number changed": 1, CLASS_DISABLED: 3}), 4, 0, 2, 1)
    assert call.guard_fallbacks() == 1 and before.fallbacks == Counter({"number changed": 2})
    before.add(call)
    assert before == stats
