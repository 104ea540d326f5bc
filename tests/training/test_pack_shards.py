"""scripts/pack_shards.py: packed shards unpack to the tagger's examples, which training reads."""
from __future__ import annotations

import gzip
import random
from pathlib import Path

from spacy_u2tf.data.disfluency import add_disfluencies, label_real_fillers
from spacy_u2tf.data.examples import make_example
from spacy_u2tf.training.shards import mixture, read_shard

TEXTS = ("Um, I think we should call Peter about it. We paid $12 on March 3, 2021 and then we left.",
         "Did Mary see the new iPhone in Boston? Yes, she did, at 10:30 a.m. on a well-known street.")


def _write_shards(folder: Path) -> list:
    folder.mkdir()
    examples = []
    for n, text in enumerate(TEXTS):
        ex = make_example(text, random.Random(n))
        assert ex is not None
        examples.append(add_disfluencies(label_real_fillers(ex), random.Random(n), rate=0.3))
    plain = make_example("No disfluency labels here, only 3 words and more.", random.Random(0))
    assert plain is not None and plain.disfl is None
    examples.append(plain)
    for ex, source in zip(examples, ("dialog", "dialog", "book")):
        ex.source = source
    with gzip.open(folder / "dialog.own-00000.jsonl.gz", "wt", encoding="utf-8") as fh:
        fh.writelines(ex.to_json() + "\n" for ex in examples[:2])
    with gzip.open(folder / "book.own-00000.jsonl.gz", "wt", encoding="utf-8") as fh:
        fh.write(examples[2].to_json() + "\n")
    return examples


def test_unpacked_examples_keep_words_and_labels_of_every_head(repo_script, tmp_path):
    script = repo_script("scripts/pack_shards.py", "pack_shards")
    examples = _write_shards(tmp_path / "train-a")
    assert script.pack(tmp_path / "train-a", tmp_path / "packed") == {"book.train-a": 1, "dialog.train-a": 2}
    assert script.unpack(tmp_path / "packed", tmp_path / "out", per_shard=1, processes=2) == {"book.train-a": 1,
                                                                                "dialog.train-a": 2}
    shards = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert shards == ["book.train-a-0.jsonl.gz", "dialog.train-a-0.jsonl.gz", "dialog.train-a-1.jsonl.gz"]
    back = [ex for name in shards for ex in read_shard(tmp_path / "out" / name)]
    for got, want in zip(back, [examples[2], examples[0], examples[1]]):
        assert got.spoken == want.spoken and got.source == want.source
        for head in ("punct", "case", "itn", "disfl"):
            assert getattr(got, head) == getattr(want, head), head
        assert got.written == "" and got.spans == []
    assert any("-" in ex.punct for ex in back) and back[0].disfl is None
    stream = mixture(tmp_path / "out", {}, random.Random(0))
    assert {next(stream).source for _ in range(40)} == {ex.source for ex in examples}
