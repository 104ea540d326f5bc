"""``U2TF.pipe``: lazy, ordered formatting of a stream, on forked worker processes when asked."""
from __future__ import annotations

import itertools
import os

import pytest

from spacy_u2tf.core.api import U2TF, batched
from spacy_u2tf.core.parallel import map_batches, resolve_processes

DOCS = ["so we met at five thirty on monday", "hello there how are you", "", "i paid twenty dollars for two books",
        "Hello, World. I paid $5.", "call me at five five five one two three four"] * 5


@pytest.fixture(scope="module")
def model(tiny_model_path) -> U2TF:
    return U2TF.from_pretrained(tiny_model_path)


@pytest.mark.parametrize("n_process", [1, 2])
def test_pipe_gives_process_batch_results_in_order(model, n_process) -> None:
    before = model.spans_converted
    expected = [r.to_dict() for r in model.process_batch(DOCS)]
    middle = model.spans_converted
    got = [r.to_dict() for r in model.pipe(iter(DOCS), batch_size=4, n_process=n_process)]
    assert got == expected
    assert model.spans_converted - middle == middle - before  # the workers' counts reach the parent


def test_pipe_is_lazy(model) -> None:
    """Only the batches asked for are read: an endless stream can be formatted piece by piece."""
    endless = itertools.cycle(["hello there how are you"])
    assert len(list(itertools.islice(model.pipe(endless, batch_size=3), 7))) == 7


def test_worker_errors_reach_the_caller(model) -> None:
    with pytest.raises(TypeError, match="words must be strings"):
        list(model.pipe(["hello there", ["a", 5]], batch_size=1, n_process=2))


@pytest.mark.parametrize("bad,error", [(0, ValueError), (-2, ValueError), ("2", TypeError), (True, TypeError),
                                       (1.0, TypeError)])
def test_bad_process_counts_are_refused_at_the_call(model, bad, error) -> None:
    with pytest.raises(error, match="n_process"):
        model.pipe(DOCS, n_process=bad)


def test_several_processes_are_refused_on_a_gpu(model, monkeypatch) -> None:
    import torch

    monkeypatch.setattr(model.tagger, "device", torch.device("cuda"))
    with pytest.raises(ValueError, match="for CPU"):
        model.pipe(DOCS, n_process=2)


def test_every_core_and_bad_inputs(model) -> None:
    assert resolve_processes(-1) >= 1
    with pytest.raises(TypeError, match="iterable of documents"):
        model.pipe("one string")
    with pytest.raises(ValueError, match="batch size"):
        list(batched(DOCS, 0))
    assert list(map_batches(model, [], 2)) == []


def test_batched_keeps_every_item_in_order() -> None:
    assert list(batched(range(7), 3)) == [[0, 1, 2], [3, 4, 5], [6]]
    assert list(batched([], 3)) == []


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_forked_children_run_without_tokenizer_or_torch_threads(model, monkeypatch) -> None:
    """NeMo sets ``TOKENIZERS_PARALLELISM=True`` on import; a forked worker that then encodes a batch waits forever
    on the parent's Rayon pool (seen in the full test run). The fork hook turns both thread pools off in the child."""
    import torch

    monkeypatch.setenv("TOKENIZERS_PARALLELISM", "True")
    model.process_batch(["some words the parent encodes with its thread pool"])
    pid = os.fork()
    if pid == 0:  # child: report through the exit code, never return into pytest
        ok = os.environ.get("TOKENIZERS_PARALLELISM") == "false" and torch.get_num_threads() == 1
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


def test_idle_cores_leaves_out_cores_other_processes_run_on(tmp_path) -> None:
    from spacy_u2tf.core.parallel import available_cores, idle_cores

    cores = available_cores()
    loadavg = tmp_path / "loadavg"
    loadavg.write_text("0.50 0.40 0.30 1/300 12345\n")  # only this process runs
    assert idle_cores(str(loadavg)) == cores
    loadavg.write_text(f"9.0 9.0 9.0 {cores + 5}/300 12345\n")  # every core busy elsewhere
    assert idle_cores(str(loadavg)) == 1
    assert idle_cores(str(tmp_path / "missing")) == cores
