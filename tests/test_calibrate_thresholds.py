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
