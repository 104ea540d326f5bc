"""The distillation loss of ``u2tf train tagger --teacher`` (its CLI runs: tests/training/test_tagger_training.py)."""
from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from spacy_u2tf.core.tagger import DEFAULT_LABELS, IGNORE  # noqa: E402
from spacy_u2tf.training.distill import distillation_loss  # noqa: E402

WEIGHTS = {"punct": 2.0, "case": 1.0, "itn": 1.0}


def _logits(seed: int):
    gen = torch.Generator().manual_seed(seed)
    return {h: torch.randn(2, 5, len(v), generator=gen) for h, v in DEFAULT_LABELS.items()}


def _targets():
    t = torch.zeros(2, 5, dtype=torch.long)
    t[:, 0] = IGNORE  # [CLS]
    t[1, 3:] = IGNORE  # a continuation subword and padding
    return {h: t.clone() for h in DEFAULT_LABELS}


def test_loss_is_zero_for_the_teachers_own_logits():
    logits = _logits(0)
    assert distillation_loss(logits, logits, _targets(), 2.0, WEIGHTS).item() == pytest.approx(0.0, abs=1e-6)


def test_loss_is_weighted_kl_at_the_temperature_over_labelled_positions():
    student, teacher, targets = _logits(1), _logits(2), _targets()
    expected = 0.0
    for head, weight in WEIGHTS.items():
        total, count = 0.0, 0
        for r in range(2):
            for c in range(5):
                if targets[head][r, c] == IGNORE:
                    continue
                p = torch.softmax(teacher[head][r, c] / 3.0, -1)
                q = torch.softmax(student[head][r, c] / 3.0, -1)
                total += float((p * (p.log() - q.log())).sum())
                count += 1
        expected += weight * total / count * 9.0
    got = distillation_loss(student, teacher, targets, 3.0, WEIGHTS).item()
    assert got == pytest.approx(expected, rel=1e-5)
    moved = {h: v.clone() for h, v in student.items()}
    for v in moved.values():
        v[:, 0] += 100.0  # unlabelled positions ([CLS], continuation, padding) do not count
        v[1, 3:] -= 100.0
    assert distillation_loss(moved, teacher, targets, 3.0, WEIGHTS).item() == pytest.approx(got, rel=1e-5)
