"""benchmarks/calibrate_thresholds.py: each --data file keeps its own entry in the report."""
from __future__ import annotations

from pathlib import Path

import pytest


def test_files_of_one_name_are_told_apart_by_their_folder(repo_script):
    m = repo_script("benchmarks/calibrate_thresholds.py", "calibrate_thresholds")
    paths = [Path("a/calib.examples.jsonl"), Path("b/calib.examples.jsonl"), Path("c/wiki.examples.jsonl")]
    assert m.report_names(paths) == ["a/calib.examples.jsonl", "b/calib.examples.jsonl", "wiki.examples.jsonl"]
    with pytest.raises(ValueError, match="twice"):
        m.report_names([Path("a/x.jsonl"), Path("a/x.jsonl")])


def test_on_own_scores_a_threshold_within_the_models_table(repo_script):
    """``--on-own``: a HYPHEN threshold is scored with the model's HYPHEN_NAMES in force (a weak hyphen between two
    capitalized words is held back), and its baseline is the model's table, not the argmax."""
    m = repo_script("benchmarks/calibrate_thresholds.py", "calibrate_thresholds")
    labels = {"punct": ("O", "COMMA", "HYPHEN"), "case": ("LOWER", "CAPITAL")}
    pred = {"punct": ["HYPHEN", "HYPHEN", "O"], "case": ["CAPITAL", "CAPITAL", "LOWER"],
            "punct_probs": [[0.3, 0.05, 0.65], [0.3, 0.05, 0.65], [1.0, 0.0, 0.0]],
            "case_probs": [[0.1, 0.9], [0.1, 0.9], [0.9, 0.1]]}
    own = {"punct": {"HYPHEN": 0.5, "HYPHEN_NAMES": 0.9}}
    assert m.relabel(pred, labels, own, "punct", "HYPHEN", 0.6) == ["HYPHEN", "HYPHEN", "O"]
    assert m.relabel(pred, labels, own, "punct", "HYPHEN", 0.6, on_own=True) == ["O", "HYPHEN", "O"]
    assert m.relabel(pred, labels, own, "punct", "HYPHEN", 0.7, on_own=True) == ["O", "O", "O"]
    assert m.relabel(pred, labels, own, "punct", "HYPHEN", None, on_own=True) == ["O", "HYPHEN", "O"]
    assert m.relabel(pred, labels, own, "punct", "HYPHEN", None) == pred["punct"]
    assert m.relabel(pred, labels, own, "punct", "HYPHEN_NAMES", 0.6) == ["HYPHEN", "HYPHEN", "O"]
    assert m.relabel(pred, labels, own, "punct", "HYPHEN_NAMES", None) == ["HYPHEN", "HYPHEN", "O"]


def test_a_repeated_reparandum_threshold_is_scored_on_the_models_table(repo_script):
    """``disfl:REPARANDUM_REPEATED`` is scored with the model's REPARANDUM threshold in force; its baseline is that
    table with the repetition threshold off."""
    m = repo_script("benchmarks/calibrate_thresholds.py", "calibrate_thresholds")
    labels = {"disfl": ("O", "FILLER", "REPARANDUM")}
    pred = {"disfl": ["REPARANDUM", "O", "O"], "disfl_probs": [[0.4, 0.0, 0.6], [0.9, 0.0, 0.1], [1.0, 0.0, 0.0]]}
    own = {"disfl": {"REPARANDUM": 0.85, "REPARANDUM_REPEATED": 0.3}}
    words = ["i", "i", "think"]
    assert m.relabel(pred, labels, own, "disfl", "REPARANDUM_REPEATED", None, words=words) == ["O", "O", "O"]
    assert m.relabel(pred, labels, own, "disfl", "REPARANDUM_REPEATED", 0.5, words=words) == [
        "REPARANDUM", "O", "O"]
    assert m.relabel(pred, labels, own, "disfl", "REPARANDUM_REPEATED", 0.7, words=words) == ["O", "O", "O"]
