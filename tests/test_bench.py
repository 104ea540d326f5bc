"""``u2tf bench`` end to end on a tiny random model and a small written file (plumbing, not speed)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from spacy_u2tf.bench import BenchSettings, Targets, run_bench, write_report

WRITTEN = [
    "Hello, how are you? I paid $12.50 for 3 books on March 5th, 2021.",
    "Call me at 555-0199 tomorrow. The meeting is at 10:30 a.m. in Room 4.",
    "We sold 1,500 units in 2020. That's about 25% more than last year!",
]


def test_bench_report_on_tiny_model(tiny_model_path: Path, tmp_path: Path, monkeypatch) -> None:
    import spacy_u2tf.bench as bench

    monkeypatch.setattr(bench, "ABLATION_REPEATS", {400: 2, 1500: 1})  # shorter than the real 400/5,000 words
    monkeypatch.setattr(bench, "ABLATION_ROUNDS", 2)
    dev = tmp_path / "dev.txt"
    dev.write_text("\n".join(WRITTEN * 4) + "\n")
    other = tmp_path / "other-model"
    shutil.copytree(tiny_model_path, other)
    args = BenchSettings(model=str(tiny_model_path), compare=[str(other)], dev=[dev], limit=None, utterances=5,
                         no_nemo=True, sizes=[200, 1000], variants=["fp32", "int8"], precision_limit=4)
    result = run_bench(args)
    main = tiny_model_path.name
    assert result["model"] == main
    assert set(result["throughput_u2tf"]) == {"batch_1", "batch_8", "batch_64"}
    assert all(v > 0 for v in result["throughput_u2tf"].values())
    assert set(result["latency"]) == {main, "other-model"}
    assert all(v["p50_ms"] <= v["p95_ms"] for v in result["latency"].values())
    # The ablation for every model and tagger precision, each with both sides timed and their ratio.
    ablation = result["two_stage_vs_full_seq2seq"]
    assert set(ablation) == {f"{main} fp32", f"{main} int8", "other-model fp32", "other-model int8"}
    for texts in ablation.values():
        assert set(texts) == {"400_words", "1500_words"}
        for v in texts.values():
            assert v["two_stage_s"] > 0 and v["full_seq2seq_s"] > 0
            assert abs(v["ratio"] - v["full_seq2seq_s"] / v["two_stage_s"]) < 0.05 + 0.01 * v["ratio"]
    assert set(result["scaling"]) == {"200", "1000"}
    assert all(v["words_out"] > 0 for v in result["scaling"].values())
    assert set(result["precision"]) == {"fp32", "int8", "other-model fp32", "other-model int8"}
    cores = result["threads"]
    for variant in result["precision"].values():  # one process, and one per core where there are several
        assert set(variant["batch64_words_per_s"]) == {"1_process"} | ({f"{cores}_processes"} if cores > 1 else set())
        assert all(v > 0 for v in variant["batch64_words_per_s"].values())
    assert set(result["accuracy"]["dev.txt"]) == {main, "other-model"}
    assert "nemo" not in json.dumps(result["accuracy"])
    report = write_report(result, tmp_path / "report", "u2tf bench --test")
    text = report.read_text()
    assert f"| {main} int8 | 400_words |" in text
    for heading in ("## Latency", "## Throughput by batch size", "## Two-stage vs full seq2seq", "## Scaling",
                    "## Accuracy", "## Precision"):
        assert heading in text
    assert (tmp_path / "report" / "bench_scaling.png").stat().st_size > 0
    # With NeMo: its words/s on the utterances (what the multiples divide by) and on the timed dialogues.
    result["nemo_itn_words_per_s"] = {"1_process": 1300.0, "2_processes": 2500.0}
    result["nemo_itn_documents_words_per_s"] = 2250.0
    for n, variant in enumerate(result["precision"].values()):
        variant["x_nemo_itn"], variant["x_nemo_itn_same_documents"] = 10.0 + n, 11.1 + n
    text = write_report(result, tmp_path / "report", "u2tf bench --test").read_text()
    assert "2 processes: 2500.0" in text and "one process per core: 2250.0 words/s" in text
    assert "× NeMo ITN: fp32 10.0×" in text and "× NeMo ITN on the same dialogues: fp32 11.1×" in text
    assert "## Targets" not in text  # goals come from the caller only
    goals = Targets(words_per_s=1, x_nemo=10, x_full_seq2seq=1000)
    text = write_report(result, tmp_path / "report", "u2tf bench --test", goals).read_text()
    assert "## Targets" in text and "| full pipeline ≥ 1 words/s at batch 64 |" in text


def _variant(words_per_s: float, x_nemo: float, per: float, iwer: float) -> dict:
    return {"batch64_words_per_s": {"1_process": words_per_s / 2, "2_processes": words_per_s}, "x_nemo_itn": x_nemo,
            "PER": per, "I-WER": iwer}


def test_targets_count_only_variants_more_accurate_than_nemo() -> None:
    from spacy_u2tf.bench import targets

    goals = Targets(words_per_s=3000, x_nemo=10, x_full_seq2seq=10)

    result = {
        "precision": {"fp32": _variant(2800, 2.2, 0.33, 0.27), "int8": _variant(14000, 11.0, 0.36, 0.80)},
        "precision_nemo_itn": {"PER": 0.99, "I-WER": 0.75},
        "two_stage_vs_full_seq2seq": {"default": {"400_words": {"ratio": 2.2}, "5000_words": {"ratio": 12.0}},
                                      "fast": {"400_words": {"ratio": 4.0}, "5000_words": {"ratio": 3.5}}},
    }
    rows = {row[0].split(" ")[0]: row[1:] for row in targets(result, goals)}
    assert rows["full"] == ["14,000 (int8, 2 processes)", "yes"]
    # int8 is fastest but its I-WER is worse than NeMo's: only fp32 counts, and 2.2× misses 10×.
    assert rows["≥"] == ["2.2× (fp32, 2 processes)", "no"]
    # The model whose worse text length is faster counts: fast (3.5×) over default (2.2×).
    assert rows["two-stage"] == ["4.0× / 3.5× (fast)", "no"]
    result["precision"]["int8"]["I-WER"] = 0.5
    assert {row[0].split(" ")[0]: row[1:] for row in targets(result, goals)}["≥"] == ["11.0× (int8, 2 processes)", "yes"]


def test_median_seconds_times_every_call_and_takes_the_median(monkeypatch) -> None:
    import spacy_u2tf.bench as bench

    ticks = iter([0.0, 1.0, 10.0, 10.5, 20.0, 29.0])  # calls of 1.0, 0.5 and 9.0 seconds
    monkeypatch.setattr(bench.time, "perf_counter", lambda: next(ticks))
    calls = []
    assert bench.median_seconds(lambda: calls.append(1), 3) == 1.0
    assert len(calls) == 3


def test_paired_medians_take_turns_and_time_each_side_apart(monkeypatch) -> None:
    import spacy_u2tf.bench as bench

    clock = [0.0]
    monkeypatch.setattr(bench.time, "perf_counter", lambda: clock[0])
    calls = []

    def side(name: str, seconds: float):
        def call() -> None:
            calls.append(name)
            clock[0] += seconds
        return call

    a, b = bench.paired_medians(side("a", 0.01), side("b", 0.5), repeats=2, rounds=3)
    assert calls == ["a", "a", "b", "b"] * 3
    assert (round(a, 6), round(b, 6)) == (0.01, 0.5)


def test_scaling_reports_the_child_process_memory_not_the_bench(tiny_model_path: Path) -> None:
    """Linux's ru_maxrss survives exec, so a child of a large bench would report the bench's RSS as its own."""
    import resource

    from spacy_u2tf.bench import _scale_child

    ballast = b"\x01" * (1024 * 2 ** 20)  # 1 GB of touched pages in this process, none of them the child's
    parent_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    got = _scale_child(str(tiny_model_path), 300, "so we met at five on tuesday".split())
    assert got["words_out"] > 0
    assert 0 < got["base_rss_mb"] <= got["peak_rss_mb"] < parent_mb - 512
    del ballast


def test_models_with_one_folder_name_keep_a_label_each(tmp_path: Path) -> None:
    from spacy_u2tf.bench import model_labels

    new, old = tmp_path / "new" / "u2tf-default", tmp_path / "old" / "u2tf-default"
    labels = model_labels(str(new), [str(old), str(old), "u2tf-fast"])
    assert list(labels.values()) == [str(new), str(old), str(old), "u2tf-fast"]
    assert list(labels) == ["u2tf-default", "old/u2tf-default", "old/u2tf-default #2", "u2tf-fast"]
    assert list(model_labels(None, ["u2tf-fast"])) == ["u2tf-default", "u2tf-fast"]
