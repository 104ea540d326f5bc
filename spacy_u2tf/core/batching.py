"""Length-sorted batches under a padded-token budget, shared by both stages' forward passes on CPU."""
from __future__ import annotations

from typing import Callable, List, Optional, Sequence, TypeVar

T = TypeVar("T")

# Padded tokens per forward pass on CPU: a budget this size beat whole batches of 64 rows per token (activations stay
# in cache, and short rows are not padded to the longest of 64); GPUs want the whole batch at once.
CPU_BATCH_TOKENS = 2048


def budget_batches(items: Sequence[T], length: Callable[[T], int], max_rows: int,
                   max_tokens: Optional[int] = None) -> List[List[T]]:
    """``items`` sorted by ``length`` and cut into batches of at most ``max_rows`` rows and, when ``max_tokens`` is
    set, at most that many tokens counting padding to the batch's longest row (a longer single row stands alone)."""
    batches: List[List[T]] = []
    for item in sorted(items, key=length):
        current = batches[-1] if batches else None
        if (current is None or len(current) >= max_rows
                or (max_tokens and (len(current) + 1) * length(item) > max_tokens)):
            batches.append([item])
        else:
            current.append(item)
    return batches
