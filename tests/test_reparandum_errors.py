"""benchmarks/reparandum_errors.py: reparandum classes and the kinds of predicted runs."""
from __future__ import annotations

from types import SimpleNamespace


def _example(words: str, disfl: str, inserted: set):
    spoken = words.split()
    labels = [{"R": "REPARANDUM", "F": "FILLER"}.get(c, "O") for c in disfl]
    punct = ["-" if i in inserted else "O" for i in range(len(spoken))]
    return SimpleNamespace(spoken=spoken, disfl=labels, punct=punct)


def test_classes_recall_and_run_kinds(repo_script):
    m = repo_script("benchmarks/reparandum_errors.py", "reparandum_errors")
    assert m.runs(["O", "REPARANDUM", "REPARANDUM", "O", "REPARANDUM"]) == [(1, 3), (4, 5)]
    assert m.event_kind("i i think".split(), 0, 1) == "repetition"
    assert m.event_kind("the red the blue car".split(), 0, 2) == "replacement"
    assert m.event_kind("we should go we must leave now".split(), 0, 3) == "restart"
    # "we we" is a transcript repetition found whole; "the red" a generated replacement found by one word
    # shifted right (a boundary error with one false-positive word); "now" a spurious run.
    ex = _example("we we met the red the blue car now", "ROORROOOO", {3, 4})
    pred = ["REPARANDUM", "O", "O", "O", "REPARANDUM", "REPARANDUM", "O", "O", "REPARANDUM"]
    out = m.breakdown([ex], [pred])
    assert out["gold_words"] == 3
    assert out["recall"] == {"generated/replacement/2": {"words": 2, "recall": 0.5},
                             "transcript/repetition/1": {"words": 1, "recall": 1.0}}
    assert out["predicted_runs"] == {"exact": 1, "exact_false_positive_words": 0, "boundary": 1,
                                     "boundary_false_positive_words": 1, "spurious": 1,
                                     "spurious_false_positive_words": 1}


def test_a_repair_after_an_editing_term_is_classed_by_the_words_after_it(repo_script):
    m = repo_script("benchmarks/reparandum_errors.py", "reparandum_errors")
    assert m.event_kind("we should uh we should go".split(), 0, 2, repair=3) == "repetition"
    assert m.event_kind("we should uh we should go".split(), 0, 2) == "restart"  # without skipping the term
    ex = _example("we should uh we should go", "RRFOOO", {0, 1, 2})
    out = m.breakdown([ex], [["REPARANDUM", "O", "FILLER", "O", "O", "O"]])
    assert out["gold_words"] == 2
    assert out["recall"] == {"generated/editing_term": {"words": 2, "recall": 0.5},
                             "generated/repetition/2": {"words": 2, "recall": 0.5}}
