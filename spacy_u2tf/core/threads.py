"""Threads in forked workers: keeps ``nlp.pipe(n_process=...)`` and ``U2TF.pipe(n_process=...)`` from hanging after
torch or the tokenizer ran threads in the parent.

Imported only by the torch modules (:mod:`.tagger`, :mod:`.converter`), never by the spaCy entry point.
"""
from __future__ import annotations

import os
from typing import Optional

import torch

_registered = False


def _one_thread_in_child() -> None:
    torch.set_num_threads(1)
    # The tokenizers library's Rayon pool is gone in a forked child too: once the parent has encoded a batch, the
    # child's next encode_batch waits on it forever (tokenizers' own fork hook only acts when the variable is unset).
    os.environ["TOKENIZERS_PARALLELISM"] = "false"


def register_fork_safety() -> None:
    """Once per process: a forked child runs torch with one intra-op thread and the tokenizer without threads.

    A fork copies none of the parent's OpenMP worker threads; once the parent has run a multi-threaded torch op,
    the child's first parallel region waits forever on the pool it does not have (GNU OpenMP is not fork-safe).
    With one thread torch never enters that pool. The parent's own thread count is left as it is.
    """
    global _registered
    if _registered or not hasattr(os, "register_at_fork"):
        return
    os.register_at_fork(after_in_child=_one_thread_in_child)
    _registered = True


def set_threads(threads: Optional[int] = None) -> int:
    """Run torch on ``threads`` intra-op threads (default: the cores this process may run on that no other process
    is busy on, see :func:`.parallel.idle_cores`); returns the count set."""
    from .parallel import idle_cores

    threads = threads or idle_cores()
    torch.set_num_threads(threads)
    return threads


__all__ = ["register_fork_safety", "set_threads"]
