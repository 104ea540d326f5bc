"""Word-level Levenshtein alignment between hypothesis and reference word sequences."""
from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

Pair = Tuple[Optional[int], Optional[int]]  # (reference index, hypothesis index); None = deletion/insertion


def align(ref: Sequence[str], hyp: Sequence[str]) -> List[Pair]:
    """Minimum-edit alignment; ties prefer substitution over insertion+deletion."""
    n, m = len(ref), len(hyp)
    # Banded DP would be faster for long texts; full DP over 500-word dialogues is quick enough.
    prev = list(range(m + 1))
    back = [[0] * (m + 1) for _ in range(n + 1)]
    for j in range(1, m + 1):
        back[0][j] = 2
    for i in range(1, n + 1):
        cur = [i] + [0] * m
        back[i][0] = 1
        r = ref[i - 1]
        for j in range(1, m + 1):
            sub = prev[j - 1] + (r != hyp[j - 1])
            dele = prev[j] + 1
            ins = cur[j - 1] + 1
            if sub <= dele and sub <= ins:
                cur[j], back[i][j] = sub, 0
            elif dele <= ins:
                cur[j], back[i][j] = dele, 1
            else:
                cur[j], back[i][j] = ins, 2
        prev = cur
    pairs: List[Pair] = []
    i, j = n, m
    while i > 0 or j > 0:
        move = back[i][j]
        if move == 0:
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif move == 1:
            pairs.append((i - 1, None))
            i -= 1
        else:
            pairs.append((None, j - 1))
            j -= 1
    return pairs[::-1]


def edit_distance(a: Sequence, b: Sequence) -> int:
    """Levenshtein distance between two sequences (characters or words)."""
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]
