"""``u2tf bench`` end to end on a tiny random model and a small written file (plumbing, not speed)."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from spacy_u2tf.bench import run_bench, write_report

WRITTEN = [
    "Hello, how are you? I paid $12.50 for 3 books on March 5th, 2021.",
    "Call me at 555-0199 tomorrow. The meeting is at 10:30 a.m. in Room 4.",
    "We sold 1,500 units in 2020. That's about 25% more than last year!",
]


def test_bench_report_on_tiny_model(tiny_model_path: Path, tmp_path: Path) -> None:
    dev = tmp_path / "dev.txt"
    dev.write_text("\n".join(WRITTEN * 4) + "\n")
    args = argparse.Namespace(model=str(tiny_model_path), dev=[dev], limit=None, utterances=5, no_nemo=True,
                              sizes=[200, 1000], variants=["fp32", "int8"], precision_limit=4)
    result = run_bench(args)
    assert set(result["throughput_u2tf"]) == {"batch_1", "batch_8", "batch_64"}
    assert all(v > 0 for v in result["throughput_u2tf"].values())
    assert result["latency_u2tf"]["p50_ms"] <= result["latency_u2tf"]["p95_ms"]
    assert set(result["scaling"]) == {"200", "1000"}
    assert all(v["words_out"] > 0 for v in result["scaling"].values())
    assert set(result["precision"]) == {"fp32", "int8"}
    assert "u2tf" in result["accuracy"]["dev.txt"] and "nemo" not in json.dumps(result["accuracy"])
    report = write_report(result, tmp_path / "report", "u2tf bench --test")
    text = report.read_text()
    for heading in ("## Latency", "## Throughput by batch size", "## Two-stage vs full seq2seq", "## Scaling",
                    "## Accuracy", "## Precision"):
        assert heading in text
    assert (tmp_path / "report" / "bench_scaling.png").stat().st_size > 0
