"""Give freed heap memory back to the system between tagger batches (glibc only; a no-op elsewhere).

glibc serves the tagger's large activation buffers from its heap and keeps what is freed; with interleaved small
allocations the heap fragments, so peak RSS grew with transcript length (749 MB at 10k words, 814 MB at 50k, though
the batches are the same size). ``malloc_trim(0)`` after each batch returns the free pages: 780 MB at 1k, 10k and
50k words (`u2tf bench`, AMD EPYC).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import functools
from typing import Any, Optional


# Forward passes between trims: a trim costs ~2 ms and the next pass faults its pages back in, ~3% of u2tf-fast's
# time when done after every pass; every 4th still keeps peak memory flat in transcript length.
TRIM_EVERY = 4


@functools.lru_cache(maxsize=None)
def _libc() -> Optional[Any]:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "malloc_trim") else None


def release_free_memory() -> None:
    """Return free heap pages to the system (``malloc_trim(0)``) where the C library has it."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)
