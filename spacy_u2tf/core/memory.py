"""The C heap under inference (glibc only; no-ops elsewhere).

glibc serves the tagger's large activation buffers from its heap and keeps what is freed; with interleaved small
allocations the heap fragments, so peak RSS grew with transcript length though the batches are the same size.
``malloc_trim(0)`` after batches returns the free pages and keeps peak memory flat in transcript length.

Between those trims the opposite happens: with glibc's default, adaptive thresholds, buffers of a few hundred KB
are mapped and unmapped, or trimmed off the top of the heap, at every forward pass, and each page faults back in on
first touch. :func:`tune_allocator` fixes both thresholds once per process, which removes those faults; the
explicit trims still keep memory flat in transcript length. docs/results.md has the measurements.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import functools
import os
from typing import Any, Optional


# Forward passes between trims: a trim costs time and the next pass faults its pages back in, so trimming after
# every pass slowed u2tf-fast measurably; every 4th still keeps peak memory flat in transcript length.
TRIM_EVERY = 4
# mallopt parameters (malloc.h) and the values tune_allocator sets: buffers up to glibc's own ceiling for its
# adaptive mmap threshold (32 MiB on 64-bit) come from the heap, and up to 64 MiB of free heap top is kept.
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
MMAP_THRESHOLD = 32 * 2 ** 20
TRIM_THRESHOLD = 64 * 2 ** 20
# Settings through which a user already chose these thresholds (tune_allocator then leaves them alone).
_USER_SETTINGS = ("MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_", "MALLOC_MMAP_MAX_")


@functools.lru_cache(maxsize=None)
def _libc() -> Optional[Any]:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "malloc_trim") else None


@functools.lru_cache(maxsize=None)
def tune_allocator() -> bool:
    """Fix glibc's mmap and trim thresholds for this process (once; see the module docstring). Returns whether it
    did: not without glibc's ``mallopt``, with ``U2TF_TUNE_MALLOC=0``, or where the environment already sets them
    (``MALLOC_*_`` variables or ``glibc.malloc`` tunables)."""
    if os.environ.get("U2TF_TUNE_MALLOC", "1") == "0" or any(k in os.environ for k in _USER_SETTINGS):
        return False
    if "glibc.malloc." in os.environ.get("GLIBC_TUNABLES", ""):
        return False
    libc = _libc()
    if libc is None or not hasattr(libc, "mallopt"):
        return False
    mapped = libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    return bool(mapped) and bool(libc.mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))


def release_free_memory() -> None:
    """Return free heap pages to the system (``malloc_trim(0)``) where the C library has it."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)
