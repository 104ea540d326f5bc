"""`u2tf train converter` plumbing: a tiny model, a few steps on a hand-made shard, resume, export."""
from __future__ import annotations

import argparse
import gzip
import json

import pytest

pytest.importorskip("torch")

from spacy_u2tf.data.example import Example, SpanPair  # noqa: E402
from spacy_u2tf.cli import train_converter as cli  # noqa: E402
from spacy_u2tf.training import converter as training  # noqa: E402
from spacy_u2tf.training.run_log import read_log  # noqa: E402


def _example(spoken: str, spans) -> Example:
    words = spoken.split()
    n = len(words)
    return Example(written="", spoken=words, punct=["O"] * n, case=["LOWER"] * n, itn=["O"] * n,
                   spans=[SpanPair(*s) for s in spans])


@pytest.fixture()
def shard_dir(tmp_path):
    examples = [
        _example("we paid twelve point three million dollars for it", [(2, 7, "money", "$12.3 million")]),
        _example("call one eight hundred seven seven two one two one three today",
                 [(1, 11, "telephone", "1-800-772-1213")]),
        _example("i had a big mac at mcdonald's yesterday", [(6, 7, "mixed", "McDonald's")]),
        _example("write to info at example dot com please", [(2, 7, "electronic", "info@example.com")]),
    ]
    folder = tmp_path / "shards"
    folder.mkdir()
    with gzip.open(folder / "toy.own-00000.jsonl.gz", "wt", encoding="utf-8") as fh:
        for ex in examples:
            fh.write(json.dumps(ex.to_dict()) + "\n")
    return folder


def _args(shard_dir, out, **overrides) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    argv = ["--data", str(shard_dir), "--out", str(out), "--dim", "16", "--heads", "2", "--enc-layers", "1",
            "--dec-layers", "1", "--batch-size", "4", "--dev-per-class", "1", "--warmup", "2", "--eval-every", "2",
            "--save-every", "1", "--log-every", "1", "--threads", "1", "--quiet"]
    for key, value in overrides.items():
        flag = "--" + key.replace("_", "-")
        argv += [flag] if value is True else [flag, str(value)]
    return parser.parse_args(argv)


def test_batches_are_grouped_by_length():
    import random

    pairs = iter([("x" * n, "y", "c") for n in range(1000)])
    batch = next(training.batches(pairs, 8, random.Random(0)))
    lengths = sorted(len(p[0]) for p in batch)
    assert lengths[-1] - lengths[0] == 7  # neighbours in the sorted pool


def test_train_resume_and_export(shard_dir, tmp_path):
    out, export = tmp_path / "run", tmp_path / "export"
    assert cli.run(_args(shard_dir, out, steps=3)) == 0
    assert (out / "checkpoint.pt").exists() and (out / "best" / "converter_config.json").exists()
    log = read_log(out)
    assert [e["step"] for e in log if "loss" in e] == [1, 2, 3]
    assert any("dev" in e and "card" in e["dev"]["exact"] for e in log)

    assert cli.run(_args(shard_dir, out, steps=5, resume=True, export=export)) == 0
    log = read_log(out)
    assert [e["step"] for e in log if "loss" in e] == [1, 2, 3, 4, 5]  # resumed at step 3, not from scratch
    assert (export / "converter.safetensors").exists()
    card = (export / "MODEL_CARD.md").read_text()
    assert "exact match" in card and "5 steps" in card

    from spacy_u2tf.core.converter import SpanConverter

    converted = SpanConverter.load(export).convert(["<span> five </span>"])
    assert len(converted) == 1


def test_generated_pairs_are_scored_apart_and_held_out_words_never_train(shard_dir, tmp_path):
    import random

    out = tmp_path / "run"
    assert cli.run(_args(shard_dir, out, steps=2, pair_share=0.5, hold_out_words=0.15)) == 0
    scored = [e["dev"]["exact"] for e in read_log(out) if "dev" in e][-1]
    assert {"mixed_seen", "mixed_held_out", "currency", "oclock", "number_pairs", "title", "card"} <= set(scored)

    held, kept = _example("two dvds here", [(1, 2, "mixed", "DVDs")]), _example("a tvs", [(1, 2, "mixed", "TVs")])
    pairs = list(training.pipeline_pairs(iter([held, kept]), random.Random(0), (2, 3), hold_out=0.15))
    assert [p[1] for p in pairs] == ["TVs"]
    assert len(list(training.pipeline_pairs(iter([held, kept]), random.Random(0), (2, 3)))) == 2


def test_export_only_needs_a_target(shard_dir, tmp_path):
    assert cli.run(_args(shard_dir, tmp_path / "run", export_only=True)) == 2
