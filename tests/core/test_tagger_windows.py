from __future__ import annotations

import random

import pytest

from spacy_u2tf.core.tagger import WindowSpec, make_windows


@pytest.mark.parametrize("n_words,max_len,overlap", [(1, 8, 2), (5, 8, 2), (300, 16, 4), (20000, 64, 16)])
def test_every_word_labeled_in_exactly_one_window(n_words: int, max_len: int, overlap: int) -> None:
    rng = random.Random(n_words)
    pieces = [[rng.randint(5, 100)] * rng.randint(1, 3) for _ in range(n_words)]
    spec = WindowSpec(max_len, overlap)
    windows = make_windows(0, pieces, spec, cls_id=1, sep_id=2)
    seen = [w for win in windows for w in win.words]
    assert sorted(seen) == list(range(n_words))
    flat = [i for p in pieces for i in p]
    starts = {}
    pos = 0
    for k, p in enumerate(pieces):
        starts[k] = pos
        pos += len(p)
    for win in windows:
        assert len(win.ids) <= max_len and win.ids[0] == 1 and win.ids[-1] == 2
        for p, w in zip(win.positions, win.words):
            assert win.ids[p] == flat[starts[w]]
            if len(windows) > 1:  # labeled far enough from an edge unless it is the document's edge
                margin = min(p - 1, len(win.ids) - 2 - p)
                assert margin >= overlap // 2 - 3 or starts[w] < overlap or starts[w] >= len(flat) - overlap


def test_training_windows_cut_at_word_boundaries() -> None:
    from spacy_u2tf.data.example import Example
    from spacy_u2tf.training.tagger import DEFAULT_LABELS, training_windows

    ex = Example("x", ["w"] * 50, ["O"] * 49 + ["PERIOD"], ["LOWER"] * 50, ["O"] * 50)
    pieces = [[7, 8]] * 50
    ids_labels = list(training_windows(ex, pieces, WindowSpec(22, 4), {h: {l: i for i, l in enumerate(v)} for h, v in DEFAULT_LABELS.items()}, random.Random(0)))
    assert all(len(ids) <= 20 and len(ids) % 2 == 0 for ids, _ in ids_labels)
    assert all(lab["punct"][1::2] == [-100] * (len(ids) // 2) for ids, lab in ids_labels)


@pytest.mark.parametrize("budget,batch_size", [(None, 4), (64, 64), (40, 3), (8, 64)])
def test_forward_batches_cover_every_window_within_the_budget(tiny_model_path, budget, batch_size) -> None:
    """Each window goes to exactly one forward pass; passes keep to ``batch_size`` rows and to the padded-subword
    budget (a window longer than the budget gets a pass of its own)."""
    from spacy_u2tf.core.tagger import Tagger

    tagger = Tagger.load(tiny_model_path / "tagger")
    tagger.max_batch_tokens = budget
    rng = random.Random(0)
    docs = [["word"] * rng.randint(1, 60) for _ in range(40)]
    windows = tagger.windows(docs)
    batches = tagger.forward_batches(windows, batch_size)
    assert sorted(id(w) for b in batches for w in b) == sorted(id(w) for w in windows)
    for batch in batches:
        assert len(batch) <= batch_size
        width = max(len(w.ids) for w in batch)
        assert budget is None or len(batch) == 1 or len(batch) * width <= budget
    tagger.max_batch_tokens = None
    unbudgeted = tagger.predict(docs, batch_size=batch_size)
    tagger.max_batch_tokens = budget
    assert tagger.predict(docs, batch_size=batch_size) == unbudgeted  # batching never changes the labels
