"""Formatting on several CPU cores: forked worker processes share the loaded model and take one batch each.

One process per core beats one process with a thread per core here: each worker runs torch on one thread (see
:mod:`.threads`), so small matrix products never wait on each other, and the Python around the two stages
(windows, spans, assembly) runs on every core instead of one.
"""
from __future__ import annotations

import multiprocessing
import os
import threading
from pathlib import Path
from typing import Any, Iterable, Iterator, List, Optional, Sequence, Tuple

from .guard_stats import GuardStats

_model: Optional[Any] = None  # the formatter the next forked pool inherits
_fork_lock = threading.Lock()


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity, which containers and ``taskset`` narrow), not the
    machine's count."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity outside Linux
        return os.cpu_count() or 1


def idle_cores(loadavg: str = "/proc/loadavg") -> int:
    """The cores this process may use (:func:`available_cores`) less those other processes are running on right
    now (the runnable count of ``loadavg``, this process excluded), at least 1: torch threads beyond that wait on
    busy cores and slow every parallel region down. Without ``loadavg`` (outside Linux): :func:`available_cores`."""
    cores = available_cores()
    try:
        running = int(Path(loadavg).read_text().split()[3].split("/")[0])
    except (OSError, IndexError, ValueError):
        return cores
    return max(1, min(cores, cores - (running - 1)))


def resolve_processes(n_process: int) -> int:
    """``n_process`` as a count: ``-1`` is every core this process may use (as in spaCy's ``nlp.pipe``);
    otherwise at least 1."""
    if isinstance(n_process, bool) or not isinstance(n_process, int):
        raise TypeError(f"n_process must be an int, got {type(n_process).__name__}")
    if n_process == -1:
        return available_cores()
    if n_process < 1:
        raise ValueError(f"n_process must be -1 (every core) or at least 1, got {n_process}")
    return n_process


def _work(batch: Sequence[Any]) -> Tuple[List[Any], GuardStats]:
    model = _model
    assert model is not None, "worker forked without a model"
    before = model.stats.copy()
    results = model.process_batch(batch)
    return results, model.stats.since(before)


def map_batches(model: Any, batches: Iterable[Sequence[Any]], n_process: int = 1) -> Iterator[List[Any]]:
    """``model.process_batch`` over ``batches``, in order, on ``n_process`` processes (``-1``: every core).

    Workers are forked, so they start without reloading weights; their guard counters (``stats``, a
    :class:`.guard_stats.GuardStats`) are added to ``model``'s. An error in a worker is
    raised while iterating. Needs a CPU model and the ``fork`` start method (Linux, macOS): a ``ValueError`` says
    so at the call, before any batch is read. Torch runs one thread per worker; an ONNX Runtime tagger keeps its session's threads.
    """
    n_process = resolve_processes(n_process)
    if n_process == 1:
        return (model.process_batch(batch) for batch in batches)
    if model.tagger.device.type != "cpu":
        raise ValueError("n_process > 1 is for CPU (a forked process cannot use its parent's CUDA context); on a "
                         "GPU use one process and a larger batch_size")
    if "fork" not in multiprocessing.get_all_start_methods():
        raise ValueError("n_process > 1 needs the 'fork' start method, which this platform lacks; use n_process=1")
    return _forked(model, batches, n_process)


def _forked(model: Any, batches: Iterable[Sequence[Any]], n_process: int) -> Iterator[List[Any]]:
    global _model
    with _fork_lock:
        _model = model
        try:
            pool = multiprocessing.get_context("fork").Pool(n_process)
        finally:
            _model = None
    with pool:
        for results, stats in pool.imap(_work, batches):
            model.stats.add(stats)
            yield results
