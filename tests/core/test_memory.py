"""The C heap under inference: freed memory goes back to the system between batches, the thresholds are tuned once."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.memory import release_free_memory


def test_release_free_memory_is_safe_to_call_repeatedly() -> None:
    for _ in range(3):
        release_free_memory()


def test_many_batches_give_the_same_labels_as_one(tiny_model_path) -> None:
    """The trim between batches changes nothing in the output (small batches force many of them)."""
    from spacy_u2tf.core.tagger import Tagger

    tagger = Tagger.load(tiny_model_path / "tagger")
    docs = [("so we met at five on tuesday and then we left " * 30).split()] * 3
    assert tagger.predict(docs, batch_size=2) == tagger.predict(docs, batch_size=64)


_ALLOCATE = """
import ctypes, json
from spacy_u2tf.core.memory import _libc, tune_allocator

class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]

libc = _libc()
libc.mallinfo2.restype = MallInfo2
libc.malloc.restype = ctypes.c_void_p
tuned = tune_allocator()
again = tune_allocator()
before = libc.mallinfo2().hblkhd
block = libc.malloc(20 * 2 ** 20)
mapped = libc.mallinfo2().hblkhd - before
libc.free(ctypes.c_void_p(block))
print(json.dumps({"tuned": tuned, "again": again, "mapped": mapped}))
"""


def _allocate(**env: str) -> dict:
    import json
    import os
    import subprocess
    import sys

    from spacy_u2tf.core.memory import _libc

    libc = _libc()
    if libc is None or not hasattr(libc, "mallinfo2") or not hasattr(libc, "mallopt"):
        pytest.skip("needs glibc 2.33+ (mallopt, mallinfo2)")
    clean = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_") and k != "U2TF_TUNE_MALLOC"}
    proc = subprocess.run([sys.executable, "-c", _ALLOCATE], env={**clean, **env}, capture_output=True, text=True,
                          check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_tuned_allocator_serves_a_20_mb_buffer_from_the_heap() -> None:
    assert _allocate() == {"tuned": True, "again": True, "mapped": 0}


@pytest.mark.parametrize("env", [{"U2TF_TUNE_MALLOC": "0"}, {"MALLOC_TOP_PAD_": "1048576"},
                                 {"MALLOC_MMAP_THRESHOLD_": "131072"}])
def test_allocator_left_alone_when_switched_off_or_already_set(env) -> None:
    """glibc's default maps a 20 MB block (above its initial 128 KB threshold); a user's own setting wins."""
    got = _allocate(**env)
    assert not got["tuned"] and got["mapped"] >= 20 * 2 ** 20
