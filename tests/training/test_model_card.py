from __future__ import annotations

import json
from pathlib import Path

from spacy_u2tf.training.model_card import model_card


def test_model_card_from_logs_stats_and_notes(tmp_path: Path) -> None:
    tagger, conv = tmp_path / "tagger", tmp_path / "conv"
    tagger.mkdir()
    conv.mkdir()
    (tagger / "train.log").write_text("\n".join(json.dumps(e) for e in [
        {"step": 20, "loss": 1.0},
        {"step": 500, "dev": {"punct_f1_PERIOD": 0.7, "case_f1_CAPITAL": 0.8}, "score": 0.75},
        {"step": 1000, "dev": {"punct_f1_PERIOD": 0.78, "case_f1_CAPITAL": 0.84}, "score": 0.81},
    ]))
    (conv / "train.log").write_text("\n".join(json.dumps(e) for e in [
        {"step": 300, "dev": {"exact": {"money": 0.5, "time": 0.4}, "mean": 0.45, "fallback_rate": 0.3}},
        {"step": 600, "dev": {"exact": {"money": 0.7, "time": 0.6}, "mean": 0.65, "fallback_rate": 0.2}},
    ]))
    stats = tmp_path / "stats.json"
    stats.write_text(json.dumps({"sgd": {"examples": 10, "words": 900, "roundtrip_rate": 1.0}}))
    card = model_card(tagger, conv, stats, "2 CPU cores", "u2tf train tagger ...", notes="## Notes\n\nfine-tuned")
    assert "| sgd | 10 | 900 | 1.0 |" in card
    assert "64-subword windows; fp32 training" in card  # no args.json: the defaults
    (tagger / "args.json").write_text(json.dumps({"max_len": 128, "bf16": True, "batch_size": 16}))
    card = model_card(tagger, conv, stats, "2 CPU cores", "u2tf train tagger ...", notes="## Notes\n\nfine-tuned")
    assert "128-subword windows; bf16 autocast training, batch 16" in card
    assert "1000 steps" in card and "kept step 1000" in card and "| punct_f1_PERIOD | 0.78 |" in card
    assert "(step 600)" in card and "| money | 0.7 |" in card and "fallback rate on these spans: 0.2" in card
    assert card.index("## Notes") < card.index("## Reproduce")
    # a stage without its log at hand: no section for it, notes carry it
    no_tagger = model_card(None, conv, None, "2 CPU cores", "cmd")
    assert "## Stage 1" not in no_tagger and "## Stage 2" in no_tagger
