"""Levenshtein alignment of word sequences and edit distance of strings, in pure Python.

Speed matters because a dev run scores hundreds of long dialogues: the word alignment only runs its dynamic
program between the common prefix and suffix, and :func:`edit_distance` uses the bit-parallel algorithm of
Myers/Hyyrö (a few big-integer operations per symbol of the longer sequence, on integers as wide as the
shorter one), which turns CER over 500 dialogues from minutes into a fraction of a second.
"""
from __future__ import annotations

from typing import Dict, Hashable, List, Optional, Sequence, Tuple

Pair = Tuple[Optional[int], Optional[int]]  # (reference index, hypothesis index); None = deletion/insertion
# Above this many cells (long meetings) the dynamic program runs only between runs of equal words that difflib finds.
MAX_DP_CELLS = 4_000_000


def align(ref: Sequence[str], hyp: Sequence[str], late_insertions: bool = False) -> List[Pair]:
    """Minimum-edit alignment as (ref index, hyp index) pairs in order; ``None`` on one side marks a deletion or
    an insertion. Ties prefer substitution over insertion + deletion; with ``late_insertions`` they prefer the
    alignment whose insertions come last (``600`` vs ``six hundred``: ``600``/``six`` substituted, then
    ``hundred`` inserted), so words a system left over follow the reference word they belong to."""
    n, m = len(ref), len(hyp)
    lo = 0
    while lo < n and lo < m and ref[lo] == hyp[lo]:
        lo += 1
    hi = 0
    while hi < n - lo and hi < m - lo and ref[n - 1 - hi] == hyp[m - 1 - hi]:
        hi += 1
    mid_ref, mid_hyp = ref[lo:n - hi], hyp[lo:m - hi]
    if len(mid_ref) * len(mid_hyp) > MAX_DP_CELLS:
        middle = _align_anchored(mid_ref, mid_hyp, late_insertions)
    else:
        middle = _align_dp(mid_ref, mid_hyp, late_insertions)
    return (
        [(i, i) for i in range(lo)]
        + [(None if r is None else r + lo, None if h is None else h + lo) for r, h in middle]
        + [(n - hi + k, m - hi + k) for k in range(hi)]
    )


def _align_anchored(ref: Sequence[str], hyp: Sequence[str], late_insertions: bool) -> List[Pair]:
    """Align the gaps between difflib's matching blocks (equal runs of at least 3 words) with the dynamic
    program; the blocks themselves are matches. Not always minimal, but linear in practice."""
    from difflib import SequenceMatcher

    pairs: List[Pair] = []
    i = j = 0
    blocks = SequenceMatcher(None, ref, hyp, autojunk=False).get_matching_blocks()
    for a, b, size in blocks:
        if size < 3 and a + size < len(ref):  # short blocks stay inside a gap (the last block is empty)
            continue
        if (a - i) * (b - j) > MAX_DP_CELLS:  # no anchor in a long stretch: deletions, then insertions
            pairs += [(r, None) for r in range(i, a)] + [(None, h) for h in range(j, b)]
        else:
            pairs += [(None if r is None else r + i, None if h is None else h + j)
                      for r, h in _align_dp(ref[i:a], hyp[j:b], late_insertions)]
        pairs += [(a + k, b + k) for k in range(size)]
        i, j = a + size, b + size
    return pairs


def _align_dp(ref: Sequence[str], hyp: Sequence[str], late_insertions: bool = False) -> List[Pair]:
    n, m = len(ref), len(hyp)
    prev = list(range(m + 1))
    back = [[0] * (m + 1) for _ in range(n + 1)]  # 0 substitution/match, 1 deletion, 2 insertion
    for j in range(1, m + 1):
        back[0][j] = 2
    for i in range(1, n + 1):
        cur = [i] + [0] * m
        row = back[i]
        row[0] = 1
        r = ref[i - 1]
        for j in range(1, m + 1):
            sub = prev[j - 1] + (r != hyp[j - 1])
            dele = prev[j] + 1
            ins = cur[j - 1] + 1
            if late_insertions and ins <= sub and ins <= dele:  # the backtrace takes the insertion first
                cur[j], row[j] = ins, 2
            elif sub <= dele and sub <= ins:
                cur[j] = sub
            elif dele <= ins:
                cur[j], row[j] = dele, 1
            else:
                cur[j], row[j] = ins, 2
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


def edit_distance(a: Sequence[Hashable], b: Sequence[Hashable]) -> int:
    """Levenshtein distance between two sequences (strings or word lists).

    Bit-parallel (Hyyrö 2001): bit ``i`` of the vertical delta vectors ``pv``/``mv`` says whether cell
    ``D[i+1][j]`` is one more/one less than ``D[i][j]``; each symbol of ``b`` updates a whole column at once.
    """
    if len(a) < len(b):
        a, b = b, a
    if not b:
        return len(a)
    m = len(b)  # the pattern (bit vectors) is the shorter sequence
    peq: Dict[Hashable, int] = {}
    for i, sym in enumerate(b):
        peq[sym] = peq.get(sym, 0) | (1 << i)
    mask = (1 << m) - 1
    last = 1 << (m - 1)
    pv, mv, score = mask, 0, m
    for sym in a:
        eq = peq.get(sym, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | ~(xh | pv)
        mh = pv & xh
        if ph & last:
            score += 1
        elif mh & last:
            score -= 1
        ph = (ph << 1) | 1  # row 0 of a global distance grows by one per column
        mh <<= 1
        pv = (mh | ~(xv | ph)) & mask
        mv = ph & xv & mask
    return score
