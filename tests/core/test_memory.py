"""Freed heap memory goes back to the system between batches; the call is safe anywhere."""
from __future__ import annotations

from spacy_u2tf.core.memory import release_free_memory


def test_release_free_memory_is_safe_to_call_repeatedly() -> None:
    for _ in range(3):
        release_free_memory()


def test_many_batches_give_the_same_labels_as_one(tiny_model_path) -> None:
    """The trim between batches changes nothing in the output (small batches force many of them)."""
    from spacy_u2tf.core.tagger import Tagger

    tagger = Tagger.load(tiny_model_path / "tagger")
    docs = [("so we met at five on tuesday and then we left " * 30).split()] * 3
    assert tagger.predict(docs, batch_size=2) == tagger.predict(docs, batch_size=64)
