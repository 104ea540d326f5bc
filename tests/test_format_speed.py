"""benchmarks/format_speed.py: words per second over saved examples, counted on their spoken words."""
from __future__ import annotations

import json


def test_counts_the_spoken_words_and_times_each_pass(repo_script, tiny_model_path, tmp_path):
    m = repo_script("benchmarks/format_speed.py", "format_speed")
    examples = tmp_path / "dev.examples.jsonl"
    docs = [["so", "we", "met", "on", "monday"], ["thank", "you", "very", "much"]]
    examples.write_text("".join(json.dumps({"written": "", "spoken": d}) + "\n" for d in docs))
    report = m.measure(examples, str(tiny_model_path), "fp32", repeats=2)
    assert report["documents"] == 2 and report["words"] == 9
    assert len(report["words_per_s"]) == 2 and report["best"] == max(report["words_per_s"]) > 0
